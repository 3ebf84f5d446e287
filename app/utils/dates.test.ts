import { describe, expect, test } from "vitest";
import { formatDate, formatTime } from "./dates";

describe("formatDate", () => {
  test('formats like "Jan 5, 2024"', () => {
    expect(formatDate(new Date("2024-01-05T12:00:00Z"))).toBe("Jan 5, 2024");
    expect(formatDate("2023-12-25T00:00:00Z")).toBe("Dec 25, 2023");
  });
  test("uses the given time zone", () => {
    const lateEvening = new Date("2024-01-06T02:30:00Z");
    expect(formatDate(lateEvening)).toBe("Jan 6, 2024");
    expect(formatDate(lateEvening, "America/Chicago")).toBe("Jan 5, 2024");
  });
});

describe("formatTime", () => {
  test("shows the clock time and zone in the given time zone", () => {
    const lateEvening = new Date("2024-01-06T02:30:00Z");
    // ICU versions differ on the space before AM/PM (plain or narrow no-break).
    expect(formatTime(lateEvening)).toMatch(/^2:30\sAM UTC$/);
    expect(formatTime(lateEvening, "America/Chicago")).toMatch(/^8:30\sPM CST$/);
    expect(formatTime(lateEvening, "America/Chicago", false)).toMatch(/^8:30\sPM$/);
  });
});

describe("isoInZone", () => {
  test("the band's wall clock with its offset: exact, and what the pages say", async () => {
    const { isoInZone } = await import("./zone-offsets");
    const instant = new Date("2026-11-27T15:20:00Z");
    expect(isoInZone(instant, "Pacific/Kiritimati")).toBe("2026-11-28T05:20:00+14:00");
    expect(isoInZone(instant, "America/St_Johns")).toBe("2026-11-27T11:50:00-03:30");
    expect(isoInZone(instant, "UTC")).toBe("2026-11-27T15:20:00+00:00");
    for (const zone of ["Pacific/Kiritimati", "America/St_Johns", "Asia/Kathmandu"]) expect(new Date(isoInZone(instant, zone)).getTime()).toBe(instant.getTime());
  });
});
