/**
 * A page about an event, song or setlist of one of the user's bands, opened while another
 * of their bands is current (a reminder's link, the calendar feed, a bookmark): the
 * browser switches to that band first, with a toast, and the page then speaks of it.
 * It used to show the event under the other band's name, with "← Calendar" leading to
 * the other band's calendar.
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import * as eventPage from "~/routes/_app+/events.$id";
import * as eventEditPage from "~/routes/_app+/events.$id_.edit";
import * as songEditPage from "~/routes/_app+/songs.$id.edit";
import * as setlistPage from "~/routes/_app+/setlists.$id";
import * as eventApi from "~/routes/api+/events.$id";
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
  test("switches the browser to that band, once, with a toast, for the event, its edit form, a song and a setlist", async () => {
    const w = await world();
    const cookie = await inBand(w.leader.cookie, w.first.id);
    const pages = [
      { route: eventPage, path: `/events/${w.gig.id}`, id: w.gig.id },
      { route: eventEditPage, path: `/events/${w.gig.id}/edit`, id: w.gig.id },
      { route: songEditPage, path: `/songs/${w.song.id}/edit`, id: w.song.id },
      { route: setlistPage, path: `/setlists/${w.setlist.id}?q=love`, id: w.setlist.id },
    ];
    for (const page of pages) {
      await db.user.update({ where: { id: w.leader.id }, data: { preferredBandId: w.first.id } });
      const response = await callRoute(page.route.loader, buildRequest(page.path, { cookie }), { id: String(page.id) });
      expect(response.status, page.path).toBe(302);
      expect(response.headers.get("location"), page.path).toBe(page.path);
      const cookies = response.headers.get("set-cookie") ?? "";
      expect(cookies, page.path).toContain(`bandroom_band=`);
      expect(cookies, page.path).toMatch(/toast/);
      // Saved as the preference too, as the band switcher does.
      expect((await db.user.findUniqueOrThrow({ where: { id: w.leader.id } })).preferredBandId, page.path).toBe(w.second.id);
      // Back with that band current, the page answers.
      const again = await callRoute(page.route.loader, buildRequest(page.path, { cookie: await inBand(w.leader.cookie, w.second.id) }), { id: String(page.id) });
      expect(again.status, page.path).toBe(200);
    }
  });

  test("the page's band already current: no redirect; /api acts without switching", async () => {
    const w = await world();
    const current = await callRoute(eventPage.loader, buildRequest(`/events/${w.gig.id}`, { cookie: await inBand(w.leader.cookie, w.second.id) }), { id: String(w.gig.id) });
    expect(current.status).toBe(200);
    const api = await callRoute(eventApi.loader, buildRequest(`/api/events/${w.gig.id}`, { cookie: await inBand(w.leader.cookie, w.first.id) }), { id: String(w.gig.id) });
    expect(api.status).toBe(200);
    expect(api.headers.get("set-cookie")).toBeNull();
  });

  test("an event a sub is not booked on is not found, and their band does not change", async () => {
    const w = await world();
    const solo = await bandWith("Sub's Own Band", "UTC", [{ user: w.sub, role: "band_leader" }]);
    const response = await callRoute(eventPage.loader, buildRequest(`/events/${w.gig.id}`, { cookie: await inBand(w.sub.cookie, solo.id) }), { id: String(w.gig.id) });
    expect(response.status).toBe(404);
    expect(response.headers.get("set-cookie") ?? "").not.toContain("bandroom_band=");
  });
});
