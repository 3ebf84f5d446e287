import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { SENT_WITH_OTHER_VALUES } from "~/utils/form-submission.server";
import * as bandEvents from "~/routes/api+/bands.$id.events";
import * as eventApi from "~/routes/api+/events.$id";
import * as cancelApi from "~/routes/api+/events.$id.cancel";
import * as newEventPage from "~/routes/_app+/events.new";
import * as editEventPage from "~/routes/_app+/events.$id_.edit";
import * as eventPage from "~/routes/_app+/events.$id";
import { body } from "./auth-helpers";
import { bandWith, eventWith, person } from "./calendar-helpers";

/** Creating, moving or re-booking an event onto a blackout or another booking warns with the names until "Save anyway". */

type Handler = Parameters<typeof callRoute>[0];
type Errors = { message: string; errors?: Record<string, string[]> };

async function world() {
  const leader = await person("Lena", "Leader");
  const drummer = await person("Dave", "Drums");
  const bassist = await person("Bea", "Bass");
  const band = await bandWith("Clash Band", "Europe/Berlin", [
    { user: leader, role: "band_leader" },
    { user: drummer, role: "band_member" },
    { user: bassist, role: "band_member" },
  ]);
  const otherLeader = await person("Olga", "Other");
  const other = await bandWith("Secret Other Band", "UTC", [
    { user: otherLeader, role: "band_leader" },
    { user: bassist, role: "sub" },
  ]);
  const cookie = `${leader.cookie}; ${await bandCookie(band.id)}`;
  return { leader, drummer, bassist, band, other, cookie };
}

const call = (handler: Handler, method: string, path: string, params: Record<string, string>, options: { cookie?: string; json?: unknown; form?: Record<string, string> }) =>
  callRoute(handler, buildRequest(path, { method, ...options }), params);

const eventCount = (bandId: number) => db.event.count({ where: { bandId } });

/** A weekly 10:00 rehearsal from Wed Jun 12, 2030, `count` times, with `membershipId` booked, through /api; its events in date order. */
async function weeklyFromJune12(w: Awaited<ReturnType<typeof world>>, count: number, membershipId: number) {
  const created = await call(bandEvents.action, "POST", `/api/bands/${w.band.id}/events`, { id: String(w.band.id) }, {
    cookie: w.cookie,
    json: { title: "Weekly", kind: "rehearsal", date: "2030-06-12", startTime: "10:00", endTime: "11:00", repeat: "weekly", count, lineup: [{ membershipId }] },
  });
  expect(created.status).toBe(201);
  const events = await db.event.findMany({ where: { bandId: w.band.id }, orderBy: { startsAt: "asc" }, select: { id: true, version: true } });
  expect(events).toHaveLength(count);
  return events;
}

describe("conflict warnings on the event form and /api", () => {
  test("the new-event form refuses a blackout with the member's name, saves nothing, and saves with Save anyway", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-06-12", endDate: "2030-06-12", reason: "Wedding" } });
    const form = { title: "Rehearsal", kind: "rehearsal", date: "2030-06-12", startTime: "19:00", endTime: "21:00", "lineup[0].membershipId": String(w.band.membershipOf(w.drummer.id)) };

    const refused = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form });
    expect(refused.status).toBe(409);
    const data = await body<{ conflicts: string[]; result: { error: Record<string, string[]> } }>(refused);
    expect(data.conflicts).toEqual(["Dave Drums has a blackout on Jun 12, 2030 (Wedding)"]);
    expect(data.result.error.confirmConflicts?.[0]).toContain("Dave Drums has a blackout");
    expect(await eventCount(w.band.id)).toBe(0);

    const saved = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form: { ...form, confirmConflicts: "on" } });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toMatch(/^\/events\/\d+$/);
    expect(await eventCount(w.band.id)).toBe(1);
  });

  test("a new-event form sent twice (a resend, a double tap without JavaScript) makes one event, and the second goes to it; refused, its key is free again", async () => {
    const w = await world();
    const { submissionKey } = await body<{ submissionKey: string }>(await call(newEventPage.loader, "GET", "/events/new", {}, { cookie: w.cookie }));
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-06-12", endDate: "2030-06-12" } });
    const form = { submissionKey, title: "Gig", kind: "gig", date: "2030-06-12", startTime: "20:00", "lineup[0].membershipId": String(w.band.membershipOf(w.drummer.id)) };
    // Refused (a clash to confirm): nothing kept, the same key serves the confirmed form.
    expect((await call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form })).status).toBe(409);
    const confirmed = { ...form, confirmConflicts: "on" };
    const [first, second] = await Promise.all([1, 2].map(() => call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form: confirmed })));
    expect(await eventCount(w.band.id)).toBe(1);
    const event = await db.event.findFirstOrThrow({ where: { bandId: w.band.id }, select: { id: true } });
    expect([first!.headers.get("location"), second!.headers.get("location")]).toContain(`/events/${event.id}`);
    const again = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form: confirmed });
    expect(again.headers.get("location")).toBe(`/events/${event.id}`);
    expect(await eventCount(w.band.id)).toBe(1);
    // The same form changed and sent again (back, change, send) is refused, and comes back
    // with a fresh key: pressing the button again, as the message says, saves it.
    const changed = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form: { ...confirmed, title: "Second gig" } });
    expect(changed.status).toBe(409);
    const reply = await body<{ result: { error: Record<string, string[]> }; submissionKey: string }>(changed);
    expect(reply.result.error[""]).toEqual([SENT_WITH_OTHER_VALUES]);
    expect(reply.submissionKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(reply.submissionKey).not.toBe(submissionKey);
    expect(await eventCount(w.band.id)).toBe(1);
    const pressedAgain = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form: { ...confirmed, title: "Second gig", submissionKey: reply.submissionKey } });
    expect(pressedAgain.status).toBe(302);
    expect(await eventCount(w.band.id)).toBe(2);
  });

  test("the same event entered twice (Back and Create again without JavaScript, two people adding it) is named before saving; Save anyway keeps both", async () => {
    const w = await world();
    const newForm = async () => (await body<{ submissionKey: string }>(await call(newEventPage.loader, "GET", "/events/new", {}, { cookie: w.cookie }))).submissionKey;
    const form = { title: "Harbour Gig", kind: "gig", date: "2030-06-12", startTime: "20:00" };
    const post = async (fields: Record<string, string>) => call(newEventPage.action, "POST", "/events/new", {}, { cookie: w.cookie, form: { submissionKey: await newForm(), ...form, ...fields } });
    expect((await post({})).status).toBe(302);
    // The same title (case and spaces aside) at the same start, from a fresh form: asked first.
    const twice = await post({ title: "  harbour   GIG " });
    expect(twice.status).toBe(409);
    const reply = await body<{ conflicts: string[] }>(twice);
    expect(reply.conflicts).toEqual([expect.stringMatching(/^Already on the calendar: “Harbour Gig” \(.+\), at the same time$/)]);
    expect(await eventCount(w.band.id)).toBe(1);
    // Another title, or another time, is no twin.
    expect((await post({ title: "Harbour Gig (late set)" })).status).toBe(302);
    expect((await post({ startTime: "21:00" })).status).toBe(302);
    expect(await eventCount(w.band.id)).toBe(3);
    expect((await post({ confirmConflicts: "on" })).status).toBe(302);
    expect(await eventCount(w.band.id)).toBe(4);
    // The API asks the same, and takes confirmConflicts.
    const api = (json: Record<string, unknown>) => call(bandEvents.action, "POST", `/api/bands/${w.band.id}/events`, { id: String(w.band.id) }, { cookie: w.cookie, json });
    const refused = await api({ ...form, startTime: "21:00" });
    expect(refused.status).toBe(409);
    const refusal = await body<{ message: string }>(refused);
    expect(refusal.message).toContain("Already on the calendar: “Harbour Gig”");
    // In the API's words: the field to send, not the form's checkbox.
    expect(refusal.message).toMatch(/Send "confirmConflicts": true to keep it\.$/);
    expect((await api({ ...form, startTime: "21:00", confirmConflicts: true })).status).toBe(201);
  });

  test("another band's booking shows only as busy: the warning names the person, never that band or its event", async () => {
    const w = await world();
    await eventWith(w.other.id, { title: "Hidden Festival", startsAt: new Date("2030-06-12T18:00:00Z"), endsAt: new Date("2030-06-12T23:00:00Z"), booked: [w.other.membershipOf(w.bassist.id)] });
    const json = { title: "Gig", kind: "gig", date: "2030-06-12", startTime: "21:00", endTime: "23:00", lineup: [{ membershipId: w.band.membershipOf(w.bassist.id), instrument: "Bass" }] };

    const refused = await call(bandEvents.action, "POST", `/api/bands/${w.band.id}/events`, { id: String(w.band.id) }, { cookie: w.cookie, json });
    expect(refused.status).toBe(409);
    const text = JSON.stringify(await body(refused));
    expect(text).toContain("Bea Bass is busy at that time");
    expect(text).not.toMatch(/Hidden|Festival|Secret|Other Band/);
    expect(await eventCount(w.band.id)).toBe(0);

    const created = await call(bandEvents.action, "POST", `/api/bands/${w.band.id}/events`, { id: String(w.band.id) }, { cookie: w.cookie, json: { ...json, confirmConflicts: true } });
    expect(created.status).toBe(201);
  });

  test("a weekly series warns about a clash on any of its occurrences", async () => {
    const w = await world();
    // The third Wednesday of the series.
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-06-26", endDate: "2030-06-26" } });
    const json = { title: "Weekly", kind: "rehearsal", date: "2030-06-12", startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 4, lineup: [{ membershipId: w.band.membershipOf(w.drummer.id) }] };
    const refused = await call(bandEvents.action, "POST", `/api/bands/${w.band.id}/events`, { id: String(w.band.id) }, { cookie: w.cookie, json });
    expect(refused.status).toBe(409);
    expect((await body<Errors>(refused)).message).toContain("Dave Drums has a blackout on Jun 26, 2030");
    expect(await eventCount(w.band.id)).toBe(0);
  });

  test("a new series clashing with another series says, line by line, which date each clash is on", async () => {
    const w = await world();
    const drummer = w.band.membershipOf(w.drummer.id);
    await weeklyFromJune12(w, 3, drummer);
    const json = { title: "Second weekly", kind: "rehearsal", date: "2030-06-12", startTime: "10:30", endTime: "11:30", repeat: "weekly", count: 3, lineup: [{ membershipId: drummer }] };
    const refused = await call(bandEvents.action, "POST", `/api/bands/${w.band.id}/events`, { id: String(w.band.id) }, { cookie: w.cookie, json });
    expect(refused.status).toBe(409);
    const { message } = await body<Errors>(refused);
    for (const day of ["Jun 12, 2030", "Jun 19, 2030", "Jun 26, 2030"]) expect(message).toContain(`Dave Drums is booked on “Weekly” (${day}, 10:00 AM CEST) at that time`);
  });

  test("a series edit (all, or this and the following) warns about a clash on any occurrence it books someone on or moves, not only the edited one", async () => {
    const w = await world();
    const drummer = w.band.membershipOf(w.drummer.id);
    const bassist = w.band.membershipOf(w.bassist.id);
    const events = await weeklyFromJune12(w, 3, drummer);
    // The bassist is away on the second Wednesday; the drummer has another rehearsal on the third, in the evening.
    await db.blackout.create({ data: { userId: w.bassist.id, startDate: "2030-06-19", endDate: "2030-06-19" } });
    const evening = await eventWith(w.band.id, { title: "Evening run", kind: "rehearsal", startsAt: new Date("2030-06-26T17:30:00Z"), endsAt: new Date("2030-06-26T18:30:00Z"), booked: [drummer] });
    const first = events[0]!;
    const patch = (json: Record<string, unknown>) => call(eventApi.action, "PATCH", `/api/events/${first.id}`, { id: String(first.id) }, { cookie: w.cookie, json: { version: first.version, ...json } });
    const bookings = () => db.eventBooking.count({ where: { eventId: { in: events.map((e) => e.id) } } });

    // Booking the bassist on the whole series: the edited (first) occurrence is clear, the second is not.
    const lineup = [{ membershipId: drummer }, { membershipId: bassist }];
    const booked = await patch({ scope: "all", lineup });
    expect(booked.status).toBe(409);
    expect((await body<Errors>(booked)).message).toContain("Bea Bass has a blackout on Jun 19, 2030");
    expect(await bookings()).toBe(3);
    // Moving the series (and this and the following) into the evening: the third clashes with the drummer's other rehearsal.
    for (const scope of ["all", "following"]) {
      const movedAll = await patch({ scope, startTime: "19:30", endTime: "20:30" });
      expect(movedAll.status).toBe(409);
      expect((await body<Errors>(movedAll)).message).toContain(`Dave Drums is booked on “${evening.title}”`);
    }
    expect((await db.event.findUniqueOrThrow({ where: { id: events[2]!.id }, select: { startsAt: true } })).startsAt.toISOString()).toBe("2030-06-26T08:00:00.000Z");
    // A series edit never clashes with its own occurrences; with Save anyway it is saved.
    expect((await patch({ scope: "all", startTime: "10:30", endTime: "11:30" })).status).toBe(200);
    const saved = await call(eventApi.action, "PATCH", `/api/events/${first.id}`, { id: String(first.id) }, { cookie: w.cookie, json: { version: first.version + 1, scope: "all", lineup, confirmConflicts: true } });
    expect(saved.status).toBe(200);
    expect(await bookings()).toBe(6);
  });

  test("PATCH: moving onto a blackout or booking someone busy is a 409 with the names; unrelated edits and confirmed ones save", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-06-20", endDate: "2030-06-20" } });
    const own = await eventWith(w.band.id, { title: "Other rehearsal", kind: "rehearsal", startsAt: new Date("2030-06-13T17:00:00Z"), endsAt: new Date("2030-06-13T19:00:00Z"), booked: [w.band.membershipOf(w.bassist.id)] });
    const created = await call(bandEvents.action, "POST", `/api/bands/${w.band.id}/events`, { id: String(w.band.id) }, {
      cookie: w.cookie,
      json: { title: "Gig", kind: "gig", date: "2030-06-13", startTime: "21:30", endTime: "23:00", lineup: [{ membershipId: w.band.membershipOf(w.drummer.id) }] },
    });
    expect(created.status).toBe(201);
    const { id } = await body<{ id: number }>(created);
    const patch = (json: Record<string, unknown>) => call(eventApi.action, "PATCH", `/api/events/${id}`, { id: String(id) }, { cookie: w.cookie, json });
    const version = async () => (await db.event.findUniqueOrThrow({ where: { id }, select: { version: true } })).version;

    const moved = await patch({ version: await version(), date: "2030-06-20" });
    expect(moved.status).toBe(409);
    expect((await body<Errors>(moved)).message).toContain("Dave Drums has a blackout on Jun 20, 2030");

    // Booking the bassist onto the time of the band's own rehearsal names that rehearsal.
    const lineup = [{ membershipId: w.band.membershipOf(w.drummer.id) }, { membershipId: w.band.membershipOf(w.bassist.id) }];
    const rebooked = await patch({ version: await version(), startTime: "18:00", endTime: "20:00", lineup });
    expect(rebooked.status).toBe(409);
    expect((await body<Errors>(rebooked)).message).toContain(`Bea Bass is booked on “${own.title}”`);
    expect(await db.eventBooking.count({ where: { eventId: id } })).toBe(1);

    expect((await patch({ version: await version(), startTime: "18:00", endTime: "20:00", lineup, confirmConflicts: true })).status).toBe(200);
    // Already confirmed: changing the notes alone asks nothing again.
    expect((await patch({ version: await version(), notes: "Bring the small kit" })).status).toBe(200);
  });

  test("a series edit with a new interval checks the edited occurrence on the date it moves to, not the one it had", async () => {
    const w = await world();
    const drummer = w.band.membershipOf(w.drummer.id);
    const events = await weeklyFromJune12(w, 4, drummer);
    // Every two weeks from Jun 12: the third (Jun 26) moves to Jul 10, where the drummer is away.
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-07-10", endDate: "2030-07-10" } });
    const third = events[2]!;
    const edit = await call(eventApi.action, "PATCH", `/api/events/${third.id}`, { id: String(third.id) }, { cookie: w.cookie, json: { version: third.version, scope: "all", interval: 2 } });
    expect(edit.status).toBe(409);
    expect((await body<Errors>(edit)).message).toContain("Dave Drums has a blackout on Jul 10, 2030");
  });

  test("bringing a cancelled event back names who is now booked elsewhere or away at its time, until Save anyway", async () => {
    const w = await world();
    const drummer = w.band.membershipOf(w.drummer.id);
    const cancelled = await eventWith(w.band.id, { title: "Open-air night", startsAt: new Date("2030-06-13T19:00:00Z"), endsAt: new Date("2030-06-13T21:00:00Z"), booked: [drummer] });
    await db.event.update({ where: { id: cancelled.id }, data: { cancelledAt: new Date(), cancelReason: "Rain" } });
    // Meanwhile the drummer is booked on another gig at that time.
    await eventWith(w.band.id, { title: "Indoor gig", startsAt: new Date("2030-06-13T19:30:00Z"), endsAt: new Date("2030-06-13T21:30:00Z"), booked: [drummer] });
    const restore = (form: Record<string, string>) => call(eventPage.action, "POST", `/events/${cancelled.id}`, { id: String(cancelled.id) }, { cookie: w.cookie, form: { intent: "restore", ...form } });
    const refused = await restore({});
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await body(refused))).toContain("Dave Drums is booked on “Indoor gig”");
    // The API asks the same, naming the confirmation the way it takes it (in its address).
    const api = await call(cancelApi.action, "DELETE", `/api/events/${cancelled.id}/cancel`, { id: String(cancelled.id) }, { cookie: w.cookie });
    expect(api.status).toBe(409);
    expect((await body<Errors>(api)).message).toMatch(/Dave Drums is booked on “Indoor gig”.*Send it again with \?confirmConflicts=true to keep it\.$/);
    expect((await db.event.findUniqueOrThrow({ where: { id: cancelled.id } })).cancelledAt).not.toBeNull();
    expect((await restore({ confirmConflicts: "on" })).status).toBe(302);
    expect((await db.event.findUniqueOrThrow({ where: { id: cancelled.id } })).cancelledAt).toBeNull();
    // Restored again (another tab): nothing to bring back, so nothing is asked or changed.
    const version = (await db.event.findUniqueOrThrow({ where: { id: cancelled.id } })).version;
    expect((await restore({})).status).toBe(302);
    expect((await db.event.findUniqueOrThrow({ where: { id: cancelled.id } })).version).toBe(version);
  });

  test("the edit form shows the warning and keeps the event as it was until Save anyway", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-06-20", endDate: "2030-06-20" } });
    const event = await eventWith(w.band.id, { title: "Gig", startsAt: new Date("2030-06-13T19:00:00Z"), endsAt: new Date("2030-06-13T21:00:00Z"), booked: [w.band.membershipOf(w.drummer.id)] });
    const form = { version: "1", title: "Gig", kind: "gig", date: "2030-06-20", startTime: "21:00", endTime: "23:00", "lineup[0].membershipId": String(w.band.membershipOf(w.drummer.id)) };
    const refused = await call(editEventPage.action, "POST", `/events/${event.id}/edit`, { id: String(event.id) }, { cookie: w.cookie, form });
    expect(refused.status).toBe(409);
    expect((await body<{ conflicts: string[] }>(refused)).conflicts).toEqual(["Dave Drums has a blackout on Jun 20, 2030"]);
    expect((await db.event.findUniqueOrThrow({ where: { id: event.id } })).startsAt.toISOString()).toBe("2030-06-13T19:00:00.000Z");
    const saved = await call(editEventPage.action, "POST", `/events/${event.id}/edit`, { id: String(event.id) }, { cookie: w.cookie, form: { ...form, confirmConflicts: "on" } });
    expect(saved.status).toBe(302);
    expect((await db.event.findUniqueOrThrow({ where: { id: event.id } })).startsAt.toISOString()).toBe("2030-06-20T19:00:00.000Z");
  });
});

describe("the event page", () => {
  test("offers Chase now to the leader while someone has not answered, never to a member", async () => {
    const w = await world();
    const event = await eventWith(w.band.id, { title: "Gig", startsAt: new Date(Date.now() + 10 * 86_400_000), booked: [w.band.membershipOf(w.drummer.id)] });
    const abilitiesOf = async (cookie: string) =>
      (await body<{ abilities: { chase: boolean } }>(await call(eventPage.loader, "GET", `/events/${event.id}`, { id: String(event.id) }, { cookie }))).abilities;
    expect((await abilitiesOf(w.cookie)).chase).toBe(true);
    expect((await abilitiesOf(`${w.drummer.cookie}; ${await bandCookie(w.band.id)}`)).chase).toBe(false);
    await db.rsvp.create({ data: { bookingId: event.bookings[0]!.id, answer: "going" } });
    expect((await abilitiesOf(w.cookie)).chase).toBe(false);
  });
});
