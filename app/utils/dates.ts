const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Jan 5, 2024" (spec section 9), in `timeZone` when given (a band's zone), else UTC. */
export function formatDate(date: Date | string | number, timeZone = "UTC") {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(date instanceof Date ? date : new Date(date));
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "7:30 PM CST": the clock time in `timeZone` (a band's zone), with the zone's short
 * name so nobody misreads it ("7:30 PM" with `withZone` false, for the start of a
 * range whose end names the zone). ICU versions disagree on the space before AM/PM,
 * so call it where the page's data is made (a loader), not while rendering on both sides.
 */
export function formatTime(date: Date | string | number, timeZone = "UTC", withZone = true) {
  const key = `${timeZone}|${withZone}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: withZone ? "short" : undefined, timeZone });
    timeFormatters.set(key, formatter);
  }
  return formatter.format(date instanceof Date ? date : new Date(date));
}
