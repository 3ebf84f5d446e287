import { data, redirect } from "@remix-run/node";
import { parseId } from "~/utils/ids";
import rrulePackage from "rrule";
import type { Prisma } from "~/generated/prisma/client";
import { track } from "~/features/analytics/analytics.server";
import { checkConflicts, ConflictsError, requireConflictsConfirmed, sameEventAlready, type Conflict, type TimeRange } from "~/features/availability/conflicts.server";
import { dayOf, daysOfRange, parseMonth, shiftMonth, shownDays } from "~/features/availability/local-day";
import { answerInFormBand, grantIn, requireGrant, requireVisibleRow, type BandAccess } from "~/features/bands/access.server";
import { gigFeeReceived } from "~/features/finances/finances.server";
import type { Permission } from "~/features/members/permissions";
import { db } from "~/utils/db.server";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { displayName } from "~/utils/names";
import { RuleError } from "~/utils/rule-error";
import { thrownStatus } from "~/utils/toast.server";
import { MAX_EVENT_DAYS } from "./limits";
import { KIND_STYLES } from "./present";
import { MESSAGES, type EventInput, type Kept, type Recurrence, type RsvpAnswer, type SeriesScope } from "./schema.server";
import { addDays, daysBetween, formatLocalDate, formatLocalTime, fromZoned, isTimeZone, parseLocalDate, startOfLocalDay, toZoned, type LocalDate, deadlineLastMoment } from "./zoned-time";

const { RRule } = rrulePackage;

/**
 * Events: the calendar, one event, and every change to them. Each function takes the
 * caller's BandAccess first and applies the permission table's grants itself (a sub,
 * "booked", sees only the events they are booked on; "own" deletes only one's own), so
 * the pages and the /api endpoints share every rule. Each change is one transaction.
 */

// ---------------------------------------------------------------------------
// Who may do what with an event (the pages show these; the functions below enforce them)

type Owned = { createdById: string | null };

function mayDelete(access: BandAccess, event: Owned) {
  const grant = grantIn(access, "events:delete");
  return grant === true || (grant === "own" && event.createdById === access.user.id);
}

export function eventAbilities(access: BandAccess, event: Owned) {
  const edit = grantIn(access, "events:edit") !== null;
  return {
    edit,
    duplicate: edit,
    cancel: edit,
    delete: mayDelete(access, event),
    seeFee: grantIn(access, "events:fee") !== null,
    seeHistory: grantIn(access, "events:history") !== null,
  };
}

/** What the calendar page offers this viewer. */
export function calendarAbilities(access: BandAccess) {
  return { create: grantIn(access, "events:edit") !== null, bookedOnly: requireGrant(access, "events:view") === "booked" };
}

/** Events the viewer may see: all of the band's, or for a sub only those they are booked on. */
function visibleWhere(access: BandAccess): Prisma.EventWhereInput {
  const booked = requireGrant(access, "events:view") === "booked";
  return { bandId: access.band.id, ...(booked ? { bookings: { some: { membershipId: access.membership.id } } } : {}) };
}

/** The band's time zone and currency, read with the access itself (no query of its own). */
function bandSettings(access: BandAccess) {
  return { timeZone: access.band.timeZone, currency: access.band.currency };
}

/**
 * The band's rules for an event's fields. `stored`, on an edit: the event's times as
 * saved, so that a time in the repeated hour of a clock change that the edit leaves alone
 * stays the instant it was (schema.server.ts, instantOn).
 */
export async function eventRules(access: BandAccess, stored?: { startsAt: Date; endsAt: Date | null; callAt: Date | null; soundcheckAt: Date | null }) {
  const band = bandSettings(access);
  const keep: Kept | undefined = stored && {
    startTime: stored.startsAt,
    ...(stored.endsAt ? { endTime: stored.endsAt } : {}),
    ...(stored.callAt ? { callTime: stored.callAt } : {}),
    ...(stored.soundcheckAt ? { soundcheckTime: stored.soundcheckAt } : {}),
  };
  return { bandTimeZone: band.timeZone, currency: band.currency, ...(keep ? { keep } : {}) };
}

/** The band of an event to edit, for the gate, and its stored times, for eventRules; null when there is no such event. */
export async function eventToEdit(eventId: number | null) {
  if (!eventId) return null;
  return db.event.findUnique({ where: { id: eventId }, select: { bandId: true, startsAt: true, endsAt: true, callAt: true, soundcheckAt: true } });
}

/**
 * The one gate for an event's id, pages and /api alike: signed out, a redirect or 401;
 * another band's event or an unknown id, 404; then, before any permission or input is
 * looked at, an event the member may not see is 404 too (a sub sees only the events they
 * are booked on: a 403 or a 400 would tell them the others exist); then `permission`
 * (403). `bandId` when the caller read the event already. The access carries the grant
 * of `permission`, as requireBandAccess's does.
 */
export async function requireEventGate(request: Request, eventId: number | null, permission: Permission, { bandId, notFound = MESSAGES.notFound }: { bandId?: number | null; notFound?: string } = {}) {
  return requireVisibleRow(request, {
    band: bandId === undefined ? await bandIdOfEvent(eventId) : bandId,
    view: "events:view",
    permission,
    notFoundMessage: notFound,
    visible: async (viewer) => grantIn(viewer, "events:view") !== "booked" || (await db.event.count({ where: { id: eventId!, ...visibleWhere(viewer) } })) > 0,
    notFound: () => data({ message: notFound }, { status: 404 }),
  });
}

/**
 * The gate of an event's one-tap forms (/rsvp, /chase), which answer with a redirect back
 * where the person was and a toast, JavaScript or not: a refusal of the gate comes back
 * the same way (`refused(status, message)`) instead of a bare error page, when the person
 * is signed in and the event is gone, not theirs to see (the same words for both: nothing
 * is told of it), or the grant is missing. Signing in still redirects. On success the
 * answer comes back in the event's band (answerInFormBand), not in whichever band another
 * tab has switched the browser to.
 */
export async function eventFormGate<Refused>(
  request: Request,
  eventId: number | null,
  permission: Permission,
  refused: (status: 403 | 404, message: string) => Refused,
): Promise<{ access: BandAccess; refused?: never } | { access?: never; refused: Refused }> {
  try {
    const access = await requireEventGate(request, eventId, permission);
    await answerInFormBand(request, access);
    return { access };
  } catch (thrown) {
    const status = thrownStatus(thrown);
    if (status === 404) return { refused: refused(404, MESSAGES.notFound) };
    if (status === 403) return { refused: refused(403, "") };
    throw thrown;
  }
}

/** Where a one-tap form for an event that is gone goes back to: where it came from, unless that was the event's own page (gone too), then the calendar. */
export function awayFromEvent(back: string, eventId: number | null) {
  return eventId !== null && back.split(/[?#]/)[0] === `/events/${eventId}` ? "/calendar" : back;
}

/**
 * The loader of an event's form-only addresses (/rsvp, /chase): a GET there is a person,
 * not a form (sent to sign in from a form posted signed out, they come back to it), and
 * the event's page is where they were going.
 */
export function redirectToEvent(idParam: string | undefined) {
  const eventId = parseId(idParam);
  if (eventId === null) throw data({ message: "Not found" }, { status: 404 });
  return redirect(`/events/${eventId}`);
}

/** The band an event belongs to, for the gate; null when there is no such event. */
export async function bandIdOfEvent(eventId: number | null) {
  if (!eventId) return null;
  const event = await db.event.findUnique({ where: { id: eventId }, select: { bandId: true } });
  return event?.bandId ?? null;
}

// ---------------------------------------------------------------------------
// Reading

const LIST_SELECT = {
  id: true,
  title: true,
  kind: true,
  status: true,
  allDay: true,
  startsAt: true,
  endsAt: true,
  cancelledAt: true,
  cancelReason: true,
  venueName: true,
  rsvpDeadline: true,
  seriesId: true,
  version: true,
} as const satisfies Prisma.EventSelect;

export type EventListFilters = {
  from: Date;
  to: Date;
  kinds?: string[];
  mine?: boolean;
  /** Also each event's bookings of people with a blackout on these local days (the calendar's "2 blacked out"). */
  blackedOutDays?: DayRange;
};

type DayRange = { first: string; last: string };

/** Blackouts (local days, inclusive) that touch `days`. */
const blackoutsOn = (days: DayRange) => ({ startDate: { lte: days.last }, endDate: { gte: days.first } });

/** The largest number of events one listing returns (a month of a very busy band fits). */
export const LIST_LIMIT = 1000;

/**
 * Events overlapping [from, to), soonest first, each with the viewer's own booking and
 * answer. `mine` keeps only those the viewer is booked on; `kinds` filters by kind.
 */
export async function listEvents(access: BandAccess, filters: EventListFilters) {
  const where: Prisma.EventWhereInput = {
    AND: [
      visibleWhere(access),
      // No event lasts longer than MAX_EVENT_DAYS: the lower bound closes the index range
      // ([bandId, startsAt]) so a month does not scan the band's years of history.
      { startsAt: { lt: filters.to, gt: new Date(filters.from.getTime() - MAX_EVENT_DAYS * 86_400_000 - 60_000) } },
      { OR: [{ endsAt: { gt: filters.from } }, { endsAt: null, startsAt: { gte: filters.from } }] },
      filters.kinds?.length ? { kind: { in: filters.kinds } } : {},
      filters.mine ? { bookings: { some: { membershipId: access.membership.id } } } : {},
    ],
  };
  return db.event.findMany({
    where,
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: LIST_LIMIT,
    select: {
      ...LIST_SELECT,
      bookings: {
        where: filters.blackedOutDays
          ? { OR: [{ membershipId: access.membership.id }, { membership: { user: { blackouts: { some: blackoutsOn(filters.blackedOutDays) } } } }] }
          : { membershipId: access.membership.id },
        orderBy: { id: "asc" },
        select: { id: true, membershipId: true, instrument: true, rsvp: { select: { answer: true, note: true } } },
      },
    },
  });
}

/** Who may see whose blackouts: others' only with "availability:view", their reasons only with "availability:reasons"; one's own always. */
function blackoutVisibility(access: BandAccess) {
  return { others: grantIn(access, "availability:view") !== null, reasons: grantIn(access, "availability:reasons") !== null };
}

export type BlackedOutPerson = { membershipId: number; name: string; isYou: boolean; reason: string | null };

/**
 * Every local day the event touches, the morning after a late night included: whose
 * blackouts it meets. A drummer away on the 11th is flagged on a gig that runs to 1 AM
 * that day, as the clash warning on saving it was (conflicts.server.ts).
 */
function coveredDays(event: { startsAt: Date; endsAt: Date | null }, timeZone: string): DayRange {
  return daysOfRange(event.startsAt, event.endsAt ?? event.startsAt, timeZone);
}

export type ListedEvent = Awaited<ReturnType<typeof listEvents>>[number];

/**
 * Whether a booked person may still answer: until the event starts, unless it is
 * cancelled. The RSVP deadline is the day the band asks for answers by (the chases aim
 * at it); an answer after it still counts, since a "can't make it" the day after the
 * deadline is news the leader needs, and the history marks it late.
 */
export function answerWindow(event: { startsAt: Date; cancelledAt: Date | null }, now: Date) {
  if (event.cancelledAt) return { open: false, reason: MESSAGES.cancelled };
  if (now >= event.startsAt) return { open: false, reason: MESSAGES.started };
  return { open: true, reason: null };
}

/**
 * The last day to answer, "2027-01-05", in the band's zone: what the forms and the API take.
 * Stored is the instant answers close, the start of the next day there.
 */
export function deadlineDayOf(rsvpDeadline: Date, bandZone: string) {
  return formatLocalDate(addDays(toZoned(rsvpDeadline, bandZone), -1));
}

/** Whether the event's RSVP deadline (the end of its day) has passed at `at`. */
export function pastDeadline(event: { rsvpDeadline: Date | null }, at: Date) {
  return event.rsvpDeadline !== null && at >= event.rsvpDeadline;
}


/**
 * One month of the calendar in the band's time zone: the weeks of the grid (Sunday
 * first), the events overlapping them, and links' months. `month` is "YYYY-MM"; a
 * missing or malformed one is the current month. Three queries whatever the band's size.
 */
export async function getCalendarMonth(access: BandAccess, options: { month?: string | null; kinds?: string[]; mine?: boolean }, now = new Date()) {
  const { timeZone } = bandSettings(access);
  const today = toZoned(now, timeZone);
  // A month out of range or malformed (?month=9999-01, 2026-13) shows this month, as the availability view does.
  const chosen = parseMonth(options.month);
  const first: LocalDate = chosen ? { year: Number(chosen.slice(0, 4)), month: Number(chosen.slice(5, 7)), day: 1 } : { year: today.year, month: today.month, day: 1 };
  const nextFirst = addDays(first, 40);
  const monthEnd = addDays({ year: nextFirst.year, month: nextFirst.month, day: 1 }, -1);
  const gridStart = addDays(first, -new Date(Date.UTC(first.year, first.month - 1, 1)).getUTCDay());
  const gridDays = Math.ceil((daysBetween(gridStart, monthEnd) + 1) / 7) * 7;
  const gridEnd = addDays(gridStart, gridDays);
  const abilities = calendarAbilities(access);
  const see = blackoutVisibility(access);
  const days: DayRange = { first: formatLocalDate(gridStart), last: formatLocalDate(addDays(gridEnd, -1)) };
  // The month's events with, on each, the viewer's booking and the bookings of people away
  // on one of the grid's days; then those people's blackouts (and the viewer's own): three
  // queries whatever the band's size, the second read only for the people the events name
  // (not every member away this month: 40 in a band of 200).
  const [listed, after] = await Promise.all([
    listEvents(access, { from: startOfLocalDay(gridStart, timeZone), to: startOfLocalDay(gridEnd, timeZone), kinds: options.kinds, mine: options.mine, ...(see.others ? { blackedOutDays: days } : {}) }),
    // The first event after the month (not cancelled, through the same filters): a phone's
    // agenda shows only the month, and an empty month hid next week's rehearsal.
    db.event.findFirst({
      where: {
        AND: [
          visibleWhere(access),
          { startsAt: { gte: startOfLocalDay(addDays(monthEnd, 1), timeZone) }, cancelledAt: null },
          options.kinds?.length ? { kind: { in: options.kinds } } : {},
          options.mine ? { bookings: { some: { membershipId: access.membership.id } } } : {},
        ],
      },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      select: { id: true, title: true, startsAt: true, allDay: true },
    }),
  ]);
  const named = new Set<number>([access.membership.id]);
  for (const event of listed) for (const booking of event.bookings) named.add(booking.membershipId);
  const away = await db.bandMembership.findMany({
    where: { bandId: access.band.id, id: { in: [...named] }, user: { blackouts: { some: blackoutsOn(days) } } },
    select: {
      id: true,
      displayName: true,
      user: { select: { firstName: true, lastName: true, email: true, blackouts: { where: blackoutsOn(days), orderBy: [{ startDate: "asc" }, { id: "asc" }], select: { startDate: true, endDate: true, reason: true } } } },
    },
  });
  const awayById = new Map(away.map((m) => [m.id, m]));
  const events = listed.map(({ bookings, ...event }) => {
    const mine = bookings.find((booking) => booking.membershipId === access.membership.id) ?? null;
    // Where the grid draws it (not the morning after a late night); its blackouts, every day it touches.
    const on = shownDays(event, timeZone);
    const covered = coveredDays(event, timeZone);
    const blackedOut: BlackedOutPerson[] = event.cancelledAt
      ? []
      : bookings.flatMap((booking) => {
          const person = awayById.get(booking.membershipId);
          const blackout = person?.user.blackouts.find((b) => b.startDate <= covered.last && b.endDate >= covered.first);
          if (!person || !blackout) return [];
          const isYou = person.id === access.membership.id;
          return [{ membershipId: person.id, name: displayName({ ...person.user, displayName: person.displayName }), isYou, reason: isYou || see.reasons ? blackout.reason : null }];
        });
    return { ...event, days: on, mine, blackedOut };
  });
  const ownBlackouts = awayById.get(access.membership.id)?.user.blackouts ?? [];
  const monthKey = (d: LocalDate) => `${d.year}-${String(d.month).padStart(2, "0")}`;
  return {
    timeZone,
    month: monthKey(first),
    prevMonth: shiftMonth(monthKey(first), -1),
    nextMonth: shiftMonth(monthKey(first), 1),
    /** The ?month= given when it is no month the calendar shows (this month is shown instead). */
    refusedMonth: options.month && !chosen ? options.month : null,
    thisMonth: monthKey(today),
    today: formatLocalDate(today),
    first,
    monthEnd,
    gridStart,
    gridDays,
    events,
    after,
    /** The viewer's own blackouts touching the grid (with their own reasons). */
    ownBlackouts,
    abilities,
  };
}

/** The band's instruments (what its members and subs play), for "no drummer yet". */
export async function bandInstruments(bandId: number) {
  // Grouped in SQL: one row per instrument, not one per player for Prisma to de-duplicate (200 in a large band).
  const rows = await db.membershipInstrument.groupBy({ by: ["instrument"], where: { membership: { bandId } }, orderBy: { instrument: "asc" } });
  return rows.map((row) => row.instrument);
}

/**
 * One event with everything its page shows: details, lineup with each answer (and its
 * history for those who may see it), the fee for those who may see money. Null when
 * the event is not the band's or not visible to the viewer.
 */
export async function getEventDetails(access: BandAccess, eventId: number, now = new Date()) {
  const abilitiesFor = (event: Owned) => eventAbilities(access, event);
  const event = await db.event.findFirst({
    where: { id: eventId, ...visibleWhere(access) },
    select: {
      ...LIST_SELECT,
      venueAddress: true,
      callAt: true,
      soundcheckAt: true,
      dressCode: true,
      notes: true,
      feeMinor: true,
      createdById: true,
      sequence: true,
      updatedAt: true,
      createdAt: true,
      setlist: { select: { id: true, name: true } },
      bookings: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          instrument: true,
          membership: { select: { id: true, displayName: true, user: { select: { id: true, firstName: true, lastName: true } } } },
          rsvp: { select: { answer: true, note: true, answeredAt: true } },
          history: { orderBy: { answeredAt: "desc" }, take: 20, select: { answer: true, note: true, answeredAt: true } },
        },
      },
      // Who played it and has left the band since (members/former-bookings.server.ts).
      formerBookings: { orderBy: { id: "asc" }, select: { id: true, name: true, instrument: true, answer: true, note: true } },
    },
  });
  if (!event) return null;
  const abilities = abilitiesFor(event);
  const band = { name: access.band.name, ...bandSettings(access) };
  const see = blackoutVisibility(access);
  const days = coveredDays(event, band.timeZone);
  // Who of the lineup has a blackout on the event's days (others' only with "availability:view").
  const [instruments, blackouts] = await Promise.all([
    bandInstruments(access.band.id),
    db.blackout.findMany({
      where: { userId: { in: event.bookings.filter((b) => see.others || b.membership.id === access.membership.id).map((b) => b.membership.user.id) }, ...blackoutsOn(days) },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
      select: { userId: true, startDate: true, endDate: true, reason: true },
    }),
  ]);
  const mine = event.bookings.find((booking) => booking.membership.id === access.membership.id) ?? null;
  const blackoutOf = (booking: (typeof event.bookings)[number]) => {
    if (event.cancelledAt) return null;
    const found = blackouts.find((b) => b.userId === booking.membership.user.id);
    if (!found) return null;
    const isYou = booking.membership.id === access.membership.id;
    return { startDate: found.startDate, endDate: found.endDate, reason: isYou || see.reasons ? found.reason : null };
  };
  return {
    event: {
      ...event,
      band,
      feeMinor: abilities.seeFee ? event.feeMinor : null,
      bookings: event.bookings.map((booking) => ({ ...booking, history: abilities.seeHistory ? booking.history : [], blackout: blackoutOf(booking) })),
    },
    instruments,
    abilities,
    mine: mine ? { bookingId: mine.id, answer: mine.rsvp?.answer ?? null, note: mine.rsvp?.note ?? null, window: answerWindow(event, now) } : null,
  };
}

/** The members and subs who can be booked, with their instruments, and the band's setlists: what the event form offers. */
export async function eventFormOptions(access: BandAccess) {
  requireGrant(access, "events:edit");
  const [members, setlists, rules] = await Promise.all([
    db.bandMembership.findMany({
      where: { bandId: access.band.id },
      orderBy: { id: "asc" },
      select: { id: true, role: true, displayName: true, user: { select: { firstName: true, lastName: true } }, instruments: { select: { instrument: true }, orderBy: { id: "asc" } } },
    }),
    db.setlist.findMany({ where: { bandId: access.band.id }, orderBy: { name: "asc" }, select: { id: true, name: true }, take: 500 }),
    eventRules(access),
  ]);
  return {
    bandId: access.band.id,
    members: members.map((m) => ({ id: m.id, role: m.role, name: m.displayName || [m.user.firstName, m.user.lastName].filter(Boolean).join(" "), instruments: m.instruments.map((i) => i.instrument) })),
    setlists,
    timeZone: rules.bandTimeZone,
    currency: rules.currency,
    seeFee: grantIn(access, "events:fee") !== null,
    kinds: Object.entries(KIND_STYLES).map(([value, style]) => ({ value, label: style.label })),
  };
}

/**
 * A patch that moves an event's `date` and says nothing of its `endDate`: the end day moves
 * with it, so that a gig from 21:00 to 01:00 (or a weekend festival) keeps its length
 * rather than ending before it starts. Nothing for any other patch.
 */
export function keptLength(stored: { date: string; endDate?: string }, patch: Record<string, unknown>): { endDate?: string } {
  if (!stored.endDate || "endDate" in patch || typeof patch.date !== "string") return {};
  const [from, to, end] = [parseLocalDate(stored.date), parseLocalDate(patch.date), parseLocalDate(stored.endDate)];
  return from && to && end ? { endDate: formatLocalDate(addDays(end, daysBetween(from, to))) } : {};
}

/**
 * The form's fields for an existing event (edit, or duplicate): what the person would type
 * to get this event again, its times in `timeZone` (the band's unless a caller names
 * another; an all-day event's days and the deadline's day are always the band's, as
 * the schema reads them). The fee only for those who may see it.
 */
export async function eventFields(access: BandAccess, eventId: number, zone?: string) {
  const details = await getEventDetails(access, eventId);
  if (!details) throw new RuleError(404, MESSAGES.notFound);
  const { event, abilities } = details;
  // The series' rule only here (the form shows its interval): the event page needs no more than seriesId.
  const series = event.seriesId ? await db.eventSeries.findUnique({ where: { id: event.seriesId }, select: { rrule: true } }) : null;
  const bandZone = event.band.timeZone;
  const timeZone = zone && !event.allDay && isTimeZone(zone) ? zone : bandZone;
  const start = toZoned(event.startsAt, timeZone);
  const end = event.endsAt ? toZoned(event.allDay ? new Date(event.endsAt.getTime() - 1) : event.endsAt, timeZone) : null;
  const time = (instant: Date | null) => (instant ? formatLocalTime(toZoned(instant, timeZone)) : undefined);
  return {
    event,
    abilities,
    fields: {
      title: event.title,
      kind: event.kind,
      status: event.status,
      allDay: event.allDay,
      date: formatLocalDate(start),
      startTime: event.allDay ? undefined : formatLocalTime(start),
      endDate: end && formatLocalDate(end) !== formatLocalDate(start) ? formatLocalDate(end) : undefined,
      endTime: event.allDay || !end ? undefined : formatLocalTime(end),
      timeZone,
      callTime: time(event.callAt),
      soundcheckTime: time(event.soundcheckAt),
      venueName: event.venueName ?? undefined,
      venueAddress: event.venueAddress ?? undefined,
      dressCode: event.dressCode ?? undefined,
      notes: event.notes ?? undefined,
      ...(abilities.seeFee ? { fee: event.feeMinor === null ? undefined : formatAmountInput(event.feeMinor, event.band.currency) } : {}),
      setlistId: event.setlist?.id ?? undefined,
      rsvpDeadline: event.rsvpDeadline ? deadlineDayOf(event.rsvpDeadline, bandZone) : undefined,
      lineup: event.bookings.map((b) => ({ membershipId: b.membership.id, instrument: b.instrument ?? "" /* "": booked on none (left out would mean their own instrument) */ })),
      ...(series ? { interval: String(intervalOf(series.rrule)) } : {}),
    },
  };
}

// ---------------------------------------------------------------------------
// Changing

/** A fee from someone who may not set fees is refused (403 under the field), never silently dropped. */
function refuseFee(access: BandAccess, input: Pick<EventInput, "feeMinor">) {
  refuseFeeField(access, { fee: input.feeMinor ?? undefined });
}

/** An API body that names the fee at all (null and "" too: "clear it") from someone who may not set fees: refused, not ignored. */
export function refuseFeeField(access: BandAccess, body: { fee?: unknown }) {
  if (body.fee !== undefined && !grantIn(access, "events:fee")) throw new RuleError(403, MESSAGES.feeNotAllowed, "fee");
}

/** An API body that gives a fee (an amount, not null or "") for an event that is not a gig: refused under the fee, not dropped on the quiet. */
export function refuseFeeOffGig(body: { fee?: unknown }, kind: unknown) {
  const given = body.fee !== undefined && body.fee !== null && String(body.fee).trim() !== "";
  if (given && kind !== "gig") throw new RuleError(400, MESSAGES.feeOnlyForGigs, "fee");
}

/** Lineup members and the setlist must be the band's (a 400 under their field otherwise). */
async function checkReferences(access: BandAccess, input: Pick<EventInput, "lineup" | "setlistId">) {
  const ids = input.lineup.map((row) => row.membershipId);
  const unnamed = input.lineup.filter((row) => row.instrument === undefined).map((row) => row.membershipId);
  const [found, setlist, instruments] = await Promise.all([
    ids.length ? db.bandMembership.count({ where: { bandId: access.band.id, id: { in: ids } } }) : Promise.resolve(0),
    input.setlistId ? db.setlist.findFirst({ where: { id: input.setlistId, bandId: access.band.id }, select: { id: true } }) : Promise.resolve(null),
    unnamed.length ? db.membershipInstrument.findMany({ where: { membershipId: { in: unnamed }, membership: { bandId: access.band.id } }, orderBy: { id: "asc" }, select: { membershipId: true, instrument: true } }) : Promise.resolve([]),
  ]);
  if (found !== ids.length) throw new RuleError(400, MESSAGES.lineupMember, "lineup");
  if (input.setlistId && !setlist) throw new RuleError(400, MESSAGES.setlist, "setlistId");
  // Booked without saying on what (an /api client): on their own instrument, as the form pre-fills it.
  for (const row of input.lineup) if (row.instrument === undefined) row.instrument = instruments.find((one) => one.membershipId === row.membershipId)?.instrument ?? null;
}

function eventData(input: EventInput, feeMinor: number | null | undefined) {
  return {
    title: input.title,
    kind: input.kind,
    status: input.status,
    allDay: input.allDay,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    callAt: input.callAt,
    soundcheckAt: input.soundcheckAt,
    venueName: input.venueName,
    venueAddress: input.venueAddress,
    dressCode: input.dressCode,
    notes: input.notes,
    ...(feeMinor === undefined ? {} : { feeMinor }),
    setlistId: input.setlistId,
    rsvpDeadline: input.rsvpDeadline,
  };
}

/**
 * Creates an event, or a weekly series (one event per occurrence, each with the same
 * lineup), in one transaction. A fee only from those who may set it.
 */
export async function createEvent(access: BandAccess, created: { event: EventInput; recurrence: Recurrence | null; confirmConflicts?: boolean }) {
  requireGrant(access, "events:edit");
  const { event: input, recurrence } = created;
  await checkReferences(access, input);
  // Nobody in the lineup is booked onto a blackout or another booking, and the same event
  // is not entered twice, without a "Save anyway" (409 naming them).
  const twin = created.confirmConflicts ? null : await sameEventAlready(access, input);
  await requireConflictsConfirmed(
    access,
    {
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      membershipIds: input.lineup.map((row) => row.membershipId),
      occurrences: recurrence?.occurrences.map((startsAt) => ({ startsAt, endsAt: shiftTimes(input, input.startsAt, startsAt, access.band.timeZone).endsAt })),
    },
    created.confirmConflicts ?? false,
    twin ? [twin] : [],
  );
  refuseFee(access, input);
  const feeMinor = grantIn(access, "events:fee") ? (input.feeMinor ?? null) : null;
  const data = { ...eventData(input, feeMinor), bandId: access.band.id, createdById: access.user.id };
  const bookings = input.lineup.map((row) => ({ membershipId: row.membershipId, instrument: row.instrument }));

  const ids = await db.$transaction(async (tx) => {
    // Asked again inside the write lock: the same event sent twice at once (to two server
    // processes) was not there yet for either check above, and would be saved twice.
    if (!created.confirmConflicts) {
      const late = await sameEventAlready(access, input, tx);
      if (late) throw new ConflictsError([late]);
    }
    // Every occurrence of a series lasts as long as the first.
    await coverEventLength(tx, access.band.id, input);
    if (!recurrence) {
      const event = await tx.event.create({ data: { ...data, bookings: { create: bookings } }, select: { id: true } });
      return [event.id];
    }
    const series = await tx.eventSeries.create({
      data: { bandId: access.band.id, rrule: recurrence.rrule, timeZone: input.timeZone, startsAt: input.startsAt, createdById: access.user.id },
      select: { id: true },
    });
    const shifted = recurrence.occurrences.map((startsAt) => shiftTimes(data, input.startsAt, startsAt, access.band.timeZone));
    const events = await tx.event.createManyAndReturn({
      data: shifted.map((times, index) => ({ ...data, ...times, seriesId: series.id, occurrenceAt: recurrence.occurrences[index]! })),
      select: { id: true },
    });
    if (bookings.length) await tx.eventBooking.createMany({ data: events.flatMap((event) => bookings.map((booking) => ({ ...booking, eventId: event.id }))) });
    return events.map((event) => event.id);
  });
  await track("create_event", { userId: access.user.id, bandId: access.band.id, props: { kind: input.kind, occurrences: ids.length } });
  return { id: ids[0]!, ids };
}

/** Band.longestEventMinutes' default: no write for events up to two days long. */
export const LONGEST_EVENT_FLOOR_MINUTES = 2 * 24 * 60;

/**
 * Raises the band's longestEventMinutes (never lowers it) to cover an event of these
 * times, in the transaction that saves it: the overlap queries (calendar, availability)
 * bound startsAt from below by it. Two statements for an event longer than two days,
 * none otherwise; the band's updatedAt (the settings form's version) stays.
 */
async function coverEventLength(tx: Prisma.TransactionClient, bandId: number, times: { startsAt: Date; endsAt: Date | null }) {
  const minutes = times.endsAt ? Math.ceil((times.endsAt.getTime() - times.startsAt.getTime()) / 60_000) : 0;
  if (minutes <= LONGEST_EVENT_FLOOR_MINUTES) return;
  const band = await tx.band.findUniqueOrThrow({ where: { id: bandId }, select: { longestEventMinutes: true, updatedAt: true } });
  if (band.longestEventMinutes < minutes) await tx.band.update({ where: { id: bandId }, data: { longestEventMinutes: minutes, updatedAt: band.updatedAt } });
}

type Times = { startsAt: Date; endsAt: Date | null; callAt: Date | null; soundcheckAt: Date | null; rsvpDeadline: Date | null };

/** How many days before the event's day (in `timeZone`) its answer deadline's day is. */
function deadlineDaysBefore(deadline: Date, startsAt: Date, timeZone: string) {
  return daysBetween(toZoned(deadlineLastMoment(deadline), timeZone), toZoned(startsAt, timeZone));
}

/**
 * The times of `data` moved from `from` to `to`, keeping each one's distance to the start;
 * the answer deadline, a date, keeps its distance in days in the band's zone (`bandZone`)
 * and stays the end of its day: moved in milliseconds across a clock change it landed an
 * hour off, at 01:00 of the day after, and the event said "Answer by" a day too late.
 */
function shiftTimes(data: Times & { allDay?: boolean }, from: Date, to: Date, bandZone: string): Times {
  const move = (instant: Date | null) => (instant ? new Date(to.getTime() + (instant.getTime() - from.getTime())) : null);
  // An all-day event ends at a local midnight however long its days are: a day the clocks change on is 23 or 25 hours.
  const end = (instant: Date | null) =>
    instant && data.allDay ? startOfLocalDay(addDays(toZoned(to, bandZone), daysBetween(toZoned(from, bandZone), toZoned(instant, bandZone))), bandZone) : move(instant);
  const moveDeadline = (deadline: Date | null) =>
    deadline ? startOfLocalDay(addDays(toZoned(to, bandZone), 1 - deadlineDaysBefore(deadline, from, bandZone)), bandZone) : null;
  return { startsAt: to, endsAt: end(data.endsAt), callAt: move(data.callAt), soundcheckAt: move(data.soundcheckAt), rsvpDeadline: moveDeadline(data.rsvpDeadline) };
}

/** The fields of an occurrence a series edit compares, to tell what one occurrence changed on its own. */
const OWN_FIELDS = ["title", "kind", "status", "venueName", "venueAddress", "dressCode", "notes", "feeMinor", "setlistId"] as const;
type OwnField = (typeof OWN_FIELDS)[number];
const OCCURRENCE_SELECT = {
  id: true,
  startsAt: true,
  endsAt: true,
  allDay: true,
  callAt: true,
  soundcheckAt: true,
  rsvpDeadline: true,
  occurrenceAt: true,
  cancelledAt: true,
  detached: true,
  createdById: true,
  sequence: true,
  ...Object.fromEntries(OWN_FIELDS.map((key) => [key, true])),
  bookings: { select: { membershipId: true, instrument: true } },
} as { [K in OwnField]: true } & Omit<Prisma.EventSelect, OwnField>;

type Occurrence = Pick<Times, "startsAt" | "endsAt" | "callAt" | "soundcheckAt" | "rsvpDeadline"> & { allDay: boolean; occurrenceAt: Date | null } & { [K in OwnField]: unknown } & {
  bookings: { membershipId: number; instrument: string | null }[];
};
type SeriesMember = Occurrence & { id: number; detached: boolean; createdById: string | null; sequence: number; cancelledAt: Date | null };

/** An occurrence's times as distances from its start: equal ones mean its times were not changed on their own. */
function timeShape(event: Occurrence, timeZone: string) {
  const from = (instant: Date | null) => (instant ? instant.getTime() - event.startsAt.getTime() : null);
  // The deadline is a date (the end of that day in the band's zone): counted in days before
  // the event's day, not in milliseconds, which a clock change between the two, or a new
  // band zone (the deadline keeps its date, the start its moment), would make differ from
  // one date of the series to the next.
  const deadline = event.rsvpDeadline ? deadlineDaysBefore(event.rsvpDeadline, event.startsAt, timeZone) : null;
  // An all-day event's length is whole days: a day the clocks change on is 23 or 25 hours long.
  const end = event.allDay && event.endsAt ? `${Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 86_400_000)}d` : from(event.endsAt);
  return JSON.stringify([event.allDay, end, from(event.callAt), from(event.soundcheckAt), deadline]);
}

const lineupKey = (bookings: Occurrence["bookings"]) => JSON.stringify(bookings.map((b) => [b.membershipId, b.instrument ?? null]).sort((a, b) => Number(a[0]) - Number(b[0])));

/**
 * What a whole-series (or following) edit changes on an occurrence edited on its own
 * ("detached"): a field only where the edit changed it and the occurrence still had the
 * series' value (what the edited event had before); its times only when it was neither
 * moved on its own nor given its own length, call or soundcheck; its lineup only when
 * it still had the series' lineup. See docs/decisions/0009-calendar-feeds.md.
 */
function overridesKept(member: SeriesMember, before: Occurrence, data: ReturnType<typeof eventData>, timeZone: string) {
  const changed: Record<string, unknown> = {};
  for (const key of OWN_FIELDS) {
    const next = (data as Record<string, unknown>)[key];
    if (next === undefined || next === before[key]) continue;
    if (member[key] === before[key]) changed[key] = next;
  }
  const movedOnItsOwn = member.occurrenceAt !== null && member.startsAt.getTime() !== member.occurrenceAt.getTime();
  return { fields: changed, keepTimes: movedOnItsOwn || timeShape(member, timeZone) !== timeShape(before, timeZone), keepLineup: lineupKey(member.bookings) !== lineupKey(before.bookings) };
}

/** The events a change to one occurrence applies to: it alone, it and the later ones, or the whole series. */
async function scopeTargets(tx: Client, event: { id: number; seriesId: number | null; startsAt: Date }, scope: SeriesScope): Promise<SeriesMember[]> {
  if (!event.seriesId || scope === "one") return [];
  return tx.event.findMany({
    where: { seriesId: event.seriesId, id: { not: event.id }, ...(scope === "following" ? { startsAt: { gt: event.startsAt } } : {}) },
    orderBy: { startsAt: "asc" },
    select: OCCURRENCE_SELECT,
  }) as Promise<SeriesMember[]>;
}

const intervalOf = (rrule: string) => RRule.parseString(rrule).interval ?? 1;

/**
 * Makes a series' rule say what its events are: DTSTART at the earliest occurrence,
 * INTERVAL as given, COUNT spanning to the latest one (an occurrence deleted on its own
 * inside the span stays a gap the rule covers, an EXDATE for a feed). Each event's
 * occurrenceAt is the start the rule gives it. A series left without events goes.
 *
 * The series' iCalendar SEQUENCE rises past every one its VEVENT has had: its events'
 * and `floor`, the caller's highest of the series' own and those of the events that just
 * left it, so a calendar app that re-imports the file takes the change instead of keeping
 * its copy.
 */
async function rewriteSeries(tx: Prisma.TransactionClient, seriesId: number, interval: number, timeZone: string, floor: number) {
  const events = await tx.event.findMany({ where: { seriesId }, select: { startsAt: true, occurrenceAt: true, sequence: true } });
  if (!events.length) {
    await tx.eventSeries.delete({ where: { id: seriesId } });
    return;
  }
  const starts = events.map((e) => e.occurrenceAt ?? e.startsAt).sort((a, b) => a.getTime() - b.getTime());
  const weeks = Math.round(daysBetween(toZoned(starts[0]!, timeZone), toZoned(starts.at(-1)!, timeZone)) / 7);
  const count = Math.floor(weeks / interval) + 1;
  await tx.eventSeries.update({
    where: { id: seriesId },
    data: { startsAt: starts[0]!, timeZone, rrule: `FREQ=WEEKLY;INTERVAL=${interval};COUNT=${count}`, sequence: Math.max(floor, ...events.map((e) => e.sequence)) + 1 },
  });
}

/**
 * "This and following": the event and the later ones leave their series for a new one
 * that starts at the event; both rules are rewritten to the occurrences they keep.
 */
async function splitSeries(tx: Prisma.TransactionClient, seriesId: number, moved: number[], intervals: { old: number; new: number }, zones: { old: string; new: string }, floor: number) {
  const series = await tx.eventSeries.findUniqueOrThrow({ where: { id: seriesId }, select: { bandId: true, rrule: true, createdById: true } });
  const created = await tx.eventSeries.create({ data: { bandId: series.bandId, rrule: series.rrule, timeZone: zones.new, startsAt: new Date(), createdById: series.createdById }, select: { id: true } });
  await tx.event.updateMany({ where: { id: { in: moved } }, data: { seriesId: created.id } });
  await rewriteSeries(tx, created.id, intervals.new, zones.new, 0);
  await rewriteSeries(tx, seriesId, intervals.old, zones.old, floor);
  return created.id;
}

/** Replaces an event's lineup, keeping the bookings (and answers) of those still on it. */
async function setLineup(tx: Prisma.TransactionClient, eventIds: number[], lineup: EventInput["lineup"]) {
  const keep = lineup.map((row) => row.membershipId);
  await tx.eventBooking.deleteMany({ where: { eventId: { in: eventIds }, membershipId: { notIn: keep } } });
  for (const row of lineup) {
    await tx.eventBooking.updateMany({ where: { eventId: { in: eventIds }, membershipId: row.membershipId }, data: { instrument: row.instrument } });
  }
  const existing = await tx.eventBooking.findMany({ where: { eventId: { in: eventIds } }, select: { eventId: true, membershipId: true } });
  const has = new Set(existing.map((b) => `${b.eventId}:${b.membershipId}`));
  const missing = eventIds.flatMap((eventId) => lineup.filter((row) => !has.has(`${eventId}:${row.membershipId}`)).map((row) => ({ eventId, membershipId: row.membershipId, instrument: row.instrument })));
  if (missing.length) await tx.eventBooking.createMany({ data: missing });
}

/**
 * Saves an edit made on the version the editor read (else 409: someone changed it
 * since). For a series, `scope` applies it to this occurrence alone (which then keeps
 * its own times), this and the following ones (a new series from here), or all: the
 * series moves by as many days as this one moved, in the new interval (weeks) if one is
 * given, and every occurrence takes the new time of day, length and everything else,
 * except what an occurrence edited on its own changed (overridesKept): it keeps that and
 * takes the rest; a cancelled one stays cancelled. The series' rule is rewritten to
 * match (rewriteSeries).
 */
export async function updateEvent(access: BandAccess, eventId: number, edit: { event: EventInput; version: number; scope: SeriesScope; interval?: number; confirmConflicts?: boolean }) {
  requireGrant(access, "events:edit");
  const { event: input, version, scope } = edit;
  refuseFee(access, input);
  await checkReferences(access, input);
  const feeMinor = grantIn(access, "events:fee") ? input.feeMinor : undefined;
  const data = eventData(input, feeMinor);

  const before = (await db.event.findFirst({
    where: { id: eventId, bandId: access.band.id },
    select: { ...OCCURRENCE_SELECT, seriesId: true, version: true },
  })) as (SeriesMember & { seriesId: number | null; version: number }) | null;
  if (!before) throw new RuleError(404, MESSAGES.notFound);
  if (before.version !== version) throw new RuleError(409, MESSAGES.stale);
  // A deadline already past is refused when it is set or changed, not when an old event's is sent back unchanged.
  if (input.rsvpDeadline && input.rsvpDeadline <= new Date() && input.rsvpDeadline.getTime() !== before.rsvpDeadline?.getTime()) {
    throw new RuleError(400, MESSAGES.deadlinePast, "rsvpDeadline");
  }
  // An edit of the series (all, or this and the following) checks every event it moves or
  // books someone on, as creating the series did; none of them clashes with another.
  const seriesPlan = before.seriesId && scope !== "one" ? await planSeriesEdit(db, { ...before, seriesId: before.seriesId }, input, scope, edit.interval) : null;
  const excluded = [eventId, ...(seriesPlan?.others.map((other) => other.id) ?? [])];
  // Where the edited event ends up: its place in the new rule when the series moves (a new
  // interval puts it on another date than the one typed), else the times typed.
  const edited = seriesPlan?.startMoved ? shiftTimes(data, input.startsAt, seriesPlan.placeInRule(before), access.band.timeZone) : input;
  // Moving the event checks its whole lineup; otherwise only the people newly booked on it.
  const moved = before.startsAt.getTime() !== edited.startsAt.getTime() || (before.endsAt?.getTime() ?? null) !== (edited.endsAt?.getTime() ?? null);
  const already = new Set(before.bookings.map((b) => b.membershipId));
  const conflicts = [
    ...(await checkConflicts(access, { startsAt: edited.startsAt, endsAt: edited.endsAt, excludeEventId: excluded, membershipIds: input.lineup.map((row) => row.membershipId).filter((id) => moved || !already.has(id)) })),
    ...(seriesPlan ? await seriesConflicts(access, seriesPlan, before, input, data, excluded) : []),
  ];
  if (conflicts.length && !edit.confirmConflicts) throw new ConflictsError(conflicts.filter((conflict, i) => conflicts.findIndex((c) => c.message === conflict.message) === i));
  // A gig whose fee has been paid stays a gig: its payments are the gig's income in the
  // reports and its splits share that fee. (Deleting it is refused for the same reason.)
  const wereGigs = new Map([before, ...(seriesPlan?.others ?? [])].filter((event) => event.kind === "gig").map((event) => [event.id, String(event.title)]));
  const answersCleared = await db.$transaction(async (tx) => {
    const cleared = await (async () => {
      // The write comes first: it takes SQLite's write lock (a read first could fail with
      // SQLITE_BUSY beside another process) and checks the version again at once.
      const claimed = await tx.event.updateMany({
        where: { id: eventId, bandId: access.band.id, version },
        data: { ...data, version: { increment: 1 }, sequence: { increment: 1 }, detached: Boolean(before?.seriesId) && scope === "one" },
      });
      if (!claimed.count) throw new RuleError(409, MESSAGES.stale);
      // The series' occurrences take the same length; one edited on its own keeps its times (already covered).
      await coverEventLength(tx, access.band.id, input);
      await setLineup(tx, [eventId], input.lineup);
      /** Where each event the edit touches was and is now: one moved to another day loses its answers. */
      const moves = [{ id: eventId, from: before.startsAt, to: input.startsAt }];
      if (!before.seriesId) return clearAnswersOfMoved(tx, moves, access.band.timeZone);

      if (scope === "one") {
        const series = await tx.eventSeries.findUniqueOrThrow({ where: { id: before.seriesId }, select: { rrule: true } });
        // Rolls the transaction back: nothing of the edit is saved.
        if (edit.interval !== undefined && edit.interval !== intervalOf(series.rrule)) throw new RuleError(400, MESSAGES.intervalScope, "interval");
        return clearAnswersOfMoved(tx, moves, access.band.timeZone);
      }
      const { series, oldInterval, interval, others, members, timeZone, startMoved, placeInRule } = await planSeriesEdit(tx, { ...before, seriesId: before.seriesId }, input, scope, edit.interval);
      const keptLineups = new Set<number>();
      for (const member of members) {
        const startsAt = startMoved ? placeInRule(member) : member.startsAt;
        const place = startMoved ? { occurrenceAt: startsAt } : {};
        if (member.id === eventId) {
          moves[0]!.to = startsAt;
          if (startMoved) await tx.event.update({ where: { id: member.id }, data: { ...shiftTimes(data, input.startsAt, startsAt, access.band.timeZone), ...place } });
          continue;
        }
        // Each occurrence takes what the edit changed where it still had what the edited
        // one had before: the fields, lineup and times an occurrence has of its own stay,
        // and so do those the edited one had of its own (its title is not copied to the rest).
        const own = overridesKept(member, before, data, access.band.timeZone);
        const times = own.keepTimes ? {} : { allDay: data.allDay, ...shiftTimes(data, input.startsAt, startsAt, access.band.timeZone) };
        if (!own.keepTimes) moves.push({ id: member.id, from: member.startsAt, to: startsAt });
        await tx.event.update({ where: { id: member.id }, data: { ...own.fields, ...times, ...place, version: { increment: 1 }, sequence: { increment: 1 } } });
        if (own.keepLineup) keptLineups.add(member.id);
      }
      await setLineup(tx, others.filter((o) => !keptLineups.has(o.id)).map((o) => o.id), input.lineup);
      // The highest SEQUENCE the series' VEVENT has had, the events that leave it included (rewriteSeries).
      const floor = Math.max(series.sequence, ...members.map((member) => member.sequence));
      if (scope === "following") await splitSeries(tx, before.seriesId, [eventId, ...others.map((o) => o.id)], { old: oldInterval, new: interval }, { old: input.allDay ? timeZone : series.timeZone, new: timeZone }, floor);
      else await rewriteSeries(tx, before.seriesId, interval, timeZone, floor);
      return clearAnswersOfMoved(tx, moves, access.band.timeZone);
    })();
    await keepPaidGigs(tx, wereGigs);
    return cleared;
  });
  // Lowered, or cleared (null: no fee agreed now); undefined is a fee this person may not set.
  const feeLowered = feeMinor !== undefined && typeof before.feeMinor === "number" ? feeMinor === null || feeMinor < before.feeMinor : typeof feeMinor === "number";
  return { id: eventId, answersCleared, feeBelowReceived: feeLowered ? await feeBelowReceived(access, eventId, feeMinor ?? null) : null };
}

/**
 * Refuses (rolling the edit back) a gig of `gigs` (id → its title before the edit) that the
 * edit made something else while a payment is recorded for it (and not reversed). Named as
 * it was: a title typed in the same edit is not saved either.
 */
async function keepPaidGigs(tx: Prisma.TransactionClient, gigs: Map<number, string>) {
  if (!gigs.size) return;
  // A payment reversed (recorded against the wrong gig, then corrected) no longer counts: its
  // reversal names the gig too, and the two cancel out.
  const paid = await tx.event.findFirst({
    where: { id: { in: [...gigs.keys()] }, kind: { not: "gig" }, payments: { some: { entry: { reversesId: null, reversedBy: { is: null } } } } },
    select: { id: true },
  });
  if (paid) throw new RuleError(409, MESSAGES.paidGigKind(gigs.get(paid.id)!), "kind");
}

/**
 * A gig's fee lowered below what has been received for it already (a fee renegotiated after
 * the band was paid): saved, as the band says, and said, so that the reports' "received more
 * than agreed" is not found later by surprise. The message, or null.
 */
async function feeBelowReceived(access: BandAccess, eventId: number, feeMinor: number | null) {
  const received = await gigFeeReceived(db, access.band.id, eventId);
  if (received <= (feeMinor ?? 0)) return null;
  const money = (minor: number) => formatMoney(minor, access.band.currency);
  return feeMinor === null
    ? `${money(received)} has been received for it already, and it has no fee agreed now.`
    : `${money(received)} has been received for it already, more than its fee of ${money(feeMinor)}.`;
}

/**
 * Answers are given for a date: an event the edit puts on another day (a gig moved to
 * Saturday, a series' rehearsals re-slotted by a new interval) loses its answers, and its
 * booked people are asked again (the reminders chase them as unanswered); one that only
 * changes its time of day keeps them. The history keeps what was answered.
 */
async function clearAnswersOfMoved(tx: Prisma.TransactionClient, moves: { id: number; from: Date; to: Date }[], timeZone: string, now = new Date()) {
  // Past events keep theirs: who played a gig already played does not change (a whole
  // series moved to another weekday moves its past rehearsals too).
  const ids = moves.filter((move) => move.from > now && dayOf(move.from, timeZone) !== dayOf(move.to, timeZone)).map((move) => move.id);
  if (!ids.length) return 0;
  const { count } = await tx.rsvp.deleteMany({ where: { booking: { eventId: { in: ids } } } });
  // Everyone booked is asked again, for the new day: the "3 days after being booked" chase
  // is owed once per booking and went already, and a day-before mail of the old day stood
  // in for the chases (runReminderPass); forgetting both lets the scheduler ask again.
  await tx.reminderDelivery.deleteMany({ where: { eventId: { in: ids }, kind: { in: ["rsvp-chase", "day-before"] } } });
  return count;
}

type Client = Prisma.TransactionClient | typeof db;

/**
 * A band's new time zone keeps its all-day events (and all-day series), and every answer
 * deadline, on their dates: each boundary, the start of a day in the old zone, becomes the
 * start of the same date in the new one (by date, not by clock: where the old zone skips
 * midnight, as America/Santiago does, a day starts at 01:00, and that 01:00 read again as
 * a clock in the new zone made a one-day event two days long). A call or soundcheck time
 * keeps its clock. Timed events keep their instants (a gig at 20:00 in Chicago is still
 * that moment, shown in the new zone). Inside the settings' save transaction.
 */
export async function keepAllDayDates(tx: Prisma.TransactionClient, bandId: number, from: string, to: string) {
  if (from === to || !isTimeZone(from) || !isTimeZone(to)) return;
  const rezone = (instant: Date | null) => {
    if (!instant) return instant;
    const wall = toZoned(instant, from);
    // A wall clock the new zone skips (a DST gap) moves on to the next that exists.
    return fromZoned(wall, to) ?? fromZoned({ ...wall, hour: wall.hour + 1 }, to) ?? instant;
  };
  const sameDate = (instant: Date | null) => (instant ? startOfLocalDay(toZoned(instant, from), to) : instant);
  const events = await tx.event.findMany({ where: { bandId, allDay: true }, select: { id: true, startsAt: true, endsAt: true, callAt: true, soundcheckAt: true, rsvpDeadline: true, occurrenceAt: true } });
  for (const event of events) {
    await tx.event.update({
      where: { id: event.id },
      data: { startsAt: sameDate(event.startsAt)!, endsAt: sameDate(event.endsAt), callAt: rezone(event.callAt), soundcheckAt: rezone(event.soundcheckAt), rsvpDeadline: sameDate(event.rsvpDeadline), occurrenceAt: sameDate(event.occurrenceAt) },
    });
  }
  const series = await tx.eventSeries.findMany({ where: { bandId, events: { some: { allDay: true } } }, select: { id: true, startsAt: true } });
  for (const one of series) await tx.eventSeries.update({ where: { id: one.id }, data: { startsAt: sameDate(one.startsAt)!, timeZone: to } });
  // An answer deadline is a date too ("answer by Dec 16": the end of that day), also on a
  // timed event: it keeps its date, not its instant (which would read Dec 17 in Tokyo).
  // A date the new zone puts after the event's own day there (a gig at 01:00 on Jan 1 in
  // Kiritimati is Dec 31 in Los Angeles) becomes that day: answers still close by the event.
  const deadlines = await tx.event.findMany({ where: { bandId, allDay: false, rsvpDeadline: { not: null } }, select: { id: true, rsvpDeadline: true, startsAt: true } });
  for (const event of deadlines) {
    const endOfEventDay = startOfLocalDay(addDays(toZoned(event.startsAt, to), 1), to);
    const kept = sameDate(event.rsvpDeadline)!;
    await tx.event.update({ where: { id: event.id }, data: { rsvpDeadline: kept > endOfEventDay ? endOfEventDay : kept } });
  }
}

/**
 * Where an edit of a series (all, or this and the following) puts its events: the new
 * rule's first day moves by as many days as the edited event moved, each occurrence
 * keeps its place in the series (counted in the old interval from the first, in the
 * starts the old rule gave them), now that many new intervals on, at the new time of
 * day. A new weekday or interval moves the whole series, the edited event included; an
 * occurrence moved on its own keeps its time and gets its new place. Read through
 * `client`: before the save for the conflict check, and again inside it.
 */
async function planSeriesEdit(client: Client, before: SeriesMember & { seriesId: number }, input: EventInput, scope: "all" | "following", requestedInterval: number | undefined) {
  const series = await client.eventSeries.findUniqueOrThrow({ where: { id: before.seriesId }, select: { rrule: true, timeZone: true, sequence: true } });
  const oldInterval = intervalOf(series.rrule);
  const interval = requestedInterval ?? oldInterval;
  const others = await scopeTargets(client, before, scope);
  // An edit that leaves this event's start (and the interval) as they were moves nobody:
  // a new venue for the series must not put every rehearsal at the time this one was
  // moved to on its own.
  const startMoved = before.startsAt.getTime() !== input.startsAt.getTime() || interval !== oldInterval;
  // The rule lives in the zone the series was made in, unless this edit moves it: then in
  // the zone its times were typed in (the band's, or the form's), so every date gets the
  // clock typed, also when the band's zone has changed since (an all-day series' days are
  // always the band's).
  const timeZone = input.allDay || startMoved ? input.timeZone : series.timeZone;
  const startClock = toZoned(input.startsAt, timeZone);
  const ruleDay = (member: { startsAt: Date; occurrenceAt: Date | null }) => toZoned(member.occurrenceAt ?? member.startsAt, timeZone);
  const members: SeriesMember[] = [before, ...others];
  const firstRuleDay = members.map(ruleDay).reduce((first, day) => (daysBetween(first, day) < 0 ? day : first));
  const newFirstDay = addDays(firstRuleDay, daysBetween(ruleDay(before), input.allDay ? input.localDate : startClock));
  const placeInRule = (member: SeriesMember) => {
    const place = Math.round(daysBetween(firstRuleDay, ruleDay(member)) / 7 / oldInterval);
    const day = addDays(newFirstDay, place * interval * 7);
    if (input.allDay) return startOfLocalDay(day, timeZone);
    const start = fromZoned({ ...day, hour: startClock.hour, minute: startClock.minute }, timeZone);
    // A date of the series on which the clocks skip the new time: refused, as on a new series (nothing is saved).
    if (!start) throw new RuleError(400, MESSAGES.seriesMeetsSkippedTime(formatLocalTime(startClock), day, timeZone), "startTime");
    return start;
  };
  return { series, oldInterval, interval, others, members, timeZone, startMoved, placeInRule };
}

/**
 * The conflicts of a series edit on the series' other events, as the save will leave
 * them (overridesKept): the whole lineup of each one that moves, else only the people
 * newly booked on it; cancelled ones aside. One check per distinct set of people (all
 * of them, unless some occurrence kept a lineup of its own).
 */
async function seriesConflicts(access: BandAccess, plan: Awaited<ReturnType<typeof planSeriesEdit>>, before: SeriesMember, input: EventInput, data: ReturnType<typeof eventData>, excluded: number[]): Promise<Conflict[]> {
  const groups = new Map<string, { membershipIds: number[]; occurrences: TimeRange[] }>();
  for (const member of plan.others) {
    if (member.cancelledAt) continue;
    const own = overridesKept(member, before, data, access.band.timeZone);
    const times = own.keepTimes ? member : shiftTimes(data, input.startsAt, plan.startMoved ? plan.placeInRule(member) : member.startsAt, access.band.timeZone);
    const moves = times.startsAt.getTime() !== member.startsAt.getTime() || (times.endsAt?.getTime() ?? null) !== (member.endsAt?.getTime() ?? null);
    const had = new Set(member.bookings.map((b) => b.membershipId));
    const lineup = own.keepLineup ? [...had] : input.lineup.map((row) => row.membershipId);
    const people = lineup.filter((id) => moves || !had.has(id)).sort((a, b) => a - b);
    if (!people.length) continue;
    const group = groups.get(people.join()) ?? { membershipIds: people, occurrences: [] };
    group.occurrences.push({ startsAt: times.startsAt, endsAt: times.endsAt });
    groups.set(people.join(), group);
  }
  const found: Conflict[] = [];
  for (const group of groups.values()) found.push(...(await checkConflicts(access, { ...group.occurrences[0]!, membershipIds: group.membershipIds, occurrences: group.occurrences, excludeEventId: excluded })));
  return found;
}

async function findOwnEvent(access: BandAccess, eventId: number) {
  const event = await db.event.findFirst({ where: { id: eventId, bandId: access.band.id }, select: { id: true, title: true, seriesId: true, startsAt: true, endsAt: true, cancelledAt: true, createdById: true, sequence: true } });
  if (!event) throw new RuleError(404, MESSAGES.notFound);
  return event;
}

/** Cancels an event (kept, shown struck through with the reason), or part or all of its series. */
export async function cancelEvent(access: BandAccess, eventId: number, input: { reason: string; scope: SeriesScope }, now = new Date()) {
  requireGrant(access, "events:edit");
  const event = await findOwnEvent(access, eventId);
  const count = await db.$transaction(async (tx) => {
    const data = { cancelledAt: now, cancelReason: input.reason, version: { increment: 1 }, sequence: { increment: 1 } };
    await tx.event.update({ where: { id: event.id }, data });
    const others = await scopeTargets(tx, event, input.scope);
    const { count } = await tx.event.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data });
    return count + 1;
  });
  return { event, count };
}

/** Takes a cancelled event back (its reason goes). */
export async function restoreEvent(access: BandAccess, eventId: number, confirmConflicts = false) {
  requireGrant(access, "events:edit");
  const event = await findOwnEvent(access, eventId);
  // Not cancelled (restored already, in another tab): nothing to bring back, nothing to ask.
  if (!event.cancelledAt) return event;
  // Back on the calendar, it books its lineup again: a blackout or another booking made
  // meanwhile is named before it is, as when the event was made (409 until "Save anyway").
  const lineup = await db.eventBooking.findMany({ where: { eventId }, select: { membershipId: true } });
  await requireConflictsConfirmed(access, { startsAt: event.startsAt, endsAt: event.endsAt, excludeEventId: eventId, membershipIds: lineup.map((b) => b.membershipId) }, confirmConflicts);
  await db.event.update({ where: { id: event.id }, data: { cancelledAt: null, cancelReason: null, version: { increment: 1 }, sequence: { increment: 1 } } });
  return event;
}

/** Deletes an event, or part or all of its series ("own": a member deletes only what they created). */
export async function deleteEvent(access: BandAccess, eventId: number, input: { scope: SeriesScope } = { scope: "one" }) {
  requireGrant(access, "events:delete");
  const event = await findOwnEvent(access, eventId);
  if (!mayDelete(access, event)) throw new RuleError(403, "You can delete only the events you created");
  const count = await db.$transaction(async (tx) => {
    const others = await scopeTargets(tx, event, input.scope);
    const ids = [event.id, ...others.map((o) => o.id)];
    // A gig's payments and expenses name it (the per-gig profit and loss, splitting its fee):
    // deleted, it would leave them unlinked. Such an event is cancelled, not deleted.
    const money = await tx.event.count({ where: { id: { in: ids }, OR: [{ payments: { some: {} } }, { expenses: { some: {} } }] } });
    if (money) throw new RuleError(409, MESSAGES.hasMoney(event.title, ids.length > 1));
    const { count } = await tx.event.deleteMany({ where: { id: { in: ids } } });
    if (event.seriesId) {
      const series = await tx.eventSeries.findUniqueOrThrow({ where: { id: event.seriesId }, select: { rrule: true, timeZone: true, sequence: true } });
      // The highest SEQUENCE the series' VEVENT had, the deleted events' included (rewriteSeries).
      const floor = Math.max(series.sequence, event.sequence, ...others.map((o) => o.sequence));
      await rewriteSeries(tx, event.seriesId, intervalOf(series.rrule), series.timeZone, floor);
    }
    return count;
  });
  return { event, count };
}


// ---------------------------------------------------------------------------
// Answers

/**
 * A booked person's answer (going, maybe, can't make it) with an optional note; it can
 * change until the event starts, also after the RSVP deadline (see answerWindow). Every
 * answer is also kept in the history leaders and admins see.
 */
export async function respond(access: BandAccess, eventId: number, given: { answer: RsvpAnswer; note: string | null | undefined }, now = new Date()) {
  requireGrant(access, "availability:own");
  const event = await db.event.findFirst({
    where: { id: eventId, ...visibleWhere(access) },
    select: {
      id: true,
      title: true,
      startsAt: true,
      rsvpDeadline: true,
      cancelledAt: true,
      bookings: { where: { membershipId: access.membership.id }, select: { id: true, rsvp: { select: { answer: true, note: true, answeredAt: true } } } },
    },
  });
  if (!event) throw new RuleError(404, MESSAGES.notFound);
  const booking = event.bookings[0];
  if (!booking) throw new RuleError(403, MESSAGES.notBooked);
  const window = answerWindow(event, now);
  if (!window.open) throw new RuleError(400, window.reason!, "answer");
  // No note sent (a one-tap answer from the calendar): the note given before stays.
  const input = { answer: given.answer, note: given.note === undefined ? (booking.rsvp?.note ?? null) : given.note };
  // The same answer and note again (a second tap, a resent form): nothing new to keep, so
  // the history does not fill with repeats. Compared inside the writing transaction, so
  // the same answer sent twice at once (two app processes) is kept once.
  const same = (rsvp: { answer: string; note: string | null } | null | undefined) => rsvp && rsvp.answer === input.answer && rsvp.note === input.note;
  if (same(booking.rsvp)) return { event, rsvp: booking.rsvp! };
  const saved = await db.$transaction(async (tx) => {
    // Read again under the write lock: the booking may have gone since (taken off the
    // lineup, out of the band, in another request or process), and then there is nothing
    // to answer for, as if it had gone first.
    const still = await tx.eventBooking.findUnique({ where: { id: booking.id }, select: { rsvp: { select: { answer: true, note: true, answeredAt: true } } } });
    if (!still) throw new RuleError(403, MESSAGES.notBooked);
    const current = still.rsvp;
    if (same(current)) return { rsvp: current!, changed: false };
    const rsvp = await tx.rsvp.upsert({
      where: { bookingId: booking.id },
      create: { bookingId: booking.id, answer: input.answer, note: input.note, answeredAt: now },
      update: { answer: input.answer, note: input.note, answeredAt: now },
      select: { answer: true, note: true, answeredAt: true },
    });
    await tx.rsvpHistory.create({ data: { bookingId: booking.id, answer: input.answer, note: input.note, byUserId: access.user.id, answeredAt: now } });
    return { rsvp, changed: true };
  });
  if (saved.changed) await track("rsvp", { userId: access.user.id, bandId: access.band.id, props: { answer: input.answer } });
  return { event, rsvp: saved.rsvp };
}

// ---------------------------------------------------------------------------
// Setlists on events (the setlist page's "Use for a gig")

/** How many upcoming events the setlist page offers to use a setlist for. */
export const SETLIST_EVENT_CHOICES = 100;

/** How far back the choice goes, so last week's gig can still get the setlist it was played from. */
const SETLIST_CHOICE_PAST_DAYS = 30;

/**
 * The events (not cancelled, from a month ago on, soonest first) a setlist can be used
 * for, with whether each has a setlist now; none for a viewer who may not edit events.
 */
export async function eventsForSetlistChoice(access: BandAccess, now = new Date()) {
  if (grantIn(access, "events:edit") === null) return [];
  return db.event.findMany({
    where: { bandId: access.band.id, cancelledAt: null, startsAt: { gte: new Date(now.getTime() - SETLIST_CHOICE_PAST_DAYS * 86_400_000) } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: SETLIST_EVENT_CHOICES,
    select: { id: true, title: true, kind: true, startsAt: true, allDay: true, setlistId: true },
  });
}

/**
 * Makes `setlistId` the event's setlist (one current setlist per event: it replaces the
 * one there), or with null takes the setlist off when it is still `setlistId`'s. Both
 * must be the band's. A change calendar apps pick up (version and sequence move on).
 */
export async function setEventSetlist(access: BandAccess, eventId: number, setlistId: number, link: boolean, shownSetlistId?: number | null) {
  requireGrant(access, "events:edit");
  const [event, setlist] = await Promise.all([
    db.event.findFirst({ where: { id: eventId, bandId: access.band.id }, select: { id: true, title: true, setlistId: true, cancelledAt: true } }),
    db.setlist.findFirst({ where: { id: setlistId, bandId: access.band.id }, select: { id: true } }),
  ]);
  if (!event) throw new RuleError(400, MESSAGES.setlistEvent, "eventId");
  if (!setlist) throw new RuleError(400, MESSAGES.setlist, "setlistId");
  // The setlist page offers events that are going ahead; a cancelled one is not planned for (unlinking still works).
  if (link && event.cancelledAt && event.setlistId !== setlistId) throw new RuleError(400, MESSAGES.setlistCancelled(event.title), "eventId");
  if (link ? event.setlistId === setlistId : event.setlistId === null) return event;
  // The gig's setlist changed since the page was shown (someone linked another): refused,
  // so it is not replaced unseen; and unlinking this setlist from a gig that now uses
  // another changes nothing, so it does not say it did.
  if (link ? shownSetlistId !== undefined && event.setlistId !== shownSetlistId : event.setlistId !== setlistId) {
    throw new RuleError(409, link ? MESSAGES.setlistTaken(event.title) : MESSAGES.setlistMoved(event.title), "eventId");
  }
  // Only while the gig still has the setlist read above: two links at once cannot both win unseen.
  const claimed = await db.event.updateMany({ where: { id: event.id, setlistId: event.setlistId }, data: { setlistId: link ? setlistId : null, version: { increment: 1 }, sequence: { increment: 1 } } });
  if (!claimed.count) throw new RuleError(409, MESSAGES.setlistTaken(event.title), "eventId");
  return event;
}
