import { describe, expect, test } from "vitest";
import { expenseSchema } from "./schema.server";

const base = { amount: "5", category: "travel" };
const dateErrors = (date: string, today?: string) => {
  const parsed = expenseSchema("USD", { api: true, today }).safeParse({ ...base, date });
  return parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === "date").map((issue) => issue.message);
};

describe("the day money moved", () => {
  test("may be up to a year from the band's today, in its own time zone", () => {
    // Already 27 November in Kiritimati while it is the 26th in UTC: the band's year ends on its own day.
    expect(dateErrors("2027-11-27", "2026-11-27")).toEqual([]);
    expect(dateErrors("2027-11-28", "2026-11-27")).toEqual(["Enter a date no more than a year from today"]);
    // Still 25 November in Honolulu: a year from there, not from UTC's 26th.
    expect(dateErrors("2027-11-26", "2026-11-25")).toEqual(["Enter a date no more than a year from today"]);
    expect(dateErrors("2027-11-25", "2026-11-25")).toEqual([]);
  });

  test("is a real calendar day from 1970 on, each refusal saying which", () => {
    expect(dateErrors("2026-02-29", "2026-11-26")).toEqual(["Enter a real date, like 2024-03-01"]);
    expect(dateErrors("2024-02-29", "2026-11-26")).toEqual([]);
    expect(dateErrors("26/11/2026", "2026-11-26")).toEqual(["Enter a real date, like 2024-03-01"]);
    expect(dateErrors("1900-01-01", "2026-11-26")).toEqual(["Enter a date from 1970 on"]);
    expect(dateErrors("1969-12-31", "2026-11-26")).toEqual(["Enter a date from 1970 on"]);
    expect(dateErrors("1970-01-01", "2026-11-26")).toEqual([]);
  });
});
