import { recordQueries } from "#tests/query-counter";
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { getAvailabilityMonth } from "~/features/availability/availability.server";
import * as availabilityApi from "~/routes/api+/bands.$id.availability";
import * as bandEventsApi from "~/routes/api+/bands.$id.events";
import * as availabilityPage from "~/routes/_app+/calendar_.availability";
import * as newEventPage from "~/routes/_app+/events.new";
import * as calendarPage from "~/routes/_app+/calendar";
import * as eventPage from "~/routes/_app+/events.$id";
import * as blackoutsPage from "~/routes/_app+/calendar_.blackouts";
import { body } from "./auth-helpers";
import { accessAs, bandWith, eventWith, person } from "./calendar-helpers";

const NOW = new Date("2030-05-10T12:00:00Z");

async function world() {
  const leader = await person("Lena", "Leader");
  const drummer = await person("Dave", "Drums");
  const bassist = await person("Bea", "Bass");
  const subDrummer = await person("Sid", "Sub");
  const band = await bandWith("Availability Band", "Europe/London", [
    { user: leader, role: "band_leader", instruments: ["Vocals"] },
    { user: drummer, role: "band_member", instruments: ["Drums"] },
    { user: bassist, role: "band_member", instruments: ["Bass"] },
    { user: subDrummer, role: "sub", instruments: ["Drums"] },
  ]);
  const otherLeader = await person("Olga", "Other");
  const other = await bandWith("Hidden Other Band", "UTC", [
    { user: otherLeader, role: "band_leader" },
    { user: bassist, role: "band_member", instruments: ["Bass"] },
  ]);
  return { leader, drummer, bassist, subDrummer, band, other };
}

const dayOf = (month: Awaited<ReturnType<typeof getAvailabilityMonth>>, date: string) => month.days.find((d) => d.date === date)!;

describe("availability month", () => {
  test("each day: free, away, busy; a sub who plays drums covers for the drummer; an instrument nobody free plays is named", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-21", reason: "Surgery" } });
    await db.blackout.create({ data: { userId: w.subDrummer.id, startDate: "2030-05-21", endDate: "2030-05-21" } });
    await eventWith(w.other.id, { title: "Hidden Gig", startsAt: new Date("2030-05-22T19:00:00Z"), endsAt: new Date("2030-05-22T22:00:00Z"), booked: [w.other.membershipOf(w.bassist.id)] });
    await eventWith(w.band.id, { title: "Band Rehearsal", kind: "rehearsal", startsAt: new Date("2030-05-23T18:00:00Z"), endsAt: new Date("2030-05-23T20:00:00Z"), booked: [w.band.membershipOf(w.bassist.id)] });

    const month = await getAvailabilityMonth(await accessAs(w.leader.id, w.band.id), "2030-05", NOW);
    expect(month.days).toHaveLength(31);
    expect(month.instruments).toEqual(["Bass", "Drums", "Vocals"]);

    const free = dayOf(month, "2030-05-19");
    expect(free.canField).toBe(true);
    expect(free.free.map((p) => p.name)).toEqual(["Bea Bass", "Dave Drums", "Lena Leader", "Sid Sub"]);

    const subCovers = dayOf(month, "2030-05-20");
    expect(subCovers.canField).toBe(true);
    expect(subCovers.blackedOut).toEqual([{ membershipId: w.band.membershipOf(w.drummer.id), name: "Dave Drums", reason: "Surgery" }]);

    const noDrummer = dayOf(month, "2030-05-21");
    expect(noDrummer.canField).toBe(false);
    expect(noDrummer.nobody).toEqual(["Drums"]);

    const otherBandGig = dayOf(month, "2030-05-22");
    expect(otherBandGig.busy).toEqual([{ membershipId: w.band.membershipOf(w.bassist.id), name: "Bea Bass", what: "Busy" }]);
    expect(otherBandGig.canField).toBe(false);
    expect(JSON.stringify(month)).not.toMatch(/Hidden Gig|Hidden Other Band/);

    const rehearsal = dayOf(month, "2030-05-23");
    expect(rehearsal.busy[0]!.what).toMatch(/^Band Rehearsal, 7:00/);
    expect(rehearsal.events.map((e) => e.title)).toEqual(["Band Rehearsal"]);
    expect(dayOf(month, "2030-05-09").isPast).toBe(true);
    expect(month.canCreate).toBe(true);
  });

  test("members see the days but not the reasons; a sub may not see the view", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20", reason: "Surgery" } });
    const asMember = await getAvailabilityMonth(await accessAs(w.bassist.id, w.band.id), "2030-05", NOW);
    expect(dayOf(asMember, "2030-05-20").blackedOut).toEqual([expect.objectContaining({ name: "Dave Drums", reason: null })]);
    expect(JSON.stringify(asMember)).not.toContain("Surgery");

    const response = await callRoute(availabilityApi.loader, buildRequest(`/api/bands/${w.band.id}/availability?month=2030-05`, { cookie: w.subDrummer.cookie }), { id: String(w.band.id) });
    expect(response.status).toBe(403);
  });

  test("the calendar pages link only to what the viewer may open: no \"Can we take this date?\" for a sub", async () => {
    const w = await world();
    type Links = { calendarLinks: Record<string, boolean> };
    const linksOn = async (route: { loader: Parameters<typeof callRoute>[0] }, url: string, user: { id: string; cookie: string }) => {
      const response = await callRoute(route.loader, buildRequest(url, { cookie: `${user.cookie}; ${await bandCookie(w.band.id)}` }), {});
      expect(response.status).toBe(200);
      return (await body<Links>(response)).calendarLinks;
    };
    const sub = await linksOn(calendarPage, "/calendar", w.subDrummer);
    expect(sub).toEqual({ calendar: true, availability: false, blackouts: true, download: true });
    expect(await linksOn(blackoutsPage, "/calendar/blackouts", w.subDrummer)).toEqual(sub);
    const member = { calendar: true, availability: true, blackouts: true, download: true };
    expect(await linksOn(calendarPage, "/calendar", w.bassist)).toEqual(member);
    expect(await linksOn(availabilityPage, "/calendar/availability", w.leader)).toEqual(member);
    // Without a band there is only the person's own blackout dates.
    const loner = await person("Lou", "Loner");
    const response = await callRoute(blackoutsPage.loader, buildRequest("/calendar/blackouts", { cookie: loner.cookie }), {});
    expect((await body<Links>(response)).calendarLinks).toEqual({ calendar: false, availability: false, blackouts: true, download: false });
  });

  test("the API answers JSON, and a bad month is a 400 under month", async () => {
    const w = await world();
    const call = (month: string) => callRoute(availabilityApi.loader, buildRequest(`/api/bands/${w.band.id}/availability?month=${month}`, { cookie: w.leader.cookie }), { id: String(w.band.id) });
    const ok = await body<{ month: string; days: { date: string; canFieldLineup: boolean }[] }>(await call("2030-02"));
    expect(ok.month).toBe("2030-02");
    expect(ok.days).toHaveLength(28);
    // 9999-12 once gave a 500: its month grid runs into a five-digit year.
    for (const bad of ["2030-13", "May", "2030-5", "'; drop", "9999-12", "1969-12"]) {
      const response = await call(encodeURIComponent(bad));
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ message: "Invalid request", errors: { month: ["Choose a month like 2026-11"] } });
    }
  });

  test("the page shows a mistyped month as this month with a message, not an error", async () => {
    const w = await world();
    const cookie = `${w.leader.cookie}; ${await bandCookie(w.band.id)}`;
    const response = await callRoute(availabilityPage.loader, buildRequest("/calendar/availability?month=2030-99", { cookie }));
    expect(response.status).toBe(200);
    const data = await body<{ notice: string; days: unknown[] }>(response);
    expect(data.notice).toContain("is not a month");
    expect(data.days.length).toBeGreaterThan(27);
  });

  test("a day's link without its month opens that day's month with the day chosen", async () => {
    const w = await world();
    const cookie = `${w.leader.cookie}; ${await bandCookie(w.band.id)}`;
    const open = async (query: string) => body<{ month: string; selected: { date: string } | null }>(await callRoute(availabilityPage.loader, buildRequest(`/calendar/availability${query}`, { cookie })));
    expect(await open("?day=2030-05-10")).toMatchObject({ month: "2030-05", selected: { date: "2030-05-10" } });
    // The month given wins; a day outside it is not chosen, and a day that does not exist opens nothing.
    expect(await open("?month=2030-06&day=2030-05-10")).toMatchObject({ month: "2030-06", selected: null });
    expect((await open("?day=2030-02-30")).selected).toBeNull();
  });

  test("the page's day cards count everyone and name the first three; the chosen day lists everyone", async () => {
    const w = await world();
    const extra = await Promise.all(["Amy", "Ben", "Cal", "Dot"].map((firstName) => createUser({ firstName, lastName: "Extra" })));
    for (const user of extra) {
      const membership = await db.bandMembership.create({ data: { bandId: w.band.id, userId: user.id, role: "band_member" } });
      await db.blackout.create({ data: { userId: user.id, startDate: "2030-05-20", endDate: "2030-05-20" } });
      await eventWith(w.band.id, { title: "Gig", startsAt: new Date("2030-05-21T19:00:00Z"), booked: [membership.id] });
    }
    await eventWith(w.other.id, { title: "Hidden Gig", startsAt: new Date("2030-05-21T12:00:00Z"), endsAt: new Date("2030-05-21T14:00:00Z"), booked: [w.other.membershipOf(w.bassist.id)] });
    const cookie = `${w.leader.cookie}; ${await bandCookie(w.band.id)}`;
    type Card = { date: string; free: number; away: number; awayNames: string; busy: number; busyNames: string };
    type Listed = { date: string; free: { name: string }[]; blackedOut: { name: string }[]; busy: { name: string; what: string }[] };
    const page = async (url: string) => body<{ days: Card[]; selected: Listed | null }>(await callRoute(availabilityPage.loader, buildRequest(url, { cookie })));

    const month = await page("/calendar/availability?month=2030-05");
    expect(month.selected).toBeNull();
    expect(month.days.find((d) => d.date === "2030-05-20")).toMatchObject({ free: 4, away: 4, awayNames: "Amy Extra, Ben Extra, Cal Extra and 1 more", busy: 0, busyNames: "" });
    expect(month.days.find((d) => d.date === "2030-05-21")).toMatchObject({ free: 3, away: 0, busy: 5, busyNames: "Amy Extra, Bea Bass, Ben Extra and 2 more" });

    const chosen = (await page("/calendar/availability?month=2030-05&day=2030-05-21")).selected!;
    expect(chosen.date).toBe("2030-05-21");
    expect(chosen.free.map((p) => p.name)).toEqual(["Dave Drums", "Lena Leader", "Sid Sub"]);
    expect(chosen.busy.map((p) => `${p.name}: ${p.what.replace(/,.*/, "")}`)).toEqual(["Amy Extra: Gig", "Bea Bass: Busy", "Ben Extra: Gig", "Cal Extra: Gig", "Dot Extra: Gig"]);
    expect((await page("/calendar/availability?month=2030-05&day=2030-05-20")).selected!.blackedOut.map((p) => p.name)).toEqual(["Amy Extra", "Ben Extra", "Cal Extra", "Dot Extra"]);
  });

  test("'Book a gig' on a chosen day starts the new gig with the free players booked, one per instrument, band members before subs", async () => {
    const w = await world();
    const cookie = `${w.leader.cookie}; ${await bandCookie(w.band.id)}`;
    const chosen = async (day: string) =>
      (await body<{ selected: { bookHref: string } }>(await callRoute(availabilityPage.loader, buildRequest(`/calendar/availability?month=2030-05&day=${day}`, { cookie })))).selected.bookHref;
    const booked = (href: string) => new URL(href, "http://x").searchParams.getAll("book");
    const m = (user: { id: string }) => w.band.membershipOf(user.id);
    // Everyone free: the band's drummer, not the sub who also plays drums.
    expect(booked(await chosen("2030-05-19"))).toEqual([`${m(w.bassist)}:Bass`, `${m(w.drummer)}:Drums`, `${m(w.leader)}:Vocals`]);
    // The drummer away: the sub covers.
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20" } });
    const href = await chosen("2030-05-20");
    expect(href).toMatch(/^\/events\/new\?date=2030-05-20&book=/);
    expect(booked(href)).toEqual([`${m(w.bassist)}:Bass`, `${m(w.subDrummer)}:Drums`, `${m(w.leader)}:Vocals`]);

    // The form opens with them ticked on their instruments; an id of another band is left out.
    const form = await body<{ defaults: { date: string; lineup: { membershipId: number; instrument: string }[] } }>(
      await callRoute(newEventPage.loader, buildRequest(`${href}&book=${w.other.membershipOf(w.bassist.id)}:Bass&book=abc`, { cookie })),
    );
    expect(form.defaults.date).toBe("2030-05-20");
    expect(form.defaults.lineup).toEqual([
      { membershipId: m(w.bassist), instrument: "Bass" },
      { membershipId: m(w.subDrummer), instrument: "Drums" },
      { membershipId: m(w.leader), instrument: "Vocals" },
    ]);
  });

  test("a tour of another band that began weeks before the month still makes its player busy, and a long event raises its band's bound", async () => {
    const w = await world();
    const other = await db.band.findUniqueOrThrow({ where: { id: w.other.id }, select: { longestEventMinutes: true, updatedAt: true } });
    expect(other.longestEventMinutes).toBe(2880);
    // The other band's leader books the bassist on a 40-day tour from 2 April (all day, through the API).
    const otherLeader = await db.bandMembership.findFirstOrThrow({ where: { bandId: w.other.id, role: "band_leader" }, select: { userId: true } });
    const leaderCookie = await sessionCookieFor(otherLeader.userId);
    const response = await callRoute(
      bandEventsApi.action,
      buildRequest(`/api/bands/${w.other.id}/events`, { method: "POST", cookie: leaderCookie, json: { title: "Hidden Tour", kind: "gig", allDay: true, date: "2030-04-02", endDate: "2030-05-11", lineup: [{ membershipId: w.other.membershipOf(w.bassist.id) }] } }),
      { id: String(w.other.id) },
    );
    expect(response.status).toBe(201);
    const raised = await db.band.findUniqueOrThrow({ where: { id: w.other.id }, select: { longestEventMinutes: true, updatedAt: true } });
    expect(raised.longestEventMinutes).toBeGreaterThanOrEqual(40 * 24 * 60);
    // The settings form's version is the band's updatedAt: it does not move.
    expect(raised.updatedAt).toEqual(other.updatedAt);

    const month = await getAvailabilityMonth(await accessAs(w.leader.id, w.band.id), "2030-05", NOW);
    expect(dayOf(month, "2030-05-01").busy).toEqual([{ membershipId: w.band.membershipOf(w.bassist.id), name: "Bea Bass", what: "Busy" }]);
    expect(dayOf(month, "2030-05-11").busy.map((p) => p.name)).toEqual(["Bea Bass"]);
    // The tour ends at midnight UTC, an hour into 12 May in London; the 13th is free.
    expect(dayOf(month, "2030-05-13").busy).toEqual([]);
    expect(JSON.stringify(month)).not.toContain("Hidden Tour");
  });

  test("a gig past midnight is on its own day: the morning after stays free in the view and on the month grid, and an event of several days says so", async () => {
    const w = await world();
    const drummer = w.band.membershipOf(w.drummer.id);
    const bassist = w.band.membershipOf(w.bassist.id);
    // London is an hour ahead of UTC in May.
    const late = await eventWith(w.band.id, { title: "Late Gig", startsAt: new Date("2030-05-24T20:00:00Z"), endsAt: new Date("2030-05-25T00:00:00Z"), booked: [drummer] });
    const festival = await eventWith(w.band.id, { title: "Festival", startsAt: new Date("2030-05-26T19:00:00Z"), endsAt: new Date("2030-05-28T01:00:00Z"), booked: [bassist] });
    // Ends at 7 AM: past a late night, so the next day is taken too.
    await eventWith(w.band.id, { title: "Night Session", kind: "rehearsal", startsAt: new Date("2030-05-29T21:00:00Z"), endsAt: new Date("2030-05-30T06:00:00Z"), booked: [drummer] });
    // The drummer is away the day after the late gig: not shown there, but the gig still meets it (as the clash warning did).
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-25", endDate: "2030-05-25", reason: "Early flight" } });
    // Without an end a gig counts as three hours: 11 PM to 2 AM.
    await eventWith(w.band.id, { title: "Open End", startsAt: new Date("2030-05-30T22:00:00Z"), booked: [bassist] });

    const month = await getAvailabilityMonth(await accessAs(w.leader.id, w.band.id), "2030-05", NOW);
    const eventsOn = (date: string) => dayOf(month, date).events.map((e) => e.title);
    const busyOn = (date: string) => dayOf(month, date).busy.map((p) => p.name);
    expect(eventsOn("2030-05-24")).toEqual(["Late Gig"]);
    expect(busyOn("2030-05-24")).toEqual(["Dave Drums"]);
    expect(eventsOn("2030-05-25")).toEqual([]);
    expect(busyOn("2030-05-25")).toEqual([]);
    expect(dayOf(month, "2030-05-25").blackedOut.map((p) => p.name)).toEqual(["Dave Drums"]);
    expect(eventsOn("2030-05-27")).toEqual(["Festival"]);
    expect(busyOn("2030-05-27")).toEqual(["Bea Bass"]);
    expect(eventsOn("2030-05-28")).toEqual([]);
    expect(busyOn("2030-05-30")).toEqual(["Bea Bass", "Dave Drums"]);
    expect(eventsOn("2030-05-30")).toEqual(["Night Session", "Open End"]);
    expect(eventsOn("2030-05-31")).toEqual([]);

    const cookie = `${await sessionCookieFor(w.leader.id)}; ${await bandCookie(w.band.id)}`;
    const grid = (await (await callRoute(calendarPage.loader, buildRequest("/calendar?month=2030-05", { cookie }))).json()) as {
      days: { key: string; eventIds: number[] }[];
      events: { id: number; firstDay: string; lastDay: string; shortTime: string; laterDays: string; blackedOut: { count: string } | null }[];
    };
    const idsOn = (key: string) => grid.days.find((day) => day.key === key)!.eventIds;
    expect(idsOn("2030-05-24")).toEqual([late.id]);
    expect(idsOn("2030-05-25")).toEqual([]);
    expect(idsOn("2030-05-27")).toEqual([festival.id]);
    expect(idsOn("2030-05-28")).toEqual([]);
    // The festival's second day reads "cont.", not its start time again.
    expect(grid.events.find((e) => e.id === festival.id)).toMatchObject({ firstDay: "2030-05-26", lastDay: "2030-05-27", shortTime: "8:00 PM", laterDays: "cont." });
    expect(grid.events.find((e) => e.id === late.id)!.blackedOut).toMatchObject({ count: "1 blacked out" });
    const latePage = (await (await callRoute(eventPage.loader, buildRequest(`/events/${late.id}`, { cookie }), { id: String(late.id) })).json()) as { lineup: { name: string; blackout: { reason: string | null } | null }[] };
    expect(latePage.lineup.find((row) => row.name === "Dave Drums")!.blackout).toMatchObject({ reason: "Early flight" });

    // An all-day event of three days says all three on its page.
    const camp = await eventWith(w.band.id, { title: "Band Camp", kind: "other", allDay: true, startsAt: new Date("2030-06-12T23:00:00Z"), endsAt: new Date("2030-06-15T23:00:00Z") });
    const page = (await (await callRoute(eventPage.loader, buildRequest(`/events/${camp.id}`, { cookie }), { id: String(camp.id) })).json()) as { event: { when: { date: string; time: string } } };
    expect(page.event.when).toMatchObject({ date: "Jun 13, 2030 – Jun 15, 2030", time: "All day" });
  });

  test("a day with this band's rehearsal and another band's gig shows the rehearsal, not just \"Busy\"", async () => {
    const w = await world();
    await eventWith(w.other.id, { title: "Hidden Matinee", startsAt: new Date("2030-05-22T10:00:00Z"), endsAt: new Date("2030-05-22T12:00:00Z"), booked: [w.other.membershipOf(w.bassist.id)] });
    await eventWith(w.band.id, { title: "Band Rehearsal", kind: "rehearsal", startsAt: new Date("2030-05-22T17:00:00Z"), endsAt: new Date("2030-05-22T19:00:00Z"), booked: [w.band.membershipOf(w.bassist.id)] });
    const month = await getAvailabilityMonth(await accessAs(w.leader.id, w.band.id), "2030-05", NOW);
    expect(dayOf(month, "2030-05-22").busy).toEqual([{ membershipId: w.band.membershipOf(w.bassist.id), name: "Bea Bass", what: "Band Rehearsal, 6:00 PM BST" }]);
    expect(JSON.stringify(month)).not.toContain("Hidden Matinee");
  });

  test("a fixed number of queries whatever the band's size", async () => {
    const small = await world();
    const smallAccess = await accessAs(small.leader.id, small.band.id);
    const smallRun = await recordQueries(() => getAvailabilityMonth(smallAccess, "2030-05", NOW));

    const large = await world();
    const extra = await Promise.all(Array.from({ length: 25 }, (_, i) => createUser({ firstName: `Extra${i}` })));
    for (const user of extra) {
      const membership = await db.bandMembership.create({ data: { bandId: large.band.id, userId: user.id, role: "band_member" } });
      await db.membershipInstrument.create({ data: { membershipId: membership.id, instrument: "Guitar" } });
      await db.blackout.create({ data: { userId: user.id, startDate: "2030-05-03", endDate: "2030-05-04" } });
      await eventWith(large.band.id, { title: "Gig", startsAt: new Date("2030-05-15T19:00:00Z"), booked: [membership.id] });
    }
    const largeAccess = await accessAs(large.leader.id, large.band.id);
    const largeRun = await recordQueries(() => getAvailabilityMonth(largeAccess, "2030-05", NOW));
    expect(largeRun.queries.length).toBe(smallRun.queries.length);
    expect(largeRun.statements.length).toBe(smallRun.statements.length);
    // Twelve statements: the band's availability stamp (availability-cache.test.ts: the
    // month drawn again is that one statement); the people, their instruments, the band's
    // longest event; their names, blackouts and memberships of other bands (each by the
    // people's ids) and those bands; the month's events and their bookings; the other
    // bands' events of the month and the people's bookings on them.
    expect(largeRun.statements.length).toBe(12);
  });
});

describe("the ends of the calendar", () => {
  test("the first and the last month a calendar allows render (the day after 9998-12 is in a year past them)", async () => {
    const leader = await person("Edge", "Lead");
    const band = await bandWith("Edge Band", "America/Chicago", [{ user: leader, role: "band_leader", instruments: ["Drums"] }]);
    const access = await accessAs(leader.id, band.id);
    expect((await getAvailabilityMonth(access, "9998-12", NOW)).days).toHaveLength(31);
    expect((await getAvailabilityMonth(access, "1970-01", NOW)).days).toHaveLength(31);
  });

  test("the month calendar shows the first and last month allowed, and this month for any other (not this year's January for 9999-01)", async () => {
    const leader = await person("Edge", "Grid");
    const band = await bandWith("Edge Grid", "America/Chicago", [{ user: leader, role: "band_leader", instruments: ["Drums"] }]);
    const cookie = `${leader.cookie}; ${await bandCookie(band.id)}`;
    const titleOf = async (query: string) => ((await (await callRoute(calendarPage.loader, buildRequest(`/calendar${query}`, { cookie }))).json()) as { title: string }).title;
    expect(await titleOf("?month=9998-12")).toBe("December 9998");
    expect(await titleOf("?month=1970-01")).toBe("January 1970");
    const thisMonth = await titleOf("");
    for (const query of ["?month=9999-01", "?month=1969-12", "?month=2030-13", "?month=2030-00", "?month=soon"]) expect(await titleOf(query), query).toBe(thisMonth);
  });

  test("at the first and last month, neither page links to a month it refuses; both say so when given one", async () => {
    const leader = await person("Edge", "Links");
    const band = await bandWith("Edge Links", "America/Chicago", [{ user: leader, role: "band_leader", instruments: ["Drums"] }]);
    const cookie = `${leader.cookie}; ${await bandCookie(band.id)}`;
    type Calendar = { links: { prev: string; next: string }; notice: string | null };
    type Availability = { prevMonth: string; nextMonth: string; notice: string | null };
    const calendar = async (query: string) => (await (await callRoute(calendarPage.loader, buildRequest(`/calendar${query}`, { cookie }))).json()) as Calendar;
    const availability = async (query: string) => body<Availability>(await callRoute(availabilityPage.loader, buildRequest(`/calendar/availability${query}`, { cookie })));
    expect((await calendar("?month=9998-12")).links).toMatchObject({ prev: "?month=9998-11", next: "?month=9998-12" });
    expect((await calendar("?month=1970-01")).links).toMatchObject({ prev: "?month=1970-01", next: "?month=1970-02" });
    expect(await availability("?month=9998-12")).toMatchObject({ prevMonth: "9998-11", nextMonth: "9998-12" });
    expect(await availability("?month=1970-01")).toMatchObject({ prevMonth: "1970-01", nextMonth: "1970-02" });
    // A month outside the calendar's years says which months there are, not that it is no month.
    const notice = "“9999-01” is outside the calendar: choose a month from 1970-01 to 9998-12; showing this month.";
    expect((await calendar("?month=9999-01")).notice).toBe(notice);
    expect((await availability("?month=9999-01")).notice).toBe(notice);
    expect((await availability("?month=2030-13")).notice).toBe("“2030-13” is not a month. Choose a month like 2026-11; showing this month.");
    // Spaces around a month (a pasted link) are not part of it.
    expect(await calendar("?month=%202030-05%0A")).toMatchObject({ notice: null, links: { prev: "?month=2030-04" } });
    expect(await availability("?month=2030-05%20")).toMatchObject({ notice: null, prevMonth: "2030-04" });
    expect((await calendar("?month=2030-05")).notice).toBeNull();
    expect((await calendar("")).notice).toBeNull();
    // A control character in the address is not written back into the page.
    expect((await calendar("?month=%00x%07")).notice).toBe("“x” is not a month. Choose a month like 2026-11; showing this month.");
  });

  test("the month grid reads a cancelled event out as cancelled, not as awaiting the viewer's answer", async () => {
    const leader = await person("Read", "Out");
    const band = await bandWith("Read Out", "Europe/London", [{ user: leader, role: "band_leader", instruments: ["Drums"] }]);
    const booked = [band.membershipOf(leader.id)];
    await eventWith(band.id, { title: "Called off", startsAt: new Date("2030-05-10T19:00:00Z"), cancelled: true, booked });
    await eventWith(band.id, { title: "Still on", startsAt: new Date("2030-05-11T19:00:00Z"), booked });
    const cookie = `${leader.cookie}; ${await bandCookie(band.id)}`;
    const page = (await (await callRoute(calendarPage.loader, buildRequest("/calendar?month=2030-05", { cookie }))).json()) as { events: { title: string; heard: string | null }[] };
    expect(Object.fromEntries(page.events.map((e) => [e.title, e.heard]))).toEqual({ "Called off": ", cancelled", "Still on": ", you: No answer yet" });
  });
});

describe("a band of a thousand", () => {
  test("the month, the calendar and the dashboard's neighbours read it without SQLite's 999-parameter limit", async () => {
    const leader = await person("Lead", "Huge");
    const band = await bandWith("Huge Band", "Europe/London", [{ user: leader, role: "band_leader", instruments: ["Drums"] }]);
    const users = Array.from({ length: 1000 }, (_, i) => ({ id: `huge-${i}`, email: `huge-${i}@example.com`, firstName: `Member${String(i).padStart(4, "0")}`, lastName: "Huge" }));
    await db.user.createMany({ data: users });
    await db.bandMembership.createMany({ data: users.map((user) => ({ bandId: band.id, userId: user.id, role: "band_member" })) });
    await db.blackout.createMany({ data: users.filter((_, i) => i % 10 === 0).map((user) => ({ userId: user.id, startDate: "2030-05-03", endDate: "2030-05-04" })) });
    const month = await getAvailabilityMonth(await accessAs(leader.id, band.id), "2030-05", NOW);
    expect(month.memberCount).toBe(1001);
    expect(month.days.find((day) => day.date === "2030-05-03")!.counts.away).toBe(100);
    const cookie = `${leader.cookie}; ${await bandCookie(band.id)}`;
    expect((await callRoute(calendarPage.loader, buildRequest("/calendar?month=2030-05", { cookie }))).status).toBe(200);
    expect((await callRoute(availabilityPage.loader, buildRequest("/calendar/availability?month=2030-05", { cookie }))).status).toBe(200);
  });
});
