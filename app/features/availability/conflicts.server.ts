import type { Prisma } from "~/generated/prisma/client";
import { grantIn, type BandAccess } from "~/features/bands/access.server";
import { db } from "~/utils/db.server";
import { MAX_EVENT_DAYS } from "~/features/events/limits";
import { formatTime } from "~/utils/dates";
import { displayName } from "~/utils/names";
import { RuleError } from "~/utils/rule-error";
import { daysOfRange, formatDayRange, formatDayShort, type Day } from "./local-day";
import { ALREADY_ON_CALENDAR } from "./components/conflict-warning";

/**
 * Conflicts: who of a set of people cannot make a time range, because of a blackout or
 * because they are booked on another event, in this band or in any other band of
 * theirs. Another band's event is only ever "busy": its title, band, id and times never
 * leave this module. The event form (part A) calls `checkConflicts` before saving and,
 * when it returns warnings, shows them with the names and asks for a confirmation
 * (a "Save anyway" checkbox, `confirmConflicts`), so nobody is booked onto a clash
 * silently; `CONFIRM_FIELD` and `requireConflictsConfirmed` carry that rule.
 */

/** An event saved without an end is taken to last this long when looking for clashes. */
export const OPEN_ENDED_MINUTES = 180;
export const CONFIRM_FIELD = "confirmConflicts";

export type TimeRange = { startsAt: Date; endsAt: Date | null };

const endOf = (range: TimeRange) => range.endsAt ?? new Date(range.startsAt.getTime() + OPEN_ENDED_MINUTES * 60_000);

/**
 * Non-cancelled events overlapping [start, end) (open-ended ones count for OPEN_ENDED_MINUTES).
 * No event lasts longer than `longestMinutes` (its band's longestEventMinutes; without it
 * MAX_EVENT_DAYS, which the event form enforces), so one starting earlier than that
 * before `start` cannot overlap: the lower bound changes no result but bounds an index
 * range on startsAt ([bandId, startsAt]) on both sides, so the scan does not grow with
 * the band's years of history.
 */
export function overlappingEvents(start: Date, end: Date, longestMinutes = MAX_EVENT_DAYS * 24 * 60): Prisma.EventWhereInput {
  const longest = Math.max(longestMinutes, OPEN_ENDED_MINUTES);
  return {
    cancelledAt: null,
    startsAt: { lt: end, gt: new Date(start.getTime() - longest * 60_000 - 60_000) },
    OR: [{ endsAt: { gt: start } }, { endsAt: null, startsAt: { gt: new Date(start.getTime() - OPEN_ENDED_MINUTES * 60_000) } }],
  };
}

const BOOKING_SELECT = {
  membership: { select: { userId: true } },
  event: { select: { id: true, bandId: true, title: true, startsAt: true, endsAt: true, allDay: true, status: true } },
} as const satisfies Prisma.EventBookingSelect;

type Range = { start: Date; end: Date; days: { first: Day; last: Day } };

/** Blackouts (local days, inclusive) that touch `days`, earliest first. */
export const blackoutsTouching = (days: { first: Day; last: Day }) => ({
  where: { startDate: { lte: days.last }, endDate: { gte: days.first } },
  orderBy: [{ startDate: "asc" as const }, { id: "asc" as const }],
  select: { id: true, userId: true, startDate: true, endDate: true, reason: true },
});

/**
 * What the people in `userIds` have on between `start` and `end` (the instants) and on
 * the local days `days`: their blackouts and their bookings in any of their `bands`
 * (each with its longest event, which bounds the events read, so the read does not grow
 * with their years of bookings). Two queries, whatever the number of people.
 */
export async function commitmentsOf(userIds: string[], bands: { id: number; longestEventMinutes: number }[], range: Range, exclude?: number | number[] | null) {
  const excluded = exclude == null ? [] : Array.isArray(exclude) ? exclude : [exclude];
  if (!userIds.length) return { blackouts: [], bookings: [] };
  const touching = blackoutsTouching(range.days);
  const longest = Math.max(0, ...bands.map((band) => band.longestEventMinutes));
  const [blackouts, bookings] = await Promise.all([
    db.blackout.findMany({ ...touching, where: { userId: { in: userIds }, ...touching.where } }),
    db.eventBooking.findMany({
      where: {
        membership: { userId: { in: userIds } },
        event: { bandId: { in: bands.map((band) => band.id) }, ...overlappingEvents(range.start, range.end, longest), ...(excluded.length ? { id: { notIn: excluded } } : {}) },
      },
      orderBy: { event: { startsAt: "asc" } },
      select: BOOKING_SELECT,
    }),
  ]);
  return { blackouts, bookings };
}

export type ConflictInput = TimeRange & {
  /** Memberships of this band to check (the lineup). */
  membershipIds: number[];
  /** The event being edited, which never clashes with itself (a series edit: every event it moves). */
  excludeEventId?: number | number[] | null;
  /** A weekly series: every occurrence's times (the range above is then the first). */
  occurrences?: TimeRange[];
};

export type Conflict =
  | { kind: "blackout"; membershipId: number; name: string; days: string; reason: string | null; message: string }
  | { kind: "booked"; membershipId: number; name: string; event: { id: number; title: string; when: string } | null; message: string }
  | { kind: "duplicate"; event: { id: number; title: string; when: string }; message: string };


/**
 * An event of this band, not cancelled, with the same title (case and spaces aside) at the
 * same start: most likely the same gig entered twice (a form sent again after Back, two
 * people adding it). Saved only with "Save anyway", as a clash is.
 */
export async function sameEventAlready(access: BandAccess, input: { title: string; startsAt: Date }, client: Prisma.TransactionClient = db): Promise<Conflict | null> {
  const fold = (title: string) => title.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
  const twins = await client.event.findMany({ where: { bandId: access.band.id, startsAt: input.startsAt, cancelledAt: null }, select: { id: true, title: true, allDay: true }, take: 20 });
  const twin = twins.find((event) => fold(event.title) === fold(input.title));
  if (!twin) return null;
  const when = twin.allDay ? formatDayRange(...dayPair({ startsAt: input.startsAt, endsAt: null }, access.band.timeZone)) : formatTime(input.startsAt, access.band.timeZone);
  return { kind: "duplicate", event: { id: twin.id, title: twin.title, when }, message: `${ALREADY_ON_CALENDAR} “${twin.title}” (${when}), at the same time` };
}

/**
 * Who of the lineup has a blackout on the event's days (read in the band's time zone)
 * or is booked on another event at that time. The viewer sees blackout reasons only
 * with "availability:reasons", and another band's event only as "busy". A fixed number of queries.
 */
export async function checkConflicts(access: BandAccess, input: ConflictInput): Promise<Conflict[]> {
  const ids = [...new Set(input.membershipIds)];
  if (!ids.length) return [];
  const band = access.band;
  const members = await db.bandMembership.findMany({
    where: { bandId: access.band.id, id: { in: ids } },
    orderBy: { id: "asc" },
    select: {
      id: true,
      userId: true,
      displayName: true,
      user: { select: { firstName: true, lastName: true, email: true, memberships: { select: { band: { select: { id: true, longestEventMinutes: true } } } } } },
    },
  });
  const bands = new Map(members.flatMap((m) => m.user.memberships.map(({ band }) => [band.id, band] as const)));
  // One query span for all occurrences, then each blackout or booking is kept only when it meets one of them.
  const ranges = (input.occurrences?.length ? input.occurrences : [input]).map((range) => ({
    start: range.startsAt,
    end: endOf(range),
    days: daysOfRange(range.startsAt, endOf(range), band.timeZone),
  }));
  const start = new Date(Math.min(...ranges.map((r) => r.start.getTime())));
  const end = new Date(Math.max(...ranges.map((r) => r.end.getTime())));
  const days = { first: ranges.map((r) => r.days.first).sort()[0]!, last: ranges.map((r) => r.days.last).sort().at(-1)! };
  const found = await commitmentsOf(
    members.map((m) => m.userId),
    [...bands.values()],
    { start, end, days },
    input.excludeEventId,
  );
  const blackouts = found.blackouts.filter((b) => ranges.some((r) => b.startDate <= r.days.last && b.endDate >= r.days.first));
  const bookings = found.bookings.filter((b) => ranges.some((r) => b.event.startsAt < r.end && endOf(b.event) > r.start));
  const seeReasons = grantIn(access, "availability:reasons") !== null;
  const seeOwnEvents = grantIn(access, "events:view") === true;
  // A series is checked date by date: each line then says which date it is about. So does
  // a line about another day than the event's first, for an event running past midnight
  // or over days ("(12:00 AM)" alone read as the start's day).
  const dayOfBooking = (event: TimeRange) => formatDayShort(dayPair(event, band.timeZone)[0]);
  const firstDay = formatDayShort(ranges[0]!.days.first);
  // (One that began before the event, a tour under way, is simply "at that time".)
  const datedFor = (event: TimeRange) => ranges.length > 1 || (event.startsAt > ranges[0]!.start && dayOfBooking(event) !== firstDay);
  const conflicts: Conflict[] = [];
  for (const member of members) {
    const name = displayName({ ...member.user, displayName: member.displayName });
    for (const blackout of blackouts.filter((b) => b.userId === member.userId)) {
      const when = formatDayRange(blackout.startDate, blackout.endDate);
      const reason = seeReasons ? blackout.reason : null;
      conflicts.push({ kind: "blackout", membershipId: member.id, name, days: when, reason, message: `${name} has a blackout on ${when}${reason ? ` (${reason})` : ""}` });
    }
    for (const booking of bookings.filter((b) => b.membership.userId === member.userId)) {
      if (booking.event.bandId === access.band.id && seeOwnEvents) {
        const time = formatTime(booking.event.startsAt, band.timeZone);
        const when = booking.event.allDay ? formatDayRange(...dayPair(booking.event, band.timeZone)) : datedFor(booking.event) ? `${dayOfBooking(booking.event)}, ${time}` : time;
        conflicts.push({
          kind: "booked",
          membershipId: member.id,
          name,
          event: { id: booking.event.id, title: booking.event.title, when },
          message: `${name} is booked on “${booking.event.title}” (${when}) at that time`,
        });
      } else {
        // Another band's event (or one the viewer may not see): "busy", nothing more.
        conflicts.push({ kind: "booked", membershipId: member.id, name, event: null, message: datedFor(booking.event) ? `${name} is busy on ${dayOfBooking(booking.event)} at that time` : `${name} is busy at that time` });
      }
    }
  }
  return dedupeBusy(conflicts);
}

function dayPair(event: TimeRange, timeZone: string): [Day, Day] {
  const { first, last } = daysOfRange(event.startsAt, endOf(event), timeZone);
  return [first, last];
}

/** One "busy" per person (and date, for a series) is enough: several other-band events would only count them. */
function dedupeBusy(conflicts: Conflict[]) {
  const seen = new Set<string>();
  return conflicts.filter((conflict) => {
    if (conflict.kind !== "booked" || conflict.event) return true;
    // Per person (two members may share a name) and, for a series, per date.
    const key = `${conflict.membershipId}|${conflict.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The save-anyway rule for forms and /api: with conflicts and without the confirmation,
 * refuse (409) naming everyone, under the confirmation field. The form shows the
 * messages and a "Save anyway" checkbox named CONFIRM_FIELD; an API client resends with
 * `"confirmConflicts": true`.
 */
export async function requireConflictsConfirmed(access: BandAccess, input: ConflictInput, confirmed: boolean, also: Conflict[] = []) {
  const conflicts = [...also, ...(await checkConflicts(access, input))];
  if (conflicts.length && !confirmed) throw new ConflictsError(conflicts);
  return conflicts;
}

/** The 409 of requireConflictsConfirmed; a form lists `conflicts` one per line beside the "Save anyway" box. */
export class ConflictsError extends RuleError {
  constructor(readonly conflicts: Conflict[]) {
    super(409, ConflictsError.saying(conflicts, "Tick “Save anyway”"), CONFIRM_FIELD);
    this.apiMessage = ConflictsError.saying(conflicts, 'Send "confirmConflicts": true');
  }

  /** The refusal, with how this form or endpoint takes the confirmation ("Tick “Save anyway”"). */
  static saying(conflicts: Conflict[], confirm: string) {
    return `Check before saving: ${conflicts.map((c) => c.message).join("; ")}. ${confirm} to keep it.`;
  }
}

/** The conflict messages a form shows for a failed save (none when it failed for another reason). */
export function conflictMessages(error: unknown) {
  return error instanceof ConflictsError ? error.conflicts.map((c) => c.message) : null;
}
