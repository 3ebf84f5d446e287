/**
 * Wall-clock dates and times in a named time zone ↔ UTC instants, with the platform's
 * own time-zone database (Intl) rather than a date library: the event forms take a
 * local date ("2026-11-20") and time ("19:30") in the band's zone and the database
 * stores the UTC instant. Pure functions, safe on the server and in tests.
 */
import { toZoned, utcMs, type LocalDate, type LocalDateTime } from "~/utils/zone-offsets";

export { toZoned, type LocalDate, type LocalDateTime } from "~/utils/zone-offsets";

/** A zone name the platform knows, as the platform spells it ("europe/berlin" → "Europe/Berlin"). */
export function canonicalZone(value: string) {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return value;
  }
}

/** True for an IANA zone name the platform knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(value: string) {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Minutes `timeZone` is ahead of UTC at `instantMs`, from the wall clock's whole minutes (an offset with seconds, as some zones had before 1972, rounds as the wall clock reads). */
function offsetMinutes(instantMs: number, timeZone: string) {
  const wall = toZoned(new Date(instantMs), timeZone);
  const asUtc = utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, 0);
  return Math.round((asUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

/**
 * The UTC instant of a wall-clock time in `timeZone`, or null when that time does not
 * exist there (skipped by a daylight-saving change, e.g. 2:30 on the spring-forward
 * night). A time that happens twice (the fall-back hour) takes the first.
 */
export function fromZoned(local: LocalDateTime, timeZone: string): Date | null {
  const wallMs = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // Try the offsets around the time; the earliest that reads back as the same wall clock wins.
  const candidates = [...new Set([offsetMinutes(wallMs - 86_400_000, timeZone), offsetMinutes(wallMs, timeZone), offsetMinutes(wallMs + 86_400_000, timeZone)])]
    .map((offset) => wallMs - offset * 60_000)
    .sort((a, b) => a - b);
  for (const instant of candidates) {
    const back = toZoned(new Date(instant), timeZone);
    if (sameWallClock(back, local)) return new Date(instant);
  }
  return null;
}

export function sameWallClock(a: LocalDateTime, b: LocalDateTime) {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

/**
 * The years a calendar date may fall in: a day, its night and a month's grid stay inside
 * four-digit years, which iCalendar (RFC 5545) and the month links need.
 */
export const YEARS = { min: 1970, max: 9998 } as const;
export const YEARS_MESSAGE = `Choose a date between ${YEARS.min} and ${YEARS.max}`;

/** True for a well-shaped "YYYY-MM-DD" whose year is outside YEARS. */
export function outsideYears(value: string) {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(value);
  return !!match && (Number(match[1]) < YEARS.min || Number(match[1]) > YEARS.max);
}

/** "2026-04-31" → null (no such day); "2026-04-30" → { year, month, day }; null outside YEARS. */
export function parseLocalDate(value: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < YEARS.min || year > YEARS.max) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** "19:30" → { hour: 19, minute: 30 }; null for anything else. */
export function parseLocalTime(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function formatLocalDate(date: LocalDate) {
  return `${String(date.year).padStart(4, "0")}-${pad(date.month)}-${pad(date.day)}`;
}

export function formatLocalTime(time: { hour: number; minute: number }) {
  return `${pad(time.hour)}:${pad(time.minute)}`;
}

/** The local day `days` after `date` (calendar arithmetic, no time zone involved). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: LocalDate, b: LocalDate) {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** Local midnight at the start of `date` in `timeZone` (a zone that skips midnight starts the day at the first minute that exists). */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  for (let minute = 0; minute <= 180; minute += 30) {
    const instant = fromZoned({ ...date, hour: Math.floor(minute / 60), minute: minute % 60 }, timeZone);
    if (instant) return instant;
  }
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

/** Day of the week of a local date, 0 = Sunday. */
export function weekday(date: LocalDate) {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/**
 * An answer deadline is stored as the instant its day ends, the next day's local midnight
 * (schema.server.ts): the day it names is that of the instant before.
 */
export function deadlineLastMoment(deadline: Date) {
  return new Date(deadline.getTime() - 1);
}
