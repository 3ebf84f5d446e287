/**
 * The band dashboard's panels and GET /api/bands/{id}/stats against a band whose every
 * figure this file sets up: own answers and the lineup's, answers waiting, blackout
 * clashes, gigs missing players or a setlist, the next gig's setlist, recent songs, and
 * what a sub (booked only), a member and a leader each see.
 */
import { recordQueries } from "#tests/query-counter";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, clearOutbox, createUser, readOutbox, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { dayOf } from "~/features/availability/local-day";
import { getBandStats, getDashboard, type Dashboard } from "~/features/dashboard/dashboard.server";
import * as dashboardPage from "~/routes/_app+/dashboard";
import * as statsApi from "~/routes/api+/bands.$id.stats";
import * as rsvpPage from "~/routes/_app+/events.$id_.rsvp";
import * as eventPage from "~/routes/_app+/events.$id";
import * as chasePage from "~/routes/_app+/events.$id_.chase";
import { recordExpense, recordPayment } from "~/features/finances/finances.server";
import { expenseSchema, paymentSchema } from "~/features/finances/schema.server";
import { accessAs, bandWith, person } from "./calendar-helpers";
import { refreshMemberOrder } from "~/features/members/member-order.server";

const DAY = 86_400_000;
const TZ = "America/New_York";

type World = Awaited<ReturnType<typeof buildWorld>>;
let w: World;

async function buildWorld() {
  const now = Date.now();
  // Events start at 17:00 UTC (noon or 1 PM in New York) so none crosses the band's
  // midnight: run late in the evening there, a 3-hour gig "now + 2 days" spanned two
  // local days and clashed with a blackout on the second one.
  const midday = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 17);
  const lena = await person("Lena", "Leader");
  const adam = await person("Adam", "Admin");
  const ana = await person("Ana", "Guitar");
  const ben = await person("Ben", "Bass");
  const sol = await person("Sol", "Sub");
  const band = await bandWith("Dashboard Band", TZ, [
    { user: lena, role: "band_leader", instruments: ["Vocals"] },
    { user: adam, role: "band_admin" },
    { user: ana, role: "band_member", instruments: ["Guitar"] },
    { user: ben, role: "band_member", instruments: ["Bass"] },
    { user: sol, role: "sub", instruments: ["Drums"] },
  ]);
  const m = band.membershipOf;
  const [intro, outro] = await Promise.all([
    db.song.create({ data: { bandId: band.id, title: "Intro Tune", artist: "The Openers", durationSeconds: 200 } }),
    db.song.create({ data: { bandId: band.id, title: "Closing Time", durationSeconds: 100 } }),
  ]);
  const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Friday Set", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true, sets: { select: { id: true } } } });
  const setId = setlist.sets[0]!.id;
  await db.setlistItem.createMany({
    data: [
      { setlistId: setlist.id, setId, position: 0, songId: intro.id },
      { setlistId: setlist.id, setId, position: 1, isBreak: true, breakSeconds: 60 },
      { setlistId: setlist.id, setId, position: 2, songId: outro.id },
    ],
  });

  const event = (title: string, inDays: number, more: { kind?: string; setlistId?: number; cancelled?: boolean; lineup?: [number, string | null, string | null][] } = {}) =>
    db.event.create({
      data: {
        bandId: band.id,
        title,
        kind: more.kind ?? "gig",
        startsAt: new Date(midday + inDays * DAY),
        endsAt: new Date(midday + inDays * DAY + 3 * 3_600_000),
        setlistId: more.setlistId ?? null,
        cancelledAt: more.cancelled ? new Date(now) : null,
        bookings: {
          create: (more.lineup ?? []).map(([membershipId, instrument, answer]) => ({ membershipId, instrument, ...(answer ? { rsvp: { create: { answer } } } : {}) })),
        },
      },
      select: { id: true, startsAt: true },
    });

  // Gig A: the whole band booked; Lena going, Ana maybe, Ben can't make it, Sol (sub) hasn't answered.
  const gigA = await event("Gig A at the Harbour", 2, {
    setlistId: setlist.id,
    lineup: [
      [m(lena.id), "Vocals", "going"],
      [m(ana.id), "Guitar", "maybe"],
      [m(ben.id), "Bass", "no"],
      [m(sol.id), "Drums", null],
    ],
  });
  // A rehearsal with Ana, unanswered.
  const rehearsal = await event("Rehearsal B", 3, { kind: "rehearsal", lineup: [[m(ana.id), "Guitar", null]] });
  // Gig C: nobody booked, no setlist.
  const gigC = await event("Gig C Uptown", 10);
  // Cancelled, past, and beyond the 60-day horizon.
  await event("Gig D Cancelled", 5, { cancelled: true, lineup: [[m(ana.id), "Guitar", null]] });
  await event("Gig F Past", -2, { lineup: [[m(ana.id), "Guitar", null]] });
  const gigE = await event("Gig E Far Away", 90, { lineup: [[m(ana.id), "Guitar", null]] });

  // Ana is blacked out on Gig A's day (in the band's zone); Ben and Sol on days they are not booked.
  const gigADay = dayOf(gigA.startsAt, TZ);
  const rehearsalDay = dayOf(rehearsal.startsAt, TZ);
  await db.blackout.createMany({
    data: [
      { userId: ana.id, startDate: gigADay, endDate: gigADay, reason: "Wedding" },
      { userId: ben.id, startDate: dayOf(gigC.startsAt, TZ), endDate: dayOf(gigC.startsAt, TZ), reason: "Holiday" },
      { userId: sol.id, startDate: rehearsalDay, endDate: rehearsalDay },
    ],
  });
  return { band, lena, adam, ana, ben, sol, gigA, rehearsal, gigC, gigE, setlist, gigADay };
}

beforeAll(async () => {
  w = await buildWorld();
}, 60_000);

async function dashboardOf(userId: string) {
  return (await getDashboard(await accessAs(userId, w.band.id)))!;
}

const titles = (d: Dashboard) => d.coming.map((event) => event.title);

describe("every member's panels", () => {
  test("coming up: the next events in 60 days, soonest first, without cancelled or past ones", async () => {
    const d = await dashboardOf(w.lena.id);
    expect(titles(d)).toEqual(["Gig A at the Harbour", "Rehearsal B", "Gig C Uptown"]);
    expect(d.timeZone).toBe(TZ);
  });

  test("each event shows the viewer's own answer and the lineup's answers", async () => {
    const d = await dashboardOf(w.ana.id);
    const [gigA, rehearsal, gigC] = d.coming;
    expect(gigA!.counts).toEqual({ going: 1, maybe: 1, no: 1, waiting: 1, booked: 4 });
    expect(gigA!.countsLine).toBe("1 going · 1 maybe · 1 can’t make it · 1 no answer");
    expect(gigA!.mine).toEqual({ answer: "maybe", open: true, closedReason: null });
    expect(rehearsal!.mine).toEqual({ answer: null, open: true, closedReason: null });
    expect(gigC!.counts).toEqual({ going: 0, maybe: 0, no: 0, waiting: 0, booked: 0 });
    expect(gigC!.mine).toBeNull();
    // Who has not answered is for leaders and admins.
    expect(d.coming.flatMap((event) => event.unanswered)).toEqual([]);
    expect(d.attention).toBeNull();
  });

  test("times are in the band's time zone", async () => {
    const d = await dashboardOf(w.ana.id);
    const expected = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: TZ }).format(w.gigA.startsAt);
    expect(d.coming[0]!.when.date).toBe(expected);
    expect(d.coming[0]!.when.time).toMatch(/ E[SD]T$/);
  });

  test("answers waiting for the viewer: every open event they're booked on without an answer, beyond the 60 days too", async () => {
    const ana = await dashboardOf(w.ana.id);
    expect(ana.waiting.total).toBe(2);
    expect(ana.waiting.events.map((event) => event.title)).toEqual(["Rehearsal B", "Gig E Far Away"]);
    const lena = await dashboardOf(w.lena.id);
    expect(lena.waiting).toEqual({ total: 0, events: [] });
  });

  test("an event whose RSVP deadline has passed still waits for the answer, which still counts", async () => {
    await db.event.update({ where: { id: w.rehearsal.id }, data: { rsvpDeadline: new Date(Date.now() - 3_600_000) } });
    try {
      const ana = await dashboardOf(w.ana.id);
      expect(ana.waiting.total).toBe(2);
      expect(ana.waiting.events[0]).toMatchObject({ title: "Rehearsal B", deadline: expect.stringMatching(/^answers were due /) });
      expect(ana.coming.find((event) => event.id === w.rehearsal.id)!.mine).toMatchObject({ open: true });
    } finally {
      await db.event.update({ where: { id: w.rehearsal.id }, data: { rsvpDeadline: null } });
    }
  });

  test("blackout clashes: a member sees their own, with the reason; someone without one sees none", async () => {
    const ana = await dashboardOf(w.ana.id);
    expect(ana.clashes.total).toBe(1);
    expect(ana.clashes.rows[0]).toMatchObject({ isYou: true, name: "You", reason: "Wedding", event: { id: w.gigA.id, title: "Gig A at the Harbour" } });
    // Ben's blackout is on Gig C's day, but he is not booked on it.
    expect((await dashboardOf(w.ben.id)).clashes).toEqual({ total: 0, rows: [] });
  });

  test("the next gig's setlist: its name, song count and length (songs and breaks)", async () => {
    const d = await dashboardOf(w.ben.id);
    expect(d.nextGig).toMatchObject({ id: w.gigA.id, title: "Gig A at the Harbour" });
    expect(d.nextGig!.setlist).toEqual({ id: w.setlist.id, name: "Friday Set", songCount: 2, length: "6:00 with breaks", href: `/setlists/${w.setlist.id}` });
  });

  test("what is on now stays on the dashboard until it ends: the gig on stage (with its setlist), a rehearsal under way, today's all-day event", async () => {
    const lena = await person("Lena", "Late");
    const band = await bandWith("On Now Band", TZ, [{ user: lena, role: "band_leader" }]);
    const now = Date.now();
    const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Tonight" } });
    const hour = 3_600_000;
    await db.event.createMany({
      data: [
        { bandId: band.id, title: "On stage", kind: "gig", startsAt: new Date(now - hour), endsAt: new Date(now + 2 * hour), setlistId: setlist.id },
        { bandId: band.id, title: "Open-ended rehearsal", kind: "rehearsal", startsAt: new Date(now - 2 * hour), endsAt: null },
        { bandId: band.id, title: "All day", kind: "other", allDay: true, startsAt: new Date(now - 5 * hour), endsAt: new Date(now + 19 * hour) },
        { bandId: band.id, title: "Next week", kind: "gig", startsAt: new Date(now + 7 * DAY) },
        { bandId: band.id, title: "Finished", kind: "gig", startsAt: new Date(now - 4 * hour), endsAt: new Date(now - hour) },
        { bandId: band.id, title: "Open-ended, long over", kind: "rehearsal", startsAt: new Date(now - 4 * hour), endsAt: null },
      ],
    });
    // Booked on tonight's gig and next week's, and no answer to either.
    for (const title of ["On stage", "Next week"]) {
      const event = await db.event.findFirstOrThrow({ where: { bandId: band.id, title } });
      await db.eventBooking.create({ data: { eventId: event.id, membershipId: band.membershipOf(lena.id) } });
    }
    const d = (await getDashboard(await accessAs(lena.id, band.id)))!;
    // "Who hasn't answered" asks only where answers are open: not of the gig under way.
    expect(d.coming.filter((event) => event.unanswered.length).map((event) => [event.title, event.unanswered])).toEqual([["Next week", ["You"]]]);
    expect(d.coming.map((event) => [event.title, event.onNow])).toEqual([
      ["All day", true],
      ["Open-ended rehearsal", true],
      ["On stage", true],
      ["Next week", false],
    ]);
    expect(d.nextGig).toMatchObject({ title: "On stage", onNow: true, setlist: { name: "Tonight" } });
    expect((await getBandStats(await accessAs(lena.id, band.id)))?.upcomingEvents).toBe(4);
    // An all-day event of several days says all of them.
    await db.event.create({ data: { bandId: band.id, title: "Festival", kind: "gig", allDay: true, startsAt: new Date("2030-07-04T04:00:00Z"), endsAt: new Date("2030-07-07T04:00:00Z") } });
    const later = (await getDashboard(await accessAs(lena.id, band.id), new Date("2030-07-05T12:00:00Z")))!;
    expect(later.coming.find((event) => event.title === "Festival")!.when).toMatchObject({ date: "Jul 4, 2030 – Jul 6, 2030", time: "All day" });
  });

  test("songs added recently, newest first", async () => {
    const d = await dashboardOf(w.ben.id);
    expect(d.recentSongs.map((song) => [song.title, song.artist])).toEqual([
      ["Closing Time", null],
      ["Intro Tune", "The Openers"],
    ]);
  });
});

describe("leaders and admins", () => {
  test("who has not answered for the next events, with Chase now while answers are open", async () => {
    for (const leader of [w.lena, w.adam]) {
      const d = await dashboardOf(leader.id);
      expect(d.coming.map((event) => [event.title, event.unanswered, event.chase])).toEqual([
        ["Gig A at the Harbour", ["Sol Sub"], true],
        ["Rehearsal B", ["Ana Guitar"], true],
        ["Gig C Uptown", [], false],
      ]);
    }
    // The viewer among them is "You", as in the clashes.
    const gigA = await db.event.findFirstOrThrow({ where: { title: "Gig A at the Harbour" }, select: { id: true } });
    const booking = await db.eventBooking.create({ data: { eventId: gigA.id, membershipId: (await db.bandMembership.findFirstOrThrow({ where: { userId: w.adam.id }, select: { id: true } })).id } });
    try {
      expect((await dashboardOf(w.adam.id)).coming[0]!.unanswered).toEqual(["Sol Sub", "You"]);
      expect((await dashboardOf(w.lena.id)).coming[0]!.unanswered).not.toContain("You");
    } finally {
      await db.eventBooking.delete({ where: { id: booking.id } });
    }
  });

  test("gigs missing players, per instrument as on the event page; gigs without a setlist", async () => {
    const d = await dashboardOf(w.lena.id);
    expect(d.attention!.gigsChecked).toBe(2);
    // Gig A: the bassist can't make it (a sub who hasn't answered still counts for drums).
    expect(d.attention!.gaps).toEqual({
      total: 2,
      rows: [
        { id: w.gigA.id, title: "Gig A at the Harbour", when: expect.any(Object), missing: ["No bassist yet"] },
        { id: w.gigC.id, title: "Gig C Uptown", when: expect.any(Object), missing: ["No bassist yet", "No drummer yet", "No guitarist yet", "No singer yet"] },
      ],
    });
    expect(d.attention!.withoutSetlist).toEqual({ total: 1, rows: [{ id: w.gigC.id, title: "Gig C Uptown", when: expect.any(Object) }] });
  });

  test("blackout clashes across the band, with reasons", async () => {
    const d = await dashboardOf(w.lena.id);
    expect(d.clashes.rows).toEqual([{ event: { id: w.gigA.id, title: "Gig A at the Harbour", when: expect.any(Object) }, isYou: false, name: "Ana Guitar", days: expect.any(String), line: expect.stringMatching(/^Ana Guitar has a blackout on /), reason: "Wedding" }]);
  });

  test("Chase now from the dashboard mails who hasn't answered and comes back to the dashboard", async () => {
    clearOutbox();
    const response = await callRoute(chasePage.action, buildRequest(`/events/${w.gigA.id}/chase`, { form: { returnTo: "/dashboard" }, cookie: w.lena.cookie }), { id: String(w.gigA.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(readOutbox().map((mail) => mail.to)).toEqual([w.sol.email]);
    // Another site is never a place to go back to.
    const away = await callRoute(chasePage.action, buildRequest(`/events/${w.gigA.id}/chase`, { form: { returnTo: "https://evil.example/" }, cookie: w.lena.cookie }), { id: String(w.gigA.id) });
    expect(away.headers.get("location")).toBe(`/events/${w.gigA.id}`);
  });
});

describe("a sub sees only what they are booked on", () => {
  test("their gig, their answer, their clashes; nothing of the band's other events or library", async () => {
    const d = await dashboardOf(w.sol.id);
    expect(titles(d)).toEqual(["Gig A at the Harbour"]);
    expect(d.coming[0]!.mine).toEqual({ answer: null, open: true, closedReason: null });
    expect(d.coming[0]!.unanswered).toEqual([]);
    expect(d.waiting.total).toBe(1);
    // Sol's blackout is on the rehearsal's day, which Sol is not booked on.
    expect(d.clashes.total).toBe(0);
    expect(d.recentSongs).toEqual([]);
    expect(d.attention).toBeNull();
    // The booked gig's setlist, read on the gig's page.
    expect(d.nextGig!.setlist).toMatchObject({ name: "Friday Set", href: `/events/${w.gigA.id}` });
  });

  test("the page's data names none of the band's other events or songs", async () => {
    const cookie = `${w.sol.cookie}; ${await bandCookie(w.band.id)}`;
    const response = await callRoute(dashboardPage.loader, buildRequest("/dashboard", { cookie }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("Gig A at the Harbour");
    for (const hidden of ["Rehearsal B", "Gig C Uptown", "Gig E Far Away", "Intro Tune", "Closing Time", "Wedding"]) expect(text).not.toContain(hidden);
  });
});

describe("answering from the dashboard", () => {
  test("one tap saves the answer and comes back to the dashboard, where it shows", async () => {
    const response = await callRoute(rsvpPage.action, buildRequest(`/events/${w.rehearsal.id}/rsvp`, { form: { answer: "going", returnTo: "/dashboard" }, cookie: w.ana.cookie }), { id: String(w.rehearsal.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const d = await dashboardOf(w.ana.id);
    expect(d.coming[1]!.mine?.answer).toBe("going");
    expect(d.waiting.events.map((event) => event.title)).toEqual(["Gig E Far Away"]);
    // Put back for the other tests' figures.
    await db.rsvp.deleteMany({ where: { booking: { eventId: w.rehearsal.id } } });
  });
});

describe("GET /api/bands/{id}/stats", () => {
  const get = (cookie: string, id: number | string = w.band.id) => callRoute(statsApi.loader, buildRequest(`/api/bands/${id}/stats`, { cookie }), { id: String(id) });

  test("a leader: members, songs, setlists, upcoming events and the answers outstanding, the band's too", async () => {
    const response = await get(w.lena.cookie);
    expect(response.status).toBe(200);
    // Upcoming: Gig A, the rehearsal, Gig C and Gig E (not the cancelled or past ones).
    // Outstanding: Sol on Gig A, Ana on the rehearsal and on Gig E.
    expect(await response.json()).toEqual({ bandId: w.band.id, members: 5, songs: 2, setlists: 1, upcomingEvents: 4, answersOutstanding: { yours: 0, band: 3 } });
  });

  test("a member: their own answers outstanding; a sub: only their booked events, no library counts", async () => {
    expect(await (await get(w.ana.cookie)).json()).toEqual({ bandId: w.band.id, members: 5, songs: 2, setlists: 1, upcomingEvents: 4, answersOutstanding: { yours: 2 } });
    expect(await (await get(w.sol.cookie)).json()).toEqual({ bandId: w.band.id, members: 5, upcomingEvents: 1, answersOutstanding: { yours: 1 } });
  });

  test("the same figures as the dashboard", async () => {
    for (const viewer of [w.lena, w.ana, w.sol]) {
      const d = await dashboardOf(viewer.id);
      const api = (await (await get(viewer.cookie)).json()) as { members: number; songs?: number; setlists?: number; answersOutstanding: { yours: number } };
      const { events: _events, ...counts } = d.overview.counts as { events?: number };
      expect(counts).toEqual({ members: api.members, ...(api.songs === undefined ? {} : { songs: api.songs, setlists: api.setlists }) });
      expect(d.waiting.total).toBe(api.answersOutstanding.yours);
    }
  });

  test("errors as every /api route answers them: 401, 404 outside the band or for a bad id, 405", async () => {
    const anonymous = await callRoute(statsApi.loader, buildRequest(`/api/bands/${w.band.id}/stats`), { id: String(w.band.id) });
    expect(anonymous.status).toBe(401);
    const outsider = await person("Otto", "Outside");
    const refused = await get(outsider.cookie);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: "Band not found" });
    expect(JSON.stringify(await (await get(outsider.cookie)).json())).not.toContain("Dashboard Band");
    for (const id of ["abc", "0", "99999999", "1e3"]) expect((await get(w.lena.cookie, id)).status).toBe(404);
    const post = await callRoute(statsApi.action, buildRequest(`/api/bands/${w.band.id}/stats`, { method: "POST", json: {}, cookie: w.lena.cookie }), { id: String(w.band.id) });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});

describe("a band still setting up", () => {
  let cookie: string;
  beforeEach(async () => {
    const user = await createUser({ firstName: "Nova" });
    const band = await bandWith("Brand New Band", "UTC", [{ user, role: "band_leader" }]);
    cookie = `${await sessionCookieFor(user.id)}; ${await bandCookie(band.id)}`;
  });

  test("keeps its next steps, and every panel says what to do next", async () => {
    const data = (await (await callRoute(dashboardPage.loader, buildRequest("/dashboard", { cookie }))).json()) as {
      nextSteps: { key: string }[];
      dashboard: Dashboard;
    };
    expect(data.nextSteps.map((step) => step.key)).toEqual(["members", "songs", "setlists"]);
    expect(data.dashboard.coming).toEqual([]);
    expect(data.dashboard.nextGig).toBeNull();
    expect(data.dashboard.attention).toMatchObject({ gigsChecked: 0, instrumentsKnown: false });
  });
});

describe("a fixed number of queries per panel", () => {
  test("the same statements for a small band and one with ten times the gigs, lineups, answers and blackouts (an empty band: fewer)", async () => {
    const leader = await person("Quinn", "Queries");
    const empty = await bandWith("Empty Band", "UTC", [{ user: leader, role: "band_leader", instruments: ["Keys"] }]);
    const players = await Promise.all(Array.from({ length: 20 }, (_, i) => person(`P${i}`, "Busy")));
    const busy = await bandWith(
      "Busy Band",
      "Europe/Berlin",
      [{ user: leader, role: "band_leader", instruments: ["Keys"] }, ...players.map((user, i) => ({ user, role: i % 5 ? "band_member" : "sub", instruments: [["Guitar", "Bass", "Drums"][i % 3]!] }))],
    );
    const now = Date.now();
    await db.event.createMany({ data: Array.from({ length: 120 }, (_, i) => ({ bandId: busy.id, title: `Busy gig ${i}`, kind: i % 3 ? "gig" : "rehearsal", startsAt: new Date(now + (i + 1) * 10 * 3_600_000) })) });
    const events = await db.event.findMany({ where: { bandId: busy.id }, select: { id: true } });
    const everyone = [leader, ...players].map((p) => busy.membershipOf(p.id));
    await db.eventBooking.createMany({ data: events.flatMap((event, e) => everyone.filter((_, i) => (i + e) % 2 === 0).map((membershipId) => ({ membershipId, eventId: event.id, instrument: "Guitar" }))) });
    const bookings = await db.eventBooking.findMany({ where: { event: { bandId: busy.id } }, select: { id: true } });
    await db.rsvp.createMany({ data: bookings.filter((_, i) => i % 3 === 0).map((booking, i) => ({ bookingId: booking.id, answer: ["going", "maybe", "no"][i % 3]! })) });
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    await db.blackout.createMany({ data: [leader, ...players].map((p, i) => ({ userId: p.id, startDate: day(i % 20), endDate: day((i % 20) + 1) })) });

    const count = async (userId: string, bandId: number) => {
      const access = await accessAs(userId, bandId);
      return (await recordQueries(() => getDashboard(access))).statements.length;
    };
    const [none, small, large] = [await count(leader.id, empty.id), await count(w.lena.id, w.band.id), await count(leader.id, busy.id)];
    expect(large).toBe(small);
    // Prisma skips a relation's statement when there are no parent rows at all.
    expect(none).toBeLessThanOrEqual(small);
    const d = (await getDashboard(await accessAs(leader.id, busy.id)))!;
    // The data is really there: the panels have something to show.
    expect(d.coming).toHaveLength(5);
    expect(d.clashes.total).toBeGreaterThan(0);
    expect(d.attention!.gaps.total).toBeGreaterThan(0);
  });
});

/**
 * Money (Pro bands), recorded through the finances module by the leader:
 * $1,000.00 into the band account; expenses paid by Cara $40, Sid (sub) $25, Dan $10 and
 * Mona (leader) $5; $30 of tips held by Eve. Fund: 1,000 − 80 + 30 = $950.00. Owed to
 * members: $80.00 to 4 people (Cara, Sid, Dan, Mona); Eve holds $30.00.
 */
describe("money on the dashboard and in the stats (Pro bands)", () => {
  let m: Awaited<ReturnType<typeof moneyWorld>>;
  async function moneyWorld() {
    const people = {
      mona: await person("Mona", "Leader"),
      abe: await person("Abe", "Admin"),
      cara: await person("Cara", "Keys"),
      dan: await person("Dan", "Drums"),
      eve: await person("Eve", "Horns"),
      sid: await person("Sid", "Sub"),
    };
    const band = await bandWith("Money Band", "UTC", [
      { user: people.mona, role: "band_leader" },
      { user: people.abe, role: "band_admin" },
      { user: people.cara, role: "band_member" },
      { user: people.dan, role: "band_member" },
      { user: people.eve, role: "band_member" },
      { user: people.sid, role: "sub" },
    ]);
    await db.band.update({ where: { id: band.id }, data: { subscriptionTier: "pro", currency: "USD" } });
    const leader = await accessAs(people.mona.id, band.id);
    const pay = paymentSchema("USD");
    const spend = expenseSchema("USD");
    await recordPayment(leader, pay.parse({ category: "other", amount: "1000.00", date: "2026-01-05", method: "bank_transfer" }));
    for (const [who, amount] of [[people.cara, "40"], [people.sid, "25"], [people.dan, "10"], [people.mona, "5"]] as const) {
      await recordExpense(leader, spend.parse({ amount, date: "2026-01-06", category: "travel", paidBy: who.id }));
    }
    await recordPayment(leader, pay.parse({ category: "tips", amount: "30", date: "2026-01-07", method: "cash", receivedBy: people.eve.id }));
    const cookies = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([key, p]) => [key, `${p.cookie}; ${await bandCookie(band.id)}`]))) as Record<keyof typeof people, string>;
    return { band, people, cookies };
  }
  beforeAll(async () => {
    m = await moneyWorld();
  }, 60_000);

  const stats = async (cookie: string) => (await (await callRoute(statsApi.loader, buildRequest(`/api/bands/${m.band.id}/stats`, { cookie }), { id: String(m.band.id) })).json()) as { money?: unknown };
  const page = async (cookie: string) => (await (await callRoute(dashboardPage.loader, buildRequest("/dashboard", { cookie }))).json()) as { money: { text: string; link?: { to: string; label: string } }[] | null; dashboard: Dashboard };

  test("the stats carry the band fund to leaders, admins and members, with each caller's own balance", async () => {
    expect((await stats(m.cookies.mona)).money).toEqual({ currency: "USD", yoursMinor: 500, fundMinor: 95_000 });
    expect((await stats(m.cookies.abe)).money).toEqual({ currency: "USD", yoursMinor: 0, fundMinor: 95_000 });
    expect((await stats(m.cookies.cara)).money).toEqual({ currency: "USD", yoursMinor: 4_000, fundMinor: 95_000 });
    expect((await stats(m.cookies.eve)).money).toEqual({ currency: "USD", yoursMinor: -3_000, fundMinor: 95_000 });
  });

  test("a sub gets their own balance and no fund figure", async () => {
    const sid = await stats(m.cookies.sid);
    expect(sid.money).toEqual({ currency: "USD", yoursMinor: 2_500 });
    expect(JSON.stringify(sid)).not.toContain("fund");
  });

  test("a free band's stats carry no money at all", async () => {
    const response = await callRoute(statsApi.loader, buildRequest(`/api/bands/${w.band.id}/stats`, { cookie: w.lena.cookie }), { id: String(w.band.id) });
    expect(await response.json()).not.toHaveProperty("money");
  });

  test("leaders and admins see what the band owes its members: the total, how many, the three largest, what members hold", async () => {
    for (const cookie of [m.cookies.mona, m.cookies.abe]) {
      const { dashboard, money } = await page(cookie);
      // The page's own balance and fund are the stats' figures.
      expect(dashboard.money).toEqual((await stats(cookie)).money);
      expect(dashboard.owed).toEqual({
        totalMinor: 8_000,
        people: 4,
        heldMinor: 3_000,
        top: [
          { userId: m.people.cara.id, name: "Cara Keys", amountMinor: 4_000 },
          { userId: m.people.sid.id, name: "Sid Sub", amountMinor: 2_500 },
          { userId: m.people.dan.id, name: "Dan Drums", amountMinor: 1_000 },
        ],
      });
      expect(money!.slice(2)).toEqual([
        { text: "Money owed to members: $80.00 to 4 people. Members hold $30.00 of the band’s money.", link: { to: "/finances/settle", label: "Settle up" } },
        { text: "Cara Keys: $40.00", link: { to: `/finances/history?member=${m.people.cara.id}`, label: "History" } },
        { text: "Sid Sub: $25.00", link: { to: `/finances/history?member=${m.people.sid.id}`, label: "History" } },
        { text: "Dan Drums: $10.00", link: { to: `/finances/history?member=${m.people.dan.id}`, label: "History" } },
        // Four are owed and three named: the fourth is counted, so the names add up to the total.
        { text: "And 1 more person.", link: { to: "/finances/settle", label: "See everyone" } },
      ]);
    }
    expect((await page(m.cookies.mona)).money!.slice(0, 2)).toEqual([
      { text: "The band owes you $5.00.", link: { to: "/finances/history", label: "Your history" } },
      { text: "Band fund: $950.00.", link: { to: "/finances", label: "Finances" } },
    ]);
  });

  test("a member sees their own balance and the fund, nobody else's; a sub only their own", async () => {
    const eve = await page(m.cookies.eve);
    expect(eve.dashboard.owed).toBeNull();
    expect(eve.money).toEqual([
      { text: "You owe the band $30.00.", link: { to: "/finances/history", label: "Your history" } },
      { text: "Band fund: $950.00.", link: { to: "/finances", label: "Finances" } },
    ]);
    const sid = await page(m.cookies.sid);
    expect(sid.money).toEqual([{ text: "The band owes you $25.00.", link: { to: "/finances/history", label: "Your history" } }]);
    const text = JSON.stringify(sid);
    for (const hidden of ["Band fund", "950", "Cara Keys", "Settle up"]) expect(text).not.toContain(hidden);
  });

  test("a free band: no money panel, only a one-line Pro hint for whoever manages billing; a band back on Free keeps its figures, read-only", async () => {
    const lena = await page(`${w.lena.cookie}; ${await bandCookie(w.band.id)}`);
    expect(lena.money).toEqual([{ text: "Gig payments, splits and who is owed are part of Pro.", link: { to: "/subscription", label: "See Pro" } }]);
    expect((await page(`${w.adam.cookie}; ${await bandCookie(w.band.id)}`)).money).toBeNull();
    expect((await page(`${w.ana.cookie}; ${await bandCookie(w.band.id)}`)).money).toBeNull();
    // The money band falls back to free: what it recorded stays readable, here as on /finances
    // (a member owed money went on seeing nothing of it).
    await db.band.update({ where: { id: m.band.id }, data: { subscriptionTier: "free" } });
    try {
      const mona = await page(m.cookies.mona);
      expect(mona.money![0]).toEqual({ text: "The band owes you $5.00.", link: { to: "/finances/history", label: "Your history" } });
      expect(mona.money!.at(-1)).toEqual({ text: "Finances is read-only on the Free plan: the balances stay as Pro left them.", link: { to: "/subscription", label: "See Pro" } });
      expect(mona.dashboard.owed).toMatchObject({ totalMinor: 8_000, people: 4 });
      expect((await page(m.cookies.cara)).money).toEqual([
        { text: "The band owes you $40.00.", link: { to: "/finances/history", label: "Your history" } },
        { text: "Band fund: $950.00.", link: { to: "/finances", label: "Finances" } },
        { text: "Finances is read-only on the Free plan: the balances stay as Pro left them." },
      ]);
      expect((await stats(m.cookies.mona)).money).toEqual({ currency: "USD", yoursMinor: 500, fundMinor: 95_000, readOnly: true });
    } finally {
      await db.band.update({ where: { id: m.band.id }, data: { subscriptionTier: "pro" } });
    }
  });

  test("the money adds a fixed number of queries, however many members are owed", async () => {
    const count = async () => (await recordQueries(async () => getDashboard(await accessAs(m.people.mona.id, m.band.id)))).statements.length;
    const before = await count();
    const leader = await accessAs(m.people.mona.id, m.band.id);
    const more = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`Owed${i}`, "Player")));
    await db.bandMembership.createMany({ data: more.map((p) => ({ bandId: m.band.id, userId: p.id, role: "band_member" })) });
    // As every membership write does (a band without its stored order reads everyone: see the preview tests).
    await refreshMemberOrder(db, m.band.id);
    for (const p of more) await recordExpense(leader, expenseSchema("USD").parse({ amount: "1", date: "2026-01-08", category: "travel", paidBy: p.id }));
    expect(await count()).toBe(before);
    expect((await getDashboard(await accessAs(m.people.mona.id, m.band.id)))!.owed).toMatchObject({ people: 16, totalMinor: 9_200 });
  });
});

describe("the members preview", () => {
  test("the first six in the one member order (leaders first, then by name), read without the rest of the band", async () => {
    const names = ["Zoe", "Yann", "Xavi", "Walt", "Vera", "Uma", "Tom", "Sian", "Rhea", "Quin"];
    const people = await Promise.all(names.map((name) => person(name, "Preview")));
    const band = await bandWith("Preview Band", "Europe/London", people.map((p, i) => ({ user: p, role: i === 0 ? "band_leader" : "band_member" })));
    const preview = async () => (await getDashboard(await accessAs(people[0]!.id, band.id), new Date(), { preview: 6 }))!.overview.members.map((m) => m.user.firstName);
    const expected = ["Zoe", "Quin", "Rhea", "Sian", "Tom", "Uma"];
    const { statements } = await recordQueries(async () => expect(await preview()).toEqual(expected));
    // One statement for the members named and one for their users: never the ten.
    const memberReads = statements.filter((sql) => sql.includes("FROM `main`.`BandMembership`") && sql.includes("listRank` <"));
    expect(memberReads).toHaveLength(1);
    // A band whose stored order is missing (rows a script wrote) is sorted in memory, with the same result.
    await db.bandMembership.updateMany({ where: { bandId: band.id }, data: { listRank: null, joinRank: null } });
    expect(await preview()).toEqual(expected);
  });
});

describe("a band with hundreds to name", () => {
  test("a thousand booked on the next gig, nobody answered: the leader's dashboard names them all (no 999-parameter limit)", async () => {
    const leader = await person("Lead", "Big");
    const band = await bandWith("Big Band", "Europe/London", [{ user: leader, role: "band_leader" }]);
    const users = Array.from({ length: 1000 }, (_, i) => ({ id: `big-${i}`, email: `big-${i}@example.com`, firstName: `Player${String(i).padStart(4, "0")}`, lastName: "Big" }));
    await db.user.createMany({ data: users });
    await db.bandMembership.createMany({ data: users.map((user) => ({ bandId: band.id, userId: user.id, role: "band_member" })) });
    await refreshMemberOrder(db, band.id);
    const memberships = await db.bandMembership.findMany({ where: { bandId: band.id, role: "band_member" }, select: { id: true } });
    const gig = await db.event.create({ data: { bandId: band.id, title: "Big gig", kind: "gig", startsAt: new Date(Date.now() + 3 * 86_400_000), endsAt: new Date(Date.now() + 3 * 86_400_000 + 7_200_000) } });
    await db.eventBooking.createMany({ data: memberships.map((m) => ({ eventId: gig.id, membershipId: m.id })) });
    const dashboard = (await getDashboard(await accessAs(leader.id, band.id)))!;
    const coming = dashboard.coming.find((event) => event.id === gig.id)!;
    expect(coming.unanswered).toHaveLength(1000);
    expect(coming.unanswered).toContain("Player0999 Big");
    expect(dashboard.overview.members).toHaveLength(6);
    expect(dashboard.overview.members[0]!.user.firstName).toBe("Lead");
    // The gig's own page lists its lineup of a thousand (Prisma refused its nested reads past 999 ids before).
    const cookie = `${leader.cookie}; ${await bandCookie(band.id)}`;
    const page = await callRoute(eventPage.loader, buildRequest(`/events/${gig.id}`, { cookie }), { id: String(gig.id) });
    expect(page.status).toBe(200);
  });
});
