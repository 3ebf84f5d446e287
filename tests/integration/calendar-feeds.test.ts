import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { regenerateFeedToken, revokeFeedTokens } from "~/features/calendar-feeds/feeds.server";
import * as downloadRoute from "~/routes/_app+/calendar_.download[.]ics";
import * as feedRoute from "~/routes/feeds+/$token";
import * as profileCalendar from "~/routes/_app+/profile_.calendar";
import * as bandEvents from "~/routes/api+/bands.$id.events";
import * as eventApi from "~/routes/api+/events.$id";
import * as eventPage from "~/routes/_app+/events.$id";
import { bandWith, eventWith, person } from "./calendar-helpers";

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue("status"),
      stamp: vevent.getFirstPropertyValue("dtstamp"),
    };
  });
}

async function world() {
  const leader = await person("Lena", "Leader");
  const sub = await person("Sue", "Sub");
  const band = await bandWith("Feed Band; with, commas", "Europe/Berlin", [
    { user: leader, role: "band_leader" },
    { user: sub, role: "sub" },
  ]);
  // Berlin moves to summer time on Mar 31, 2030: 19:30 local is 18:30Z before and 17:30Z after.
  const before = await eventWith(band.id, { title: "Before DST, Rehearsal; \"quoted\"", kind: "rehearsal", startsAt: new Date("2030-03-29T18:30:00Z"), endsAt: new Date("2030-03-29T21:00:00Z") });
  const after = await eventWith(band.id, { title: "After DST gig", startsAt: new Date("2030-04-02T17:30:00Z"), endsAt: new Date("2030-04-02T20:00:00Z"), booked: [band.membershipOf(sub.id)] });
  await db.event.update({ where: { id: after.id }, data: { status: "tentative", sequence: 3 } });
  const cancelled = await eventWith(band.id, { title: "Called off", startsAt: new Date("2030-04-05T18:00:00Z"), cancelled: true });
  // An all-day festival on Apr 6-7 in Berlin: local midnights are 22:00Z the day before.
  const festival = await eventWith(band.id, { title: "Festival weekend", allDay: true, startsAt: new Date("2030-04-05T22:00:00Z"), endsAt: new Date("2030-04-07T22:00:00Z") });
  return { leader, sub, band, before, after, cancelled, festival };
}

async function download(userId: string, cookie: string, bandId: number) {
  const response = await callRoute(downloadRoute.loader, buildRequest("/calendar/download.ics", { cookie: `${cookie}; ${await bandCookie(bandId)}` }));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/attachment; filename=".*\.ics"/);
  return { text: await response.text(), userId };
}

describe("Download calendar", () => {
  test("valid RFC 5545 that ical.js parses: stable UIDs, DTSTAMP, SEQUENCE, statuses, times that round-trip across the DST change", async () => {
    const w = await world();
    const { text } = await download(w.leader.id, w.leader.cookie, w.band.id);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    // Every line ends with CRLF, the last one too; no bare line feed anywhere.
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const events = parse(text);
    const byUid = new Map(events.map((e) => [e.uid, e]));

    const before = byUid.get(`event-${w.before.id}@bandroom`)!;
    expect(before.summary).toBe("Before DST, Rehearsal; \"quoted\"");
    expect(before.start.toJSDate().toISOString()).toBe("2030-03-29T18:30:00.000Z");
    expect(before.end.toJSDate().toISOString()).toBe("2030-03-29T21:00:00.000Z");
    expect(before.stamp).toBeTruthy();
    const after = byUid.get(`event-${w.after.id}@bandroom`)!;
    expect(after.start.toJSDate().toISOString()).toBe("2030-04-02T17:30:00.000Z");
    // Both at 19:30 on the band's wall clock.
    for (const event of [before, after]) {
      expect(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(event.start.toJSDate())).toBe("19:30");
    }
    expect(after.sequence).toBe(3);
    expect(after.status).toBe("TENTATIVE");
    expect(byUid.get(`event-${w.cancelled.id}@bandroom`)!.status).toBe("CANCELLED");

    const festival = byUid.get(`event-${w.festival.id}@bandroom`)!;
    expect(festival.start.isDate).toBe(true);
    expect(festival.start.toString()).toBe("2030-04-06");
    expect(festival.end.toString()).toBe("2030-04-08");

    // The same file twice: the same UIDs (calendar apps update rather than duplicate).
    const again = parse((await download(w.leader.id, w.leader.cookie, w.band.id)).text);
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
    expect(await db.analyticsEvent.count({ where: { name: "download_calendar", userId: w.leader.id } })).toBe(2);
  });

  test("a time the fall-back change repeats (both 02:30s in Berlin) round-trips through ical.js: it goes out in UTC", async () => {
    const w = await world();
    // Berlin falls back on Oct 27, 2030: 02:30 happens at 00:30Z (summer time) and again at 01:30Z.
    const first = await eventWith(w.band.id, { title: "First 02:30", startsAt: new Date("2030-10-27T00:30:00Z"), endsAt: new Date("2030-10-27T03:00:00Z") });
    const second = await eventWith(w.band.id, { title: "Second 02:30", startsAt: new Date("2030-10-27T01:30:00Z"), endsAt: new Date("2030-10-27T04:00:00Z") });
    const { text } = await download(w.leader.id, w.leader.cookie, w.band.id);
    const byUid = new Map(parse(text).map((e) => [e.uid, e]));
    expect(byUid.get(`event-${first.id}@bandroom`)!.start.toJSDate().toISOString()).toBe("2030-10-27T00:30:00.000Z");
    expect(byUid.get(`event-${second.id}@bandroom`)!.start.toJSDate().toISOString()).toBe("2030-10-27T01:30:00.000Z");
    // An ordinary time keeps the band's zone (TZID).
    expect(text).toMatch(/DTSTART;TZID=Europe\/Berlin:20300329T193000/);
  });

  test("events in many years (a typo of 2207 for 2027, a rule of yearly dates): the zone is defined for at most 40 years, nearest today; the others go out in UTC and still round-trip", async () => {
    const w = await world();
    // One gig a year at 20:00 Berlin time (summer: 18:00Z) for 60 years from 2031.
    for (let year = 2031; year < 2091; year++) await eventWith(w.band.id, { title: `Yearly ${year}`, startsAt: new Date(`${year}-07-01T18:00:00Z`), endsAt: new Date(`${year}-07-01T20:00:00Z`) });
    const { text } = await download(w.leader.id, w.leader.cookie, w.band.id);
    const zone = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vtimezone")!;
    const defined = new Set(zone.getAllSubcomponents().map((part) => String(part.getFirstPropertyValue("dtstart")).slice(0, 4)));
    expect(defined.size).toBeLessThanOrEqual(41);
    expect(defined.has("2030")).toBe(true);
    expect(defined.has("2090")).toBe(false);
    expect(text).toMatch(/DTSTART;TZID=Europe\/Berlin:20310701T200000/);
    expect(text).toMatch(/DTSTART:20900701T180000Z/);
    const byTitle = new Map(parse(text).map((e) => [e.summary, e]));
    for (const year of [2031, 2060, 2090]) expect(byTitle.get(`Yearly ${year}`)!.start.toJSDate().toISOString()).toBe(`${year}-07-01T18:00:00.000Z`);
  });

  test("an event says when to be there (call / load-in, soundcheck, as the event page does) and links to its page", async () => {
    const w = await world();
    // Load-in 18:00 and soundcheck 18:30 Berlin (summer time) for the 19:30 gig; a show after
    // midnight loads in the evening before.
    await db.event.update({ where: { id: w.after.id }, data: { callAt: new Date("2030-04-02T16:00:00Z"), soundcheckAt: new Date("2030-04-02T16:30:00Z"), dressCode: "Black" } });
    const late = await eventWith(w.band.id, { title: "Late show", startsAt: new Date("2030-04-09T22:30:00Z"), endsAt: new Date("2030-04-10T01:00:00Z") });
    await db.event.update({ where: { id: late.id }, data: { callAt: new Date("2030-04-09T20:00:00Z") } });
    const { text } = await download(w.leader.id, w.leader.cookie, w.band.id);
    const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
    const byUid = new Map(vevents.map((vevent) => [String(vevent.getFirstPropertyValue("uid")), vevent]));
    const gig = byUid.get(`event-${w.after.id}@bandroom`)!;
    // As distances from the start, which the calendar app shows in its own zone.
    expect(gig.getFirstPropertyValue("description")).toBe("Call / load-in 1 hour 30 minutes before the start\nSoundcheck 1 hour before the start\n\nDress code: Black");
    expect(gig.getFirstPropertyValue("url")).toBe(`http://localhost:3000/events/${w.after.id}`);
    expect(byUid.get(`event-${late.id}@bandroom`)!.getFirstPropertyValue("description")).toBe("Call / load-in 2 hours 30 minutes before the start");
    // Nothing to say, nothing said.
    expect(byUid.get(`event-${w.before.id}@bandroom`)!.getFirstPropertyValue("description")).toBeNull();
  });

  test("a sub's download holds only the events they are booked on", async () => {
    const w = await world();
    const events = parse((await download(w.sub.id, w.sub.cookie, w.band.id)).text);
    expect(events.map((e) => e.uid)).toEqual([`event-${w.after.id}@bandroom`]);
  });
});

describe("private subscription feed", () => {
  const fetchFeed = (token: string) => callRoute(feedRoute.loader, buildRequest(`/feeds/${token}.ics`), { token: `${token}.ics` });

  test("holds every band's events the person may see and, when asked, their blackouts; revoked or unknown is 404", async () => {
    const w = await world();
    const otherLeader = await person("Olga", "Other");
    const other = await bandWith("Second Band", "America/New_York", [
      { user: otherLeader, role: "band_leader" },
      { user: w.sub, role: "band_member" },
    ]);
    const otherGig = await eventWith(other.id, { title: "Second band gig", startsAt: new Date("2030-05-01T23:00:00Z") });
    await db.blackout.create({ data: { userId: w.sub.id, startDate: "2030-06-01", endDate: "2030-06-03", reason: "Holiday" } });

    const token = await regenerateFeedToken(w.sub.id, true);
    const response = await fetchFeed(token);
    expect(response.status).toBe(200);
    const events = parse(await response.text());
    const uids = events.map((e) => e.uid);
    expect(uids.filter((uid) => uid.startsWith("event-")).sort()).toEqual([`event-${w.after.id}@bandroom`, `event-${otherGig.id}@bandroom`].sort());
    expect(uids.filter((uid) => uid.startsWith("blackout-"))).toHaveLength(1);
    expect(events.find((e) => e.uid === `event-${otherGig.id}@bandroom`)!.summary).toBe("Second band gig (Second Band)");
    const blackout = events.find((e) => e.uid.startsWith("blackout-"))!;
    expect([blackout.start.toString(), blackout.end.toString()]).toEqual(["2030-06-01", "2030-06-04"]);
    expect(events.some((e) => e.summary.includes("Before DST"))).toBe(false);

    // A disabled account's feed stops with it, and works again when it is re-enabled.
    await db.user.update({ where: { id: w.sub.id }, data: { disabledAt: new Date() } });
    expect((await fetchFeed(token)).status).toBe(404);
    await db.user.update({ where: { id: w.sub.id }, data: { disabledAt: null } });
    expect((await fetchFeed(token)).status).toBe(200);

    // Regenerating: the old address stops working, the new one works.
    const second = await regenerateFeedToken(w.sub.id, false);
    expect((await fetchFeed(token)).status).toBe(404);
    const withoutBlackouts = parse(await (await fetchFeed(second)).text());
    expect(withoutBlackouts.some((e) => e.uid.startsWith("blackout-"))).toBe(false);

    await revokeFeedTokens(w.sub.id);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await fetchFeed("not-a-real-token")).status).toBe(404);
  });

  test("from the profile page without JavaScript: make an address (shown once), put blackouts in and out of it, make a new one, then turn it off", async () => {
    const w = await world();
    const made = await callRoute(profileCalendar.action, buildRequest("/profile/calendar", { cookie: w.leader.cookie, form: { intent: "feed-create" } }));
    expect(made.status).toBe(200);
    const { feedUrl } = (await made.json()) as { feedUrl: string };
    const token = /\/feeds\/(.+)\.ics$/.exec(feedUrl)![1]!;
    expect((await fetchFeed(token)).status).toBe(200);
    expect(await db.calendarFeedToken.count({ where: { tokenHash: token } })).toBe(0);

    // Blackouts in and out of the same address: calendars already subscribed keep working.
    const post = (form: Record<string, string>) => callRoute(profileCalendar.action, buildRequest("/profile/calendar", { cookie: w.leader.cookie, form }));
    await db.blackout.create({ data: { userId: w.leader.id, startDate: "2030-01-10", endDate: "2030-01-11", reason: "Tour" } });
    const hasBlackouts = async () => parse(await (await fetchFeed(token)).text()).some((e) => e.uid.startsWith("blackout-"));
    expect(await hasBlackouts()).toBe(false);
    expect((await post({ intent: "feed-options", includeBlackouts: "on" })).status).toBe(302);
    expect(await hasBlackouts()).toBe(true);
    expect((await post({ intent: "feed-options" })).status).toBe(302);
    expect(await hasBlackouts()).toBe(false);
    // A new address keeps the choice.
    await post({ intent: "feed-options", includeBlackouts: "on" });
    const remade = (await (await post({ intent: "feed-create", includeBlackouts: "on" })).json()) as { feedUrl: string };
    expect((await fetchFeed(token)).status).toBe(404);
    const newToken = /\/feeds\/(.+)\.ics$/.exec(remade.feedUrl)![1]!;
    expect(parse(await (await fetchFeed(newToken)).text()).some((e) => e.uid.startsWith("blackout-"))).toBe(true);

    const off = await callRoute(profileCalendar.action, buildRequest("/profile/calendar", { cookie: w.leader.cookie, form: { intent: "feed-revoke" } }));
    expect(off.status).toBe(302);
    expect((await fetchFeed(newToken)).status).toBe(404);
    // Turned off, the page offers a new address with the blackouts choice the last one had.
    const page = (await (await callRoute(profileCalendar.loader, buildRequest("/profile/calendar", { cookie: w.leader.cookie }))).json()) as { feed: unknown; includeBlackouts: boolean };
    expect(page).toMatchObject({ feed: null, includeBlackouts: true });
    // Options without a feed: nothing to change.
    expect((await post({ intent: "feed-options", includeBlackouts: "on" })).status).toBe(302);
    expect(await db.calendarFeedToken.count({ where: { userId: w.leader.id, revokedAt: null } })).toBe(0);
  });
});

describe("a weekly series in a calendar file", () => {
  type Handler = Parameters<typeof callRoute>[0];
  const call = (handler: Handler, method: string, path: string, id: number, options: { cookie: string; json?: unknown; form?: Record<string, string> }) =>
    callRoute(handler, buildRequest(path, { method, ...options }), { id: String(id) });
  const version = async (id: number) => (await db.event.findUniqueOrThrow({ where: { id } })).version;
  const iso = (time: ICAL.Time) => time.toJSDate().toISOString();

  /** Every instance a calendar app shows: each RRULE expanded with its EXDATEs and RECURRENCE-ID exceptions, plus the single VEVENTs. */
  function instances(text: string) {
    const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
    const shown: { uid: string; start: string; end: string; summary: string; status: unknown }[] = [];
    for (const vevent of vevents.filter((v) => !v.hasProperty("recurrence-id"))) {
      const event = new ICAL.Event(vevent);
      for (const exception of vevents.filter((v) => v.hasProperty("recurrence-id") && v.getFirstPropertyValue("uid") === event.uid)) event.relateException(exception);
      if (!event.isRecurring()) {
        shown.push({ uid: event.uid, start: iso(event.startDate), end: iso(event.endDate), summary: event.summary, status: vevent.getFirstPropertyValue("status") });
        continue;
      }
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        const occurrence = event.getOccurrenceDetails(next);
        shown.push({ uid: event.uid, start: iso(occurrence.startDate), end: iso(occurrence.endDate), summary: occurrence.item.summary, status: occurrence.item.component.getFirstPropertyValue("status") });
      }
    }
    return shown.sort((a, b) => a.start.localeCompare(b.start));
  }

  const actual = async (where: { seriesId: number } | { id: { in: number[] } }) =>
    (await db.event.findMany({ where, orderBy: { startsAt: "asc" }, select: { startsAt: true, endsAt: true, title: true, cancelledAt: true } })).map((e) => ({
      start: e.startsAt.toISOString(),
      end: e.endsAt!.toISOString(),
      summary: e.title,
      status: e.cancelledAt ? "CANCELLED" : "CONFIRMED",
    }));

  test("is one RRULE VEVENT in the band's zone whose expansion is exactly the band's occurrences: one edited, one cancelled, one deleted, after a whole-series move across the clock change", async () => {
    const w = await world();
    const drummer = await person("Dora", "Drums");
    await db.bandMembership.create({ data: { bandId: w.band.id, userId: drummer.id, role: "band_member" } });
    const drummerMembership = (await db.bandMembership.findFirstOrThrow({ where: { bandId: w.band.id, userId: drummer.id } })).id;
    const cookie = `${w.leader.cookie}; ${await bandCookie(w.band.id)}`;
    // Thursdays from 14 March 2030, 19:00-21:00 in Berlin; the clocks go forward on 31 March.
    const created = await callRoute(
      bandEvents.action,
      buildRequest(`/api/bands/${w.band.id}/events`, {
        method: "POST",
        cookie,
        // A call time too: said as a distance from the start, the same on both sides of the clock change (no exception made by it).
        json: { title: "Rehearsal", kind: "rehearsal", date: "2030-03-14", startTime: "19:00", endTime: "21:00", callTime: "18:00", repeat: "weekly", count: 8, lineup: [{ membershipId: drummerMembership }, { membershipId: w.band.membershipOf(w.sub.id) }] },
      }),
      { id: String(w.band.id) },
    );
    expect(created.status).toBe(201);
    const { ids } = (await created.json()) as { ids: number[] };
    expect(ids).toHaveLength(8);
    const seriesId = (await db.event.findUniqueOrThrow({ where: { id: ids[0]! } })).seriesId!;

    // The third alone: later and renamed. The fifth alone: cancelled. The sixth alone: deleted.
    const edited = await call(eventApi.action, "PATCH", `/api/events/${ids[2]}`, ids[2]!, { cookie, json: { version: await version(ids[2]!), scope: "one", title: "Late rehearsal", startTime: "20:00", endTime: "22:30" } });
    expect(edited.status).toBe(200);
    const cancelled = await call(eventPage.action, "POST", `/events/${ids[4]}`, ids[4]!, { cookie, form: { intent: "cancel", reason: "Easter", scope: "one" } });
    expect(cancelled.status).toBe(302);
    expect((await call(eventApi.action, "DELETE", `/api/events/${ids[5]}?scope=one`, ids[5]!, { cookie })).status).toBe(200);
    // The sub is taken off the last one only.
    const lastLineup = { version: await version(ids[7]!), scope: "one", lineup: [{ membershipId: drummerMembership }] };
    expect((await call(eventApi.action, "PATCH", `/api/events/${ids[7]}`, ids[7]!, { cookie, json: lastLineup })).status).toBe(200);
    // Then the whole series moves to 18:30-20:30 (the edited third keeps its own time).
    const moved = await call(eventApi.action, "PATCH", `/api/events/${ids[0]}`, ids[0]!, { cookie, json: { version: await version(ids[0]!), scope: "all", startTime: "18:30", endTime: "20:30" } });
    expect(moved.status).toBe(200);

    const band = await actual({ seriesId });
    expect(band).toHaveLength(7);
    expect(band.map((e) => e.start)).toContain("2030-03-28T19:00:00.000Z"); // 20:00 in Berlin, the third's own time
    expect(band.find((e) => e.status === "CANCELLED")!.start).toBe("2030-04-11T16:30:00.000Z"); // 18:30 summer time

    const { text } = await download(w.leader.id, w.leader.cookie, w.band.id);
    const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").filter((v) => v.getFirstPropertyValue("uid") === `series-${seriesId}@bandroom`);
    const master = vevents.find((v) => !v.hasProperty("recurrence-id"))!;
    expect(String(master.getFirstPropertyValue("rrule"))).toMatch(/^FREQ=WEEKLY;COUNT=8(;INTERVAL=1)?$/);
    expect(master.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Berlin");
    expect(master.getAllProperties("exdate")).toHaveLength(1);
    expect(master.getFirstPropertyValue("description")).toBe("Call / load-in 30 minutes before the start");
    // Two exceptions: the edited one and the cancelled one (the last differs only in its lineup, which a file does not carry).
    expect(vevents.filter((v) => v.hasProperty("recurrence-id"))).toHaveLength(2);
    expect(new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"))).toEqual(["Europe/Berlin"]);

    const shown = instances(text).filter((i) => i.uid === `series-${seriesId}@bandroom`).map(({ uid: _uid, ...rest }) => rest);
    expect(shown).toEqual(band);

    // The same through the leader's private feed.
    const token = await regenerateFeedToken(w.leader.id, false);
    const feed = await (await callRoute(feedRoute.loader, buildRequest(`/feeds/${token}.ics`), { token: `${token}.ics` })).text();
    expect(instances(feed).filter((i) => i.uid === `series-${seriesId}@bandroom`).map(({ uid: _uid, ...rest }) => rest)).toEqual(band);

    // The sub is booked on six of the seven: those six, one VEVENT each, and no rule (which would show them the seventh).
    const subText = (await download(w.sub.id, w.sub.cookie, w.band.id)).text;
    expect(subText).not.toContain("RRULE");
    const booked = await db.event.findMany({ where: { seriesId, bookings: { some: { membershipId: w.band.membershipOf(w.sub.id) } } }, select: { id: true } });
    expect(booked).toHaveLength(6);
    const subShown = instances(subText).filter((i) => i.summary !== "After DST gig");
    expect(subShown.map((i) => i.uid).sort()).toEqual(booked.map((e) => `event-${e.id}@bandroom`).sort());
    expect(subShown.map(({ uid: _uid, ...rest }) => rest)).toEqual(await actual({ id: { in: booked.map((e) => e.id) } }));

    // Booked on all of them again: the sub's file has the rule too.
    await db.eventBooking.create({ data: { eventId: ids[7]!, membershipId: w.band.membershipOf(w.sub.id) } });
    const subAgain = (await download(w.sub.id, w.sub.cookie, w.band.id)).text;
    expect(instances(subAgain).filter((i) => i.uid === `series-${seriesId}@bandroom`).map(({ uid: _uid, ...rest }) => rest)).toEqual(band);
  });

  test("the series' SEQUENCE rises with every change to it, an occurrence cancelled, cut off or deleted included, and never falls", async () => {
    const w = await world();
    const cookie = `${w.leader.cookie}; ${await bandCookie(w.band.id)}`;
    const created = await callRoute(
      bandEvents.action,
      buildRequest(`/api/bands/${w.band.id}/events`, { method: "POST", cookie, json: { title: "Sequence", kind: "rehearsal", date: "2030-05-02", startTime: "19:00", endTime: "21:00", repeat: "weekly", count: 5 } }),
      { id: String(w.band.id) },
    );
    const { ids } = (await created.json()) as { ids: number[] };
    const seriesId = (await db.event.findUniqueOrThrow({ where: { id: ids[0]! } })).seriesId!;
    const master = async () => {
      const { text } = await download(w.leader.id, w.leader.cookie, w.band.id);
      const vevent = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").find((v) => v.getFirstPropertyValue("uid") === `series-${seriesId}@bandroom` && !v.hasProperty("recurrence-id"))!;
      return { sequence: Number(vevent.getFirstPropertyValue("sequence")), rrule: String(vevent.getFirstPropertyValue("rrule")), exdates: vevent.getAllProperties("exdate").length };
    };
    const seen = [await master()];
    expect(seen[0]!.sequence).toBe(0);
    // The second alone is cancelled, the fourth and later are cut off, then the cancelled second is deleted.
    expect((await call(eventPage.action, "POST", `/events/${ids[1]}`, ids[1]!, { cookie, form: { intent: "cancel", reason: "Holiday", scope: "one" } })).status).toBe(302);
    seen.push(await master());
    expect((await call(eventApi.action, "DELETE", `/api/events/${ids[3]}?scope=following`, ids[3]!, { cookie })).status).toBe(200);
    seen.push(await master());
    expect(seen[2]!.rrule).toMatch(/COUNT=3/);
    expect((await call(eventApi.action, "DELETE", `/api/events/${ids[1]}?scope=one`, ids[1]!, { cookie })).status).toBe(200);
    seen.push(await master());
    expect(seen[3]!.exdates).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.sequence, `change ${i}`).toBeGreaterThan(seen[i - 1]!.sequence);
  });
});
