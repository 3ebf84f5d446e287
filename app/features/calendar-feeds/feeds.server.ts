import icalPackage, { ICalEventRepeatingFreq, ICalEventStatus, type ICalCalendar, type ICalEventData } from "ical-generator";
import rrulePackage from "rrule";
import { track } from "~/features/analytics/analytics.server";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { grantFor } from "~/features/members/permissions";
import { addDays, dayOf } from "~/features/availability/local-day";
import { fromZoned, sameWallClock, toZoned } from "~/features/events/zoned-time";
import type { Prisma } from "~/generated/prisma/client";
import { hashToken, randomToken } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { appOrigin } from "~/utils/request.server";
import { vtimezone, zonedTime } from "./zoned-ical.server";

/**
 * Calendar files: "Download calendar" (one band's events), each person's private
 * subscription feed (all their bands' events they may see, optionally their blackouts)
 * and the one-event .ics. RFC 5545 through ical-generator, which escapes and folds.
 * Decisions (docs/decisions/0009-calendar-feeds.md): timed events in the band's time
 * zone (TZID, with its VTIMEZONE), all-day events as DATE values of the band's local
 * days; a weekly series is one VEVENT with RRULE (UID `series-{id}@bandroom`), EXDATE
 * for occurrences deleted on their own, and a VEVENT with RECURRENCE-ID for each
 * occurrence that differs from the series (edited on its own, cancelled). A series the
 * viewer sees only part of (a sub booked on some occurrences) is written as separate
 * VEVENTs (`event-{id}@bandroom`, the UID of the one-event .ics).
 */

const ical = icalPackage;
const { RRule } = rrulePackage;
/** How far back a calendar file reaches; everything ahead is included. */
export const PAST_DAYS = 180;
export const MAX_EVENTS = 5000;
const OPEN_ENDED_MS = 2 * 3_600_000;

export function eventUid(eventId: number) {
  return `event-${eventId}@bandroom`;
}

export function seriesUid(seriesId: number) {
  return `series-${seriesId}@bandroom`;
}

const EVENT_SELECT = {
  id: true,
  title: true,
  kind: true,
  status: true,
  cancelledAt: true,
  cancelReason: true,
  allDay: true,
  startsAt: true,
  endsAt: true,
  venueName: true,
  venueAddress: true,
  dressCode: true,
  notes: true,
  callAt: true,
  soundcheckAt: true,
  sequence: true,
  updatedAt: true,
  occurrenceAt: true,
  band: { select: { name: true, timeZone: true } },
  series: { select: { id: true, rrule: true, timeZone: true, startsAt: true, sequence: true, updatedAt: true } },
} as const satisfies Prisma.EventSelect;

export type FeedEvent = Prisma.EventGetPayload<{ select: typeof EVENT_SELECT }>;
type Series = NonNullable<FeedEvent["series"]>;

/** The events a file reaches: from PAST_DAYS ago on, and every event of a series that has one there (its RRULE starts at the first). */
const inWindow = (now: Date): Prisma.EventWhereInput => {
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  return { OR: [{ startsAt: { gte: since } }, { series: { events: { some: { startsAt: { gte: since } } } } }] };
};

/** A Date whose UTC calendar day is `day` (what ical-generator writes for an all-day DATE). */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

const endOf = (event: Pick<FeedEvent, "startsAt" | "endsAt">) => event.endsAt ?? new Date(event.startsAt.getTime() + OPEN_ENDED_MS);

/**
 * When to be there: a phone's calendar shows only the start, and a player who goes by it
 * would miss the load-in. Said as a distance from the start ("1 hour 30 minutes before the
 * start"), which reads right in whatever zone the calendar app shows the start, and is the
 * same for every date of a weekly series (a clock time with its zone's name, "6:30 PM
 * CST" then "CDT", made each date after a clock change an exception of the rule).
 */
function arrival(event: FeedEvent) {
  const lines = [event.callAt ? `Call / load-in ${beforeTheStart(event.callAt, event.startsAt)}` : null, event.soundcheckAt ? `Soundcheck ${beforeTheStart(event.soundcheckAt, event.startsAt)}` : null];
  return lines.filter(Boolean).join("\n") || null;
}

function beforeTheStart(instant: Date, startsAt: Date) {
  const minutes = Math.max(0, Math.round((startsAt.getTime() - instant.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours === 1 ? "" : "s"}` : null, rest ? `${rest} minute${rest === 1 ? "" : "s"}` : null].filter(Boolean);
  return parts.length ? `${parts.join(" ")} before the start` : "at the start";
}

/** What a VEVENT says about an event, apart from its UID, times and link. */
function details(event: FeedEvent, withBandName: boolean) {
  return {
    summary: withBandName ? `${event.title} (${event.band.name})` : event.title,
    location: [event.venueName, event.venueAddress].filter(Boolean).join(", ") || undefined,
    description:
      [event.cancelledAt ? `Cancelled${event.cancelReason ? `: ${event.cancelReason}` : ""}` : null, arrival(event), event.notes, event.dressCode ? `Dress code: ${event.dressCode}` : null]
        .filter(Boolean)
        .join("\n\n") || undefined,
    status: event.cancelledAt ? ICalEventStatus.CANCELLED : event.status === "tentative" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  };
}

/**
 * Whether `instant`'s wall clock in `timeZone` happens twice (the hour a fall-back change
 * repeats). RFC 5545 reads such a TZID time as the first, some readers (ical.js) as the
 * second: those times go out in UTC, which every reader reads alike.
 */
function repeatedWallClock(instant: Date, timeZone: string) {
  const wall = toZoned(instant, timeZone);
  return [30, 60, 120].some((minutes) => [-1, 1].some((sign) => sameWallClock(toZoned(new Date(instant.getTime() + sign * minutes * 60_000), timeZone), wall)));
}

/**
 * Start and end: all day as the band's local days (exclusive end), else wall clock in
 * `timeZone` with TZID; in UTC for a time the clocks repeat, except a series' first
 * (`rule`), whose RRULE must repeat in the zone's wall clock.
 */
function times(calendar: ICalCalendar, start: Date, end: Date, allDay: boolean, timeZone: string, rule = false): Pick<ICalEventData, "start" | "end" | "allDay" | "timezone"> {
  if (allDay) return { start: utcDay(dayOf(start, timeZone)), end: utcDay(addDays(dayOf(new Date(Math.max(end.getTime() - 1, start.getTime())), timeZone), 1)), allDay: true };
  // A year the calendar does not define the zone for (newCalendar) is written in UTC.
  if (!covers(calendar, timeZone, [start, end])) return { start, end };
  if (!rule && (repeatedWallClock(start, timeZone) || repeatedWallClock(end, timeZone))) return { start, end };
  return { start: zonedTime(start, timeZone), end: zonedTime(end, timeZone), timezone: timeZone };
}

function addEvent(calendar: ICalCalendar, event: FeedEvent, withBandName: boolean) {
  calendar.createEvent({
    id: eventUid(event.id),
    sequence: event.sequence,
    stamp: event.updatedAt,
    ...times(calendar, event.startsAt, endOf(event), event.allDay, event.band.timeZone),
    ...details(event, withBandName),
    url: eventUrl(event),
  });
}

/** The event's page, to answer or see the lineup from the calendar app (a series' rule has none: each occurrence is its own page). */
const eventUrl = (event: Pick<FeedEvent, "id">) => `${appOrigin()}/events/${event.id}`;

/** The calendar as RFC 5545 text: every line, the last one too, ends with CRLF (ical-generator leaves the last bare). */
function icsText(calendar: { toString(): string }) {
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/**
 * The slots of a series' rule, as instants: its RRULE from its first start, at the same
 * wall clock in its zone (the expansion events.server's series use: rrule on floating
 * times, each placed in the zone; a skipped time moves on by the hour skipped).
 */
export function ruleSlots(series: Pick<Series, "rrule" | "timeZone" | "startsAt">) {
  const first = zonedTime(series.startsAt, series.timeZone);
  const dtstart = new Date(Date.UTC(first.year, first.month - 1, first.day, first.hour, first.minute));
  const options = RRule.parseString(series.rrule);
  return new RRule({ ...options, dtstart })
    .all((_date, index) => index < 1000)
    .map((wall) => {
      const local = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
      return fromZoned(local, series.timeZone) ?? fromZoned({ ...local, hour: local.hour + 1 }, series.timeZone) ?? wall;
    });
}

/**
 * A whole series as one VEVENT with RRULE and EXDATE plus one RECURRENCE-ID VEVENT per
 * occurrence that differs from it. The series' own values come from an occurrence that
 * was not edited on its own (not moved, not cancelled when another is not); any
 * occurrence whose VEVENT would say something else (edited on its own, cancelled on its
 * own, moved) gets its own. False when the events do not fit the rule (then the caller
 * writes them one by one), or for an all-day series with exceptions (ical-generator
 * writes RECURRENCE-ID only as a date-time).
 */
function addSeries(calendar: ICalCalendar, series: Series, events: FeedEvent[], withBandName: boolean) {
  const tz = series.timeZone;
  const slots = ruleSlots(series);
  const bySlot = new Map(events.map((event) => [event.occurrenceAt?.getTime(), event]));
  if (bySlot.size !== events.length || events.some((event) => !event.occurrenceAt || !slots.some((slot) => slot.getTime() === event.occurrenceAt!.getTime()))) return false;

  const offset = (event: FeedEvent) => event.startsAt.getTime() - event.occurrenceAt!.getTime();
  const template =
    events.find((e) => offset(e) === 0 && !e.cancelledAt) ?? events.find((e) => offset(e) === 0) ?? events[0]!;
  const shape = (event: FeedEvent, at = offset(event)) =>
    JSON.stringify({ ...details(event, withBandName), allDay: event.allDay, at, length: endOf(event).getTime() - event.startsAt.getTime() });
  const seriesShape = shape(template, 0);
  const exceptions = events.filter((event) => shape(event) !== seriesShape);
  if (template.allDay && exceptions.length) return false;
  // A rule running into years the calendar does not define its zone for: its events one by one.
  if (!template.allDay && !covers(calendar, tz, slots)) return false;

  const first = slots[0]!;
  const length = endOf(template).getTime() - template.startsAt.getTime();
  const deleted = slots.filter((slot) => !bySlot.has(slot.getTime()));
  const rule = RRule.parseString(series.rrule);
  calendar.createEvent({
    id: seriesUid(series.id),
    // The rule's own changes (an occurrence deleted, the series cut) count as changes too.
    sequence: Math.max(series.sequence, ...events.map((e) => e.sequence)),
    stamp: new Date(Math.max(series.updatedAt.getTime(), ...events.map((e) => e.updatedAt.getTime()))),
    ...times(calendar, first, new Date(first.getTime() + length), template.allDay, tz, true),
    ...details(template, withBandName),
    repeating: {
      freq: ICalEventRepeatingFreq.WEEKLY,
      interval: rule.interval ?? 1,
      // UNTIL is the last slot's instant (UTC, as RFC 5545 asks beside a TZID start): exactly the slots the band has.
      ...(rule.count ? { count: rule.count } : { until: slots.at(-1)! }),
      ...(deleted.length ? { exclude: deleted.map((slot) => (template.allDay ? utcDay(dayOf(slot, tz)) : zonedTime(slot, tz))) } : {}),
    },
  });
  for (const event of exceptions) {
    calendar.createEvent({
      id: seriesUid(series.id),
      recurrenceId: zonedTime(event.occurrenceAt!, tz),
      sequence: event.sequence,
      stamp: event.updatedAt,
      ...times(calendar, event.startsAt, endOf(event), event.allDay, tz),
      ...details(event, withBandName),
      url: eventUrl(event),
    });
  }
  return true;
}

/**
 * How many events each series of `events` has, all of them, counted per series on its
 * index (Prisma's relation `_count` would group the whole Event table, every band's).
 */
async function seriesSizes(events: FeedEvent[]) {
  const ids = [...new Set(events.flatMap((event) => (event.series ? [event.series.id] : [])))];
  if (!ids.length) return new Map<number, number>();
  const groups = await db.event.groupBy({ by: ["seriesId"], where: { seriesId: { in: ids } }, _count: { _all: true } });
  return new Map(groups.map((group) => [group.seriesId!, group._count._all]));
}

/**
 * Writes events into a calendar: each series whose every occurrence is here as one
 * RRULE VEVENT (with its exceptions), everything else one VEVENT per event.
 */
export async function addEvents(calendar: ICalCalendar, events: FeedEvent[], withBandName: boolean) {
  const sizes = await seriesSizes(events);
  const bySeries = new Map<number, FeedEvent[]>();
  for (const event of events) if (event.series) bySeries.set(event.series.id, [...(bySeries.get(event.series.id) ?? []), event]);
  const written = new Set<number>();
  for (const event of events) {
    const series = event.series;
    if (series && !written.has(series.id)) {
      written.add(series.id);
      const members = bySeries.get(series.id)!;
      // Every occurrence the band has is visible here: the series goes as one rule.
      if (members.length === sizes.get(series.id) && addSeries(calendar, series, members, withBandName)) continue;
      for (const member of members) addEvent(calendar, member, withBandName);
      continue;
    }
    if (!series) addEvent(calendar, event, withBandName);
  }
}

/**
 * How many years of one zone's rules a calendar defines at most: those nearest today. A
 * time in any other year goes out in UTC (and a series reaching one, event by event), so
 * a calendar costs the same whatever years its events are typed in: 38 rules of 200
 * yearly dates held the server for 15 s on every feed poll when every year was defined.
 */
const MAX_ZONE_YEARS = 40;

/** The UTC years each zone of a calendar is defined for (newCalendar). */
const zoneYears = new WeakMap<ICalCalendar, Map<string, Set<number>>>();

function covers(calendar: ICalCalendar, timeZone: string, instants: Date[]) {
  const years = zoneYears.get(calendar)?.get(timeZone);
  return Boolean(years) && instants.every((instant) => years!.has(instant.getUTCFullYear()));
}

type Zoned = Pick<FeedEvent, "startsAt" | "endsAt" | "allDay"> & { band: { timeZone: string }; series?: Pick<Series, "id" | "rrule" | "timeZone" | "startsAt"> | null };

/**
 * A calendar whose TZIDs each get a VTIMEZONE for the UTC years its own events' times fall
 * in (a series is here whole: its RRULE makes exactly its events), at most MAX_ZONE_YEARS
 * of them, nearest today first.
 */
export function newCalendar(name: string, events: Zoned[], now = new Date()) {
  const byZone = new Map<string, Set<number>>();
  const add = (zone: string, times: Date[]) => {
    const years = byZone.get(zone) ?? new Set<number>();
    for (const time of times) years.add(time.getUTCFullYear());
    byZone.set(zone, years);
  };
  const rules = new Set<number>();
  for (const event of events) {
    if (event.allDay) continue;
    // Written one by one, in the band's zone.
    add(event.band.timeZone, [event.startsAt, endOf(event)]);
    // As one rule, in the series' zone: every slot of the rule (the deleted ones are its EXDATEs) and its end.
    if (event.series && !rules.has(event.series.id)) {
      rules.add(event.series.id);
      const length = endOf(event).getTime() - event.startsAt.getTime();
      add(event.series.timeZone, ruleSlots(event.series).flatMap((slot) => [slot, new Date(slot.getTime() + length)]));
    }
  }
  const thisYear = now.getUTCFullYear();
  for (const [zone, years] of byZone) {
    if (years.size > MAX_ZONE_YEARS) byZone.set(zone, new Set([...years].sort((a, b) => Math.abs(a - thisYear) - Math.abs(b - thisYear) || a - b).slice(0, MAX_ZONE_YEARS)));
  }
  const calendar = ical({
    name,
    prodId: { company: "Bandroom", product: "Bandroom", language: "EN" },
    // No calendar-wide zone (UNTIL and DTSTAMP stay UTC); each TZID used gets its definition.
    timezone: { name: null, generator: (timeZone) => vtimezone(timeZone, byZone.get(timeZone) ?? [thisYear]) },
  });
  zoneYears.set(calendar, byZone);
  return calendar;
}

/** One event the viewer may see, for its own .ics ("add to my calendar"): one VEVENT, even in a series. */
export async function oneEventCalendar(bandId: number, eventId: number) {
  const event = await db.event.findFirst({ where: { id: eventId, bandId }, select: EVENT_SELECT });
  if (!event) return null;
  const calendar = newCalendar(event.band.name, [event]);
  addEvent(calendar, event, false);
  return { event, body: icsText(calendar) };
}

/** "Download calendar": the band's events the viewer may see (a sub: those they are booked on). */
export async function bandCalendarIcs(access: BandAccess, now = new Date()) {
  const grant = requireGrant(access, "calendar:download");
  const events = await db.event.findMany({
    where: { bandId: access.band.id, ...inWindow(now), ...(grant === "booked" ? { bookings: { some: { membershipId: access.membership.id } } } : {}) },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: MAX_EVENTS,
    select: EVENT_SELECT,
  });
  const calendar = newCalendar(access.band.name, events);
  await addEvents(calendar, events, false);
  await track("download_calendar", { userId: access.user.id, bandId: access.band.id, props: { events: events.length } });
  const slug = access.band.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "band";
  return { body: icsText(calendar), filename: `${slug}-calendar.ics` };
}

/**
 * The private feed behind a token: the events of every band the person is in that
 * their role lets them see ("booked": only those they are booked on), and their own
 * blackouts when they asked for them. Null for an unknown or revoked token.
 */
export async function feedIcs(token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  const feed = await db.calendarFeedToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, revokedAt: true, includeBlackouts: true, user: { select: { id: true, firstName: true, disabledAt: true, memberships: { select: { id: true, bandId: true, role: true } } } } },
  });
  // A disabled account's feed stops with its sessions (and works again when it is re-enabled).
  if (!feed || feed.revokedAt || feed.user.disabledAt) return null;
  const visible: Prisma.EventWhereInput[] = feed.user.memberships.flatMap((m) => {
    const grant = grantFor(m.role, "calendar:download");
    if (!grant) return [];
    return [grant === "booked" ? { bandId: m.bandId, bookings: { some: { membershipId: m.id } } } : { bandId: m.bandId }];
  });
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const [events, blackouts] = await Promise.all([
    visible.length
      ? db.event.findMany({ where: { AND: [{ OR: visible }, inWindow(now)] }, orderBy: [{ startsAt: "asc" }, { id: "asc" }], take: MAX_EVENTS, select: EVENT_SELECT })
      : Promise.resolve([]),
    feed.includeBlackouts
      ? db.blackout.findMany({ where: { userId: feed.user.id, endDate: { gte: dayOf(since, "UTC") } }, orderBy: { startDate: "asc" }, select: { id: true, startDate: true, endDate: true, reason: true, createdAt: true } })
      : Promise.resolve([]),
  ]);
  const calendar = newCalendar("Bandroom", events);
  const manyBands = new Set(feed.user.memberships.map((m) => m.bandId)).size > 1;
  await addEvents(calendar, events, manyBands);
  for (const blackout of blackouts) {
    calendar.createEvent({
      id: `blackout-${blackout.id}@bandroom`,
      stamp: blackout.createdAt,
      start: utcDay(blackout.startDate),
      end: utcDay(addDays(blackout.endDate, 1)),
      allDay: true,
      summary: blackout.reason ? `Blackout: ${blackout.reason}` : "Blackout (can't play)",
    });
  }
  await db.calendarFeedToken.update({ where: { id: feed.id }, data: { lastUsedAt: now } });
  return icsText(calendar);
}

// ---------------------------------------------------------------------------
// The person's subscription URL

/**
 * The person's live feed (null when it is off), and whether their last one, live or
 * turned off, had their blackout dates: the form for a new address starts from that choice.
 */
export async function getFeedStatus(userId: string) {
  const latest = await db.calendarFeedToken.findFirst({ where: { userId }, orderBy: { id: "desc" }, select: { id: true, includeBlackouts: true, createdAt: true, lastUsedAt: true, revokedAt: true } });
  return { feed: latest && latest.revokedAt === null ? latest : null, includeBlackouts: latest?.includeBlackouts ?? false };
}

/** A new secret subscription token (any earlier one stops working). The token is returned once; only its hash is kept. */
export async function regenerateFeedToken(userId: string, includeBlackouts: boolean) {
  const token = randomToken(24);
  await db.$transaction([
    db.calendarFeedToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } }),
    db.calendarFeedToken.create({ data: { userId, tokenHash: hashToken(token), includeBlackouts } }),
  ]);
  return token;
}

/** Whether the person's feed holds their blackouts; the address stays the same. False when they have no feed. */
export async function setFeedBlackouts(userId: string, includeBlackouts: boolean) {
  const { count } = await db.calendarFeedToken.updateMany({ where: { userId, revokedAt: null }, data: { includeBlackouts } });
  return count > 0;
}

export async function revokeFeedTokens(userId: string) {
  const { count } = await db.calendarFeedToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}

export function feedUrl(origin: string, token: string) {
  return `${origin}/feeds/${token}.ics`;
}

/** Whether the viewer sees only their own booked events in the download (for the page's wording). */
export function downloadIsBookedOnly(access: BandAccess) {
  return grantIn(access, "calendar:download") === "booked";
}
