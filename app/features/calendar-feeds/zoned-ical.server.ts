import type { ICalTemporalInstantStub, ICalTemporalPlainDateTimeStub, ICalTemporalZonedDateTimeStub } from "ical-generator";
import { toZoned } from "~/features/events/zoned-time";

/**
 * Times in a band's own zone for calendar files: DTSTART;TZID=Europe/Berlin:20300329T193000
 * and the VTIMEZONE that defines it (RFC 5545 3.6.5: every TZID used must be defined in
 * the file; Outlook and ical.js need it, Google and Apple accept it).
 *
 * ical-generator writes a TZID wall clock from Temporal values (its ICalTemporal*Stub
 * input types); Node 20 has no Temporal, so `zonedTime` builds the small value those
 * types describe from the platform's own zone data (Intl, as zoned-time.ts does).
 * Times here are whole minutes (the forms take hh:mm).
 */
export function zonedTime(instant: Date, timeZone: string): ICalTemporalZonedDateTimeStub {
  const local = { ...toZoned(instant, timeZone), second: 0 };
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const text = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:00`;
  const plain: ICalTemporalPlainDateTimeStub = {
    ...local,
    toPlainDate: () => ({ year: local.year, month: local.month, day: local.day, toJSON: () => text.slice(0, 10), toString: () => text.slice(0, 10) }),
    toZonedDateTime: () => zoned,
    toJSON: () => text,
    toString: () => text,
  };
  const instantStub: ICalTemporalInstantStub = {
    epochMilliseconds: instant.getTime(),
    toZonedDateTimeISO: () => zoned,
    toJSON: () => instant.toISOString(),
    toString: () => instant.toISOString(),
  };
  const zoned: ICalTemporalZonedDateTimeStub = {
    ...local,
    timeZoneId: timeZone,
    toInstant: () => instantStub,
    toPlainDateTime: () => plain,
    withTimeZone: (other) => (other === timeZone ? zoned : zonedTime(instant, other)),
    toJSON: () => `${text}[${timeZone}]`,
    toString: () => `${text}[${timeZone}]`,
  };
  return zoned;
}

/** Minutes `timeZone` is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string) {
  const wall = toZoned(new Date(ms), timeZone);
  return Math.round((Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

const formatOffset = (minutes: number) => `${minutes < 0 ? "-" : "+"}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")}${String(Math.abs(minutes) % 60).padStart(2, "0")}`;

function wallText(ms: number, offset: number) {
  const wall = new Date(ms + offset * 60_000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(wall.getUTCFullYear(), 4)}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}00`;
}

type Change = { at: number; before: number; after: number };

/** A year's changes of offset in a zone, kept: pure zone data, the same in every process. */
const changesByYear = new Map<string, Change[]>();
const KEPT_YEARS = 5_000;

/**
 * Every change of offset of `timeZone` in the UTC year `year`, found by stepping a day at
 * a time and narrowing to the minute: exact for any zone the platform knows, including
 * changes of rule between years. About a millisecond a year, so kept.
 */
function changesIn(timeZone: string, year: number): Change[] {
  const key = `${timeZone}|${year}`;
  const kept = changesByYear.get(key);
  if (kept) return kept;
  const changes: Change[] = [];
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const DAY = 86_400_000;
  let previous = offsetAt(start, timeZone);
  // A week at a time, and a day at a time through a week whose offset differs at its end
  // (no zone has changed and changed back within a week; Morocco's Ramadan month is the
  // shortest there has been).
  for (let week = start; week < end; week += 7 * DAY) {
    const weekEnd = Math.min(week + 7 * DAY, end);
    if (offsetAt(weekEnd, timeZone) === previous) continue;
    // Both ends are midnights (UTC): the week is whole days.
    for (let day = week + DAY; day <= weekEnd; day += DAY) {
      const offset = offsetAt(day, timeZone);
      if (offset === previous) continue;
      // The change happened in (day - 1 day, day]: narrow it to the minute.
      let low = day - DAY;
      let high = day;
      while (high - low > 60_000) {
        const mid = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetAt(mid, timeZone) === previous) low = mid;
        else high = mid;
      }
      changes.push({ at: high, before: previous, after: offset });
      previous = offset;
    }
  }
  if (changesByYear.size >= KEPT_YEARS) changesByYear.delete(changesByYear.keys().next().value!);
  changesByYear.set(key, changes);
  return changes;
}

/**
 * A VTIMEZONE for `timeZone` covering the UTC years its calendar's times fall in: for
 * each run of consecutive years, the offset at its start, then every change of offset
 * in it, each as its own STANDARD or DAYLIGHT observance (DTSTART the local time just
 * before the change, as RFC 5545 asks). Only those years: a calendar spanning every year
 * from its earliest time to its latest did a year's work for each year between, and one
 * event typed in 9027 for 2027 held the server for minutes on every feed poll.
 */
export function vtimezone(timeZone: string, years: Iterable<number>) {
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  const observance = (kind: "STANDARD" | "DAYLIGHT", at: number, before: number, after: number) =>
    lines.push(`BEGIN:${kind}`, `DTSTART:${wallText(at, before)}`, `TZOFFSETFROM:${formatOffset(before)}`, `TZOFFSETTO:${formatOffset(after)}`, `END:${kind}`);
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  sorted.forEach((year, index) => {
    if (sorted[index - 1] !== year - 1) {
      // A run starts: the offset in force then (after a gap, the years between hold no times of this calendar).
      const start = Date.UTC(year, 0, 1);
      const offset = offsetAt(start, timeZone);
      observance("STANDARD", start, offset, offset);
    }
    for (const change of changesIn(timeZone, year)) observance(change.after > change.before ? "DAYLIGHT" : "STANDARD", change.at, change.before, change.after);
  });
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
