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

/**
 * A VTIMEZONE for `timeZone` covering the years `from`..`to`: its offset at the start of
 * `from`, then every change of offset in the range, each as its own STANDARD or DAYLIGHT
 * observance (DTSTART the local time just before the change, as RFC 5545 asks), found by
 * stepping a day at a time and narrowing to the minute. Exact for any zone the platform
 * knows, including changes of rule between years.
 */
export function vtimezone(timeZone: string, from: number, to: number) {
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  const start = Date.UTC(from, 0, 1);
  const end = Date.UTC(to + 1, 0, 1);
  const first = offsetAt(start, timeZone);
  const observance = (kind: "STANDARD" | "DAYLIGHT", at: number, before: number, after: number) =>
    lines.push(`BEGIN:${kind}`, `DTSTART:${wallText(at, before)}`, `TZOFFSETFROM:${formatOffset(before)}`, `TZOFFSETTO:${formatOffset(after)}`, `END:${kind}`);
  observance("STANDARD", start, first, first);
  let previous = first;
  for (let day = start + 86_400_000; day <= end; day += 86_400_000) {
    const offset = offsetAt(day, timeZone);
    if (offset === previous) continue;
    // The change happened in (day - 1 day, day]: narrow it to the minute.
    let low = day - 86_400_000;
    let high = day;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(mid, timeZone) === previous) low = mid;
      else high = mid;
    }
    observance(offset > previous ? "DAYLIGHT" : "STANDARD", high, previous, offset);
    previous = offset;
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
