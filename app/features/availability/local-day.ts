/**
 * Local calendar days ("YYYY-MM-DD") in a named time zone, for blackouts and the
 * availability view. Blackouts are stored as local days and read in each band's zone,
 * so these helpers turn instants into the band's days and days back into instants.
 * Intl only (no date library). Part A's events/zoned-time.ts does the same for event
 * times; this file keeps to what days need so the two branches do not collide.
 */
import { toZoned, YEARS } from "~/features/events/zoned-time";
import { remember } from "~/utils/bounded-cache";

export type Day = string; // "2026-11-20"

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The local day of `instant` in `timeZone`. */
export function dayOf(instant: Date, timeZone: string): Day {
  return dayKey(toZoned(instant, timeZone));
}

/** "YYYY-MM-DD" of a zoned date. */
const dayKey = (p: { year: number; month: number; day: number }): Day => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

/** { year, month, day } of a real calendar day, else null ("2027-04-31" is not one). */
export function parseDay(value: string) {
  const match = DAY_RE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < YEARS.min || year > YEARS.max || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Midnight UTC of a well-formed "YYYY-MM-DD", for arithmetic on days the code made
 * itself: not checked against the allowed years (the day after a month's last can be
 * the first of a year past them, 9999-01-01 after 9998-12).
 */
function utcMidnight(day: Day) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
}

export function isDay(value: string): value is Day {
  return parseDay(value) !== null;
}

/** The day `days` after `day` (calendar arithmetic, no zone involved). */
export function addDays(day: Day, days: number): Day {
  const p = parseDay(day)!;
  const shifted = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return shifted.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (0 for the same day). */
export function daysBetween(a: Day, b: Day) {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Day of the week, 0 = Sunday. */
export function weekdayOf(day: Day) {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * The instant local midnight starts `day` in `timeZone` (where the clocks skip midnight,
 * the first minute that exists). Two rounds of "guess, read the offset back" settle it.
 */
export function startOfDay(day: Day, timeZone: string): Date {
  const wall = utcMidnight(day);
  let guess = wall;
  for (let round = 0; round < 3; round++) {
    const seen = toZoned(new Date(guess), timeZone);
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    const next = guess - (seenWall - wall);
    if (next === guess) break;
    guess = next;
  }
  // A zone that skips midnight lands before the day; step forward to the day's first minute.
  while (dayOf(new Date(guess), timeZone) < day) guess += 30 * 60_000;
  return new Date(guess);
}

/**
 * startOfDay of each of `days` (consecutive or not): each day's guess is the previous
 * day's offset from UTC, which is right except across a change of the clocks, so most
 * days cost one read of the zone's wall time instead of three.
 */
export function dayStarts(days: Day[], timeZone: string): Date[] {
  let offset: number | null = null;
  return days.map((day) => {
    const wall = utcMidnight(day);
    if (offset !== null) {
      const seen = toZoned(new Date(wall - offset), timeZone);
      // The guess shows this day's midnight: it is the day's start (an earlier instant with the same wall time would need the clocks to go back over midnight, which startOfDay resolves).
      if (Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) === wall) return new Date(wall - offset);
    }
    const start = startOfDay(day, timeZone);
    offset = wall - start.getTime();
    return start;
  });
}

/** The local days an instant range [start, end) touches in `timeZone` (an empty range touches its start's day). */
export function daysOfRange(start: Date, end: Date, timeZone: string): { first: Day; last: Day } {
  const first = dayOf(start, timeZone);
  const last = end.getTime() > start.getTime() ? dayOf(new Date(end.getTime() - 1), timeZone) : first;
  return { first, last };
}

/**
 * A timed event that ends by this hour of a later day ends a night, not a day: a gig from
 * 9 PM to 1 AM is on the 10th only, and the 11th stays free for another booking.
 */
export const LATE_NIGHT_UNTIL_HOUR = 6;

/**
 * The local days an event is shown on (the month grid, "Can we take this date?"): every
 * day it covers, but the morning after a late night. An all-day event covers its days
 * whole; one without an end is taken to last `openEndedMinutes`. Clash checks keep to the
 * instants (conflicts.server.ts): a rehearsal at 00:30 still warns about the gig before it.
 */
export function shownDays(event: { startsAt: Date; endsAt: Date | null; allDay: boolean }, timeZone: string, openEndedMinutes = 0): { first: Day; last: Day } {
  const end = event.endsAt && event.endsAt > event.startsAt ? event.endsAt : new Date(event.startsAt.getTime() + openEndedMinutes * 60_000);
  const days = daysOfRange(event.startsAt, end, timeZone);
  if (event.allDay || days.last === days.first) return days;
  const wall = toZoned(end, timeZone);
  const endsLateNight = wall.hour * 60 + wall.minute <= LATE_NIGHT_UNTIL_HOUR * 60 && dayKey(wall) === days.last;
  return endsLateNight ? { first: days.first, last: addDays(days.last, -1) } : days;
}

/** "YYYY-MM" of a valid month, else null. */
export function parseMonth(value: string | null | undefined) {
  // Spaces around it (a link pasted with a trailing newline) are not part of the month.
  const match = /^(\d{4})-(\d{2})$/.exec((value ?? "").trim());
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (year < YEARS.min || year > YEARS.max || month < 1 || month > 12) return null;
  return `${match[1]}-${match[2]}`;
}

/** Every day of the month "YYYY-MM". */
export function daysOfMonth(month: string): Day[] {
  const first = `${month}-01`;
  const days: Day[] = [];
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month `by` months from "YYYY-MM"; the month itself past the first or last year a page shows (no link to a month it refuses). */
export function shiftMonth(month: string, by: number) {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, m - 1 + by, 1));
  return parseMonth(shifted.toISOString().slice(0, 7)) ?? month;
}

// The product's date ("Jan 5, 2024") with its weekday, which a day of a calendar needs.
const longDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** Each day's text made once (a month of the availability view asks for every day on every view), bounded. */
const dayTexts = new Map<string, string>();
const dayText = (formatter: Intl.DateTimeFormat, kind: string, day: Day) => remember(dayTexts, `${kind}${day}`, () => formatter.format(new Date(`${day}T00:00:00Z`)), 10_000);

/** "Fri, Nov 20, 2026". */
export function formatDayLong(day: Day) {
  return dayText(longDay, "L", day);
}

/** "Nov 20, 2026". */
export function formatDayShort(day: Day) {
  return dayText(shortDay, "S", day);
}

/** "November 2026". */
export function formatMonth(month: string) {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** "Nov 20, 2026" or "Nov 20 – Nov 23, 2026" style range of two days. */
export function formatDayRange(first: Day, last: Day) {
  return first === last ? formatDayShort(first) : `${formatDayShort(first)} – ${formatDayShort(last)}`;
}
