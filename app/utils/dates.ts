import { remember } from "./bounded-cache";
import { offsetAt, perSpan } from "./zone-offsets";

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl's formatting is the costly part of a page that shows many dates and times (a
 * month of events: hundreds of calls), yet a date's text depends only on its local day
 * and a time's on its local clock and the zone's name at that time ("CST", asked once per
 * six hours like the offset, see zone-offsets' perSpan): each text is made once and kept,
 * bounded, for every instant that shares them.
 */
const texts = new Map<string, string>();
const kept = (key: string, make: () => string) => remember(texts, key, make, 20_000);

/** "Jan 5, 2024" (spec section 9), in `timeZone` when given (a band's zone), else UTC. */
export function formatDate(date: Date | string | number, timeZone = "UTC") {
  const instant = date instanceof Date ? date : new Date(date);
  const ms = instant.getTime();
  const wall = new Date(ms + offsetAt(ms, timeZone));
  return kept(`d|${timeZone}|${wall.getUTCFullYear()}-${wall.getUTCMonth()}-${wall.getUTCDate()}`, () => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
      formatters.set(timeZone, formatter);
    }
    return formatter.format(instant);
  });
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "7:30 PM CST": the clock time in `timeZone` (a band's zone), with the zone's short
 * name so nobody misreads it ("7:30 PM" with `withZone` false, for the start of a
 * range whose end names the zone). ICU versions disagree on the space before AM/PM,
 * so call it where the page's data is made (a loader), not while rendering on both sides.
 */
export function formatTime(date: Date | string | number, timeZone = "UTC", withZone = true) {
  const instant = date instanceof Date ? date : new Date(date);
  const ms = instant.getTime();
  const wall = new Date(ms + offsetAt(ms, timeZone));
  const clock = `${wall.getUTCHours()}:${wall.getUTCMinutes()}`;
  const name = withZone ? perSpan("name", ms, timeZone, (at) => timeFormatter(timeZone, true).formatToParts(new Date(at)).find((part) => part.type === "timeZoneName")?.value ?? "") : "";
  return kept(`t|${timeZone}|${withZone}|${name}|${clock}`, () => timeFormatter(timeZone, withZone).format(instant));
}

function timeFormatter(timeZone: string, withZone: boolean) {
  const key = `${timeZone}|${withZone}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: withZone ? "short" : undefined, timeZone });
    timeFormatters.set(key, formatter);
  }
  return formatter;
}
