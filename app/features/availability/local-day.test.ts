import { describe, expect, test } from "vitest";
import { addDays, dayStarts, startOfDay } from "./local-day";

describe("dayStarts", () => {
  // Zones whose clocks change at or around midnight, by half an hour, or not at all.
  test.each(["Europe/London", "America/Santiago", "America/Havana", "Australia/Lord_Howe", "Asia/Beirut", "America/Sao_Paulo", "UTC"])("gives each day the start startOfDay gives it, across a year of clock changes in %s", (timeZone) => {
    const days = Array.from({ length: 400 }, (_, i) => addDays("2024-12-01", i));
    expect(dayStarts(days, timeZone).map((d) => d.toISOString())).toEqual(days.map((day) => startOfDay(day, timeZone).toISOString()));
  });
});
