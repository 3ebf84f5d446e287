import { describe, expect, test } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  test("formats integer minor units in the currency", () => {
    expect(formatMoney(123450, "USD")).toBe("$1,234.50");
    expect(formatMoney(5, "USD")).toBe("$0.05");
    expect(formatMoney(0, "USD")).toBe("$0.00");
    expect(formatMoney(9900, "EUR")).toBe("€99.00");
    expect(formatMoney(2500, "GBP")).toBe("£25.00");
  });
  test("uses each currency's own minor digits", () => {
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(formatMoney(12345, "KWD")).toBe("KWD\u00a012.345");
  });
  test("shows negative amounts with a minus sign", () => {
    expect(formatMoney(-1999, "USD")).toBe("-$19.99");
  });
  test("accepts lower-case codes and survives unknown ones", () => {
    expect(formatMoney(100, "usd")).toBe("$1.00");
    expect(formatMoney(1234, "XYZ1")).toBe("XYZ1\u00a012.34");
  });
});
