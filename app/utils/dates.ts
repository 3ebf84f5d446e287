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
