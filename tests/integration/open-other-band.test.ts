/**
 * An event of one of the user's bands, opened while another of their bands is current (a
 * reminder's link, the calendar feed, a bookmark): the page says whose event it is and
 * offers the band switcher's own POST. It used to show the event under the other band's
 * name with nothing to say so. A GET never switches the band: a link from anywhere, or a
 * stale tab revalidating, would otherwise move the user's band (and preference) under them.
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import * as eventPage from "~/routes/_app+/events.$id";
import * as eventEditPage from "~/routes/_app+/events.$id_.edit";
import * as songEditPage from "~/routes/_app+/songs.$id.edit";
import * as setlistPage from "~/routes/_app+/setlists.$id";
import * as eventApi from "~/routes/api+/events.$id";
import * as bandSwitch from "~/routes/bands+/switch";
import { bandWith, eventWith, person } from "./calendar-helpers";

async function world() {
  const leader = await person("Lee", "Twice");
  const sub = await person("Sue", "Sub");
  const first = await bandWith("First Band", "America/Chicago", [{ user: leader, role: "band_leader" }]);
  const second = await bandWith("Second Band", "Europe/Berlin", [
    { user: leader, role: "band_leader" },
    { user: sub, role: "sub" },
  ]);
  const gig = await eventWith(second.id, { title: "Second's Gig", startsAt: new Date("2030-06-01T18:00:00Z") });
  const song = await db.song.create({ data: { bandId: second.id, title: "Second's Song", titleKey: "second's song" }, select: { id: true } });
  const setlist = await db.setlist.create({ data: { bandId: second.id, name: "Second's Set", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true } });
  return { leader, sub, first, second, gig, song, setlist };
}

/** The cookies a browser would hold, with `bandId` current. */
const inBand = async (cookie: string, bandId: number) => `${cookie}; ${await bandCookie(bandId)}`;

describe("opening a page of another of your bands", () => {
  test("the event page names its band and offers the switch; nothing changes until the user asks", async () => {
    const w = await world();
    const cookie = await inBand(w.leader.cookie, w.first.id);
    await db.user.update({ where: { id: w.leader.id }, data: { preferredBandId: w.first.id } });
    const response = await callRoute(eventPage.loader, buildRequest(`/events/${w.gig.id}`, { cookie }), { id: String(w.gig.id) });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie") ?? "").not.toContain("bandroom_band=");
    expect(((await response.json()) as { otherBand: unknown }).otherBand).toEqual({ id: w.second.id, name: "Second Band", current: "First Band" });
    expect((await db.user.findUniqueOrThrow({ where: { id: w.leader.id } })).preferredBandId).toBe(w.first.id);

    // The offered switch: the band switcher's POST, back to the event.
    const switched = await callRoute(bandSwitch.action, buildRequest("/bands/switch", { cookie, form: { bandId: String(w.second.id), redirectTo: `/events/${w.gig.id}` } }));
    expect(switched.status).toBe(302);
    expect(switched.headers.get("location")).toBe(`/events/${w.gig.id}`);
    expect(switched.headers.get("set-cookie")).toContain("bandroom_band=");
    const after = await callRoute(eventPage.loader, buildRequest(`/events/${w.gig.id}`, { cookie: await inBand(w.leader.cookie, w.second.id) }), { id: String(w.gig.id) });
    expect(((await after.json()) as { otherBand: unknown }).otherBand).toBeNull();
  });

  test("the edit pages, a song and a setlist of the other band open as they are, without switching", async () => {
    const w = await world();
    const cookie = await inBand(w.leader.cookie, w.first.id);
    for (const page of [
      { route: eventEditPage, path: `/events/${w.gig.id}/edit`, id: w.gig.id },
      { route: songEditPage, path: `/songs/${w.song.id}/edit`, id: w.song.id },
      { route: setlistPage, path: `/setlists/${w.setlist.id}`, id: w.setlist.id },
      { route: eventApi, path: `/api/events/${w.gig.id}`, id: w.gig.id },
    ]) {
      const response = await callRoute(page.route.loader, buildRequest(page.path, { cookie }), { id: String(page.id) });
      expect(response.status, page.path).toBe(200);
      expect(response.headers.get("set-cookie") ?? "", page.path).not.toContain("bandroom_band=");
    }
  });

  test("a setlist of the other band (linked from its event) names its band too; the current band's does not", async () => {
    const w = await world();
    const load = async (bandId: number) =>
      (await (await callRoute(setlistPage.loader, buildRequest(`/setlists/${w.setlist.id}`, { cookie: await inBand(w.leader.cookie, bandId) }), { id: String(w.setlist.id) })).json()) as { otherBand: unknown };
    expect((await load(w.first.id)).otherBand).toEqual({ id: w.second.id, name: "Second Band", current: "First Band" });
    expect((await load(w.second.id)).otherBand).toBeNull();
  });

  test("an event a sub is not booked on is not found", async () => {
    const w = await world();
    const solo = await bandWith("Sub's Own Band", "UTC", [{ user: w.sub, role: "band_leader" }]);
    const response = await callRoute(eventPage.loader, buildRequest(`/events/${w.gig.id}`, { cookie: await inBand(w.sub.cookie, solo.id) }), { id: String(w.gig.id) });
    expect(response.status).toBe(404);
  });
});
