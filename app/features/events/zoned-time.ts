/**
 * Wall-clock dates and times in a named time zone ↔ UTC instants, with the platform's
 * own time-zone database (Intl) rather than a date library: the event forms take a
 * local date ("2026-11-20") and time ("19:30") in the band's zone and the database
 * stores the UTC instant. Pure functions, safe on the server and in tests.
 */

export type LocalDate = { year: number; month: number; day: number };
export type LocalDateTime = LocalDate & { hour: number; minute: number };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

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

function formatterFor(timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the wall clock in `timeZone` is ahead of UTC at `ms` (whole seconds), straight from Intl. */
function exactOffsetMs(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return utcMs(parts.year!, parts.month!, parts.day!, parts.hour! % 24, parts.minute!, parts.second!) - Math.floor(ms / 1000) * 1000;
}

/** Date.UTC, for years 0–99 too (Date.UTC reads them as 1900–1999). */
function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/**
 * A zone's offset (and its name for it) changes a few times a year at most, so each is
 * asked of Intl (formatToParts, the costly part of showing a month of events) once per
 * six hours of time and zone: when both ends of the six hours agree, every instant
 * between has that value (no zone changes and changes back within six hours); when they
 * differ (the hours of a daylight-saving change), each instant is asked on its own.
 * Process-wide, bounded; zoned-time.test.ts checks it against Intl minute by minute
 * across changes in zones with half-hour and 45-minute offsets.
 */
export const SPAN_MS = 6 * 3_600_000;
const MAX_MS = 8.64e15;
const VARIES = Symbol("varies");
const spans = new Map<string, unknown>();

/** `exact(ms)`, a value of `timeZone` that changes only at the zone's transitions, asked once per six hours (see above). */
export function perSpan<T>(kind: string, ms: number, timeZone: string, exact: (ms: number) => T): T {
  if (!Number.isFinite(ms)) throw new RangeError("Invalid time value");
  // At the ends of a Date's range the span's ends are not valid instants: ask for this one.
  if (Math.abs(ms) > MAX_MS - SPAN_MS) return exact(ms);
  const span = Math.floor(ms / SPAN_MS);
  const key = `${kind}|${timeZone}|${span}`;
  let value = spans.get(key) as T | typeof VARIES | undefined;
  if (value === undefined) {
    const first = exact(span * SPAN_MS);
    value = first === exact((span + 1) * SPAN_MS - 1000) ? first : VARIES;
    if (spans.size >= 20_000) spans.clear();
    spans.set(key, value);
  }
  return value === VARIES ? exact(ms) : value;
}

/** Milliseconds the wall clock in `timeZone` is ahead of UTC at `ms`. */
export function offsetAt(ms: number, timeZone: string) {
  return perSpan("offset", ms, timeZone, (at) => exactOffsetMs(at, timeZone));
}

/** The wall clock in `timeZone` at `instant`. */
export function toZoned(instant: Date, timeZone: string): LocalDateTime {
  const ms = instant.getTime();
  const wall = new Date(ms + offsetAt(ms, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
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

function sameWallClock(a: LocalDateTime, b: LocalDateTime) {
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
