import { describe, expect, test } from "vitest";
import { vtimezone } from "./zoned-ical.server";

/** Every change of offset between two instants, found minute-exact from a scan of every hour (the reference). */
function referenceChanges(timeZone: string, from: number, to: number) {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
  const offset = (ms: number) => {
    const parts = Object.fromEntries(
      format
        .formatToParts(new Date(ms))
        .map((part) => [part.type, Number(part.value)]),
    );
    return Math.round((Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - Math.floor(ms / 60_000) * 60_000) / 60_000);
  };
  const changes: string[] = [];
  let previous = offset(from);
  for (let hour = from + 3_600_000; hour <= to; hour += 3_600_000) {
    const now = offset(hour);
    if (now === previous) continue;
    let low = hour - 3_600_000;
    let high = hour;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offset(mid) === previous) low = mid;
      else high = mid;
    }
    changes.push(`${new Date(high).toISOString()} ${previous}→${now}`);
    previous = now;
  }
  return changes;
}

/** The changes a VTIMEZONE states (its run-start observances, FROM = TO, left out), as instants. */
function statedChanges(text: string) {
  return [...text.matchAll(/DTSTART:(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)00\r\nTZOFFSETFROM:([+-])(\d\d)(\d\d)\r\nTZOFFSETTO:([+-])(\d\d)(\d\d)/g)].flatMap((m) => {
    const from = (m[6] === "-" ? -1 : 1) * (Number(m[7]) * 60 + Number(m[8]));
    const to = (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
    if (from === to) return [];
    const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) - from * 60_000;
    return [`${new Date(at).toISOString()} ${from}→${to}`];
  });
}

describe("VTIMEZONE", () => {
  test.each(["Europe/Berlin", "America/Los_Angeles", "Australia/Lord_Howe", "Africa/Casablanca", "Pacific/Apia", "America/Santiago", "Asia/Tehran"])(
    "%s: every change of offset of the years asked for, to the minute, as an hourly scan finds them",
    (timeZone) => {
      const years = [1995, 1996, 2011, 2012, 2022, 2026, 2027];
      const stated = statedChanges(vtimezone(timeZone, years));
      const expected = [[1995, 1996], [2011, 2012], [2022, 2022], [2026, 2027]].flatMap(([from, to]) => referenceChanges(timeZone, Date.UTC(from!, 0, 1), Date.UTC(to! + 1, 0, 1)));
      expect(stated).toEqual(expected);
    },
  );

  test("covers only the years asked for: an event typed in 9027 for 2027 costs two years of zone data, not seven thousand", () => {
    const text = vtimezone("America/Los_Angeles", [2027, 9027]);
    const starts = [...text.matchAll(/DTSTART:(\d{4})/g)].map((m) => Number(m[1]));
    expect(new Set(starts)).toEqual(new Set([2026, 2027, 9026, 9027]));
    expect(starts).toHaveLength(6);
  });
});
