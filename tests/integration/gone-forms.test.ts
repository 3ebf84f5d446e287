/**
 * A page form for something deleted while the page was open (by someone else, or in
 * another tab) says so where the person lands, instead of a bare "Page Not Found" that
 * leaves them wondering whether their change was saved (unlessGone).
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { action as eventAction } from "~/routes/_app+/events.$id";
import { action as editEventAction } from "~/routes/_app+/events.$id_.edit";
import { action as songAction } from "~/routes/_app+/songs.$id.edit";
import { action as setlistAction } from "~/routes/_app+/setlists.$id";
import { toastOf } from "./auth-helpers";

describe("a form for something deleted while it was open", () => {
  test("event edit, cancel, song edit and delete, setlist editor: back to the area's list saying it no longer exists, and nothing else changes", async () => {
    const leader = await createUser({ firstName: "Lena" });
    const band = await createBand({ members: [{ userId: leader.id, role: "band_leader" }] });
    const cookie = `${await sessionCookieFor(leader.id)}; ${await bandCookie(band.id)}`;
    const event = await db.event.create({ data: { bandId: band.id, title: "Gone gig", kind: "gig", startsAt: new Date(Date.now() + 86_400_000) } });
    const song = await db.song.create({ data: { bandId: band.id, title: "Gone song", titleKey: "gone song" } });
    const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Gone setlist" } });
    await Promise.all([db.event.delete({ where: { id: event.id } }), db.song.delete({ where: { id: song.id } }), db.setlist.delete({ where: { id: setlist.id } })]);

    const cases = [
      [editEventAction, `/events/${event.id}/edit`, event.id, { title: "Typed", kind: "gig" }, "/calendar", "That event no longer exists: someone may have deleted it."],
      [eventAction, `/events/${event.id}`, event.id, { intent: "cancel", reason: "Rain" }, "/calendar", "That event no longer exists: someone may have deleted it."],
      [songAction, `/songs/${song.id}/edit`, song.id, { title: "Typed", version: "1" }, "/songs", "That song no longer exists: someone may have deleted it."],
      [songAction, `/songs/${song.id}/edit`, song.id, { intent: "delete" }, "/songs", "That song no longer exists: someone may have deleted it."],
      [setlistAction, `/setlists/${setlist.id}`, setlist.id, { intent: "details", version: "1", name: "Typed" }, "/setlists", "That setlist no longer exists: someone may have deleted it."],
    ] as const;
    for (const [action, path, id, form, to, description] of cases) {
      const response = await callRoute(action, buildRequest(path, { cookie, form }), { id: String(id) });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(to);
      expect(await toastOf(response), path).toMatchObject({ title: "Nothing was changed", description });
    }
    expect(await db.event.count({ where: { bandId: band.id } })).toBe(0);
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(0);
  });
});
