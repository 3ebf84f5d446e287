/**
 * The event form shows every field's message at once (server-side, so with and without
 * JavaScript): a blank title or an over-long venue no longer hides the date, time, fee
 * and deadline messages until the next submit. Nothing is saved.
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import * as newEventPage from "~/routes/_app+/events.new";
import * as editPage from "~/routes/_app+/events.$id_.edit";
import * as bandEvents from "~/routes/api+/bands.$id.events";
import { MESSAGES } from "~/features/events/schema.server";
import { body } from "./auth-helpers";

async function leaderOfBand() {
  const leader = await createUser({ firstName: "Lea", lastName: "Leader" });
  const band = await createBand({ members: [{ userId: leader.id, role: "band_leader" }] });
  await db.band.update({ where: { id: band.id }, data: { timeZone: "Europe/Berlin", currency: "EUR" } });
  return { bandId: band.id, cookie: `${await sessionCookieFor(leader.id)}; ${await bandCookie(band.id)}` };
}

type Reply = { result: { error: Record<string, string[]> } };

const post = (handler: Parameters<typeof callRoute>[0], path: string, form: Record<string, string>, cookie: string, params: Record<string, string> = {}) =>
  callRoute(handler, buildRequest(path, { method: "POST", form, cookie }), params);

describe("the event form shows all its errors together", () => {
  test("create: a blank title, an over-long venue, a date that does not exist, a bad fee and deadline all show at once", async () => {
    const b = await leaderOfBand();
    const response = await post(newEventPage.action, "/events/new", { title: "", kind: "gig", date: "2026-02-30", startTime: "20:00", fee: "lots", rsvpDeadline: "2026-04-31", venueName: "v".repeat(121) }, b.cookie);
    expect(response.status).toBe(400);
    const errors = (await body<Reply>(response)).result.error;
    expect(errors).toMatchObject({
      title: [MESSAGES.title],
      venueName: ["Keep venue to 120 characters or fewer"],
      date: ["There is no February 30 in 2026"],
      fee: [MESSAGES.fee],
      rsvpDeadline: ["There is no April 31 in 2026"],
    });
    expect(await db.event.count({ where: { bandId: b.bandId } })).toBe(0);
  });

  test("an end date out of range is said under the end date only, not again under the end time", async () => {
    const b = await leaderOfBand();
    const response = await post(newEventPage.action, "/events/new", { title: "Last night", kind: "gig", date: "9998-12-31", startTime: "23:00", endDate: "9999-01-01", endTime: "01:00" }, b.cookie);
    expect(response.status).toBe(400);
    const errors = (await body<Reply>(response)).result.error;
    expect(errors.endDate).toEqual(["Choose a date between 1970 and 9998"]);
    expect(errors.endTime).toBeUndefined();
  });

  test("create: with a good date, a skipped time, a bad call time, a missing repeat count and an unknown time zone show beside a bad kind", async () => {
    const b = await leaderOfBand();
    const form = { title: "Gig", kind: "party", date: "2026-03-29", startTime: "02:30", callTime: "25:00", repeat: "weekly", repeatEnds: "count" };
    const errors = (await body<Reply>(await post(newEventPage.action, "/events/new", form, b.cookie))).result.error;
    expect(errors.kind).toEqual([MESSAGES.kind]);
    expect(errors.startTime![0]).toMatch(/02:30 does not exist on Mar 29, 2026 in Europe\/Berlin/);
    expect(errors.callTime).toEqual([MESSAGES.time]);

    const zone = (await body<Reply>(await post(newEventPage.action, "/events/new", { title: "", kind: "gig", date: "2026-06-31", startTime: "20:00", timeZone: "Mars/Olympus" }, b.cookie))).result.error;
    expect(zone).toMatchObject({ title: [MESSAGES.title], timeZone: [MESSAGES.timeZone], date: ["There is no June 31 in 2026"] });

    const repeat = (await body<Reply>(await post(newEventPage.action, "/events/new", { title: "", kind: "rehearsal", date: "2026-06-01", startTime: "19:00", repeat: "weekly", repeatEnds: "count" }, b.cookie))).result.error;
    expect(repeat).toMatchObject({ title: [MESSAGES.title], count: [MESSAGES.countOrUntil] });
    expect(await db.event.count({ where: { bandId: b.bandId } })).toBe(0);
  });

  test("edit: a blank title and an end before the start show together; the API reports both fields too", async () => {
    const b = await leaderOfBand();
    const created = await body<{ id: number }>(await callRoute(bandEvents.action, buildRequest(`/api/bands/${b.bandId}/events`, { method: "POST", cookie: b.cookie, json: { title: "Gig", kind: "gig", date: "2030-06-01", startTime: "20:00" } }), { id: String(b.bandId) }));
    const form = { title: "", kind: "gig", date: "2030-06-01", startTime: "20:00", endDate: "2030-06-01", endTime: "19:00", version: "1" };
    const errors = (await body<Reply>(await post(editPage.action, `/events/${created.id}/edit`, form, b.cookie, { id: String(created.id) }))).result.error;
    expect(errors).toMatchObject({ title: [MESSAGES.title], endTime: [MESSAGES.endBeforeStart] });
    expect((await db.event.findUniqueOrThrow({ where: { id: created.id } })).title).toBe("Gig");

    const api = await callRoute(bandEvents.action, buildRequest(`/api/bands/${b.bandId}/events`, { method: "POST", cookie: b.cookie, json: { title: "", kind: "gig", date: "2030-02-30", startTime: "20:00" } }), { id: String(b.bandId) });
    expect(api.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(api)).errors).toMatchObject({ title: [MESSAGES.title], date: ["There is no February 30 in 2030"] });
  });
});

describe("a day chosen in the link (?date=, from the availability view or the month grid)", () => {
  test("a real day fills the date; a day that does not exist, or out of range, leaves it empty", async () => {
    const b = await leaderOfBand();
    const defaults = async (date: string) =>
      (await body<{ defaults: { date?: string } }>(await callRoute(newEventPage.loader, buildRequest(`/events/new?date=${date}`, { cookie: b.cookie })))).defaults.date;
    expect(await defaults("2026-12-24")).toBe("2026-12-24");
    for (const date of ["2026-02-30", "2026-13-01", "0000-01-01", "2026-4-1", "junk"]) expect(await defaults(date), date).toBeUndefined();
  });
});
