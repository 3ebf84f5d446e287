import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { db } from "~/utils/db.server";
import { formatTime } from "~/utils/dates";
import { displayName } from "~/utils/names";
import { RuleError } from "~/utils/rule-error";
import { typeableSearch } from "~/utils/typed-text";
import { YEARS } from "~/features/events/zoned-time";
import { blackoutsTouching, overlappingEvents, OPEN_ENDED_MINUTES } from "./conflicts.server";
import { matchLineup } from "./lineup";
import { availabilityStamp, cachedMonth } from "./month-cache.server";
import { addDays, dayOf, dayStarts, daysOfMonth, isDay, formatDayLong, formatMonth, parseMonth, shiftMonth, shownDays, weekdayOf, type Day } from "./local-day";

// The availability page reads the calendar links through here, so it imports one `.server`
// path of its own: a path two pages share is a script of its own in the browser (issue 11).
export { calendarLinks } from "./calendar-links.server";

/**
 * "Can we take this date?": for each day of a month, in the band's time zone, who is
 * free, who is blacked out and who is busy (booked on an event of this band or of any
 * other band of theirs, the latter only as "busy"), and whether the band can field its
 * usual lineup (one player per instrument the band has, counting subs). A fixed number
 * of queries whatever the size of the band or the number of its events.
 */

export const MONTH_MESSAGE = "Choose a month like 2026-11";

/** "2026-12" of a real day "2026-12-10", else null. */
export const monthOfDay = (day: string | null) => (day && isDay(day) ? day.slice(0, 7) : null);

/**
 * What the calendar and the availability view say over this month when ?month= was none
 * they show: not a month at all, or a month outside the years the calendar holds.
 */
export function refusedMonthNotice(given: string) {
  const shown = typeableSearch(given.slice(0, 20)).trim();
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(given.trim())) return `“${shown}” is outside the calendar: choose a month from ${YEARS.min}-01 to ${YEARS.max}-12; showing this month.`;
  return `“${shown}” is not a month. ${MONTH_MESSAGE}; showing this month.`;
}

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
  /** How many people are free, away (blacked out) and busy: always the whole day's. */
  counts: { free: number; away: number; busy: number };
  /**
   * Who, in name order: everyone on a listed day (see `listed`), else only the first
   * `names` of the away and busy people and nobody free (a month's cards show counts and
   * a few names: a page need not send 31 days × 200 people).
   */
  free: { membershipId: number; name: string; instruments: string[] }[];
  blackedOut: { membershipId: number; name: string; reason: string | null }[];
  busy: { membershipId: number; name: string; what: string }[];
  events: { id: number; title: string; kind: string; time: string; tentative: boolean }[];
  /**
   * On a listed day: one free player per instrument the band has (band members before
   * subs), as far as they go: "Book a gig" on that day starts with them booked.
   */
  lineup?: { membershipId: number; instrument: string }[];
};

/** Which days list everyone (`listed`: every day, or only this one) and how many names the others keep. */
export type AvailabilityLists = { listed: "all" | Day | null; names: number };

export async function getAvailabilityMonth(access: BandAccess, monthParam: string | null | undefined, now = new Date(), lists: AvailabilityLists = { listed: "all", names: 0 }) {
  requireGrant(access, "availability:view");
  const bandId = access.band.id;
  // The band's zone comes with the access (no query of its own).
  const timeZone = access.band.timeZone;
  const today = dayOf(now, timeZone);
  if (monthParam && !parseMonth(monthParam)) throw new RuleError(400, MONTH_MESSAGE, "month");
  const month = parseMonth(monthParam) ?? today.slice(0, 7);
  const seeReasons = grantIn(access, "availability:reasons") !== null;
  const seeTitles = grantIn(access, "events:view") === true;
  // The month as it stands at the band's stamp, read first (month-cache.server.ts): one
  // query when this process has drawn it since the last change, whatever the band's size.
  const stamp = await availabilityStamp(bandId);
  const key = [bandId, stamp, timeZone, month, today, seeReasons, seeTitles].join("|");
  const computed = await cachedMonth(key, () => computeMonth({ bandId, timeZone, month, today, seeReasons, seeTitles }));
  return {
    ...computed,
    days: computed.days.map((day) => listedDay(day, lists)),
    /** Leaders (and whoever may create events) get "book a gig" links on free days. */
    canCreate: grantIn(access, "events:edit") !== null,
  };
}

/** A day as `lists` asks: everyone on a listed day, else its counts and the first names of the away and busy. */
function listedDay(day: AvailabilityDay, lists: AvailabilityLists): AvailabilityDay {
  if (lists.listed === "all" || lists.listed === day.date) return day;
  const { lineup: _lineup, ...rest } = day;
  return { ...rest, free: [], blackedOut: day.blackedOut.slice(0, lists.names), busy: day.busy.slice(0, lists.names) };
}

type MonthQuestion = { bandId: number; timeZone: string; month: string; today: Day; seeReasons: boolean; seeTitles: boolean };

/** The month with every day's lists, as the viewer's role shows them (reasons, titles). */
async function computeMonth({ bandId, timeZone, month, today, seeReasons, seeTitles }: MonthQuestion) {
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  // Each day's start (and the next month's first), as instants: the month's range and the
  // days a booking or event covers.
  const bounds = dayStarts([...days, addDays(last, 1)], timeZone).map((d) => d.getTime());
  const start = new Date(bounds[0]!);
  const end = new Date(bounds[days.length]!);

  // The band's people, their instruments and the band's longest event (which bounds the
  // read of its events); then their names, blackouts in the month and memberships of
  // other bands, each by the list of their user ids (a relation filter such as `user: {
  // memberships: { some: { bandId } } }` SQLite plans as a scan of every user of the
  // installation).
  const [memberships, instrumentRows, band] = await Promise.all([
    db.bandMembership.findMany({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true, userId: true, role: true, displayName: true } }),
    // The instruments by a join on the band's memberships (a nested select would send their 200 ids back).
    db.membershipInstrument.findMany({ where: { membership: { bandId } }, orderBy: { id: "asc" }, select: { membershipId: true, instrument: true } }),
    db.band.findUnique({ where: { id: bandId }, select: { longestEventMinutes: true } }),
  ]);
  const userIds = memberships.map((m) => m.userId);
  const touching = blackoutsTouching({ first, last });
  const [users, blackouts, elsewhere] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true, email: true } }),
    db.blackout.findMany({ ...touching, where: { userId: { in: userIds }, ...touching.where } }),
    // Their memberships of other bands only (most people have none: not 200 rows back).
    db.bandMembership.findMany({ where: { userId: { in: userIds }, bandId: { not: bandId } }, select: { id: true, userId: true, band: { select: { id: true, longestEventMinutes: true } } } }),
  ]);
  const userById = new Map(users.map((user) => [user.id, user]));
  const instrumentsOf = new Map<number, string[]>();
  for (const { membershipId, instrument } of instrumentRows) {
    const list = instrumentsOf.get(membershipId);
    if (!list) instrumentsOf.set(membershipId, [instrument]);
    else if (!list.includes(instrument)) list.push(instrument);
  }
  const people: Person[] = memberships.map((m) => ({
    membershipId: m.id,
    userId: m.userId,
    role: m.role,
    name: displayName({ firstName: "", lastName: null, email: "", ...userById.get(m.userId), displayName: m.displayName }),
    instruments: instrumentsOf.get(m.id) ?? [],
  }));
  people.sort((a, b) => collator.compare(a.name, b.name));
  /** Person index (name order) of every membership, in any band, of the band's people. */
  const personOf = new Map<number, number>();
  const personOfUser = new Map(people.map((p, i) => [p.userId, i]));
  const others = new Map<number, { id: number; longestEventMinutes: number }>();
  const longest = band?.longestEventMinutes;
  const otherMemberships: number[] = [];
  for (const m of memberships) personOf.set(m.id, personOfUser.get(m.userId)!);
  for (const { id, userId, band: other } of elsewhere) {
    personOf.set(id, personOfUser.get(userId)!);
    otherMemberships.push(id);
    others.set(other.id, other);
  }
  const [bandEvents, ownBookings, otherEvents] = await Promise.all([
    // The band's events of the month, from its longest event's length before the month on.
    db.event.findMany({
      where: { bandId, ...overlappingEvents(start, end, longest) },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      select: { id: true, title: true, kind: true, status: true, allDay: true, startsAt: true, endsAt: true },
      take: 2000,
    }),
    // Who is booked on them (the same events: a join on the event, no list of ids).
    db.eventBooking.findMany({ where: { event: { bandId, ...overlappingEvents(start, end, longest) } }, select: { eventId: true, membershipId: true } }),
    // The people's events in their other bands (only ever "busy"), read from those bands' events of the month.
    otherBandEvents([...others.values()], otherMemberships, { start, end }),
  ]);
  const instruments = [...new Set(people.flatMap((p) => p.instruments))].sort(collator.compare);


  // Everything is indexed by day once, so the month is built in time proportional to the
  // rows read, not rows × days × people: each blackout and booking is placed on the days
  // it covers, each time is formatted once, and each day is then read from per-person slots.
  /** Indexes of the month's days the event is on (not the morning after a late night: see shownDays); once per event. */
  const dayIndexes = memo(
    (e: { id: number }) => e.id,
    (e: { id: number; startsAt: Date; endsAt: Date | null; allDay: boolean }) => {
      const on = shownDays(e, timeZone, OPEN_ENDED_MINUTES);
      const indexes: number[] = [];
      for (let i = 0; i < days.length; i++) if (days[i]! >= on.first && days[i]! <= on.last) indexes.push(i);
      return indexes;
    },
  );
  const timeOf = memo((e: { id: number; startsAt: Date }) => e.id, (e) => formatTime(e.startsAt, timeZone));

  // Per day and person: the first blackout covering it (earliest start), else the first
  // booking overlapping it (earliest start), as a status and what the day shows for it.
  const FREE = 0, AWAY = 1, BUSY = 2;
  const status = days.map(() => new Uint8Array(people.length));
  const note = days.map(() => new Array<string | null>(people.length));
  // Blackouts come in start order: each person's first covering a day wins it.
  for (const blackout of blackouts) {
    const person = personOfUser.get(blackout.userId);
    if (person === undefined) continue;
    for (let i = 0; i < days.length; i++) {
      if (status[i]![person] || blackout.startDate > days[i]! || blackout.endDate < days[i]!) continue;
      status[i]![person] = AWAY;
      note[i]![person] = seeReasons ? blackout.reason : null;
    }
  }
  const ownEvents = new Map(bandEvents.map((e) => [e.id, e]));
  const byStart = (a: { event: { startsAt: Date } }, b: { event: { startsAt: Date } }) => a.event.startsAt.getTime() - b.event.startsAt.getTime();
  const ownBooked = ownBookings
    .flatMap((b) => {
      const event = ownEvents.get(b.eventId);
      const person = personOf.get(b.membershipId);
      if (!event || person === undefined) return [];
      return [{ person, event, what: seeTitles ? `${event.title}${event.allDay ? "" : `, ${timeOf(event)}`}` : "Busy" }];
    })
    .sort(byStart);
  const elsewhereBooked = otherEvents.flatMap((event) => event.bookings.map((b) => ({ person: personOf.get(b.membershipId)!, event, what: "Busy" }))).sort(byStart);
  // A person's day shows their first booking of this band before another band's "Busy": the
  // leader reads that Dana is on their own rehearsal, whatever else she has that day.
  const booked = [...ownBooked, ...elsewhereBooked];
  for (const { person, event, what } of booked) {
    for (const i of dayIndexes(event)) {
      if (status[i]![person]) continue;
      status[i]![person] = BUSY;
      note[i]![person] = what;
    }
  }
  const eventsOn: AvailabilityDay["events"][] = days.map(() => []);
  for (const e of bandEvents) {
    const shown = { id: e.id, title: e.title, kind: e.kind, time: e.allDay ? "All day" : timeOf(e), tentative: e.status === "tentative" };
    for (const i of dayIndexes(e)) eventsOn[i]!.push(shown);
  }

  // The people who play each instrument (the lineup is matched among the free ones).
  // Band members come before subs: a lineup suggested to book asks the band's own first.
  const bySubsLast = (a: number, b: number) => Number(people[a]!.role === "sub") - Number(people[b]!.role === "sub") || a - b;
  const playersOf = new Map(instruments.map((instrument) => [instrument, people.flatMap((p, i) => (p.instruments.includes(instrument) ? [i] : [])).sort(bySubsLast)]));
  // A free person is the same entry on every day they are free (one object each, not one a day).
  const freeEntry = people.map((p) => ({ membershipId: p.membershipId, name: p.name, instruments: p.instruments }));
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
      counts: { free: 0, away: 0, busy: 0 },
      free: [],
      blackedOut: [],
      busy: [],
      events: eventsOn[index]!.map((e) => ({ ...e })),
    };
    const statuses = status[index]!;
    const notes = note[index]!;
    for (let i = 0; i < people.length; i++) {
      const person = people[i]!;
      const s = statuses[i];
      if (s === AWAY) {
        day.blackedOut.push({ membershipId: person.membershipId, name: person.name, reason: notes[i] ?? null });
        day.counts.away++;
      } else if (s === BUSY) {
        day.busy.push({ membershipId: person.membershipId, name: person.name, what: notes[i]! });
        day.counts.busy++;
      } else {
        day.free.push(freeEntry[i]!);
        day.counts.free++;
      }
    }
    if (instruments.length) {
      const lineup = matchLineup(instruments, (instrument) => playersOf.get(instrument)!.filter((i) => statuses[i] === FREE));
      day.canField = lineup.complete;
      day.uncovered = lineup.uncovered;
      day.nobody = lineup.nobody;
      day.lineup = [...lineup.assigned].map(([i, instrument]) => ({ membershipId: people[i]!.membershipId, instrument })).sort((a, b) => instruments.indexOf(a.instrument) - instruments.indexOf(b.instrument));
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
  };
}

/**
 * Events of `bands` (each with its longest event, which bounds the read) overlapping
 * [start, end) that any of `memberships` is booked on, with those bookings: read from
 * the bands' events of the range (an index range on [bandId, startsAt]), not from the
 * people's whole booking history. Nothing to read without other bands.
 */
function otherBandEvents(bands: { id: number; longestEventMinutes: number }[], memberships: number[], range: { start: Date; end: Date }) {
  if (!bands.length || !memberships.length) return Promise.resolve([]);
  const booked = { membershipId: { in: memberships } };
  return db.event.findMany({
    where: { bandId: { in: bands.map((band) => band.id) }, ...overlappingEvents(range.start, range.end, Math.max(0, ...bands.map((band) => band.longestEventMinutes))), bookings: { some: booked } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    select: { id: true, startsAt: true, endsAt: true, allDay: true, bookings: { where: booked, select: { membershipId: true } } },
  });
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
