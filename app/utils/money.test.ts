import { describe, expect, test } from "vitest";
import { formatAmountInput, formatMoney, parseAmount } from "./money";

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

describe("parseAmount", () => {
  test("reads amounts into the currency's minor units", () => {
    expect(parseAmount("12.50", "USD")).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount(" 1,250.5 ", "USD")).toEqual({ ok: true, minor: 125050 });
    expect(parseAmount("1500", "JPY")).toEqual({ ok: true, minor: 1500 });
    expect(parseAmount("12.345", "KWD")).toEqual({ ok: true, minor: 12345 });
    expect(parseAmount("0", "USD", { allowZero: true })).toEqual({ ok: true, minor: 0 });
  });
  test("refuses too many decimals instead of rounding", () => {
    expect(parseAmount("12.505", "USD")).toEqual({ ok: false, message: "USD amounts have at most 2 decimal places" });
    expect(parseAmount("1500.5", "JPY")).toEqual({ ok: false, message: "JPY amounts have no decimal places" });
  });
  test("refuses zero, negative, empty, malformed and huge amounts", () => {
    expect(parseAmount("0.00", "USD")).toEqual({ ok: false, message: "Enter an amount above zero" });
    expect(parseAmount("-5", "USD")).toEqual({ ok: false, message: "Enter an amount above zero" });
    // Where zero is allowed (an event's agreed fee, a fixed share), a negative is told so.
    expect(parseAmount("-5", "USD", { allowZero: true })).toEqual({ ok: false, message: "Enter an amount of zero or more" });
    expect(parseAmount("0", "USD", { allowZero: true })).toEqual({ ok: true, minor: 0 });
    expect(parseAmount("", "USD")).toEqual({ ok: false, message: "Enter an amount" });
    for (const bad of ["12.", "1e3", "12,34", "$12", "12.5.1", "Infinity"]) expect(parseAmount(bad, "USD").ok).toBe(false);
    // The example is one the currency can have: no decimals in yen, three in dinars.
    expect(parseAmount("$12", "USD")).toEqual({ ok: false, message: "Enter an amount in numbers, like 12.50" });
    expect(parseAmount("¥500", "JPY")).toEqual({ ok: false, message: "Enter an amount in numbers, like 1250" });
    expect(parseAmount("abc", "KWD")).toEqual({ ok: false, message: "Enter an amount in numbers, like 1.250" });
    expect(parseAmount("20000000.01", "USD")).toEqual({ ok: false, message: "Enter an amount of at most $20,000,000.00" });
    expect(parseAmount("20000000", "USD")).toEqual({ ok: true, minor: 2_000_000_000 });
    // A currency of small units: a gig fee of a few hundred dollars is millions of them.
    expect(parseAmount("5000000", "UZS")).toEqual({ ok: true, minor: 500_000_000 });
    expect(parseAmount("3000000", "KHR")).toEqual({ ok: true, minor: 300_000_000 });
    expect(parseAmount("50000000", "VND")).toEqual({ ok: true, minor: 50_000_000 });
    expect(parseAmount("2000000001", "JPY")).toEqual({ ok: false, message: "Enter an amount of at most ¥2,000,000,000" });
  });
  test("formatAmountInput is its inverse", () => {
    expect(formatAmountInput(125050, "USD")).toBe("1250.50");
    expect(formatAmountInput(5, "USD")).toBe("0.05");
    expect(formatAmountInput(1500, "JPY")).toBe("1500");
    expect(parseAmount(formatAmountInput(987654, "EUR"), "EUR")).toEqual({ ok: true, minor: 987654 });
  });
});
