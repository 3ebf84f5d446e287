import { describe, expect, test } from "vitest";
import { pageWindow, parsePage } from "./pagination";

describe("?page=", () => {
  test("a positive whole number is that page; anything else the first; a number too large to count the last", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("3")).toBe(3);
    for (const odd of ["0", "-2", "1.5", "abc", "", "NaN"]) expect(parsePage(odd), odd).toBe(1);
    // Past any end: pageWindow keeps it to the last page, as it does page 999 of 2.
    for (const huge of ["1e309", "99999999999999999999", "Infinity"]) expect(pageWindow(120, parsePage(huge), 50).info.page, huge).toBe(3);
    expect(pageWindow(120, parsePage("999"), 50).info.page).toBe(3);
  });
});
