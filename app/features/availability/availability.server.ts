import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { db } from "~/utils/db.server";
import { formatTime } from "~/utils/dates";
import { displayName } from "~/utils/names";
import { RuleError } from "~/utils/rule-error";
import { bandBookings, blackoutsTouching, overlappingEvents, OPEN_ENDED_MINUTES } from "./conflicts.server";
import { fieldLineup } from "./lineup";
import { addDays, dayOf, daysOfMonth, formatDayLong, formatMonth, parseMonth, shiftMonth, startOfDay, weekdayOf, type Day } from "./local-day";

// The availability page reads the calendar links through here, so it imports one `.server`
// path of its own: a path two pages share is a script of its own in the browser (issue 11).
export { calendarLinks } from "./calendar-links.server";

/**
 * "Can we take this date?": for each day of a month, in the band's time zone, who is
 * free, who is blacked out and who is busy (booked on an event of this band or of any
 * other band of theirs, the latter only as "busy"), and whether the band can field its
 * usual lineup (one player per instrument the band has, counting subs). Four queries
 * whatever the size of the band or the number of its events.
 */

export const MONTH_MESSAGE = "Choose a month like 2026-11";

/** localeCompare's order (the default locale), without making a collator per comparison. */
const collator = new Intl.Collator();

type Person = { membershipId: number; userId: string; name: string; role: string; instruments: string[] };
export type DayStatus = "free" | "blackout" | "busy";

export type AvailabilityDay = {
  date: Day;
  label: string;
  weekday: number;
  isToday: boolean;
  isPast: boolean;
  canField: boolean | null;
  /** Instruments left without a free player (after sharing people out: one instrument each). */
  uncovered: string[];
  /** Instruments nobody free plays at all. */
  nobody: string[];
  free: { membershipId: number; name: string; instruments: string[] }[];
  blackedOut: { membershipId: number; name: string; reason: string | null }[];
  busy: { membershipId: number; name: string; what: string }[];
  events: { id: number; title: string; kind: string; time: string; tentative: boolean }[];
};

export async function getAvailabilityMonth(access: BandAccess, monthParam: string | null | undefined, now = new Date()) {
  requireGrant(access, "availability:view");
  const bandId = access.band.id;
  // The band's zone comes with the access (no query of its own).
  const timeZone = access.band.timeZone;
  const today = dayOf(now, timeZone);
  if (monthParam && !parseMonth(monthParam)) throw new RuleError(400, MONTH_MESSAGE, "month");
  const month = parseMonth(monthParam) ?? today.slice(0, 7);
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const start = startOfDay(first, timeZone);
  const end = startOfDay(addDays(last, 1), timeZone);

  // The band's people with their names, instruments, blackouts in the month and bands
  // (each band's longest event bounds the bookings read next).
  const memberships = await db.bandMembership.findMany({
    where: { bandId },
    orderBy: { id: "asc" },
    select: {
      id: true,
      userId: true,
      role: true,
      displayName: true,
      user: { select: { firstName: true, lastName: true, email: true, blackouts: blackoutsTouching({ first, last }), memberships: { select: { band: { select: { id: true, longestEventMinutes: true } } } } } },
      instruments: { select: { instrument: true }, orderBy: { id: "asc" } },
    },
  });
  const bands = new Map(memberships.flatMap((m) => m.user.memberships.map(({ band }) => [band.id, band] as const)));
  const blackouts = memberships.flatMap((m) => m.user.blackouts);
  const [bookings, bandEvents] = await Promise.all([
    bandBookings(bandId, [...bands.values()], { start, end }),
    // The band's events of the month, from its longest event's length before the month on.
    db.event.findMany({
      where: { bandId, ...overlappingEvents(start, end, bands.get(bandId)?.longestEventMinutes) },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      select: { id: true, title: true, kind: true, status: true, allDay: true, startsAt: true, endsAt: true },
      take: 2000,
    }),
  ]);

  const people: Person[] = memberships.map((m) => ({
    membershipId: m.id,
    userId: m.userId,
    role: m.role,
    name: displayName({ ...m.user, displayName: m.displayName }),
    instruments: [...new Set(m.instruments.map((i) => i.instrument))],
  }));
  people.sort((a, b) => collator.compare(a.name, b.name));
  const instruments = [...new Set(people.flatMap((p) => p.instruments))].sort(collator.compare);

  const seeReasons = grantIn(access, "availability:reasons") !== null;
  const seeTitles = grantIn(access, "events:view") === true;
  const endOf = (e: { startsAt: Date; endsAt: Date | null }) => e.endsAt ?? new Date(e.startsAt.getTime() + OPEN_ENDED_MINUTES * 60_000);

  // Everything is indexed by day once, so the month is built in time proportional to the
  // rows read, not rows × days × people: each day's bounds are computed once, each
  // blackout and booking is placed on the days it covers, and each time is formatted once.
  const bounds = [...days, addDays(last, 1)].map((day) => startOfDay(day, timeZone).getTime());
  /** Indexes of the month's days that [start, end) overlaps. */
  const dayIndexes = (e: { startsAt: Date; endsAt: Date | null }) => {
    const from = e.startsAt.getTime();
    const to = endOf(e).getTime();
    const indexes: number[] = [];
    for (let i = 0; i < days.length; i++) if (from < bounds[i + 1]! && to > bounds[i]!) indexes.push(i);
    return indexes;
  };
  const timeOf = memo((e: { id: number; startsAt: Date }) => e.id, (e) => formatTime(e.startsAt, timeZone));

  // Per person and day: the first blackout covering it (earliest start), else the first booking overlapping it.
  const blackoutOn = new Map<string, (typeof blackouts)[number][]>();
  for (const blackout of blackouts) {
    let slots = blackoutOn.get(blackout.userId);
    if (!slots) blackoutOn.set(blackout.userId, (slots = new Array(days.length)));
    for (let i = 0; i < days.length; i++) if (!slots[i] && blackout.startDate <= days[i]! && blackout.endDate >= days[i]!) slots[i] = blackout;
  }
  const bookingOn = new Map<string, (typeof bookings)[number][]>();
  for (const booking of bookings) {
    let slots = bookingOn.get(booking.membership.userId);
    if (!slots) bookingOn.set(booking.membership.userId, (slots = new Array(days.length)));
    for (const i of dayIndexes(booking.event)) slots[i] ??= booking;
  }
  const eventsOn: AvailabilityDay["events"][] = days.map(() => []);
  for (const e of bandEvents) {
    const shown = { id: e.id, title: e.title, kind: e.kind, time: e.allDay ? "All day" : timeOf(e), tentative: e.status === "tentative" };
    for (const i of dayIndexes(e)) eventsOn[i]!.push(shown);
  }

  // A free person is the same entry on every day they are free (one object each, not one a day).
  const freeEntry = new Map(people.map((p) => [p, { membershipId: p.membershipId, name: p.name, instruments: p.instruments }]));
  const playerOf = new Map(people.map((p) => [p, { id: p.membershipId, instruments: p.instruments }]));
  const result: AvailabilityDay[] = days.map((date, index) => {
    const day: AvailabilityDay = {
      date,
      label: formatDayLong(date),
      weekday: weekdayOf(date),
      isToday: date === today,
      isPast: date < today,
      canField: null,
      uncovered: [],
      nobody: [],
      free: [],
      blackedOut: [],
      busy: [],
      events: eventsOn[index]!.map((e) => ({ ...e })),
    };
    const players: { id: number; instruments: string[] }[] = [];
    for (const person of people) {
      const blackout = blackoutOn.get(person.userId)?.[index];
      if (blackout) {
        day.blackedOut.push({ membershipId: person.membershipId, name: person.name, reason: seeReasons ? blackout.reason : null });
        continue;
      }
      const booking = bookingOn.get(person.userId)?.[index];
      if (booking) {
        const ours = booking.event.bandId === bandId && seeTitles;
        const what = ours ? `${booking.event.title}${booking.event.allDay ? "" : `, ${timeOf(booking.event)}`}` : "Busy";
        day.busy.push({ membershipId: person.membershipId, name: person.name, what });
        continue;
      }
      day.free.push(freeEntry.get(person)!);
      players.push(playerOf.get(person)!);
    }
    if (instruments.length) {
      const lineup = fieldLineup(instruments, players);
      day.canField = lineup.complete;
      day.uncovered = lineup.uncovered;
      day.nobody = lineup.nobody;
    }
    return day;
  });

  return {
    month,
    monthLabel: formatMonth(month),
    prevMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    thisMonth: today.slice(0, 7),
    today,
    timeZone,
    instruments,
    memberCount: people.length,
    days: result,
    /** Leaders (and whoever may create events) get "book a gig" links on free days. */
    canCreate: grantIn(access, "events:edit") !== null,
  };
}

export type AvailabilityMonth = Awaited<ReturnType<typeof getAvailabilityMonth>>;

/** `compute` once per key. */
function memo<T, K, V>(key: (item: T) => K, compute: (item: T) => V) {
  const seen = new Map<K, V>();
  return (item: T) => {
    const k = key(item);
    if (!seen.has(k)) seen.set(k, compute(item));
    return seen.get(k)!;
  };
}

/** The JSON of GET /api/bands/{id}/availability. */
export function availabilityJson(month: AvailabilityMonth) {
  return {
    month: month.month,
    timeZone: month.timeZone,
    instruments: month.instruments,
    days: month.days.map((day) => ({
      date: day.date,
      canFieldLineup: day.canField,
      missingInstruments: day.uncovered,
      free: day.free,
      blackedOut: day.blackedOut,
      busy: day.busy,
      events: day.events,
    })),
  };
}
