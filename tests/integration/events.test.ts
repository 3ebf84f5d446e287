import ICAL from "ical.js";
import { describe, expect, test, vi } from "vitest";
import { buildRequest, callRoute, clearOutbox, createBand, createUser, readOutbox, sessionCookieFor, bandCookie } from "#tests/db-utils";
import * as bandSongsApi from "~/routes/api+/bands.$id.songs";
import { runReminderPass } from "~/features/reminders/reminders.server";
import { formatDayLong } from "~/features/availability/local-day";
import { db } from "~/utils/db.server";
import { CHANGED_MEANWHILE } from "~/utils/db-adapter.server";
import * as bandEvents from "~/routes/api+/bands.$id.events";
import * as eventApi from "~/routes/api+/events.$id";
import * as rsvpApi from "~/routes/api+/events.$id.rsvp";
import * as chaseApi from "~/routes/api+/events.$id.chase";
import * as cancelApi from "~/routes/api+/events.$id.cancel";
import * as newEventPage from "~/routes/_app+/events.new";
import * as eventPage from "~/routes/_app+/events.$id";
import * as rsvpPage from "~/routes/_app+/events.$id_.rsvp";
import * as chasePage from "~/routes/_app+/events.$id_.chase";
import * as editPage from "~/routes/_app+/events.$id_.edit";
import * as icsFile from "~/routes/_app+/events.$id_.event[.]ics";
import { API_VERSION_MESSAGES, expandWeekly, MESSAGES } from "~/features/events/schema.server";
import { addDays, parseLocalDate, startOfLocalDay, toZoned } from "~/features/events/zoned-time";
import { body, expectNotInBand, toastOf } from "./auth-helpers";
import { NOT_AN_OBJECT, NOT_JSON_TYPE } from "~/utils/api.server";

type Handler = Parameters<typeof callRoute>[0];

async function band(timeZone = "Europe/Berlin") {
  const people = {
    leader: await createUser({ firstName: "Lea", lastName: "Leader" }),
    admin: await createUser({ firstName: "Ada", lastName: "Admin" }),
    member: await createUser({ firstName: "Max", lastName: "Member" }),
    sub: await createUser({ firstName: "Sam", lastName: "Sub" }),
  };
  const created = await createBand({
    members: [
      { userId: people.leader.id, role: "band_leader" },
      { userId: people.admin.id, role: "band_admin" },
      { userId: people.member.id, role: "band_member" },
      { userId: people.sub.id, role: "sub" },
    ],
  });
  await db.band.update({ where: { id: created.id }, data: { timeZone, currency: "EUR" } });
  const memberships = await db.bandMembership.findMany({ where: { bandId: created.id }, select: { id: true, userId: true } });
  const membershipOf = (key: keyof typeof people) => memberships.find((m) => m.userId === people[key].id)!.id;
  const current = await bandCookie(created.id);
  const cookie = async (key: keyof typeof people) => `${await sessionCookieFor(people[key].id)}; ${current}`;
  return {
    id: created.id,
    people,
    membershipOf,
    cookies: { leader: await cookie("leader"), admin: await cookie("admin"), member: await cookie("member"), sub: await cookie("sub") },
  };
}

const call = (handler: Handler, method: string, path: string, params: Record<string, string>, options: { cookie?: string; json?: unknown; form?: Record<string, string> } = {}) =>
  callRoute(handler, buildRequest(path, { method, ...options }), params);

const createApi = (bandId: number, json: unknown, cookie: string) => call(bandEvents.action, "POST", `/api/bands/${bandId}/events`, { id: String(bandId) }, { cookie, json });
const getApi = (id: number, cookie: string) => call(eventApi.loader, "GET", `/api/events/${id}`, { id: String(id) }, { cookie });
const patchApi = (id: number, json: unknown, cookie: string) => call(eventApi.action, "PATCH", `/api/events/${id}`, { id: String(id) }, { cookie, json });
const rsvp = (id: number, json: unknown, cookie: string) => call(rsvpApi.action, "PUT", `/api/events/${id}/rsvp`, { id: String(id) }, { cookie, json });

type Errors = { message: string; errors?: Record<string, string[]> };

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe("times in the band's time zone", () => {
  test("a local time round-trips through UTC, on both sides of a daylight-saving change", async () => {
    const b = await band("Europe/Berlin");
    // Berlin is UTC+1 in winter, UTC+2 from 29 March 2026 (clocks go forward at 02:00).
    const winter = await body<{ id: number }>(await createApi(b.id, { title: "Winter gig", kind: "gig", date: "2026-03-28", startTime: "20:00", endTime: "23:00" }, b.cookies.leader));
    const summer = await body<{ id: number }>(await createApi(b.id, { title: "Summer gig", kind: "gig", date: "2026-03-29", startTime: "20:00", endTime: "01:00" }, b.cookies.leader));
    const w = await body<{ startsAt: string; endsAt: string }>(await getApi(winter.id, b.cookies.leader));
    const s = await body<{ startsAt: string; endsAt: string }>(await getApi(summer.id, b.cookies.leader));
    expect(w).toMatchObject({ startsAt: "2026-03-28T19:00:00.000Z", endsAt: "2026-03-28T22:00:00.000Z" });
    // An end time before the start is after midnight.
    expect(s).toMatchObject({ startsAt: "2026-03-29T18:00:00.000Z", endsAt: "2026-03-29T23:00:00.000Z" });

    // The edit form reads the same wall-clock times back.
    const page = await body<{ defaults: { date: string; startTime: string; endTime: string } }>(
      await call((await import("~/routes/_app+/events.$id_.edit")).loader, "GET", `/events/${summer.id}/edit`, { id: String(summer.id) }, { cookie: b.cookies.leader }),
    );
    expect(page.defaults).toMatchObject({ date: "2026-03-29", startTime: "20:00", endTime: "01:00" });
  });

  test("another time zone may be given; an unknown one, an impossible date and a skipped time are refused under their field", async () => {
    const b = await band("Europe/Berlin");
    const ny = await body<{ id: number }>(await createApi(b.id, { title: "NY gig", kind: "gig", date: "2026-07-01", startTime: "19:00", timeZone: "America/New_York" }, b.cookies.leader));
    expect((await body<{ startsAt: string }>(await getApi(ny.id, b.cookies.leader))).startsAt).toBe("2026-07-01T23:00:00.000Z");

    const errorsOf = async (json: Record<string, unknown>) => {
      const response = await createApi(b.id, { title: "Bad", kind: "gig", date: "2026-07-01", startTime: "19:00", ...json }, b.cookies.leader);
      expect(response.status).toBe(400);
      return (await body<Errors>(response)).errors!;
    };
    expect((await errorsOf({ timeZone: "Mars/Olympus" })).timeZone).toEqual([MESSAGES.timeZone]);
    // A blank title arrives as missing (forms drop empty fields): the spec'd message, not "must be text".
    expect((await errorsOf({ title: undefined })).title).toEqual([MESSAGES.title]);
    expect((await errorsOf({ date: "2026-04-31" })).date).toEqual(["There is no April 31 in 2026"]);
    // Year 10,000 would be stored and written into .ics files no calendar can read.
    expect((await errorsOf({ date: "9999-12-31" })).date).toEqual(["Choose a date between 1970 and 9998"]);
    expect((await errorsOf({ date: "0000-02-10" })).date).toEqual(["Choose a date between 1970 and 9998"]);
    expect((await errorsOf({ date: "2026-03-29", startTime: "02:30" })).startTime![0]).toMatch(/02:30 does not exist on Mar 29, 2026 in Europe\/Berlin/);
    // A weekly series whose third date is that day: said too, not moved an hour on the quiet.
    expect((await errorsOf({ date: "2026-03-15", startTime: "02:30", repeat: "weekly", count: 3 })).startTime).toEqual([
      "02:30 does not exist on Mar 29, 2026 in Europe/Berlin, a date of this series: the clocks go forward then. Choose another time, or end the series before that date",
    ]);
    expect((await errorsOf({ endTime: "18:00", endDate: "2026-07-01" })).endTime).toEqual([MESSAGES.endBeforeStart]);
    expect((await errorsOf({ endDate: "2027-08-01", endTime: "10:00" })).endDate).toEqual([MESSAGES.tooLong]);
    expect((await errorsOf({ repeat: "weekly", count: 201 })).count).toEqual([MESSAGES.tooMany]);
    // Nothing may end past the last year: a later edit could not send it back.
    expect((await errorsOf({ date: "9998-12-01", repeat: "weekly", count: 200, interval: 52 })).count).toEqual([MESSAGES.pastLastYear]);
    expect((await errorsOf({ date: "9998-12-31", startTime: "23:00", endTime: "01:00" })).endTime).toEqual(["Choose a date between 1970 and 9998"]);
    expect(await errorsOf({ callTime: "20:00", soundcheckTime: "19:30" })).toEqual({ callTime: [MESSAGES.callAfterStart], soundcheckTime: [MESSAGES.soundcheckAfterStart] });
    // A show after midnight loads in the evening before, up to 12 hours before it; not a day before.
    expect((await errorsOf({ startTime: "00:30", callTime: "12:00" })).callTime).toEqual([MESSAGES.callAfterStart]);
    const late = await createApi(b.id, { title: "After midnight", kind: "gig", date: "2027-02-06", startTime: "00:30", endTime: "02:00", callTime: "22:00", soundcheckTime: "23:30" }, b.cookies.leader);
    expect(late.status).toBe(201);
    const lateId = (await body<{ id: number }>(late)).id;
    expect(await db.event.findUniqueOrThrow({ where: { id: lateId }, select: { startsAt: true, callAt: true, soundcheckAt: true } })).toEqual({
      startsAt: new Date("2027-02-05T23:30:00Z"),
      callAt: new Date("2027-02-05T21:00:00Z"),
      soundcheckAt: new Date("2027-02-05T22:30:00Z"),
    });
    const latePage = await body<{ event: { call: string; soundcheck: string } }>(await call(eventPage.loader, "GET", `/events/${lateId}`, { id: String(lateId) }, { cookie: b.cookies.leader }));
    expect(latePage.event).toMatchObject({ call: "10:00 PM CET, the day before", soundcheck: "11:30 PM CET, the day before" });
    // Its edit form shows the times as typed, and saving it unchanged keeps them.
    expect(await editDefaults(lateId, b.cookies.leader)).toMatchObject({ callTime: "22:00", soundcheckTime: "23:30" });
    await db.event.delete({ where: { id: lateId } });
    // A number is a number or its text: not a list, not a yes/no.
    expect((await errorsOf({ repeat: "weekly", count: "abc" })).count).toEqual(["Enter a whole number of times"]);
    expect((await errorsOf({ repeat: "weekly", count: [3] })).count).toEqual(["Enter a whole number of times"]);
    expect((await errorsOf({ repeat: "weekly", count: 3, interval: true })).interval).toEqual(["Repeat every 1 to 52 weeks"]);
    expect((await errorsOf({ fee: [1] })).fee).toEqual([MESSAGES.fee]);
    expect(Object.keys(await errorsOf({ lineup: [{ membershipId: [1] }] }))).toEqual(["lineup.0.membershipId"]);
    // A person in the lineup is an object of two known keys: a bare id, or a misspelt key, says so.
    expect((await errorsOf({ lineup: [5] }))["lineup.0"]).toEqual(["Each person in the lineup is { membershipId, instrument? }"]);
    expect((await errorsOf({ lineup: [{ membershipId: 1, instrumnet: "Bass" }] }))["lineup.0.instrumnet"]).toEqual(["Unknown field"]);
    // What GET shows of a row (who, their answer) is taken back and set aside, not refused:
    // a client sends the lineup it read, with one more person.
    const read = (await createApi(b.id, { title: "Read back", kind: "gig", date: inDays(12), startTime: "20:00", lineup: [{ membershipId: b.membershipOf("member"), instrument: "Drums" }] }, b.cookies.leader));
    const readId = (await body<{ id: number }>(read)).id;
    const shown = await body<{ version: number; lineup: Record<string, unknown>[] }>(await getApi(readId, b.cookies.leader));
    expect(Object.keys(shown.lineup[0]!)).toEqual(expect.arrayContaining(["userId", "answer", "note", "answeredAt"]));
    const sentBack = await patchApi(readId, { version: shown.version, lineup: [...shown.lineup, { membershipId: b.membershipOf("leader") }] }, b.cookies.leader);
    expect(sentBack.status).toBe(200);
    expect(await db.eventBooking.count({ where: { eventId: readId } })).toBe(2);
    // Rows that do not name their person (keyed by userId) are refused, not dropped like a
    // form's unticked boxes: the lineup, and everyone's answers, would have gone.
    const again = await body<{ version: number; lineup: { userId: string; answer: string | null }[] }>(await getApi(readId, b.cookies.leader));
    const byUser = await patchApi(readId, { version: again.version, lineup: again.lineup.map((row) => ({ userId: row.userId, answer: row.answer })) }, b.cookies.leader);
    expect(byUser.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(byUser)).errors["lineup.0"]).toEqual(["Each person in the lineup needs their membershipId"]);
    expect(await db.eventBooking.count({ where: { eventId: readId } })).toBe(2);
    expect((await createApi(b.id, { title: "No one", kind: "gig", date: inDays(13), startTime: "20:00", lineup: [{ instrument: "Bass" }] }, b.cookies.leader)).status).toBe(400);
    await db.event.delete({ where: { id: readId } });
    expect((await errorsOf({ repeat: "weekly", repeatEnds: "until", until: "2031-01-01" })).until).toEqual([MESSAGES.tooMany]);
    // An end date before the second occurrence would make a series of one, as a count of 1 would.
    expect((await errorsOf({ repeat: "weekly", count: 1 })).count).toEqual(["A series repeats at least twice"]);
    expect((await errorsOf({ repeat: "weekly", repeatEnds: "until", until: "2026-07-01" })).until).toEqual(["A series repeats at least twice: end it on Jul 8, 2026 or later"]);
    expect((await errorsOf({ repeat: "weekly", repeatEnds: "until", until: "2026-07-14", interval: 2 })).until).toEqual(["A series repeats at least twice: end it on Jul 15, 2026 or later"]);
    expect((await errorsOf({ repeat: "weekly", repeatEnds: "until", until: "2026-06-30" })).until).toEqual([MESSAGES.untilBeforeStart]);
    expect((await errorsOf({ lineup: [{ membershipId: 999_999 }] })).lineup).toEqual([MESSAGES.lineupMember]);
    expect((await errorsOf({ title: "" })).title).toEqual([MESSAGES.title]);
    // A body that is not an object is refused as a whole, with no stray field errors (a
    // `[]` used to get "Enter a date like 2026-11-20" under date), on create and on edit.
    for (const json of [[], null, 5, "gig"]) {
      const response = await createApi(b.id, json, b.cookies.leader);
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ message: "Invalid request", errors: { body: [NOT_AN_OBJECT] } });
      expect(await body(await patchApi(ny.id, json, b.cookies.leader))).toEqual({ message: "Invalid request", errors: { body: [NOT_AN_OBJECT] } });
    }
    // JSON declared as something else (what a form of another site can post without asking
    // first: text/plain, urlencoded) is refused as such, before anything is read into a change.
    for (const type of ["text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const request = buildRequest(`/api/bands/${b.id}/events`, { method: "POST", cookie: b.cookies.leader, headers: { "content-type": type } });
      const sent = new Request(request, { body: JSON.stringify({ title: "Sneaky", kind: "gig", date: "2026-07-01", startTime: "20:00" }) });
      const response = await callRoute(bandEvents.action, sent, { id: String(b.id) });
      expect(response.status, type).toBe(415);
      expect(await body(response)).toEqual({ message: NOT_JSON_TYPE });
    }
    // A body with no type at all (a script's, a command-line client's) is read as the JSON it is.
    const untyped = new Request(buildRequest(`/api/bands/${b.id}/events`, { method: "POST", cookie: b.cookies.leader }), { body: new Blob([JSON.stringify({ title: "Untyped", kind: "gig", date: "2026-07-01", startTime: "20:00" })]) });
    expect(untyped.headers.get("content-type")).toBeNull();
    expect((await callRoute(bandEvents.action, untyped, { id: String(b.id) })).status).toBe(201);
    await db.event.deleteMany({ where: { bandId: b.id, title: "Untyped" } });
    // Nothing was half-saved.
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(1);
  });

  test("a zone given with the times reads only the times: an all-day event and a deadline keep the band's days, and an edit leaves what it does not send where it was", async () => {
    const b = await band("America/Chicago");
    const stored = (id: number) => db.event.findUniqueOrThrow({ where: { id }, select: { startsAt: true, endsAt: true, rsvpDeadline: true } });
    const allDay = await body<{ id: number }>(await createApi(b.id, { title: "Festival day", kind: "other", date: "2027-06-15", allDay: true, timeZone: "Europe/Berlin" }, b.cookies.leader));
    expect(await stored(allDay.id)).toMatchObject({ startsAt: startOfLocalDay(parseLocalDate("2027-06-15")!, "America/Chicago"), endsAt: startOfLocalDay(parseLocalDate("2027-06-16")!, "America/Chicago") });

    const gig = await body<{ id: number }>(
      await createApi(b.id, { title: "Berlin gig", kind: "gig", date: "2027-06-05", startTime: "20:00", timeZone: "Europe/Berlin", rsvpDeadline: "2027-06-01" }, b.cookies.leader),
    );
    const before = await stored(gig.id);
    expect(before.startsAt.toISOString()).toBe("2027-06-05T18:00:00.000Z");
    // The deadline is held against the event's day in the band's zone, not the date typed in
    // another: 01:00 on June 5 in Berlin is June 4 in Chicago, so "by June 5" is after it.
    const night = await createApi(b.id, { title: "Night gig", kind: "gig", date: "2027-06-05", startTime: "01:00", timeZone: "Europe/Berlin", rsvpDeadline: "2027-06-05" }, b.cookies.leader);
    expect(night.status).toBe(400);
    expect((await body<Errors>(night)).errors).toEqual({ rsvpDeadline: [MESSAGES.deadline] });
    // And the other way: 20:00 on June 5 in Los Angeles is June 5 in Chicago too; 23:30 there is June 6.
    expect((await createApi(b.id, { title: "Late gig", kind: "gig", date: "2027-06-05", startTime: "23:30", timeZone: "America/Los_Angeles", rsvpDeadline: "2027-06-06" }, b.cookies.leader)).status).toBe(201);
    // Answers close at the end of 1 June in the band's Chicago.
    expect(before.rsvpDeadline).toEqual(startOfLocalDay(parseLocalDate("2027-06-02")!, "America/Chicago"));
    // A version missing or not a number is said in the API's words, and nothing changes.
    for (const [version, message] of [[undefined, API_VERSION_MESSAGES.missing], ["1", API_VERSION_MESSAGES.invalid], [-1, API_VERSION_MESSAGES.invalid]] as const) {
      const refused = await patchApi(gig.id, { version, venueName: "Elsewhere" }, b.cookies.leader);
      expect(refused.status).toBe(400);
      expect((await body<{ errors: Record<string, string[]> }>(refused)).errors.version).toEqual([message]);
    }
    expect((await patchApi(gig.id, { version: 1, venueName: "Club" }, b.cookies.leader)).status).toBe(200);
    expect(await stored(gig.id)).toEqual(before);
    // Naming a zone alone moves nothing (and is refused as naming nothing to change).
    expect((await patchApi(gig.id, { version: 2, timeZone: "Asia/Tokyo" }, b.cookies.leader)).status).toBe(400);
    expect(await stored(gig.id)).toEqual(before);
    // The deadline reads back as the day the form and PATCH take; sent back, it stays where it was
    // (its instant's date, June 2, moved it a day).
    const read = await body<{ rsvpDeadline: string; rsvpDeadlineDay: string }>(await getApi(gig.id, b.cookies.leader));
    expect(read).toMatchObject({ rsvpDeadline: before.rsvpDeadline!.toISOString(), rsvpDeadlineDay: "2027-06-01" });
    const listed = await body<{ id: number; rsvpDeadlineDay: string | null }[]>(await call(bandEvents.loader, "GET", `/api/bands/${b.id}/events?from=2027-06-01T00:00:00Z&to=2027-06-30T00:00:00Z`, { id: String(b.id) }, { cookie: b.cookies.leader }));
    expect(listed.find((event) => event.id === gig.id)?.rsvpDeadlineDay).toBe("2027-06-01");
    expect((await patchApi(gig.id, { version: 2, rsvpDeadline: read.rsvpDeadlineDay }, b.cookies.leader)).status).toBe(200);
    expect(await stored(gig.id)).toEqual(before);
    // Times sent with a zone are read in it.
    expect((await patchApi(gig.id, { version: 3, timeZone: "Asia/Tokyo", startTime: "04:00" }, b.cookies.leader)).status).toBe(200);
    expect((await stored(gig.id)).startsAt.toISOString()).toBe("2027-06-05T19:00:00.000Z");
  });

  test("an event at the second 01:30 of the fall-back night stays there through edits that leave its times alone, by the API and by the form", async () => {
    const b = await band("America/Chicago");
    const stored = (id: number) => db.event.findUniqueOrThrow({ where: { id }, select: { startsAt: true, endsAt: true, version: true } });
    // 01:00–02:00 happens twice in Chicago on 7 November 2027; 07:30Z is the second 01:30 (CST).
    const gig = await body<{ id: number }>(
      await createApi(b.id, { title: "Late set", kind: "gig", date: "2027-11-07", startTime: "07:30", endTime: "09:00", timeZone: "Europe/London" }, b.cookies.leader),
    );
    expect(await stored(gig.id)).toMatchObject({ startsAt: new Date("2027-11-07T07:30:00Z"), endsAt: new Date("2027-11-07T09:00:00Z") });
    expect((await patchApi(gig.id, { version: 1, title: "Late set, renamed" }, b.cookies.leader)).status).toBe(200);
    expect(await stored(gig.id)).toMatchObject({ startsAt: new Date("2027-11-07T07:30:00Z"), endsAt: new Date("2027-11-07T09:00:00Z") });
    // The edit form, sent back as loaded with only the notes changed.
    const page = await body<{ defaults: Record<string, unknown> }>(await call(editPage.loader, "GET", `/events/${gig.id}/edit`, { id: String(gig.id) }, { cookie: b.cookies.leader }));
    expect(page.defaults).toMatchObject({ date: "2027-11-07", startTime: "01:30", endTime: "03:00", timeZone: "America/Chicago" });
    const form = Object.fromEntries(Object.entries(page.defaults).filter(([, value]) => typeof value === "string")) as Record<string, string>;
    const saved = await call(editPage.action, "POST", `/events/${gig.id}/edit`, { id: String(gig.id) }, { cookie: b.cookies.leader, form: { ...form, notes: "Bring the spare amp", version: "2" } });
    expect(saved.status).toBe(302);
    expect(await stored(gig.id)).toMatchObject({ startsAt: new Date("2027-11-07T07:30:00Z"), endsAt: new Date("2027-11-07T09:00:00Z"), version: 3 });
    // A time typed anew in the repeated hour still reads as the first one.
    expect((await patchApi(gig.id, { version: 3, startTime: "01:15" }, b.cookies.leader)).status).toBe(200);
    expect((await stored(gig.id)).startsAt).toEqual(new Date("2027-11-07T06:15:00Z"));
  });

  test("across the fall-back hour each time keeps its own instant: a set from the first 01:30 to the second, a call at one and a soundcheck at the other", async () => {
    const b = await band("America/Chicago");
    const stored = (id: number) => db.event.findUniqueOrThrow({ where: { id }, select: { startsAt: true, endsAt: true, callAt: true, soundcheckAt: true } });
    // 06:30Z is the first 01:30 (CDT), 07:30Z the second (CST).
    const set = await body<{ id: number }>(await createApi(b.id, { title: "The hour twice", kind: "gig", date: "2027-11-07", startTime: "06:30", endTime: "07:30", timeZone: "UTC" }, b.cookies.leader));
    const setBefore = await stored(set.id);
    expect(setBefore).toMatchObject({ startsAt: new Date("2027-11-07T06:30:00Z"), endsAt: new Date("2027-11-07T07:30:00Z") });
    expect((await patchApi(set.id, { version: 1, notes: "One hour, not twenty-five" }, b.cookies.leader)).status).toBe(200);
    expect(await stored(set.id)).toEqual(setBefore);

    const gig = await body<{ id: number }>(
      await createApi(b.id, { title: "Late gig", kind: "gig", date: "2027-11-07", startTime: "08:00", callTime: "06:30", soundcheckTime: "07:30", timeZone: "UTC" }, b.cookies.leader),
    );
    const gigBefore = await stored(gig.id);
    expect(gigBefore).toMatchObject({ callAt: new Date("2027-11-07T06:30:00Z"), soundcheckAt: new Date("2027-11-07T07:30:00Z") });
    expect((await patchApi(gig.id, { version: 1, venueName: "The Hall" }, b.cookies.leader)).status).toBe(200);
    expect(await stored(gig.id)).toEqual(gigBefore);
  });

  test("PATCH clears an optional time or the end date with null, as it clears the venue or the fee; a null start is refused with the start's message", async () => {
    const b = await band("Europe/Berlin");
    const gig = await body<{ id: number }>(
      await createApi(b.id, { title: "Long gig", kind: "gig", date: "2027-06-05", startTime: "20:00", endDate: "2027-06-06", endTime: "02:00", callTime: "18:00", soundcheckTime: "18:30", venueName: "Club" }, b.cookies.leader),
    );
    const cleared = await patchApi(gig.id, { version: 1, endDate: null, endTime: null, callTime: null, soundcheckTime: null, venueName: null }, b.cookies.leader);
    expect(cleared.status).toBe(200);
    expect(await db.event.findUniqueOrThrow({ where: { id: gig.id }, select: { endsAt: true, callAt: true, soundcheckAt: true, venueName: true } })).toEqual({ endsAt: null, callAt: null, soundcheckAt: null, venueName: null });
    const refused = await patchApi(gig.id, { version: 2, startTime: null }, b.cookies.leader);
    expect(refused.status).toBe(400);
    expect((await body<Errors>(refused)).errors).toEqual({ startTime: [MESSAGES.startTime] });
  });

  test("the new-event form shows a field's message and saves nothing (no JavaScript needed)", async () => {
    const b = await band();
    const response = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form: { title: "Gig", kind: "gig", date: "2026-02-30", startTime: "20:00" } });
    expect(response.status).toBe(400);
    const result = await body<{ result: { error: Record<string, string[]> } }>(response);
    expect(result.result.error.date).toEqual(["There is no February 30 in 2026"]);
    // A fee a person would not type ("0x10" was saved as 16.00, "1e3" as 1,000.00): refused as the API refuses it.
    for (const fee of ["0x10", "1e3"]) {
      const odd = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form: { title: "Odd fee", kind: "gig", date: inDays(10), startTime: "20:00", fee } });
      expect(odd.status).toBe(400);
      expect((await body<{ result: { error: Record<string, string[]> } }>(odd)).result.error.fee).toEqual([MESSAGES.fee]);
    }
    expect(await db.event.count({ where: { bandId: b.id, title: "Odd fee" } })).toBe(0);

    const ok = await call(newEventPage.action, "POST", "/events/new", {}, {
      cookie: b.cookies.leader,
      form: { title: "Club gig", kind: "gig", date: inDays(10), startTime: "20:00", fee: "250.50", "lineup[0].membershipId": String(b.membershipOf("member")), "lineup[0].instrument": "Drums", "lineup[1].instrument": "Bass" },
    });
    expect(ok.status).toBe(302);
    const event = await db.event.findFirstOrThrow({ where: { bandId: b.id }, select: { feeMinor: true, bookings: { select: { membershipId: true, instrument: true } } } });
    expect(event).toEqual({ feeMinor: 25050, bookings: [{ membershipId: b.membershipOf("member"), instrument: "Drums" }] });
    const created = await db.analyticsEvent.count({ where: { name: "create_event", bandId: b.id } });
    expect(created).toBe(1);
  });
});

describe("the same event sent twice at once", () => {
  test("is saved once; the others get the 409 that names it", async () => {
    const b = await band();
    const event = { title: "Twin gig", kind: "gig", date: "2027-05-14", startTime: "20:00", endTime: "23:00" };
    const answers = await Promise.all([1, 2, 3].map(() => createApi(b.id, event, b.cookies.leader)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(1);
  });
});

describe("/api bodies say what they change", () => {
  test("moving a gig that ends after midnight by its date alone keeps its length; an end the clocks skip gets that one message; a fee for a rehearsal is refused", async () => {
    const b = await band("America/New_York");
    const late = await body<{ id: number }>(await createApi(b.id, { title: "Late show", kind: "gig", date: "2026-12-10", startTime: "21:00", endTime: "01:00" }, b.cookies.leader));
    const moved = await patchApi(late.id, { version: 1, date: "2026-12-16" }, b.cookies.leader);
    expect(moved.status).toBe(200);
    expect(await db.event.findUniqueOrThrow({ where: { id: late.id }, select: { startsAt: true, endsAt: true } })).toEqual({
      startsAt: new Date("2026-12-17T02:00:00Z"),
      endsAt: new Date("2026-12-17T06:00:00Z"),
    });
    // A festival weekend keeps its days.
    const weekend = await body<{ id: number }>(await createApi(b.id, { title: "Festival", kind: "gig", allDay: true, date: "2027-07-02", endDate: "2027-07-04" }, b.cookies.leader));
    expect((await patchApi(weekend.id, { version: 1, date: "2027-07-09" }, b.cookies.leader)).status).toBe(200);
    expect((await body<{ endsAt: string }>(await getApi(weekend.id, b.cookies.leader))).endsAt).toBe("2027-07-12T04:00:00.000Z");

    // 02:30 on 14 March 2027 does not exist in New York: that is the message, not also "before the start".
    const skipped = await createApi(b.id, { title: "Overnight", kind: "gig", date: "2027-03-13", startTime: "23:00", endTime: "02:30" }, b.cookies.leader);
    expect(skipped.status).toBe(400);
    const errors = (await body<Errors>(skipped)).errors!;
    expect(errors.endTime).toHaveLength(1);
    expect(errors.endTime![0]).toMatch(/^02:30 does not exist on/);

    const feeForRehearsal = await createApi(b.id, { title: "Rehearsal", kind: "rehearsal", date: "2027-01-10", startTime: "19:00", fee: "100" }, b.cookies.leader);
    expect(feeForRehearsal.status).toBe(400);
    expect((await body<Errors>(feeForRehearsal)).errors).toEqual({ fee: [MESSAGES.feeOnlyForGigs] });
    // A gig made a rehearsal with a fee in the same patch: the same; made a rehearsal alone, its fee goes quietly with it.
    const gig = await body<{ id: number }>(await createApi(b.id, { title: "Gig", kind: "gig", date: "2027-01-12", startTime: "20:00", fee: "250" }, b.cookies.leader));
    expect((await patchApi(gig.id, { version: 1, kind: "rehearsal", fee: "250" }, b.cookies.leader)).status).toBe(400);
    expect((await patchApi(gig.id, { version: 1, kind: "rehearsal" }, b.cookies.leader)).status).toBe(200);
    expect(await db.event.count({ where: { bandId: b.id, title: "Rehearsal" } })).toBe(0);
  });

  test("a field the API does not know is refused, not lost; a PATCH naming no field changes nothing", async () => {
    const b = await band();
    const typo = await createApi(b.id, { title: "Typo", kind: "gig", date: inDays(5), startTime: "20:00", venu: "The Venue", bandId: 999 }, b.cookies.leader);
    expect(typo.status).toBe(400);
    expect((await body<Errors>(typo)).errors).toEqual({ venu: ["Unknown field"], bandId: ["Unknown field"] });
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(0);

    const { id } = await body<{ id: number }>(await createApi(b.id, { title: "Gig", kind: "gig", date: inDays(5), startTime: "20:00" }, b.cookies.leader));
    const empty = await patchApi(id, { version: 1 }, b.cookies.leader);
    expect(empty.status).toBe(400);
    expect((await body<Errors>(empty)).errors).toEqual({ body: ["Send at least one field to change"] });
    expect((await db.event.findUniqueOrThrow({ where: { id }, select: { version: true } })).version).toBe(1);
    // A zone alone says in which zone the patch's times are: it changes nothing either.
    const zoneOnly = await patchApi(id, { version: 1, timeZone: "Europe/London" }, b.cookies.leader);
    expect(zoneOnly.status).toBe(400);
    expect((await body<Errors>(zoneOnly)).errors).toEqual({ body: ["Send at least one field to change"] });
    // A member naming the fee at all ("clear it" too) is refused, not answered 200 with the fee kept.
    await db.event.update({ where: { id }, data: { feeMinor: 125_000 } });
    for (const fee of [null, "", "999"]) {
      const refused = await patchApi(id, { version: 1, fee, title: "Gig!" }, b.cookies.member);
      expect(refused.status, JSON.stringify(fee)).toBe(403);
    }
    expect(await db.event.findUniqueOrThrow({ where: { id }, select: { version: true, feeMinor: true, title: true } })).toEqual({ version: 1, feeMinor: 125_000, title: "Gig" });
    // And when creating one.
    const before = await db.event.count({ where: { bandId: b.id } });
    expect((await createApi(b.id, { title: "Member's gig", kind: "gig", date: inDays(6), startTime: "20:00", fee: null }, b.cookies.member)).status).toBe(403);
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(before);

    await db.eventBooking.create({ data: { eventId: id, membershipId: b.membershipOf("member") } });
    const answer = await rsvp(id, { answer: "maybe", nots: "typo", membershipId: 1 }, b.cookies.member);
    expect(answer.status).toBe(400);
    expect((await body<Errors>(answer)).errors).toEqual({ nots: ["Unknown field"], membershipId: ["Unknown field"] });
    expect(await db.rsvp.count({ where: { booking: { eventId: id } } })).toBe(0);
  });
});

describe("cancelling through the API", () => {
  test("an event with money on it, which DELETE refuses ('Cancel it instead'), is cancelled with a reason and taken back; a bad body changes nothing", async () => {
    const b = await band();
    const { id } = await body<{ id: number }>(await createApi(b.id, { title: "Paid gig", kind: "gig", date: inDays(9), startTime: "20:00" }, b.cookies.leader));
    const entry = await db.ledgerEntry.create({ data: { bandId: b.id, kind: "payment", occurredOn: inDays(9), amountMinor: 10_000, description: "Fee", createdByName: "Lea Leader" } });
    await db.payment.create({ data: { bandId: b.id, entryId: entry.id, category: "gig", amountMinor: 10_000, eventId: id, method: "cash" } });
    const deleted = await call(eventApi.action, "DELETE", `/api/events/${id}`, { id: String(id) }, { cookie: b.cookies.leader });
    expect(deleted.status).toBe(409);
    expect((await body<Errors>(deleted)).message).toContain("Cancel it instead");

    const cancel = (json: unknown, cookie = b.cookies.leader) => call(cancelApi.action, "POST", `/api/events/${id}/cancel`, { id: String(id) }, { cookie, json });
    for (const [json, field] of [[{}, "reason"], [{ reason: "Venue flooded", why: "x" }, "why"], [{ reason: "Venue flooded", scope: "some" }, "scope"]] as const) {
      const refused = await cancel(json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys((await body<Errors>(refused)).errors ?? {})).toContain(field);
    }
    expect((await cancel({ reason: "Venue flooded" }, b.cookies.sub)).status).toBe(404);
    expect(await db.event.findUniqueOrThrow({ where: { id }, select: { cancelledAt: true } })).toEqual({ cancelledAt: null });

    const done = await cancel({ reason: "Venue flooded" });
    expect(done.status).toBe(200);
    expect(await body(done)).toMatchObject({ id, cancelled: 1, cancelReason: "Venue flooded", cancelledAt: expect.any(String) });
    const back = await call(cancelApi.action, "DELETE", `/api/events/${id}/cancel`, { id: String(id) }, { cookie: b.cookies.admin });
    expect(back.status).toBe(200);
    expect(await body(back)).toMatchObject({ id, cancelledAt: null, cancelReason: null });
  });
});

describe("the band a new event goes to", () => {
  test("the band the form was opened for, even after another tab switched the current band; never a band the person is not in", async () => {
    const b = await band();
    const other = await createBand({ name: "Second Band", members: [{ userId: b.people.leader.id, role: "band_leader" }] });
    const form = await body<{ options: { bandId: number } }>(await call(newEventPage.loader, "GET", "/events/new", {}, { cookie: b.cookies.leader }));
    expect(form.options.bandId).toBe(b.id);
    // The other tab made Second Band current.
    const inOther = `${await sessionCookieFor(b.people.leader.id)}; ${await bandCookie(other.id)}`;
    const saved = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: inOther, form: { bandId: String(b.id), title: "Opened for the first band", kind: "gig", date: inDays(10), startTime: "20:00" } });
    expect(saved.status).toBe(302);
    expect(await db.event.findMany({ where: { title: "Opened for the first band" }, select: { bandId: true } })).toEqual([{ bandId: b.id }]);
    const stranger = await createBand({ members: [] });
    const refused = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: inOther, form: { bandId: String(stranger.id), title: "Nowhere", kind: "gig", date: inDays(10), startTime: "20:00" } });
    await expectNotInBand(refused);
    expect(await db.event.count({ where: { title: "Nowhere" } })).toBe(0);
  });
});

describe("fees and deadlines that cannot be set", () => {
  test("a fee is read as Finances reads an amount: '12,50' is refused (not $1,250), grouping and zero are fine, more than Finances takes is refused (a EUR band)", async () => {
    const b = await band();
    const created = await body<{ id: number; version: number }>(await createApi(b.id, { title: "Gig", kind: "gig", date: inDays(20), startTime: "20:00", fee: "1,250" }, b.cookies.leader));
    const feeOf = async () => (await db.event.findUniqueOrThrow({ where: { id: created.id } })).feeMinor;
    expect(await feeOf()).toBe(125_000);
    for (const [fee, message] of [
      ["12,50", MESSAGES.fee],
      ["1 2 3", MESSAGES.fee],
      ["-5", "Enter an amount of zero or more"],
      ["12.505", "EUR amounts have at most 2 decimal places"],
      ["99999999999", "Enter an amount of at most €20,000,000.00"],
      [1e21, MESSAGES.fee],
    ] as const) {
      const refused = await patchApi(created.id, { version: 1, fee }, b.cookies.leader);
      expect(refused.status, String(fee)).toBe(400);
      expect((await body<Errors>(refused)).errors, String(fee)).toEqual({ fee: [message] });
    }
    expect(await feeOf()).toBe(125_000);
    expect((await patchApi(created.id, { version: 1, fee: 250.5 }, b.cookies.leader)).status).toBe(200);
    expect(await feeOf()).toBe(25_050);
    expect((await patchApi(created.id, { version: 2, fee: "0" }, b.cookies.leader)).status).toBe(200);
    expect(await feeOf()).toBe(0);
  });

  test("a fee typed in the currency the form showed, which the band has changed since, is refused under the fee with the currency now", async () => {
    const b = await band();
    const form = { bandId: String(b.id), title: "Fee gig", kind: "gig", date: inDays(30), startTime: "20:00", fee: "1250", currency: "USD" };
    const refused = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form });
    expect(refused.status).toBe(400);
    const reply = await body<{ result: { error: Record<string, string[]> }; currency: string }>(refused);
    expect(reply.result.error.fee).toEqual([MESSAGES.feeCurrency("EUR")]);
    // The form then shows and sends the band's currency: sent again, it is saved in euros.
    expect(reply.currency).toBe("EUR");
    expect(await db.event.count({ where: { bandId: b.id, title: "Fee gig" } })).toBe(0);
    expect((await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form: { ...form, currency: "EUR" } })).status).toBe(302);
    expect((await db.event.findFirstOrThrow({ where: { bandId: b.id, title: "Fee gig" } })).feeMinor).toBe(125_000);
  });

  test("a gig's fee lowered below what was received for it is saved, and the toast says what was received", async () => {
    const b = await band();
    const created = await body<{ id: number }>(await createApi(b.id, { title: "Paid gig", kind: "gig", date: inDays(20), startTime: "20:00", fee: "900" }, b.cookies.leader));
    await db.ledgerEntry.create({
      data: { bandId: b.id, kind: "payment", occurredOn: "2026-11-01", amountMinor: 90_000, description: "Fee", createdByName: "Test", payment: { create: { bandId: b.id, category: "gig", eventId: created.id, amountMinor: 90_000, method: "cash" } } },
    });
    const edit = async (fee: string) => {
      const form = await body<{ event: { version: number }; defaults: Record<string, unknown> }>(await call(editPage.loader, "GET", `/events/${created.id}/edit`, { id: String(created.id) }, { cookie: b.cookies.leader }));
      const fields = Object.fromEntries(Object.entries(form.defaults).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      const response = await call(editPage.action, "POST", `/events/${created.id}/edit`, { id: String(created.id) }, { cookie: b.cookies.leader, form: { ...fields, version: String(form.event.version), fee } });
      expect(response.status).toBe(302);
      return (await toastOf(response))!.description;
    };
    expect(await edit("800")).toBe("Paid gig is up to date. €900.00 has been received for it already, more than its fee of €800.00.");
    expect((await db.event.findUniqueOrThrow({ where: { id: created.id } })).feeMinor).toBe(80_000);
    // Said when the fee is lowered, not on every later save; a fee still above what came in says nothing.
    expect(await edit("800")).toBe("Paid gig is up to date.");
    expect(await edit("1000")).toBe("Paid gig is up to date.");
    expect(await edit("950")).toBe("Paid gig is up to date.");
    // Cleared (the box sent empty: it was kept, the fee could not be removed): no fee agreed any more, with the money in.
    expect(await edit("")).toBe("Paid gig is up to date. €900.00 has been received for it already, and it has no fee agreed now.");
    expect((await db.event.findUniqueOrThrow({ where: { id: created.id } })).feeMinor).toBeNull();
  });

  test("a member's fee is refused with 403 under the field, on PATCH and on create, and nothing changes", async () => {
    const b = await band();
    const created = await body<{ id: number; version: number }>(await createApi(b.id, { title: "Gig", kind: "gig", date: inDays(20), startTime: "20:00", fee: "300" }, b.cookies.leader));
    const patched = await patchApi(created.id, { version: 1, fee: "1", title: "Cheap gig" }, b.cookies.member);
    expect(patched.status).toBe(403);
    expect(await body<Errors>(patched)).toEqual({ message: MESSAGES.feeNotAllowed });
    expect(await db.event.findUniqueOrThrow({ where: { id: created.id }, select: { feeMinor: true, title: true, version: true } })).toEqual({ feeMinor: 30000, title: "Gig", version: 1 });
    // Without a fee the member's edit goes through and the fee stays.
    expect((await patchApi(created.id, { version: 1, title: "Club gig" }, b.cookies.member)).status).toBe(200);
    expect((await db.event.findUniqueOrThrow({ where: { id: created.id } })).feeMinor).toBe(30000);

    const memberCreate = await createApi(b.id, { title: "Their gig", kind: "gig", date: inDays(21), startTime: "20:00", fee: 500 }, b.cookies.member);
    expect(memberCreate.status).toBe(403);
    expect(await db.event.count({ where: { bandId: b.id, title: "Their gig" } })).toBe(0);
  });

  test("an answer deadline already past is refused under its field on create and when changed on edit; an old event keeps its own", async () => {
    const b = await band();
    const past = await createApi(b.id, { title: "Gig", kind: "gig", date: inDays(20), startTime: "20:00", rsvpDeadline: inDays(-2) }, b.cookies.leader);
    expect(past.status).toBe(400);
    expect((await body<Errors>(past)).errors).toEqual({ rsvpDeadline: [MESSAGES.deadlinePast] });
    const form = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form: { title: "Gig", kind: "gig", date: inDays(20), startTime: "20:00", rsvpDeadline: inDays(-1) } });
    expect(form.status).toBe(400);
    expect((await body<{ result: { error: Record<string, string[]> } }>(form)).result.error.rsvpDeadline).toEqual([MESSAGES.deadlinePast]);
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(0);

    const created = await body<{ id: number }>(await createApi(b.id, { title: "Gig", kind: "gig", date: inDays(20), startTime: "20:00", rsvpDeadline: inDays(5) }, b.cookies.leader));
    const changed = await patchApi(created.id, { version: 1, rsvpDeadline: inDays(-3) }, b.cookies.leader);
    expect(changed.status).toBe(400);
    expect((await body<Errors>(changed)).errors).toEqual({ rsvpDeadline: [MESSAGES.deadlinePast] });
    // A deadline that has since passed is sent back unchanged by the edit form: that edit is fine.
    await db.event.update({ where: { id: created.id }, data: { rsvpDeadline: startOfLocalDay(addDays(parseLocalDate(inDays(-2))!, 1), "Europe/Berlin") } });
    const form2 = await call(editPage.action, "POST", `/events/${created.id}/edit`, { id: String(created.id) }, { cookie: b.cookies.leader, form: { ...(await editDefaults(created.id, b.cookies.leader)), notes: "Bring the banner" } });
    expect(form2.status).toBe(302);
  });
});

async function editDefaults(id: number, cookie: string) {
  const page = await body<{ defaults: Record<string, unknown>; event: { version: number } }>(await call(editPage.loader, "GET", `/events/${id}/edit`, { id: String(id) }, { cookie }));
  const fields = Object.fromEntries(Object.entries(page.defaults).filter(([, v]) => typeof v === "string" || typeof v === "number").map(([k, v]) => [k, String(v)]));
  return { ...fields, version: String(page.event.version) };
}

describe("recurring rehearsals", () => {
  async function series(b: Awaited<ReturnType<typeof band>>) {
    const created = await body<{ id: number; ids: number[] }>(
      await createApi(b.id, { title: "Rehearsal", kind: "rehearsal", date: "2026-03-12", startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 6, lineup: [{ membershipId: b.membershipOf("member"), instrument: "Bass" }] }, b.cookies.leader),
    );
    return created.ids;
  }
  const starts = async (ids: number[]) =>
    (await db.event.findMany({ where: { id: { in: ids } }, orderBy: { startsAt: "asc" }, select: { startsAt: true, title: true, seriesId: true } })).map((e) => ({ ...e, startsAt: e.startsAt.toISOString() }));

  test("weekly at the same local time across the clock change, with the lineup on each", async () => {
    const b = await band("Europe/Berlin");
    const ids = await series(b);
    expect(ids).toHaveLength(6);
    const all = await starts(ids);
    // 19:00 in Berlin: 18:00 UTC before 29 March, 17:00 UTC after.
    expect(all.map((e) => e.startsAt)).toEqual([
      "2026-03-12T18:00:00.000Z",
      "2026-03-19T18:00:00.000Z",
      "2026-03-26T18:00:00.000Z",
      "2026-04-02T17:00:00.000Z",
      "2026-04-09T17:00:00.000Z",
      "2026-04-16T17:00:00.000Z",
    ]);
    expect(await db.eventBooking.count({ where: { eventId: { in: ids } } })).toBe(6);
    const rule = await db.eventSeries.findFirstOrThrow({ where: { bandId: b.id } });
    expect(rule.timeZone).toBe("Europe/Berlin");
    expect(rule.rrule).toMatch(/^FREQ=WEEKLY;(INTERVAL=1;)?COUNT=6$/);
  });

  test("an all-day series: each day runs from local midnight to the next, the clocks' change days too", async () => {
    const days = async (ids: number[]) =>
      (await db.event.findMany({ where: { id: { in: ids } }, orderBy: { startsAt: "asc" }, select: { startsAt: true, endsAt: true } })).map((e) => [e.startsAt.toISOString(), e.endsAt?.toISOString()]);
    const b = await band("America/New_York");
    // 14 March 2027 has 23 hours in New York; 7 November 2027 has 25.
    const spring = await body<{ ids: number[] }>(await createApi(b.id, { title: "Festival weekend", kind: "gig", allDay: true, date: "2027-03-07", repeat: "weekly", count: 3 }, b.cookies.leader));
    expect(await days(spring.ids)).toEqual([
      ["2027-03-07T05:00:00.000Z", "2027-03-08T05:00:00.000Z"],
      ["2027-03-14T05:00:00.000Z", "2027-03-15T04:00:00.000Z"],
      ["2027-03-21T04:00:00.000Z", "2027-03-22T04:00:00.000Z"],
    ]);
    const autumn = await body<{ ids: number[] }>(await createApi(b.id, { title: "Market", kind: "other", allDay: true, date: "2027-10-31", endDate: "2027-11-01", repeat: "weekly", count: 2 }, b.cookies.leader));
    expect(await days(autumn.ids)).toEqual([
      ["2027-10-31T04:00:00.000Z", "2027-11-02T04:00:00.000Z"],
      ["2027-11-07T04:00:00.000Z", "2027-11-09T05:00:00.000Z"],
    ]);
    // A timed series made all-day keeps to local days too.
    const timed = await body<{ ids: number[] }>(await createApi(b.id, { title: "Rehearsal", kind: "rehearsal", date: "2027-03-07", startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 2 }, b.cookies.leader));
    const first = await db.event.findUniqueOrThrow({ where: { id: timed.ids[0]! } });
    expect((await patchApi(first.id, { version: first.version, scope: "all", allDay: true }, b.cookies.leader)).status).toBe(200);
    expect(await days(timed.ids)).toEqual([
      ["2027-03-07T05:00:00.000Z", "2027-03-08T05:00:00.000Z"],
      ["2027-03-14T05:00:00.000Z", "2027-03-15T04:00:00.000Z"],
    ]);
    // A whole-series move takes the 23-hour day along: it was not changed on its own.
    const festival = await db.event.findUniqueOrThrow({ where: { id: spring.ids[0]! } });
    expect((await patchApi(festival.id, { version: festival.version, scope: "all", date: "2027-03-08" }, b.cookies.leader)).status).toBe(200);
    expect(await days(spring.ids)).toEqual([
      ["2027-03-08T05:00:00.000Z", "2027-03-09T05:00:00.000Z"],
      ["2027-03-15T04:00:00.000Z", "2027-03-16T04:00:00.000Z"],
      ["2027-03-22T04:00:00.000Z", "2027-03-23T04:00:00.000Z"],
    ]);
  });

  test("the end given is the one used: a date typed under Until while Ends said a number of times; both sent to the API without repeatEnds is refused", async () => {
    const b = await band("Europe/Berlin");
    const form = { title: "Rehearsal", kind: "rehearsal", date: "2027-02-01", startTime: "19:00", endTime: "21:00", repeat: "weekly", repeatEnds: "count", count: "", until: "2027-03-01", interval: "1", timeZone: "Europe/Berlin", status: "confirmed" };
    const created = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form });
    expect(created.status).toBe(302);
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(5);
    // And the other way round.
    const counted = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form: { ...form, title: "Gig run", repeatEnds: "until", count: "3", until: "" } });
    expect(counted.status).toBe(302);
    expect(await db.event.count({ where: { bandId: b.id, title: "Gig run" } })).toBe(3);

    const both = await createApi(b.id, { title: "Rehearsal", kind: "rehearsal", date: "2027-02-01", startTime: "19:00", repeat: "weekly", count: 3, until: "2027-05-20" }, b.cookies.leader);
    expect(both.status).toBe(400);
    expect((await body<Errors>(both)).errors).toEqual({ repeatEnds: [MESSAGES.countAndUntil] });
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(8);
    // Saying which is enough.
    const said = await body<{ ids: number[] }>(await createApi(b.id, { title: "Rehearsal", kind: "rehearsal", date: "2027-06-01", startTime: "19:00", repeat: "weekly", repeatEnds: "count", count: 3, until: "2027-09-20" }, b.cookies.leader));
    expect(said.ids).toHaveLength(3);
  });

  test("the form says how many it created; deleting the following ones goes back to the month they were in", async () => {
    const b = await band("Europe/Berlin");
    const form = { title: "Rehearsal", kind: "rehearsal", date: "2026-03-12", startTime: "19:00", endTime: "21:00", repeat: "weekly", repeatEnds: "count", count: "6", interval: "1", timeZone: "Europe/Berlin", status: "confirmed" };
    const created = await call(newEventPage.action, "POST", "/events/new", {}, { cookie: b.cookies.leader, form });
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toMatchObject({ title: "Event created", description: "Rehearsal and 5 more in the series are on the calendar." });
    const ids = (await db.event.findMany({ where: { bandId: b.id }, orderBy: { startsAt: "asc" }, select: { id: true } })).map((e) => e.id);
    // From the fourth (2 April) on: back to April, not to today's month.
    const deleted = await call(eventPage.action, "POST", `/events/${ids[3]}`, { id: String(ids[3]) }, { cookie: b.cookies.leader, form: { intent: "delete", scope: "following" } });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/calendar?month=2026-04");
    expect(await toastOf(deleted)).toMatchObject({ title: "Event deleted", description: "3 events of the series are gone." });
    expect(await db.event.count({ where: { bandId: b.id } })).toBe(3);
  });

  test("edit one occurrence, this and the following ones, or the whole series", async () => {
    const b = await band("Europe/Berlin");
    const ids = await series(b);
    const version = async (id: number) => (await db.event.findUniqueOrThrow({ where: { id } })).version;

    // One: only the third moves to 20:00.
    expect((await patchApi(ids[2]!, { version: await version(ids[2]!), scope: "one", startTime: "20:00", endTime: "22:00" }, b.cookies.leader)).status).toBe(200);
    let all = await starts(ids);
    expect(all[2]!.startsAt).toBe("2026-03-26T19:00:00.000Z");
    expect(all[3]!.startsAt).toBe("2026-04-02T17:00:00.000Z");

    // Following: from the fourth on, a new title and a new series.
    expect((await patchApi(ids[3]!, { version: await version(ids[3]!), scope: "following", title: "Spring rehearsal" }, b.cookies.leader)).status).toBe(200);
    all = await starts(ids);
    expect(all.map((e) => e.title)).toEqual(["Rehearsal", "Rehearsal", "Rehearsal", "Spring rehearsal", "Spring rehearsal", "Spring rehearsal"]);
    expect(all[3]!.seriesId).not.toBe(all[0]!.seriesId);
    expect(all[5]!.seriesId).toBe(all[3]!.seriesId);

    // All (of the first series): a day later at 18:30, local time kept across the clock change;
    // the third, moved on its own to 20:00, keeps its own time.
    expect((await patchApi(ids[0]!, { version: await version(ids[0]!), scope: "all", date: "2026-03-13", startTime: "18:30", endTime: "20:30" }, b.cookies.leader)).status).toBe(200);
    all = await starts(ids);
    expect(all.slice(0, 3).map((e) => e.startsAt)).toEqual(["2026-03-13T17:30:00.000Z", "2026-03-20T17:30:00.000Z", "2026-03-26T19:00:00.000Z"]);
    expect(all[3]!.startsAt).toBe("2026-04-02T17:00:00.000Z");
  });

  test("a whole-series edit to a time the clocks skip on one of its dates is refused under the start time, and changes nothing", async () => {
    const b = await band("Europe/Berlin");
    // Sundays 15, 22 and 29 March 2026 at 19:00; Berlin skips 02:00-03:00 on the 29th.
    const created = await createApi(b.id, { title: "Sunday session", kind: "rehearsal", date: "2026-03-15", startTime: "19:00", endTime: "20:00", repeat: "weekly", count: 3 }, b.cookies.leader);
    expect(created.status).toBe(201);
    const first = await db.event.findFirstOrThrow({ where: { bandId: b.id, title: "Sunday session" }, orderBy: { startsAt: "asc" } });
    const before = await db.event.findMany({ where: { seriesId: first.seriesId }, orderBy: { startsAt: "asc" }, select: { startsAt: true, version: true } });
    for (const scope of ["all", "following"]) {
      const refused = await patchApi(first.id, { version: first.version, scope, startTime: "02:30", endTime: "03:30" }, b.cookies.leader);
      expect(refused.status).toBe(400);
      expect((await body<Errors>(refused)).errors!.startTime).toEqual([
        "02:30 does not exist on Mar 29, 2026 in Europe/Berlin, a date of this series: the clocks go forward then. Choose another time, or end the series before that date",
      ]);
    }
    expect(await db.event.findMany({ where: { seriesId: first.seriesId }, orderBy: { startsAt: "asc" }, select: { startsAt: true, version: true } })).toEqual(before);
    // Another time is taken.
    expect((await patchApi(first.id, { version: first.version, scope: "all", startTime: "03:30", endTime: "04:30" }, b.cookies.leader)).status).toBe(200);
  });

  test("a whole-series edit keeps what single occurrences changed on their own, and applies the rest", async () => {
    const b = await band("Europe/Berlin");
    const ids = await series(b); // Thursdays 12 March to 16 April, 19:00-21:00, Max on bass
    const version = async (id: number) => (await db.event.findUniqueOrThrow({ where: { id } })).version;
    const one = async (id: number, json: Record<string, unknown>) => expect((await patchApi(id, { version: await version(id), scope: "one", ...json }, b.cookies.leader)).status).toBe(200);
    await one(ids[1]!, { venueName: "Studio B" });
    await one(ids[2]!, { title: "Late rehearsal", startTime: "20:00", endTime: "22:00" });
    await db.event.update({ where: { id: ids[3]! }, data: { cancelledAt: new Date(), cancelReason: "Easter" } });
    await one(ids[4]!, { lineup: [{ membershipId: b.membershipOf("member"), instrument: "Bass" }, { membershipId: b.membershipOf("sub"), instrument: "Drums" }] });

    // The whole series: a new title, venue and notes, an hour earlier.
    const all = await patchApi(ids[0]!, { version: await version(ids[0]!), scope: "all", title: "Band practice", venueName: "Rehearsal room", notes: "Bring earplugs", startTime: "18:00", endTime: "20:00" }, b.cookies.leader);
    expect(all.status).toBe(200);
    const events = await db.event.findMany({
      where: { id: { in: ids } },
      orderBy: { id: "asc" },
      select: { title: true, venueName: true, notes: true, startsAt: true, occurrenceAt: true, cancelReason: true, bookings: { select: { membershipId: true }, orderBy: { membershipId: "asc" } } },
    });
    const row = (index: number) => ({ ...events[index]!, startsAt: events[index]!.startsAt.toISOString(), occurrenceAt: events[index]!.occurrenceAt?.toISOString(), bookings: events[index]!.bookings.map((x) => x.membershipId) });
    const max = [b.membershipOf("member")];
    // Untouched occurrences take everything.
    expect(row(0)).toMatchObject({ title: "Band practice", venueName: "Rehearsal room", notes: "Bring earplugs", startsAt: "2026-03-12T17:00:00.000Z", bookings: max });
    expect(row(5)).toMatchObject({ title: "Band practice", venueName: "Rehearsal room", startsAt: "2026-04-16T16:00:00.000Z", bookings: max });
    // Its own venue stays; the rest (title, notes, the new time) applies.
    expect(row(1)).toMatchObject({ title: "Band practice", venueName: "Studio B", notes: "Bring earplugs", startsAt: "2026-03-19T17:00:00.000Z" });
    // Its own title and time stay; its place in the rule moves with the series.
    expect(row(2)).toMatchObject({ title: "Late rehearsal", venueName: "Rehearsal room", notes: "Bring earplugs", startsAt: "2026-03-26T19:00:00.000Z", occurrenceAt: "2026-03-26T17:00:00.000Z" });
    // Cancelled stays cancelled.
    expect(row(3)).toMatchObject({ cancelReason: "Easter", startsAt: "2026-04-02T16:00:00.000Z" });
    // Its own lineup stays.
    expect(row(4)).toMatchObject({ title: "Band practice", bookings: [b.membershipOf("member"), b.membershipOf("sub")].sort((x, y) => x - y) });
  });

  test("a whole-series edit from an occurrence changed on its own sends only what the edit changed: its own title and time stay its own", async () => {
    const b = await band("Europe/Berlin");
    const ids = await series(b);
    const version = async (id: number) => (await db.event.findUniqueOrThrow({ where: { id } })).version;
    expect((await patchApi(ids[1]!, { version: await version(ids[1]!), scope: "one", title: "Own title", startTime: "20:00", endTime: "22:00" }, b.cookies.leader)).status).toBe(200);
    const before = await starts(ids);
    for (const scope of ["all", "following"]) {
      expect((await patchApi(ids[1]!, { version: await version(ids[1]!), scope, venueName: `Hall ${scope}` }, b.cookies.leader)).status).toBe(200);
    }
    const after = await db.event.findMany({ where: { id: { in: ids } }, orderBy: { startsAt: "asc" }, select: { title: true, venueName: true, startsAt: true } });
    expect(after.map((e) => e.title)).toEqual(["Rehearsal", "Own title", "Rehearsal", "Rehearsal", "Rehearsal", "Rehearsal"]);
    expect(after.map((e) => e.startsAt.toISOString())).toEqual(before.map((e) => e.startsAt));
    expect(after.map((e) => e.venueName)).toEqual(["Hall all", "Hall following", "Hall following", "Hall following", "Hall following", "Hall following"]);
  });

  test("a series made in another zone than the band's keeps its times when edited in the band's", async () => {
    const b = await band("America/Chicago");
    // Wednesdays 20:00 in Berlin, across the American (14 March) and European (28 March) clock changes.
    const created = await body<{ ids: number[] }>(
      await createApi(b.id, { title: "Proben", kind: "rehearsal", date: "2027-03-03", startTime: "20:00", endTime: "22:00", timeZone: "Europe/Berlin", repeat: "weekly", count: 5 }, b.cookies.leader),
    );
    const before = await starts(created.ids);
    expect(before.map((e) => e.startsAt)).toEqual(["2027-03-03T19:00:00.000Z", "2027-03-10T19:00:00.000Z", "2027-03-17T19:00:00.000Z", "2027-03-24T19:00:00.000Z", "2027-03-31T18:00:00.000Z"]);
    const third = created.ids[2]!;
    expect((await patchApi(third, { version: 1, scope: "all", venueName: "Proberaum" }, b.cookies.leader)).status).toBe(200);
    expect(await starts(created.ids)).toEqual(before);
    // The edit form (in the band's zone) saves the same times back.
    const form = await body<{ defaults: Record<string, string> }>(await call(editPage.loader, "GET", `/events/${third}/edit`, { id: String(third) }, { cookie: b.cookies.leader }));
    expect(form.defaults).toMatchObject({ startTime: "14:00", timeZone: "America/Chicago" });
    expect((await patchApi(third, { version: 2, scope: "all", notes: "Bring earplugs" }, b.cookies.leader)).status).toBe(200);
    expect(await starts(created.ids)).toEqual(before);
  });

  test("cancel this and the following occurrences; delete the whole series", async () => {
    const b = await band();
    const ids = await series(b);
    const cancel = await call(eventPage.action, "POST", `/events/${ids[4]}`, { id: String(ids[4]) }, { cookie: b.cookies.leader, form: { intent: "cancel", reason: "Summer break", scope: "following" } });
    expect(cancel.status).toBe(302);
    const cancelled = await db.event.findMany({ where: { id: { in: ids } }, orderBy: { startsAt: "asc" }, select: { cancelReason: true } });
    expect(cancelled.map((e) => e.cancelReason)).toEqual([null, null, null, null, "Summer break", "Summer break"]);

    // A key a DELETE's body does not have is refused, not ignored (and nothing goes).
    const odd = await call(eventApi.action, "DELETE", `/api/events/${ids[1]}`, { id: String(ids[1]) }, { cookie: b.cookies.leader, json: { scopes: "all" } });
    expect(odd.status).toBe(400);
    expect(await db.event.count({ where: { id: { in: ids } } })).toBe(6);
    // The scope in the body, as a client may send it: the whole series, not one event.
    const del = await call(eventApi.action, "DELETE", `/api/events/${ids[1]}`, { id: String(ids[1]) }, { cookie: b.cookies.leader, json: { scope: "all" } });
    expect(await body(del)).toEqual({ deleted: 6 });
    expect(await db.eventSeries.count({ where: { bandId: b.id } })).toBe(0);
  });

  test("an event with money recorded against it is refused deletion (cancelled instead), alone or with its series; the others still go", async () => {
    const b = await band();
    const ids = await series(b);
    const { recordTestMoney } = await import("#tests/helpers/finances");
    const fee = await recordTestMoney(b.id, "payment", 50_000);
    await db.payment.update({ where: { entryId: fee.id }, data: { eventId: ids[2] } });
    const expense = await recordTestMoney(b.id, "expense", 4_000);
    const single = (await body<{ id: number }>(await createApi(b.id, { title: "Pub gig", kind: "gig", date: inDays(40), startTime: "20:00" }, b.cookies.leader))).id;
    await db.expense.update({ where: { entryId: expense.id }, data: { eventId: single } });

    const page = await call(eventPage.action, "POST", `/events/${single}`, { id: String(single) }, { cookie: b.cookies.leader, form: { intent: "delete", scope: "one" } });
    expect(page.status).toBe(409);
    expect(JSON.stringify(await body(page))).toContain("“Pub gig” has money recorded in the band’s ledger, so it can’t be deleted. Cancel it instead");
    const api = await call(eventApi.action, "DELETE", `/api/events/${ids[0]}?scope=all`, { id: String(ids[0]) }, { cookie: b.cookies.leader });
    expect(api.status).toBe(409);
    expect(JSON.stringify(await body(api))).toContain(MESSAGES.hasMoney("", true));
    // Nothing went, and the money is still linked to its events.
    expect(await db.event.count({ where: { id: { in: [...ids, single] } } })).toBe(ids.length + 1);
    expect((await db.payment.findUniqueOrThrow({ where: { entryId: fee.id } })).eventId).toBe(ids[2]);
    // An occurrence without money still goes; cancelling the one with money works.
    expect((await call(eventApi.action, "DELETE", `/api/events/${ids[0]}?scope=one`, { id: String(ids[0]) }, { cookie: b.cookies.leader })).status).toBe(200);
    const cancel = await call(eventPage.action, "POST", `/events/${single}`, { id: String(single) }, { cookie: b.cookies.leader, form: { intent: "cancel", reason: "Venue closed", scope: "one" } });
    expect(cancel.status).toBe(302);
    expect((await db.expense.findUniqueOrThrow({ where: { entryId: expense.id } })).eventId).toBe(single);
  });

  test("a gig with its fee paid stays a gig: made a rehearsal on the page, through the API or with its series, it is refused and keeps its fee; one without payments changes", async () => {
    const b = await band();
    const { recordTestMoney } = await import("#tests/helpers/finances");
    const gig = (await body<{ id: number }>(await createApi(b.id, { title: "Pub gig", kind: "gig", date: inDays(40), startTime: "20:00", fee: "500" }, b.cookies.leader))).id;
    const paid = await recordTestMoney(b.id, "payment", 50_000);
    await db.payment.update({ where: { entryId: paid.id }, data: { eventId: gig } });
    const message = "“Pub gig” has payments recorded in the band’s ledger as its gig fee, so it stays a gig. Keep it a gig, or reverse its payments first";

    const page = await call(editPage.action, "POST", `/events/${gig}/edit`, { id: String(gig) }, { cookie: b.cookies.leader, form: { ...(await editDefaults(gig, b.cookies.leader)), kind: "rehearsal", fee: "", confirmConflicts: "on" } });
    expect(page.status).toBe(409);
    // Said under Kind; not the "someone else saved first" of a stale form, which it is not.
    expect(await body(page)).toMatchObject({ stale: false, result: { error: { kind: [message] } } });
    // Renamed in the same edit, it is still named as it is saved (the new title is not saved either).
    const api = await patchApi(gig, { version: 1, kind: "rehearsal", title: "Renamed" }, b.cookies.leader);
    expect(api.status).toBe(409);
    expect(await body(api)).toMatchObject({ message });
    expect(await db.event.findUniqueOrThrow({ where: { id: gig }, select: { kind: true, feeMinor: true, version: true } })).toEqual({ kind: "gig", feeMinor: 50_000, version: 1 });
    // Its other fields still change.
    expect((await patchApi(gig, { version: 1, venueName: "The Anchor" }, b.cookies.leader)).status).toBe(200);

    // A series of gigs made rehearsals all at once: refused as a whole while one of them is paid.
    const { ids } = await body<{ ids: number[] }>(await createApi(b.id, { title: "Residency", kind: "gig", date: inDays(50), startTime: "21:00", repeat: "weekly", count: 3 }, b.cookies.leader));
    await db.payment.update({ where: { entryId: paid.id }, data: { eventId: ids[2] } });
    const all = await patchApi(ids[0]!, { version: 1, scope: "all", kind: "rehearsal" }, b.cookies.leader);
    expect(all.status).toBe(409);
    expect(await db.event.count({ where: { id: { in: ids }, kind: "gig" } })).toBe(3);
    // A payment reversed (recorded against the wrong gig) no longer keeps it a gig: the
    // reversal names the gig too, and the two cancel out.
    await db.payment.update({ where: { entryId: paid.id }, data: { eventId: gig } });
    expect((await patchApi(gig, { version: 2, kind: "rehearsal" }, b.cookies.leader)).status).toBe(409);
    const reversal = await recordTestMoney(b.id, "payment", -50_000, "Reversal of the gig fee");
    await db.ledgerEntry.update({ where: { id: reversal.id }, data: { reversesId: paid.id } });
    await db.payment.update({ where: { entryId: reversal.id }, data: { eventId: gig } });
    // Without payments, a gig becomes a rehearsal (and loses the fee only a gig has).
    expect((await patchApi(gig, { version: 2, kind: "rehearsal" }, b.cookies.leader)).status).toBe(200);
    expect(await db.event.findUniqueOrThrow({ where: { id: gig }, select: { kind: true, feeMinor: true } })).toEqual({ kind: "rehearsal", feeMinor: null });
  });

  test("an edit that puts events on other days clears their answers (everyone booked is asked again); a new time on the same day keeps them", async () => {
    const b = await band("Europe/Berlin");
    const { ids } = await body<{ ids: number[] }>(
      await createApi(b.id, { title: "Rehearsal", kind: "rehearsal", date: "2027-02-02", startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 4, lineup: [{ membershipId: b.membershipOf("member"), instrument: "Bass" }] }, b.cookies.leader),
    );
    for (const id of ids) {
      const booking = await db.eventBooking.findFirstOrThrow({ where: { eventId: id } });
      await db.rsvp.create({ data: { bookingId: booking.id, answer: "no", note: "Away that day" } });
    }
    const answers = async (of: number[]) =>
      (await db.event.findMany({ where: { id: { in: of } }, orderBy: { id: "asc" }, select: { bookings: { select: { rsvp: { select: { answer: true } } } } } })).map((e) => e.bookings[0]?.rsvp?.answer ?? null);
    const edit = async (id: number, form: Record<string, string>) =>
      call(editPage.action, "POST", `/events/${id}/edit`, { id: String(id) }, {
        cookie: b.cookies.leader,
        form: { ...(await editDefaults(id, b.cookies.leader)), "lineup[0].membershipId": String(b.membershipOf("member")), "lineup[0].instrument": "Bass", confirmConflicts: "on", ...form },
      });

    // Every two weeks: the first stays on Feb 2, the others go to Feb 16, Mar 2 and Mar 16.
    // Their answers were for Feb 9, 16 and 23: none of them stays with its event.
    const everyOther = await edit(ids[0]!, { interval: "2", scope: "all" });
    expect(everyOther.status).toBe(302);
    expect(await toastOf(everyOther)).toMatchObject({ description: "Rehearsal is up to date. On another day now: 3 answers were cleared, and everyone booked is asked again." });
    expect(await answers(ids)).toEqual(["no", null, null, null]);
    // A later start on the same days keeps what was answered.
    const later = await edit(ids[0]!, { startTime: "20:00", endTime: "22:00", scope: "all" });
    expect(await toastOf(later)).toMatchObject({ description: "Rehearsal is up to date." });
    expect(await answers(ids)).toEqual(["no", null, null, null]);
    // One event moved to another day on its own (the API too) asks again.
    expect((await patchApi(ids[0]!, { version: (await db.event.findUniqueOrThrow({ where: { id: ids[0]! } })).version, scope: "one", date: "2027-02-03" }, b.cookies.leader)).status).toBe(200);
    expect(await answers(ids)).toEqual([null, null, null, null]);
  });

  test("an event moved to another day asks everyone booked again: the scheduler chases them anew, naming the new day", async () => {
    const b = await band("Europe/Berlin");
    clearOutbox();
    const gig = await body<{ id: number }>(await createApi(b.id, { title: "Moving gig", kind: "gig", date: inDays(20), startTime: "20:00", lineup: [{ membershipId: b.membershipOf("member") }, { membershipId: b.membershipOf("sub") }] }, b.cookies.leader));
    // Booked a week ago: the member answered, the sub was chased three days after being booked.
    await db.eventBooking.updateMany({ where: { eventId: gig.id }, data: { createdAt: new Date(Date.now() - 7 * 86_400_000) } });
    await runReminderPass();
    const chases = () => readOutbox().filter((mail) => mail.subject.startsWith("Can you make it? Moving gig"));
    expect(chases().map((mail) => mail.to)).toEqual([b.people.member.email, b.people.sub.email]);
    const memberBooking = await db.eventBooking.findFirstOrThrow({ where: { eventId: gig.id, membershipId: b.membershipOf("member") } });
    await db.rsvp.create({ data: { bookingId: memberBooking.id, answer: "going" } });
    await runReminderPass();
    expect(chases()).toHaveLength(2);

    const version = (await db.event.findUniqueOrThrow({ where: { id: gig.id } })).version;
    expect((await patchApi(gig.id, { version, date: inDays(21) }, b.cookies.leader)).status).toBe(200);
    clearOutbox();
    await runReminderPass();
    const day = formatDayLong(inDays(21));
    expect(chases().map((mail) => [mail.to, mail.subject])).toEqual([
      [b.people.member.email, `Can you make it? Moving gig on ${day}`],
      [b.people.sub.email, `Can you make it? Moving gig on ${day}`],
    ]);
    // Once each, as before.
    await runReminderPass();
    expect(chases()).toHaveLength(2);
  });

  test("a series' answer deadline stays the same number of days before each event, at the end of that day, across a clock change between the two", async () => {
    const b = await band("Europe/Berlin");
    // Sundays at 19:00 from Oct 17, 2027, answers by the Friday before. Berlin falls back on
    // Sunday Oct 31 at 03:00: that event's Friday deadline is in summer time, its start in winter.
    const created = await createApi(b.id, { title: "Sunday rehearsal", kind: "rehearsal", date: "2027-10-17", startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 4, rsvpDeadline: "2027-10-15" }, b.cookies.leader);
    expect(created.status).toBe(201);
    const { ids } = await body<{ ids: number[] }>(created);
    const events = await db.event.findMany({ where: { id: { in: ids } }, orderBy: { startsAt: "asc" }, select: { id: true, startsAt: true, rsvpDeadline: true } });
    // Answers close at the end of each Friday in Berlin: the start of Saturday there.
    expect(events.map((event) => event.rsvpDeadline!.toISOString())).toEqual([
      startOfLocalDay(parseLocalDate("2027-10-16")!, "Europe/Berlin").toISOString(),
      startOfLocalDay(parseLocalDate("2027-10-23")!, "Europe/Berlin").toISOString(),
      startOfLocalDay(parseLocalDate("2027-10-30")!, "Europe/Berlin").toISOString(),
      startOfLocalDay(parseLocalDate("2027-11-06")!, "Europe/Berlin").toISOString(),
    ]);
    const page = await body<{ event: { deadline: string } }>(await call(eventPage.loader, "GET", `/events/${events[2]!.id}`, { id: String(events[2]!.id) }, { cookie: b.cookies.leader }));
    expect(page.event.deadline).toBe("Oct 29, 2027");
  });

  test("a series moved by an edit of all its events keeps the answers of the rehearsals already held", async () => {
    const b = await band("Europe/Berlin");
    const { ids } = await body<{ ids: number[] }>(
      await createApi(b.id, { title: "Held rehearsal", kind: "rehearsal", date: inDays(-22), startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 3, lineup: [{ membershipId: b.membershipOf("member"), instrument: "Bass" }] }, b.cookies.leader),
    );
    for (const id of ids) {
      const booking = await db.eventBooking.findFirstOrThrow({ where: { eventId: id } });
      await db.rsvp.create({ data: { bookingId: booking.id, answer: "going" } });
    }
    const edited = await call(editPage.action, "POST", `/events/${ids[0]}/edit`, { id: String(ids[0]) }, {
      cookie: b.cookies.leader,
      form: { ...(await editDefaults(ids[0]!, b.cookies.leader)), "lineup[0].membershipId": String(b.membershipOf("member")), "lineup[0].instrument": "Bass", interval: "2", scope: "all", confirmConflicts: "on" },
    });
    expect(edited.status).toBe(302);
    expect(await toastOf(edited)).toMatchObject({ description: "Held rehearsal is up to date." });
    expect(await db.rsvp.count({ where: { booking: { eventId: { in: ids } } } })).toBe(3);
  });

  test("a series edited after the band's time zone changed puts every date at the time typed, in the band's zone now", async () => {
    const b = await band("UTC");
    const { ids } = await body<{ ids: number[] }>(await createApi(b.id, { title: "Rehearsal", kind: "rehearsal", date: "2027-03-16", startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 4 }, b.cookies.leader));
    await db.band.update({ where: { id: b.id }, data: { timeZone: "Europe/London" } });
    const edited = await call(editPage.action, "POST", `/events/${ids[2]}/edit`, { id: String(ids[2]) }, {
      cookie: b.cookies.leader,
      form: { ...(await editDefaults(ids[2]!, b.cookies.leader)), startTime: "19:00", endTime: "21:00", timeZone: "Europe/London", scope: "all" },
    });
    expect(edited.status).toBe(302);
    // 19:00 in London: GMT (UTC) before 28 March, BST (UTC+1) after.
    expect((await starts(ids)).map((e) => e.startsAt)).toEqual(["2027-03-16T19:00:00.000Z", "2027-03-23T19:00:00.000Z", "2027-03-30T18:00:00.000Z", "2027-04-06T18:00:00.000Z"]);
    const rule = await ruleAndEvents((await db.event.findUniqueOrThrow({ where: { id: ids[0]! } })).seriesId!);
    expect(rule.expanded).toEqual(rule.starts);
  });

  test("a series with an answer deadline, edited after the band's zone moved across a different clock change, puts every date at the time typed", async () => {
    const b = await band("America/Chicago");
    const { ids } = await body<{ ids: number[] }>(
      await createApi(b.id, { title: "DST series", kind: "rehearsal", date: "2027-03-02", startTime: "19:00", endTime: "21:00", rsvpDeadline: "2027-03-01", repeat: "weekly", count: 6 }, b.cookies.leader),
    );
    // The band moves to London as the settings page does it: deadlines keep their dates.
    const { keepAllDayDates } = await import("~/features/events/events.server");
    await db.$transaction((tx) => keepAllDayDates(tx, b.id, "America/Chicago", "Europe/London"));
    await db.band.update({ where: { id: b.id }, data: { timeZone: "Europe/London" } });
    const edited = await call(editPage.action, "POST", `/events/${ids[0]}/edit`, { id: String(ids[0]) }, {
      cookie: b.cookies.leader,
      form: { ...(await editDefaults(ids[0]!, b.cookies.leader)), startTime: "20:00", endTime: "22:00", timeZone: "Europe/London", scope: "all" },
    });
    expect(edited.status).toBe(302);
    const clocks = (await db.event.findMany({ where: { id: { in: ids } }, orderBy: { startsAt: "asc" }, select: { startsAt: true } })).map((e) => toZoned(e.startsAt, "Europe/London"));
    expect(clocks.map((c) => `${c.hour}:${String(c.minute).padStart(2, "0")}`)).toEqual(Array(6).fill("20:00"));
  });

  /** The series' stored rule, expanded from its start in its zone, against its events. */
  async function ruleAndEvents(seriesId: number) {
    const rule = await db.eventSeries.findUniqueOrThrow({ where: { id: seriesId } });
    const match = /^FREQ=WEEKLY;INTERVAL=(\d+);COUNT=(\d+)$/.exec(rule.rrule);
    expect(match, rule.rrule).not.toBeNull();
    const local = toZoned(rule.startsAt, rule.timeZone);
    const expanded = expandWeekly({ localDate: local, startsAt: rule.startsAt, timeZone: rule.timeZone }, { interval: Number(match![1]), count: Number(match![2]) }).occurrences.map((d) => d.toISOString());
    const events = await db.event.findMany({ where: { seriesId }, orderBy: { startsAt: "asc" }, select: { startsAt: true, occurrenceAt: true } });
    return { rrule: rule.rrule, expanded, starts: events.map((e) => e.startsAt.toISOString()), occurrences: events.map((e) => e.occurrenceAt?.toISOString()) };
  }

  test("a whole-series edit to another weekday and interval rewrites the rule to match its events", async () => {
    const b = await band("Europe/Berlin");
    const ids = await series(b); // Thursdays 12 March to 16 April, 19:00
    const seriesId = (await db.event.findUniqueOrThrow({ where: { id: ids[0]! } })).seriesId!;
    const version = async (id: number) => (await db.event.findUniqueOrThrow({ where: { id } })).version;

    // From the third occurrence: two days later (Saturdays), every other week, at 18:00.
    const patched = await patchApi(ids[2]!, { version: await version(ids[2]!), scope: "all", date: "2026-03-28", startTime: "18:00", endTime: "20:00", interval: 2 }, b.cookies.leader);
    expect(patched.status).toBe(200);
    let now = await ruleAndEvents(seriesId);
    expect(now.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;COUNT=6");
    // The series moves as a whole: its first occurrence two days on, then every 14 days, 18:00 Berlin across the clock change.
    expect(now.starts).toEqual(["2026-03-14T17:00:00.000Z", "2026-03-28T17:00:00.000Z", "2026-04-11T16:00:00.000Z", "2026-04-25T16:00:00.000Z", "2026-05-09T16:00:00.000Z", "2026-05-23T16:00:00.000Z"]);
    expect(now.expanded).toEqual(now.starts);
    expect(now.occurrences).toEqual(now.starts);
    const ends = await db.event.findMany({ where: { seriesId }, orderBy: { startsAt: "asc" }, select: { endsAt: true } });
    expect(ends[0]!.endsAt!.toISOString()).toBe("2026-03-14T19:00:00.000Z");

    // This and the following from the fourth: back to weekly, on Sundays; both rules follow their events.
    const fourth = (await db.event.findFirstOrThrow({ where: { seriesId, startsAt: new Date("2026-04-25T16:00:00.000Z") } })).id;
    expect((await patchApi(fourth, { version: await version(fourth), scope: "following", date: "2026-04-26", interval: 1 }, b.cookies.leader)).status).toBe(200);
    now = await ruleAndEvents(seriesId);
    expect(now.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;COUNT=3");
    expect(now.expanded).toEqual(now.starts);
    const newSeries = (await db.event.findUniqueOrThrow({ where: { id: fourth } })).seriesId!;
    expect(newSeries).not.toBe(seriesId);
    const split = await ruleAndEvents(newSeries);
    expect(split.rrule).toBe("FREQ=WEEKLY;INTERVAL=1;COUNT=3");
    expect(split.starts).toEqual(["2026-04-26T16:00:00.000Z", "2026-05-03T16:00:00.000Z", "2026-05-10T16:00:00.000Z"]);
    expect(split.expanded).toEqual(split.starts);

    // Deleting one in the middle leaves a gap the rule still spans (an EXDATE for a feed), not a shifted COUNT.
    const middle = (await db.event.findFirstOrThrow({ where: { seriesId: newSeries, startsAt: new Date("2026-05-03T16:00:00.000Z") } })).id;
    expect((await call(eventApi.action, "DELETE", `/api/events/${middle}?scope=one`, { id: String(middle) }, { cookie: b.cookies.leader })).status).toBe(200);
    const gap = await ruleAndEvents(newSeries);
    expect(gap.rrule).toBe("FREQ=WEEKLY;INTERVAL=1;COUNT=3");
    expect(gap.expanded.filter((start) => !gap.starts.includes(start))).toEqual(["2026-05-03T16:00:00.000Z"]);
  });

  test("a new interval for one occurrence only is refused under its field, and nothing is saved", async () => {
    const b = await band("Europe/Berlin");
    const ids = await series(b);
    const event = await db.event.findUniqueOrThrow({ where: { id: ids[1]! } });
    const response = await call(editPage.action, "POST", `/events/${ids[1]}/edit`, { id: String(ids[1]) }, {
      cookie: b.cookies.leader,
      form: { title: "Moved rehearsal", kind: "rehearsal", date: "2026-03-20", startTime: "19:00", endTime: "21:00", version: String(event.version), scope: "one", interval: "3", "lineup[0].membershipId": String(b.membershipOf("member")) },
    });
    expect(response.status).toBe(400);
    const result = await body<{ result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }>(response);
    expect(result.result.error.interval).toEqual([MESSAGES.intervalScope]);
    // What was typed comes back for the form to show again.
    expect(result.result.initialValue).toMatchObject({ title: "Moved rehearsal", interval: "3" });
    const after = await db.event.findUniqueOrThrow({ where: { id: ids[1]! } });
    expect(after).toMatchObject({ title: "Rehearsal", startsAt: event.startsAt, version: event.version, detached: false });

    // A bad field on a whole-series edit changes none of the series either.
    const bad = await call(editPage.action, "POST", `/events/${ids[1]}/edit`, { id: String(ids[1]) }, {
      cookie: b.cookies.leader,
      form: { title: "Everything moved", kind: "rehearsal", date: "2026-03-29", startTime: "02:30", version: String(event.version), scope: "all" },
    });
    expect(bad.status).toBe(400);
    expect((await body<{ result: { error: Record<string, string[]> } }>(bad)).result.error.startTime![0]).toMatch(/02:30 does not exist/);
    expect(await db.event.count({ where: { id: { in: ids }, title: "Rehearsal" } })).toBe(6);
  });

  test("a stale edit is refused with 409 and changes nothing", async () => {
    const b = await band();
    const [id] = await series(b);
    expect((await patchApi(id!, { version: 1, title: "First" }, b.cookies.leader)).status).toBe(200);
    const stale = await patchApi(id!, { version: 1, title: "Second" }, b.cookies.admin);
    expect(stale.status).toBe(409);
    expect(await body(stale)).toEqual({ message: MESSAGES.stale });
    expect((await db.event.findUniqueOrThrow({ where: { id: id! } })).title).toBe("First");
  });
});

describe("answers", () => {
  async function gig(b: Awaited<ReturnType<typeof band>>, extra: Record<string, unknown> = {}) {
    const lineup = [
      { membershipId: b.membershipOf("member"), instrument: "Drums" },
      { membershipId: b.membershipOf("sub"), instrument: "Bass" },
      { membershipId: b.membershipOf("admin"), instrument: "Vocals" },
    ];
    // Several of these gigs share a time and a lineup on purpose: "Save anyway" past the conflict warning.
    return (await body<{ id: number }>(await createApi(b.id, { title: "Big gig", kind: "gig", date: inDays(5), startTime: "20:00", fee: 500, lineup, confirmConflicts: true, ...extra }, b.cookies.leader))).id;
  }

  test("booked people answer and change their answer; the lineup sums up; history only for leaders and admins", async () => {
    const b = await band();
    const id = await gig(b);
    expect((await rsvp(id, { answer: "maybe" }, b.cookies.member)).status).toBe(200);
    expect(await body(await rsvp(id, { answer: "going", note: "Bringing the kit" }, b.cookies.member))).toMatchObject({ answer: "going", note: "Bringing the kit" });
    // The same answer again (a second tap, a resent form) adds nothing to the history.
    expect((await rsvp(id, { answer: "going", note: "Bringing the kit" }, b.cookies.member)).status).toBe(200);
    expect((await rsvp(id, { answer: "no" }, b.cookies.sub)).status).toBe(200);

    // Not booked: refused.
    const leader = await rsvp(id, { answer: "going" }, b.cookies.leader);
    expect(leader.status).toBe(403);
    expect(await body(leader)).toEqual({ message: MESSAGES.notBooked });
    expect((await rsvp(id, { answer: "perhaps" }, b.cookies.member)).status).toBe(400);

    const page = await body<{ summary: string; coverage: { instrument: string; missing: string | null }[]; lineup: { name: string; history: unknown[] }[]; event: { fee: string | null } }>(
      await call(eventPage.loader, "GET", `/events/${id}`, { id: String(id) }, { cookie: b.cookies.leader }),
    );
    expect(page.summary).toBe("1 of 3 going, 1 can't make it, 1 no answer");
    expect(page.lineup.find((row) => row.name === "Max Member")!.history).toHaveLength(2);
    expect(page.event.fee).toBe("€500.00");

    const asMember = await body<{ lineup: { history: unknown[] }[]; event: { fee: string | null } }>(
      await call(eventPage.loader, "GET", `/events/${id}`, { id: String(id) }, { cookie: b.cookies.member }),
    );
    expect(asMember.lineup.every((row) => row.history.length === 0)).toBe(true);
    expect(asMember.event.fee).toBeNull();
    expect(await db.analyticsEvent.count({ where: { name: "rsvp", bandId: b.id } })).toBe(3);
  });

  test("the same answer sent several times at once is kept once in the history", async () => {
    const b = await band();
    const id = await gig(b);
    const statuses = await Promise.all(Array.from({ length: 6 }, () => rsvp(id, { answer: "going", note: "On my way" }, b.cookies.member).then((r) => r.status)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await db.rsvpHistory.count({ where: { booking: { eventId: id } } })).toBe(1);
    expect(await db.analyticsEvent.count({ where: { name: "rsvp", bandId: b.id } })).toBe(1);
  });

  test("an answer sent as its person is taken off the lineup gets the not-booked refusal, not a 500", async () => {
    const b = await band();
    const id = await gig(b);
    const booking = await db.eventBooking.findFirstOrThrow({ where: { eventId: id, membershipId: b.membershipOf("member") }, select: { id: true } });
    // The lineup edit lands between the answer's first read and its write (another request or process).
    const transaction = db.$transaction.bind(db);
    const spy = vi.spyOn(db, "$transaction").mockImplementationOnce((async (...args: Parameters<typeof transaction>) => {
      await db.eventBooking.delete({ where: { id: booking.id } });
      return transaction(...args);
    }) as typeof db.$transaction);
    const response = await rsvp(id, { answer: "going" }, b.cookies.member);
    spy.mockRestore();
    expect(response.status).toBe(403);
    expect(await body(response)).toEqual({ message: MESSAGES.notBooked });
    expect(await db.rsvp.count({ where: { booking: { eventId: id } } })).toBe(0);
  });

  test("an optional text of invisible characters alone (a zero-width space) is saved as none, as blank is", async () => {
    const b = await band();
    const response = await createApi(b.id, { title: "Quiet gig", kind: "gig", date: inDays(12), startTime: "20:00", venueName: "\u200b", notes: " \u200d " }, b.cookies.leader);
    expect(response.status).toBe(201);
    const { id } = await body<{ id: number }>(response);
    expect(await db.event.findUniqueOrThrow({ where: { id }, select: { venueName: true, notes: true } })).toEqual({ venueName: null, notes: null });
    // And a song's artist and notes.
    const song = await callRoute(bandSongsApi.action, buildRequest(`/api/bands/${b.id}/songs`, { cookie: b.cookies.leader, json: { title: "Hush", artist: "\u200b", notes: "\u2060" } }), { id: String(b.id) });
    expect(song.status).toBe(201);
    expect(await db.song.findFirstOrThrow({ where: { bandId: b.id, title: "Hush" }, select: { artist: true, notes: true } })).toEqual({ artist: null, notes: null });
  });

  test("a gig saved as someone in its lineup leaves the band gets 409 'changed meanwhile', not a 500, and nothing is saved", async () => {
    const b = await band();
    const transaction = db.$transaction.bind(db);
    // The member leaves between the save's checks and its write (another request or process).
    const spy = vi.spyOn(db, "$transaction").mockImplementationOnce((async (...args: Parameters<typeof transaction>) => {
      await db.bandMembership.delete({ where: { id: b.membershipOf("sub") } });
      return transaction(...args);
    }) as typeof db.$transaction);
    const response = await createApi(b.id, { title: "Raced gig", kind: "gig", date: inDays(9), startTime: "20:00", lineup: [{ membershipId: b.membershipOf("sub") }] }, b.cookies.leader);
    spy.mockRestore();
    expect(response.status).toBe(409);
    expect(await body(response)).toEqual({ message: CHANGED_MEANWHILE });
    expect(await db.event.count({ where: { bandId: b.id, title: "Raced gig" } })).toBe(0);
  });

  test("answers stay open past the deadline, marked late, and close when the event starts", async () => {
    const b = await band();
    // A deadline that has passed since (one already past cannot be set).
    const late = await gig(b, { rsvpDeadline: inDays(1) });
    expect((await rsvp(late, { answer: "going" }, b.cookies.member)).status).toBe(200);
    await db.event.update({ where: { id: late }, data: { rsvpDeadline: new Date(Date.now() - 60_000) } });
    await db.rsvpHistory.updateMany({ where: { booking: { eventId: late } }, data: { answeredAt: new Date(Date.now() - 120_000) } });
    // "Can't make it" the day after the deadline is news the leader needs: it counts.
    const changed = await rsvp(late, { answer: "no", note: "Flu" }, b.cookies.member);
    expect(changed.status).toBe(200);
    expect(await body(changed)).toMatchObject({ answer: "no", note: "Flu" });
    const page = await body<{ event: { deadline: string }; summary: string; lineup: { name: string; history: { answer: string; at: string }[] }[] }>(
      await call(eventPage.loader, "GET", `/events/${late}`, { id: String(late) }, { cookie: b.cookies.leader }),
    );
    expect(page.event.deadline).toMatch(/\(passed: answers still count until it starts\)$/);
    expect(page.summary).toContain("1 can't make it");
    const [newest, first] = page.lineup.find((row) => row.name === "Max Member")!.history;
    expect(newest).toMatchObject({ answer: "Can't make it" });
    expect(newest!.at).toMatch(/\(after the deadline\)$/);
    expect(first!.at).not.toContain("after the deadline");

    const started = await gig(b);
    await db.event.update({ where: { id: started }, data: { startsAt: new Date(Date.now() - 60_000), rsvpDeadline: new Date(Date.now() - 86_400_000) } });
    expect((await body<Errors>(await rsvp(started, { answer: "going" }, b.cookies.member))).errors).toEqual({ answer: [MESSAGES.started] });
    // Started: the deadline no longer says answers still count.
    const startedPage = await body<{ event: { deadline: string } }>(await call(eventPage.loader, "GET", `/events/${started}`, { id: String(started) }, { cookie: b.cookies.leader }));
    expect(startedPage.event.deadline).not.toContain("still count");
  });

  test("the plain form posts back to where it came from, with the answer saved", async () => {
    const b = await band();
    const id = await gig(b);
    const response = await call(rsvpPage.action, "POST", `/events/${id}/rsvp`, { id: String(id) }, { cookie: b.cookies.member, form: { answer: "going", returnTo: "/calendar?month=2026-11" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/calendar?month=2026-11");
    const away = await call(rsvpPage.action, "POST", `/events/${id}/rsvp`, { id: String(id) }, { cookie: b.cookies.member, form: { answer: "going", returnTo: "https://evil.example/" } });
    expect(away.headers.get("location")).toBe(`/events/${id}`);
    // Refused, back to the same place with the field's own message, and nothing saved.
    const long = await call(rsvpPage.action, "POST", `/events/${id}/rsvp`, { id: String(id) }, { cookie: b.cookies.member, form: { answer: "maybe", note: "x".repeat(201), returnTo: "/calendar?month=2026-11" } });
    expect(long.headers.get("location")).toBe("/calendar?month=2026-11");
    expect((await toastOf(long))?.description).toBe("Keep note to 200 characters or fewer");
    expect((await db.rsvp.findFirst({ where: { booking: { eventId: id } }, select: { answer: true } }))?.answer).toBe("going");
    const none = await call(rsvpPage.action, "POST", `/events/${id}/rsvp`, { id: String(id) }, { cookie: b.cookies.member, form: { returnTo: "/calendar?month=2026-11" } });
    expect((await toastOf(none))?.description).toBe(MESSAGES.answer);
  });

  test("a one-tap answer or chase for an event deleted, or not the person's to see, comes back where they were with the reason (no bare 404 page), and saves nothing", async () => {
    const b = await band();
    const id = await gig(b);
    const other = await band();
    const tap = (route: typeof rsvpPage | typeof chasePage, cookie: string, eventId = id) =>
      call(route.action, "POST", `/events/${eventId}/${route === rsvpPage ? "rsvp" : "chase"}`, { id: String(eventId) }, { cookie, form: { answer: "going", returnTo: "/calendar?month=2026-11" } });
    for (const cookie of [other.cookies.member, other.cookies.leader]) {
      const answered = await tap(rsvpPage, cookie);
      expect(answered.headers.get("location")).toBe("/calendar?month=2026-11");
      expect(await toastOf(answered)).toMatchObject({ title: "Answer not saved", description: "Event not found" });
      expect(await toastOf(await tap(chasePage, cookie))).toMatchObject({ title: "Nobody chased", description: "Event not found" });
    }
    expect(await db.rsvp.count({ where: { booking: { eventId: id } } })).toBe(0);
    // A member may not chase: the reason.
    expect(await toastOf(await tap(chasePage, b.cookies.member))).toMatchObject({ title: "Nobody chased", description: "Only band leaders and admins can chase answers" });
    // Deleted while the calendar was open: the same words as for an id that never was.
    await db.event.delete({ where: { id } });
    expect(await toastOf(await tap(rsvpPage, b.cookies.member))).toMatchObject({ title: "Answer not saved", description: "Event not found" });
    expect(await toastOf(await tap(chasePage, b.cookies.leader))).toMatchObject({ title: "Nobody chased", description: "Event not found" });
    expect(await toastOf(await tap(rsvpPage, b.cookies.member, 99_999_999))).toMatchObject({ description: "Event not found" });
    // Sent from the event's own page, which is gone: to the calendar.
    const fromItsPage = await call(rsvpPage.action, "POST", `/events/${id}/rsvp`, { id: String(id) }, { cookie: b.cookies.member, form: { answer: "going", returnTo: `/events/${id}` } });
    expect(fromItsPage.headers.get("location")).toBe("/calendar");
    // The buttons' own post (JavaScript) is told where to go rather than redirected: they reload
    // the page they are on only when it is still the answer's place (a 404 screen otherwise).
    const asked = await callRoute(rsvpPage.action, buildRequest(`/events/${id}/rsvp`, { cookie: b.cookies.member, headers: { Accept: "application/json" }, form: { answer: "going", returnTo: `/events/${id}` } }), { id: String(id) });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ location: "/calendar" });
    expect(await toastOf(asked)).toMatchObject({ title: "Answer not saved", description: "Event not found" });
  });

  test("an answer from a tab of one band, after another tab switched the browser to another, comes back in the event's band, which becomes the preferred one", async () => {
    const b = await band();
    const id = await gig(b);
    const second = await createBand({ name: "Second band", members: [{ userId: b.people.member.id, role: "band_member" }] });
    await db.user.update({ where: { id: b.people.member.id }, data: { preferredBandId: second.id } });
    const cookie = `${await sessionCookieFor(b.people.member.id)}; ${await bandCookie(second.id)}`;
    const answered = await call(rsvpPage.action, "POST", `/events/${id}/rsvp`, { id: String(id) }, { cookie, form: { answer: "going", returnTo: "/calendar?month=2026-11" } });
    expect(await toastOf(answered)).toMatchObject({ title: "Answer saved" });
    expect((await db.user.findUniqueOrThrow({ where: { id: b.people.member.id } })).preferredBandId).toBe(b.id);
  });

  test("/api: a lineup row without an instrument books the member on their own (the form's default); an empty one books them on none", async () => {
    const b = await band();
    const drummer = b.membershipOf("member");
    await db.membershipInstrument.createMany({ data: [{ membershipId: drummer, instrument: "Drums" }, { membershipId: drummer, instrument: "Percussion" }] });
    const created = await createApi(b.id, { title: "Gig", kind: "gig", date: "2030-03-12", startTime: "20:00", lineup: [{ membershipId: drummer }, { membershipId: b.membershipOf("sub"), instrument: "" }] }, b.cookies.leader);
    expect(created.status).toBe(201);
    const { id } = await body<{ id: number }>(created);
    const bookings = await db.eventBooking.findMany({ where: { eventId: id }, orderBy: { membershipId: "asc" }, select: { membershipId: true, instrument: true } });
    expect(bookings).toEqual([
      { membershipId: drummer, instrument: "Drums" },
      { membershipId: b.membershipOf("sub"), instrument: null },
    ].sort((x, y) => x.membershipId - y.membershipId));
    // A PATCH that leaves the lineup alone leaves its instruments alone (none stays none).
    await db.membershipInstrument.create({ data: { membershipId: b.membershipOf("sub"), instrument: "Keys" } });
    const version = (await db.event.findUniqueOrThrow({ where: { id }, select: { version: true } })).version;
    expect((await patchApi(id, { version, title: "Gig (renamed)" }, b.cookies.leader)).status).toBe(200);
    expect(await db.eventBooking.findFirstOrThrow({ where: { eventId: id, membershipId: b.membershipOf("sub") }, select: { instrument: true } })).toEqual({ instrument: null });
  });

  test("a one-tap answer (no note field) keeps the note given before; the note field sent empty clears it", async () => {
    const b = await band();
    const id = await gig(b);
    const answer = (form: Record<string, string>) => call(rsvpPage.action, "POST", `/events/${id}/rsvp`, { id: String(id) }, { cookie: b.cookies.member, form });
    const saved = () => db.rsvp.findFirstOrThrow({ where: { booking: { eventId: id } }, select: { answer: true, note: true } });
    await answer({ answer: "going", note: "Late by 30 min" });
    await answer({ answer: "maybe" });
    expect(await saved()).toEqual({ answer: "maybe", note: "Late by 30 min" });
    await answer({ answer: "maybe", note: "" });
    expect(await saved()).toEqual({ answer: "maybe", note: null });
    // Signed out, the form sends its person to sign in and back here: a GET goes on to the event.
    const back = await call(rsvpPage.loader, "GET", `/events/${id}/rsvp`, { id: String(id) }, { cookie: b.cookies.member });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(`/events/${id}`);
  });

  test("a sub sees only the events they are booked on", async () => {
    const b = await band();
    const booked = await gig(b);
    const other = (await body<{ id: number }>(await createApi(b.id, { title: "Secret rehearsal", kind: "rehearsal", date: inDays(6), startTime: "19:00" }, b.cookies.leader))).id;
    const list = await body<{ id: number; title: string }[]>(await call(bandEvents.loader, "GET", `/api/bands/${b.id}/events`, { id: String(b.id) }, { cookie: b.cookies.sub }));
    expect(list.map((e) => e.title)).toEqual(["Big gig"]);
    expect((await getApi(other, b.cookies.sub)).status).toBe(404);
    expect((await getApi(booked, b.cookies.sub)).status).toBe(200);
    expect((await rsvp(other, { answer: "going" }, b.cookies.sub)).status).toBe(404);
    // Whatever they send or ask to do, an event they are not booked on answers as an id that
    // does not exist: never a 403 or a field error that would tell them it is there.
    const missing = 999_999;
    for (const id of [other, missing]) {
      expect((await rsvp(id, { answer: "perhaps" }, b.cookies.sub)).status, `rsvp ${id}`).toBe(404);
      expect((await call(editPage.loader, "GET", `/events/${id}/edit`, { id: String(id) }, { cookie: b.cookies.sub })).status, `edit ${id}`).toBe(404);
      expect((await call(chaseApi.action, "POST", `/api/events/${id}/chase`, { id: String(id) }, { cookie: b.cookies.sub })).status, `chase ${id}`).toBe(404);
      // The page's form: back to the calendar with the words said of a deleted event.
      const cancel = await call(eventPage.action, "POST", `/events/${id}`, { id: String(id) }, { cookie: b.cookies.sub, form: { intent: "cancel", reason: "x" } });
      expect(cancel.headers.get("location"), `cancel ${id}`).toBe("/calendar");
      expect(await toastOf(cancel), `cancel ${id}`).toMatchObject({ description: "That event no longer exists: someone may have deleted it." });
    }
    // On the gig they are booked on, what a sub may not do is refused as such.
    expect((await call(editPage.loader, "GET", `/events/${booked}/edit`, { id: String(booked) }, { cookie: b.cookies.sub })).status).toBe(403);
    const asMember = await body<{ title: string }[]>(await call(bandEvents.loader, "GET", `/api/bands/${b.id}/events`, { id: String(b.id) }, { cookie: b.cookies.member }));
    expect(asMember.map((e) => e.title)).toEqual(["Big gig", "Secret rehearsal"]);
  });
});

describe("the one-event .ics", () => {
  const ics = async (id: number, cookie: string) => {
    const response = await call(icsFile.loader, "GET", `/events/${id}/event.ics`, { id: String(id) }, { cookie });
    expect(response.status).toBe(200);
    const vevent = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]).getFirstSubcomponent("vevent")!;
    return { vevent, event: new ICAL.Event(vevent) };
  };

  test.each(["Pacific/Auckland", "Europe/Berlin", "America/Los_Angeles"])("an all-day event in %s is a DATE on its own days, not shifted by the zone", async (timeZone) => {
    const b = await band(timeZone);
    const created = await body<{ id: number }>(await createApi(b.id, { title: "Festival weekend", kind: "gig", allDay: true, date: "2026-11-28", endDate: "2026-11-29" }, b.cookies.leader));
    const { vevent, event } = await ics(created.id, b.cookies.member);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2026-11-28");
    // DTEND of a DATE event is the day after the last one.
    expect(event.endDate.isDate).toBe(true);
    expect(event.endDate.toString()).toBe("2026-11-30");
    expect(vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBeUndefined();
    expect(event.summary).toBe("Festival weekend");
    // Adding one event to a calendar is a "download calendar" too.
    expect(await db.analyticsEvent.findMany({ where: { name: "download_calendar", bandId: b.id }, select: { properties: true } })).toEqual([{ properties: JSON.stringify({ events: 1, scope: "event" }) }]);
  });

  test("a timed event round-trips in UTC on both sides of a clock change", async () => {
    const b = await band("Europe/Berlin");
    const winter = await body<{ id: number }>(await createApi(b.id, { title: "Winter gig", kind: "gig", date: "2026-03-28", startTime: "20:00", endTime: "23:00" }, b.cookies.leader));
    const summer = await body<{ id: number }>(await createApi(b.id, { title: "Summer gig", kind: "gig", date: "2026-03-29", startTime: "20:00", endTime: "01:00" }, b.cookies.leader));
    const w = (await ics(winter.id, b.cookies.member)).event;
    const s = (await ics(summer.id, b.cookies.member)).event;
    expect([w.startDate.toJSDate().toISOString(), w.endDate.toJSDate().toISOString()]).toEqual(["2026-03-28T19:00:00.000Z", "2026-03-28T22:00:00.000Z"]);
    expect([s.startDate.toJSDate().toISOString(), s.endDate.toJSDate().toISOString()]).toEqual(["2026-03-29T18:00:00.000Z", "2026-03-29T23:00:00.000Z"]);
  });
});
