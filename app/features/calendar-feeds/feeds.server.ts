import icalPackage, { ICalEventStatus, type ICalCalendar } from "ical-generator";
import { track } from "~/features/analytics/analytics.server";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { grantFor } from "~/features/members/permissions";
import { addDays, dayOf } from "~/features/availability/local-day";
import type { Prisma } from "~/generated/prisma/client";
import { hashToken, randomToken } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";

/**
 * Calendar files: "Download calendar" (one band's events) and each person's private
 * subscription feed (all their bands' events they may see, optionally their blackouts).
 * RFC 5545 through ical-generator, which escapes and folds. Decisions
 * (docs/decisions/0009-calendar-feeds.md): timed events in UTC ("Z"), all-day events
 * as DATE values of the band's local days; a recurring series is materialised as one
 * Event per occurrence, so each occurrence is its own VEVENT with its own stable UID
 * (`event-{id}@bandroom`, the same as the one-event .ics) rather than an RRULE, which
 * keeps one-off edits and cancellations exact in every calendar app.
 */

const ical = icalPackage;
/** How far back a calendar file reaches; everything ahead is included. */
export const PAST_DAYS = 180;
export const MAX_EVENTS = 5000;
const OPEN_ENDED_MS = 2 * 3_600_000;

export function eventUid(eventId: number) {
  return `event-${eventId}@bandroom`;
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
  notes: true,
  sequence: true,
  updatedAt: true,
  band: { select: { name: true, timeZone: true } },
} as const satisfies Prisma.EventSelect;

type FeedEvent = Prisma.EventGetPayload<{ select: typeof EVENT_SELECT }>;

function newCalendar(name: string) {
  return ical({ name, prodId: { company: "Bandroom", product: "Bandroom", language: "EN" } });
}

/** A Date whose UTC calendar day is `day` (what ical-generator writes for an all-day DATE). */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

function addEvent(calendar: ICalCalendar, event: FeedEvent, withBandName: boolean) {
  const tz = event.band.timeZone;
  const end = event.endsAt ?? new Date(event.startsAt.getTime() + OPEN_ENDED_MS);
  const times = event.allDay
    ? { start: utcDay(dayOf(event.startsAt, tz)), end: utcDay(addDays(dayOf(new Date(end.getTime() - 1), tz), 1)), allDay: true }
    : { start: event.startsAt, end };
  calendar.createEvent({
    id: eventUid(event.id),
    sequence: event.sequence,
    stamp: event.updatedAt,
    ...times,
    summary: withBandName ? `${event.title} (${event.band.name})` : event.title,
    location: [event.venueName, event.venueAddress].filter(Boolean).join(", ") || undefined,
    description: [event.cancelledAt ? `Cancelled${event.cancelReason ? `: ${event.cancelReason}` : ""}` : null, event.notes].filter(Boolean).join("\n\n") || undefined,
    status: event.cancelledAt ? ICalEventStatus.CANCELLED : event.status === "tentative" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
}

const since = (now: Date) => new Date(now.getTime() - PAST_DAYS * 86_400_000);

/** "Download calendar": the band's events the viewer may see (a sub: those they are booked on). */
export async function bandCalendarIcs(access: BandAccess, now = new Date()) {
  const grant = requireGrant(access, "calendar:download");
  const events = await db.event.findMany({
    where: { bandId: access.band.id, startsAt: { gte: since(now) }, ...(grant === "booked" ? { bookings: { some: { membershipId: access.membership.id } } } : {}) },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: MAX_EVENTS,
    select: EVENT_SELECT,
  });
  const calendar = newCalendar(access.band.name);
  for (const event of events) addEvent(calendar, event, false);
  await track("download_calendar", { userId: access.user.id, bandId: access.band.id, props: { events: events.length } });
  const slug = access.band.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "band";
  return { body: calendar.toString(), filename: `${slug}-calendar.ics` };
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
    select: { id: true, revokedAt: true, includeBlackouts: true, user: { select: { id: true, firstName: true, memberships: { select: { id: true, bandId: true, role: true } } } } },
  });
  if (!feed || feed.revokedAt) return null;
  const visible: Prisma.EventWhereInput[] = feed.user.memberships.flatMap((m) => {
    const grant = grantFor(m.role, "calendar:download");
    if (!grant) return [];
    return [grant === "booked" ? { bandId: m.bandId, bookings: { some: { membershipId: m.id } } } : { bandId: m.bandId }];
  });
  const [events, blackouts] = await Promise.all([
    visible.length
      ? db.event.findMany({ where: { OR: visible, startsAt: { gte: since(now) } }, orderBy: [{ startsAt: "asc" }, { id: "asc" }], take: MAX_EVENTS, select: EVENT_SELECT })
      : Promise.resolve([]),
    feed.includeBlackouts
      ? db.blackout.findMany({ where: { userId: feed.user.id, endDate: { gte: dayOf(since(now), "UTC") } }, orderBy: { startDate: "asc" }, select: { id: true, startDate: true, endDate: true, reason: true, createdAt: true } })
      : Promise.resolve([]),
  ]);
  const calendar = newCalendar("Bandroom");
  const manyBands = new Set(feed.user.memberships.map((m) => m.bandId)).size > 1;
  for (const event of events) addEvent(calendar, event, manyBands);
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
  return calendar.toString();
}

// ---------------------------------------------------------------------------
// The person's subscription URL

export async function getFeedStatus(userId: string) {
  return db.calendarFeedToken.findFirst({ where: { userId, revokedAt: null }, orderBy: { id: "desc" }, select: { id: true, includeBlackouts: true, createdAt: true, lastUsedAt: true } });
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
