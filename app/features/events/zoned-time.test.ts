import { describe, expect, test } from "vitest";
import { formatDate, formatTime, zoneName } from "~/utils/dates";
import { canonicalZone, fromZoned, toZoned } from "./zoned-time";

/**
 * toZoned, formatDate and formatTime ask Intl once per six hours of a zone and keep the
 * texts they make (see offsetAt): here each is checked against Intl asked directly, minute
 * by minute through daylight-saving changes, in zones with half-hour and 45-minute
 * offsets and one whose change moves by half an hour.
 */
const ZONES = ["UTC", "Europe/Berlin", "Europe/London", "America/New_York", "America/St_Johns", "America/Sao_Paulo", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Africa/Casablanca"];

const oracles = new Map<string, Intl.DateTimeFormat>();
function oracle(key: string, make: () => Intl.DateTimeFormat) {
  if (!oracles.has(key)) oracles.set(key, make());
  return oracles.get(key)!;
}

function intlWall(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    oracle(`wall|${timeZone}`, () => new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }))
      .formatToParts(instant)
      .filter((part) => part.type !== "literal")
      .map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: (parts.hour ?? 0) % 24, minute: parts.minute };
}
const intlDate = (instant: Date, timeZone: string) => oracle(`date|${timeZone}`, () => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone })).format(instant);
/** The clock as Intl writes it, and the zone's name asked of Intl for this very instant (zoneName, uncached). */
const intlTime = (instant: Date, timeZone: string, withZone: boolean) => {
  const clock = oracle(`time|${timeZone}`, () => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone })).format(instant);
  return withZone ? `${clock} ${zoneName(instant.getTime(), timeZone)}` : clock;
};

/** Instants every `stepMinutes` from `from` for `hours`. */
function sweep(from: string, hours: number, stepMinutes: number) {
  const start = Date.parse(from);
  return Array.from({ length: Math.floor((hours * 60) / stepMinutes) }, (_, i) => new Date(start + i * stepMinutes * 60_000));
}

describe("wall clocks and texts in a time zone, as Intl gives them", () => {
  // The days around each zone's changes in 2026 (and Lord Howe's half-hour change), and a
  // spread of instants over the years a calendar allows.
  const instants = [
    ...sweep("2026-03-07T00:00:00Z", 96, 7),
    ...sweep("2026-03-27T00:00:00Z", 72, 7),
    ...sweep("2026-04-04T00:00:00Z", 48, 7),
    ...sweep("2026-09-26T00:00:00Z", 48, 7),
    ...sweep("2026-10-03T00:00:00Z", 48, 7),
    ...sweep("2026-10-24T00:00:00Z", 72, 7),
    ...sweep("2026-10-31T00:00:00Z", 72, 7),
    ...Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(1970, 0, 1) + Math.floor(((i * 7_919) % 400) * 131.3 * 86_400_000) + i * 61_000)),
  ];

  test.each(ZONES)("%s", (timeZone) => {
    const mismatches: string[] = [];
    for (const instant of instants) {
      const wall = toZoned(instant, timeZone);
      if (JSON.stringify(wall) !== JSON.stringify(intlWall(instant, timeZone))) mismatches.push(`toZoned ${instant.toISOString()}`);
      if (formatDate(instant, timeZone) !== intlDate(instant, timeZone)) mismatches.push(`formatDate ${instant.toISOString()}`);
      if (formatTime(instant, timeZone) !== intlTime(instant, timeZone, true)) mismatches.push(`formatTime ${instant.toISOString()}`);
      if (formatTime(instant, timeZone, false) !== intlTime(instant, timeZone, false)) mismatches.push(`formatTime without zone ${instant.toISOString()}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  test("a zone that renamed its time without changing its offset (the name is asked per six hours too, not per offset and year)", () => {
    // Whitehorse kept UTC-7 all year from November 2020: PDT in June, "GMT-7" in December.
    // Petersburg (Indiana) moved from Eastern to Central time in April 2006 at the same
    // offset as before (EST, then CDT).
    for (const [timeZone, iso] of [
      ["America/Whitehorse", "2020-06-11T02:00:00Z"],
      ["America/Whitehorse", "2020-12-11T02:00:00Z"],
      ["America/Indiana/Petersburg", "2006-01-10T18:00:00Z"],
      ["America/Indiana/Petersburg", "2006-06-10T18:00:00Z"],
    ] as const) {
      const instant = new Date(iso);
      expect(formatTime(instant, timeZone), `${timeZone} ${iso}`).toBe(intlTime(instant, timeZone, true));
    }
  });

  test("an offset with seconds (Monrovia, -0:44:30 until 1972): a wall-clock time exists and reads back", () => {
    const instant = fromZoned({ year: 1971, month: 6, day: 1, hour: 20, minute: 0 }, "Africa/Monrovia");
    expect(instant).not.toBeNull();
    expect(toZoned(instant!, "Africa/Monrovia")).toEqual({ year: 1971, month: 6, day: 1, hour: 20, minute: 0 });
  });

  test("years before 100 and the ends of a Date's range", () => {
    const early = new Date("0050-03-01T12:00:00Z");
    expect(formatDate(early, "Europe/Berlin")).toBe(intlDate(early, "Europe/Berlin"));
    expect(formatDate(new Date("1950-03-01T12:00:00Z"), "Europe/Berlin")).toBe(intlDate(new Date("1950-03-01T12:00:00Z"), "Europe/Berlin"));
    expect(formatDate(new Date(8.64e15), "UTC")).toBe(intlDate(new Date(8.64e15), "UTC"));
  });

  test("a wall-clock time round-trips, and a skipped one does not exist", () => {
    expect(fromZoned({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, "Europe/Berlin")).toBeNull();
    const instant = fromZoned({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, "Europe/Berlin")!;
    // The fall-back hour happens twice: the first (still summer time, UTC+2) is taken.
    expect(instant.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(toZoned(instant, "Europe/Berlin")).toEqual({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 });
  });

  test("zones are named as people there name them: BST and CET in Europe, CDT in Chicago, AEST in Sydney, IST in India; by offset where no English name exists", () => {
    const summer = new Date("2026-07-01T18:30:00Z");
    const winter = new Date("2026-01-01T18:30:00Z");
    const names = (timeZone: string) => [formatTime(summer, timeZone), formatTime(winter, timeZone)].map((text) => text.split(" ").at(-1));
    expect(names("Europe/London")).toEqual(["BST", "GMT"]);
    expect(names("Europe/Berlin")).toEqual(["CEST", "CET"]);
    expect(names("America/Chicago")).toEqual(["CDT", "CST"]);
    expect(names("Australia/Sydney")).toEqual(["AEST", "AEDT"]);
    expect(names("Asia/Kolkata")).toEqual(["IST", "IST"]);
    expect(names("Asia/Tokyo")).toEqual(["GMT+9", "GMT+9"]);
    expect(names("UTC")).toEqual(["UTC", "UTC"]);
    expect(formatTime(summer, "America/Chicago")).toBe(new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: "America/Chicago" }).format(summer));
  });

  test("an invalid instant or zone is refused as before", () => {
    expect(() => toZoned(new Date(Number.NaN), "Europe/Berlin")).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN), "Europe/Berlin")).toThrow(RangeError);
    expect(() => formatTime(new Date(), "Not/A_Zone")).toThrow(RangeError);
  });
});

describe("canonicalZone", () => {
  test("a zone typed in another case is kept as the platform spells it; an unknown name is left for the check to refuse", () => {
    expect(canonicalZone("america/new_york")).toBe("America/New_York");
    expect(canonicalZone("EUROPE/BERLIN")).toBe("Europe/Berlin");
    expect(canonicalZone("UTC")).toBe("UTC");
    expect(canonicalZone("Mars/Olympus")).toBe("Mars/Olympus");
  });
});
