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
  const name = withZone ? perSpan("name", ms, timeZone, (at) => zoneName(at, timeZone)) : "";
  return kept(`t|${timeZone}|${name}|${clock}`, () => {
    const time = timeFormatter(timeZone, "en-US", false).format(instant);
    return name ? `${time} ${name}` : time;
  });
}

/**
 * English locales in which ICU names zones: en-US knows America's (CST), en-GB Europe's
 * (CET, BST), en-AU Australia's (AEST), en-IN India's (IST). Each names the rest by
 * offset ("GMT+1"), which is what a zone none of them names gets.
 */
const NAMING_LOCALES = ["en-US", "en-GB", "en-AU", "en-IN"] as const;
const BY_OFFSET = /^GMT[+\-\u2212]/;

/** The zone's short name at `at`: "CDT" in Chicago, "BST" in a London summer, "CET" in Berlin, "GMT+9" in Tokyo. */
export function zoneName(at: number, timeZone: string) {
  let byOffset = "";
  for (const locale of NAMING_LOCALES) {
    const name = timeFormatter(timeZone, locale, true).formatToParts(new Date(at)).find((part) => part.type === "timeZoneName")?.value ?? "";
    if (name && !BY_OFFSET.test(name)) return name;
    byOffset ||= name;
  }
  return byOffset;
}

function timeFormatter(timeZone: string, locale: string, withZone: boolean) {
  const key = `${timeZone}|${locale}|${withZone}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZoneName: withZone ? "short" : undefined, timeZone });
    timeFormatters.set(key, formatter);
  }
  return formatter;
}
