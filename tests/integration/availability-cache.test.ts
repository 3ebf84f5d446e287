/**
 * The availability view's months are kept per server process under the band's
 * AvailabilityStamp, which database triggers move (month-cache.server.ts, schema.prisma).
 * These tests draw a month, change one thing the view shows through the database (as any
 * code path or another process would), and draw it again: the change must show. A
 * missing trigger (a migration that redefined its table and did not create it again)
 * fails here.
 */
import Database from "better-sqlite3";
import { recordQueries } from "#tests/query-counter";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "~/utils/db.server";
import { getAvailabilityMonth } from "~/features/availability/availability.server";
import { availabilityStamp, forgetMonths, MAX_MONTHS } from "~/features/availability/month-cache.server";
import { accessAs, bandWith, eventWith, person } from "./calendar-helpers";

const NOW = new Date("2030-05-10T12:00:00Z");
const MONTH = "2030-05";

async function world() {
  const leader = await person("Lena", "Leader");
  const drummer = await person("Dave", "Drums");
  const bassist = await person("Bea", "Bass");
  const band = await bandWith("Cached Band", "Europe/London", [
    { user: leader, role: "band_leader", instruments: ["Vocals"] },
    { user: drummer, role: "band_member", instruments: ["Drums"] },
    { user: bassist, role: "band_member", instruments: ["Bass"] },
  ]);
  const otherLeader = await person("Olga", "Other");
  const other = await bandWith("Other Band", "UTC", [
    { user: otherLeader, role: "band_leader" },
    { user: bassist, role: "band_member", instruments: ["Bass"] },
  ]);
  const access = await accessAs(leader.id, band.id);
  /** The month as the leader sees it, and how many statements drawing it took. */
  const draw = async () => {
    const run = await recordQueries(() => getAvailabilityMonth(access, MONTH, NOW));
    return { month: run.result, statements: run.statements.length };
  };
  return { leader, drummer, bassist, band, otherLeader, other, access, draw };
}

type World = Awaited<ReturnType<typeof world>>;
type Month = Awaited<ReturnType<typeof getAvailabilityMonth>>;
const day = (month: Month, date: string) => month.days.find((d) => d.date === date)!;
const names = (list: { name: string }[]) => list.map((p) => p.name);

beforeEach(() => forgetMonths());

describe("the availability view's kept months", () => {
  test("a month drawn again is one statement (the band's stamp), whatever the month holds", async () => {
    const w = await world();
    const first = await w.draw();
    expect(first.statements).toBe(12);
    const again = await w.draw();
    expect(again.statements).toBe(1);
    expect(again.month).toEqual(first.month);
  });

  // Each change is made through the database, as any code path (or another process) would make it.
  // A case's setup (drawn before the change) hands the row it made to its change.
  type Made = { id: number };
  const changes: { name: string; setup?: (w: World) => Promise<Made>; change: (w: World, made: Made) => Promise<unknown>; shows: (month: Month, w: World) => void }[] = [
    {
      name: "a blackout marked",
      change: (w) => db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20", reason: "Wedding" } }),
      shows: (month) => expect(day(month, "2030-05-20").blackedOut).toEqual([expect.objectContaining({ name: "Dave Drums", reason: "Wedding" })]),
    },
    {
      name: "a blackout moved",
      setup: (w) => db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20" } }),
      change: (w, blackout) => db.blackout.update({ where: { id: blackout.id }, data: { startDate: "2030-05-21", endDate: "2030-05-21" } }),
      shows: (month) => {
        expect(day(month, "2030-05-20").counts.away).toBe(0);
        expect(names(day(month, "2030-05-21").blackedOut)).toEqual(["Dave Drums"]);
      },
    },
    {
      name: "a blackout removed",
      setup: (w) => db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20" } }),
      change: (w, blackout) => db.blackout.delete({ where: { id: blackout.id } }),
      shows: (month) => expect(day(month, "2030-05-20").counts).toEqual({ free: 3, away: 0, busy: 0 }),
    },
    {
      name: "a person renamed",
      change: (w) => db.user.update({ where: { id: w.drummer.id }, data: { firstName: "Davina" } }),
      shows: (month) => expect(names(day(month, "2030-05-20").free)).toContain("Davina Drums"),
    },
    {
      name: "a name in the band set",
      change: (w) => db.bandMembership.update({ where: { id: w.band.membershipOf(w.drummer.id) }, data: { displayName: "Sticks" } }),
      shows: (month) => expect(names(day(month, "2030-05-20").free)).toContain("Sticks"),
    },
    {
      name: "an instrument added",
      change: (w) => db.membershipInstrument.create({ data: { membershipId: w.band.membershipOf(w.drummer.id), instrument: "Keys" } }),
      shows: (month) => expect(month.instruments).toContain("Keys"),
    },
    {
      name: "an instrument removed",
      change: (w) => db.membershipInstrument.deleteMany({ where: { membershipId: w.band.membershipOf(w.bassist.id) } }),
      shows: (month) => expect(month.instruments).toEqual(["Drums", "Vocals"]),
    },
    {
      name: "a member joined",
      change: async (w) => db.bandMembership.create({ data: { bandId: w.band.id, userId: (await person("Nia", "New")).id, role: "band_member" } }),
      shows: (month) => expect(month.memberCount).toBe(4),
    },
    {
      name: "a member removed",
      change: (w) => db.bandMembership.delete({ where: { id: w.band.membershipOf(w.drummer.id) } }),
      shows: (month) => expect(month.memberCount).toBe(2),
    },
    {
      name: "an event of the band created",
      change: (w) => eventWith(w.band.id, { title: "Club Gig", startsAt: new Date("2030-05-22T19:00:00Z"), endsAt: new Date("2030-05-22T22:00:00Z") }),
      shows: (month) => expect(day(month, "2030-05-22").events.map((e) => e.title)).toEqual(["Club Gig"]),
    },
    {
      name: "an event retitled and moved",
      setup: (w) => eventWith(w.band.id, { title: "Club Gig", startsAt: new Date("2030-05-22T19:00:00Z"), endsAt: new Date("2030-05-22T22:00:00Z") }),
      change: (w, event) => db.event.update({ where: { id: event.id }, data: { title: "Festival", startsAt: new Date("2030-05-23T19:00:00Z"), endsAt: new Date("2030-05-23T22:00:00Z") } }),
      shows: (month) => {
        expect(day(month, "2030-05-22").events).toEqual([]);
        expect(day(month, "2030-05-23").events.map((e) => e.title)).toEqual(["Festival"]);
      },
    },
    {
      name: "an event cancelled",
      setup: (w) => eventWith(w.band.id, { title: "Club Gig", startsAt: new Date("2030-05-22T19:00:00Z"), endsAt: new Date("2030-05-22T22:00:00Z") }),
      change: (w, event) => db.event.update({ where: { id: event.id }, data: { cancelledAt: new Date() } }),
      shows: (month) => expect(day(month, "2030-05-22").events).toEqual([]),
    },
    {
      name: "an event deleted, with its bookings",
      setup: (w) => eventWith(w.band.id, { title: "Club Gig", startsAt: new Date("2030-05-22T19:00:00Z"), endsAt: new Date("2030-05-22T22:00:00Z"), booked: [w.band.membershipOf(w.drummer.id)] }),
      change: (w, event) => db.event.delete({ where: { id: event.id } }),
      shows: (month) => expect(day(month, "2030-05-22")).toMatchObject({ events: [], counts: { free: 3, away: 0, busy: 0 } }),
    },
    {
      name: "someone booked on the band's event",
      setup: (w) => eventWith(w.band.id, { title: "Club Gig", startsAt: new Date("2030-05-22T19:00:00Z"), endsAt: new Date("2030-05-22T22:00:00Z") }),
      change: (w, event) => db.eventBooking.create({ data: { eventId: event.id, membershipId: w.band.membershipOf(w.drummer.id) } }),
      shows: (month) => expect(names(day(month, "2030-05-22").busy)).toEqual(["Dave Drums"]),
    },
    {
      name: "a member booked in their other band",
      setup: (w) => eventWith(w.other.id, { title: "Hidden Gig", startsAt: new Date("2030-05-24T19:00:00Z"), endsAt: new Date("2030-05-24T22:00:00Z") }),
      change: (w, event) => db.eventBooking.create({ data: { eventId: event.id, membershipId: w.other.membershipOf(w.bassist.id) } }),
      shows: (month) => expect(day(month, "2030-05-24").busy).toEqual([expect.objectContaining({ name: "Bea Bass", what: "Busy" })]),
    },
    {
      name: "the other band's event moved",
      setup: (w) => eventWith(w.other.id, { title: "Hidden Gig", startsAt: new Date("2030-05-24T19:00:00Z"), endsAt: new Date("2030-05-24T22:00:00Z"), booked: [w.other.membershipOf(w.bassist.id)] }),
      change: (w, event) => db.event.update({ where: { id: event.id }, data: { startsAt: new Date("2030-05-25T19:00:00Z"), endsAt: new Date("2030-05-25T22:00:00Z") } }),
      shows: (month) => {
        expect(day(month, "2030-05-24").counts.busy).toBe(0);
        expect(names(day(month, "2030-05-25").busy)).toEqual(["Bea Bass"]);
      },
    },
    {
      name: "the other band deleted",
      setup: (w) => eventWith(w.other.id, { title: "Hidden Gig", startsAt: new Date("2030-05-24T19:00:00Z"), endsAt: new Date("2030-05-24T22:00:00Z"), booked: [w.other.membershipOf(w.bassist.id)] }),
      change: (w) => db.band.delete({ where: { id: w.other.id } }),
      shows: (month) => expect(day(month, "2030-05-24").counts.busy).toBe(0),
    },
    {
      name: "a member's account deleted",
      change: (w) => db.user.delete({ where: { id: w.bassist.id } }),
      shows: (month) => expect(month.memberCount).toBe(2),
    },
  ];

  for (const { name, setup, change, shows } of changes) {
    test(`${name}: the next drawing shows it`, async () => {
      const w = await world();
      const made = await setup?.(w);
      const before = await w.draw();
      await change(w, made as Made);
      const after = await w.draw();
      expect(after.statements).toBeGreaterThan(1);
      expect(after.month).not.toEqual(before.month);
      shows(after.month, w);
    });
  }

  // Every trigger and every column it watches, one write each: the stamp must move. (The
  // drawings above show what a change does; this pins each trigger's own cases, so a
  // trigger emptied or a column left out of its UPDATE OF fails here.)
  const stampMoves: { name: string; write: (w: World) => Promise<{ before: number; done: () => Promise<unknown> }> }[] = [
    ...(["title", "kind", "status", "allDay", "startsAt", "endsAt", "cancelledAt"] as const).map((column) => ({
      name: `an event's ${column}`,
      write: async (w: World) => {
        const event = await eventWith(w.band.id, { title: "Gig", startsAt: new Date("2030-05-22T19:00:00Z"), endsAt: new Date("2030-05-22T22:00:00Z") });
        const values = { title: "Other", kind: "rehearsal", status: "tentative", allDay: true, startsAt: new Date("2030-05-22T18:00:00Z"), endsAt: new Date("2030-05-22T23:00:00Z"), cancelledAt: new Date() };
        return { before: await availabilityStamp(w.band.id), done: () => db.event.update({ where: { id: event.id }, data: { [column]: values[column] } }) };
      },
    })),
    {
      name: "an event moved to another band",
      write: async (w: World) => {
        const event = await eventWith(w.other.id, { title: "Gig", startsAt: new Date("2030-05-22T19:00:00Z") });
        return { before: await availabilityStamp(w.band.id), done: () => db.event.update({ where: { id: event.id }, data: { bandId: w.band.id } }) };
      },
    },
    {
      name: "an event with nobody booked deleted",
      write: async (w: World) => {
        const event = await eventWith(w.band.id, { title: "Gig", startsAt: new Date("2030-05-22T19:00:00Z") });
        return { before: await availabilityStamp(w.band.id), done: () => db.event.delete({ where: { id: event.id } }) };
      },
    },
    {
      name: "a booking removed (off the lineup)",
      write: async (w: World) => {
        const event = await eventWith(w.band.id, { title: "Gig", startsAt: new Date("2030-05-22T19:00:00Z"), booked: [w.band.membershipOf(w.drummer.id)] });
        return { before: await availabilityStamp(w.band.id), done: () => db.eventBooking.deleteMany({ where: { eventId: event.id } }) };
      },
    },
    {
      name: "a booking in another band removed (the member is free here again)",
      write: async (w: World) => {
        const event = await eventWith(w.other.id, { title: "Gig", startsAt: new Date("2030-05-22T19:00:00Z"), booked: [w.other.membershipOf(w.bassist.id)] });
        return { before: await availabilityStamp(w.band.id), done: () => db.eventBooking.deleteMany({ where: { eventId: event.id } }) };
      },
    },
    {
      name: "a booking handed to another member",
      write: async (w: World) => {
        const event = await eventWith(w.band.id, { title: "Gig", startsAt: new Date("2030-05-22T19:00:00Z"), booked: [w.band.membershipOf(w.drummer.id)] });
        return { before: await availabilityStamp(w.band.id), done: () => db.eventBooking.updateMany({ where: { eventId: event.id }, data: { membershipId: w.band.membershipOf(w.leader.id) } }) };
      },
    },
    {
      name: "a booking moved to another event",
      write: async (w: World) => {
        const event = await eventWith(w.band.id, { title: "Gig", startsAt: new Date("2030-05-22T19:00:00Z"), booked: [w.band.membershipOf(w.drummer.id)] });
        const other = await eventWith(w.band.id, { title: "Other gig", startsAt: new Date("2030-05-23T19:00:00Z") });
        return { before: await availabilityStamp(w.band.id), done: () => db.eventBooking.updateMany({ where: { eventId: event.id }, data: { eventId: other.id } }) };
      },
    },
    {
      name: "an instrument renamed",
      write: async (w: World) => ({ before: await availabilityStamp(w.band.id), done: () => db.membershipInstrument.updateMany({ where: { membershipId: w.band.membershipOf(w.drummer.id) }, data: { instrument: "Percussion" } }) }),
    },
    {
      name: "an instrument handed to another member",
      write: async (w: World) => ({ before: await availabilityStamp(w.band.id), done: () => db.membershipInstrument.updateMany({ where: { membershipId: w.band.membershipOf(w.drummer.id) }, data: { membershipId: w.band.membershipOf(w.leader.id) } }) }),
    },
    ...(["firstName", "lastName", "email"] as const).map((column) => ({
      name: `a person's ${column}`,
      write: async (w: World) => ({ before: await availabilityStamp(w.band.id), done: () => db.user.update({ where: { id: w.drummer.id }, data: { [column]: column === "email" ? "dave.new@example.com" : "Changed" } }) }),
    })),
    ...(["role", "displayName"] as const).map((column) => ({
      name: `a membership's ${column}`,
      write: async (w: World) => ({ before: await availabilityStamp(w.band.id), done: () => db.bandMembership.update({ where: { id: w.band.membershipOf(w.drummer.id) }, data: { [column]: column === "role" ? "sub" : "Sticks" } }) }),
    })),
    {
      name: "a membership moved to another band (the band it left)",
      write: async (w: World) => ({ before: await availabilityStamp(w.band.id), done: () => db.bandMembership.update({ where: { id: w.band.membershipOf(w.drummer.id) }, data: { bandId: w.other.id } }) }),
    },
    {
      name: "a membership given to another person",
      write: async (w: World) => {
        const stranger = await person("Stan", "Stranger");
        return { before: await availabilityStamp(w.band.id), done: () => db.bandMembership.update({ where: { id: w.band.membershipOf(w.drummer.id) }, data: { userId: stranger.id } }) };
      },
    },
    {
      name: "a blackout's reason",
      write: async (w: World) => {
        const blackout = await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20" } });
        return { before: await availabilityStamp(w.band.id), done: () => db.blackout.update({ where: { id: blackout.id }, data: { reason: "Wedding" } }) };
      },
    },
  ];

  for (const { name, write } of stampMoves) {
    test(`the stamp moves: ${name}`, async () => {
      const w = await world();
      const { before, done } = await write(w);
      await done();
      expect(await availabilityStamp(w.band.id)).toBeGreaterThan(before);
    });
  }

  test("a member joining another band moves the stamp of every band they are in (they may be busy there)", async () => {
    const w = await world();
    const third = await bandWith("Third Band", "UTC", [{ user: w.otherLeader, role: "band_leader" }]);
    const before = await availabilityStamp(w.band.id);
    await db.bandMembership.create({ data: { bandId: third.id, userId: w.drummer.id, role: "sub" } });
    expect(await availabilityStamp(w.band.id)).toBeGreaterThan(before);
  });

  test("a role change moves the stamp (band members are suggested before subs)", async () => {
    const w = await world();
    const before = await availabilityStamp(w.band.id);
    await db.bandMembership.update({ where: { id: w.band.membershipOf(w.drummer.id) }, data: { role: "sub" } });
    expect(await availabilityStamp(w.band.id)).toBeGreaterThan(before);
  });

  test("what the view does not show leaves the month kept: notes, sign-ins, the list order, other people's events", async () => {
    const w = await world();
    const event = await eventWith(w.band.id, { title: "Club Gig", startsAt: new Date("2030-05-22T19:00:00Z") });
    const stranger = await person("Stan", "Stranger");
    const elsewhere = await bandWith("Stranger Band", "UTC", [{ user: stranger, role: "band_leader" }]);
    await w.draw();
    await db.event.update({ where: { id: event.id }, data: { notes: "Bring the long cable", version: { increment: 1 } } });
    await db.user.update({ where: { id: w.drummer.id }, data: { lastActiveAt: new Date() } });
    await db.bandMembership.update({ where: { id: w.band.membershipOf(w.drummer.id) }, data: { listRank: 7 } });
    await eventWith(elsewhere.id, { title: "Their Gig", startsAt: new Date("2030-05-22T19:00:00Z"), booked: [elsewhere.membershipOf(stranger.id)] });
    expect((await w.draw()).statements).toBe(1);
  });

  test("a write by another process (its own connection to the database) shows on the next drawing", async () => {
    const w = await world();
    await w.draw();
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    try {
      other.pragma("foreign_keys = ON");
      other.prepare(`INSERT INTO "Blackout" ("userId", "startDate", "endDate") VALUES (?, '2030-05-20', '2030-05-20')`).run(w.drummer.id);
    } finally {
      other.close();
    }
    const after = await w.draw();
    expect(names(day(after.month, "2030-05-20").blackedOut)).toEqual(["Dave Drums"]);
  });

  test("each role's month is its own: a member drawing after a leader sees no blackout reasons", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20", reason: "Wedding" } });
    expect(day((await w.draw()).month, "2030-05-20").blackedOut[0]!.reason).toBe("Wedding");
    const asMember = await getAvailabilityMonth(await accessAs(w.bassist.id, w.band.id), MONTH, NOW);
    expect(day(asMember, "2030-05-20").blackedOut[0]!.reason).toBeNull();
  });

  test("a band's new time zone shows at once (its days are the zone's)", async () => {
    const w = await world();
    await eventWith(w.band.id, { title: "Late Gig", startsAt: new Date("2030-05-22T23:30:00Z"), endsAt: new Date("2030-05-23T00:30:00Z") });
    expect(day((await w.draw()).month, "2030-05-23").events.map((e) => e.title)).toEqual(["Late Gig"]);
    await db.band.update({ where: { id: w.band.id }, data: { timeZone: "America/New_York" } });
    const inNewYork = await getAvailabilityMonth(await accessAs(w.leader.id, w.band.id), MONTH, NOW);
    expect(day(inNewYork, "2030-05-22").events.map((e) => e.title)).toEqual(["Late Gig"]);
    expect(day(inNewYork, "2030-05-23").events).toEqual([]);
  });

  test("today moves with the clock, not only with writes", async () => {
    const w = await world();
    const today = await getAvailabilityMonth(w.access, MONTH, NOW);
    const tomorrow = await getAvailabilityMonth(w.access, MONTH, new Date(NOW.getTime() + 86_400_000));
    expect(today.days.find((d) => d.isToday)!.date).toBe("2030-05-10");
    expect(tomorrow.days.find((d) => d.isToday)!.date).toBe("2030-05-11");
  });

  test("a kept month cannot be changed by a caller, and a page's trimmed days leave it whole", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.drummer.id, startDate: "2030-05-20", endDate: "2030-05-20" } });
    const trimmed = await getAvailabilityMonth(w.access, MONTH, NOW, { listed: null, names: 0 });
    expect(day(trimmed, "2030-05-20")).toMatchObject({ blackedOut: [], free: [], counts: { free: 2, away: 1, busy: 0 } });
    const whole = await getAvailabilityMonth(w.access, MONTH, NOW);
    expect(names(day(whole, "2030-05-20").blackedOut)).toEqual(["Dave Drums"]);
    expect(() => day(whole, "2030-05-20").free.push({ membershipId: 0, name: "Intruder", instruments: [] })).toThrow(TypeError);
  });

  test(`at most ${MAX_MONTHS} months are kept, the least recently drawn going first`, async () => {
    const w = await world();
    const other = (i: number) => getAvailabilityMonth(w.access, `2031-${String((i % 12) + 1).padStart(2, "0")}`, new Date(NOW.getTime() + Math.floor(i / 12) * 86_400_000));
    await w.draw();
    // The first month kept is drawn again half-way: the one drawn least recently goes instead.
    for (let i = 0; i < MAX_MONTHS - 1; i++) {
      await other(i);
      if (i === MAX_MONTHS / 2) expect((await w.draw()).statements).toBe(1);
    }
    await other(MAX_MONTHS - 1);
    expect((await w.draw()).statements).toBe(1);
    expect((await recordQueries(() => other(0))).statements.length).toBe(12);
    for (let i = 0; i < MAX_MONTHS; i++) await other(100 + i);
    expect((await w.draw()).statements).toBe(12);
  });

  test("every trigger is in place", async () => {
    const rows = await db.$queryRawUnsafe<{ name: string }[]>(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'trigger' AND "name" LIKE 'availability_%' ORDER BY "name"`);
    expect(rows.map((row) => row.name)).toEqual(
      ["blackout", "booking", "event", "instrument", "membership"].flatMap((table) => ["delete", "insert", "update"].map((op) => `availability_${table}_${op}`)).concat("availability_user_name").sort(),
    );
  });
});
