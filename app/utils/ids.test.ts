import { expect, test } from "vitest";
import { parseId } from "./ids";

test("an id is a positive integer written in plain digits", () => {
  expect(parseId("42")).toBe(42);
  expect(parseId(7)).toBe(7);
  for (const loose of ["01", " 1", "1 ", "0x1", "1e2", "1.0", "+1", "0", "-3", "", "abc", null, undefined, "99999999999999999999"]) {
    expect(parseId(loose), String(loose)).toBeNull();
  }
});
