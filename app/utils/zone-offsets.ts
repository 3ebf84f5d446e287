/**
 * A zone's offset from UTC at an instant, and the wall clock it gives: asked of Intl once
 * per six hours of a zone (see perSpan). Shared by the calendar's zoned times
 * (features/events/zoned-time.ts) and the date and time texts (utils/dates.ts).
 */

import { remember } from "./bounded-cache";

export type LocalDate = { year: number; month: number; day: number };
export type LocalDateTime = LocalDate & { hour: number; minute: number };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

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
export function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number) {
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
const SPAN_MS = 6 * 3_600_000;
const MAX_MS = 8.64e15;
const VARIES = Symbol("varies");
const spans = new Map<string, unknown>();

/** `exact(ms)`, a value of `timeZone` that changes only at the zone's transitions, asked once per six hours (see above). */
export function perSpan<T>(kind: string, ms: number, timeZone: string, exact: (ms: number) => T): T {
  if (!Number.isFinite(ms)) throw new RangeError("Invalid time value");
  // At the ends of a Date's range the span's ends are not valid instants: ask for this one.
  if (Math.abs(ms) > MAX_MS - SPAN_MS) return exact(ms);
  const span = Math.floor(ms / SPAN_MS);
  const value = remember(
    spans,
    `${kind}|${timeZone}|${span}`,
    () => {
      const first = exact(span * SPAN_MS);
      return first === exact((span + 1) * SPAN_MS - 1000) ? first : VARIES;
    },
    20_000,
  ) as T | typeof VARIES;
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

/** `instant` as ISO 8601 with the offset of `timeZone` then: "2026-11-28T05:20:00+14:00" (a spreadsheet's local time, still exact). */
export function isoInZone(instant: Date, timeZone: string) {
  const ms = instant.getTime();
  const offset = offsetAt(ms, timeZone);
  const wall = new Date(ms + offset).toISOString().slice(0, 19);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return `${wall}${offset < 0 ? "-" : "+"}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
