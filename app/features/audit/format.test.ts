import { describe, expect, test } from "vitest";
import { auditRows, changeLines } from "./format";

describe("an audit entry's changes, in words a band reads", () => {
  test("amounts in the band's currency, fields by name, dates as the product shows them, nothing as none", () => {
    const payment = { amountMinor: 23_000, feeAgreedMinor: null, date: "2026-10-15", category: "gig", eventId: 12, method: "cash", receivedBy: "band account" };
    expect(changeLines(null, payment, "USD")).toEqual([
      "Amount: $230.00",
      "Fee agreed: none",
      "Date: Oct 15, 2026",
      "Category: Gig fee",
      "Gig: event #12",
      "Method: Cash",
      "Received by: band account",
    ]);
    expect(changeLines(null, { amountMinor: 1_500 }, "JPY")).toEqual(["Amount: ¥1,500"]);
    // Entries now name the gig (or the event an expense was for) by its title, as it was.
    expect(changeLines(null, { gig: "Harbour Stage", event: "Van to Leeds" }, "USD")).toEqual(["Gig: Harbour Stage", "Event: Van to Leeds"]);
  });

  test("a split's shares: each person with their amount, on one line", () => {
    const split = { method: "shares", commissionMinor: 18_000, fundCutMinor: 0, shares: [{ name: "Dana Reyes", amountMinor: 38_000 }, { name: "Sam Ortiz", amountMinor: 38_000 }] };
    expect(changeLines(null, split, "USD")).toEqual(["Method: Custom percentages", "Commission: $180.00", "Band fund's cut: $0.00", "Shares: Dana Reyes $380.00; Sam Ortiz $380.00"]);
  });

  test("roles by their names, yes and no, instants in UTC; before → after", () => {
    expect(changeLines({ role: "band_member" }, { role: "band_admin" })).toEqual(["Role: Band Member → Band Admin"]);
    expect(changeLines({ isPlatformAdmin: false }, { isPlatformAdmin: true })).toEqual(["Platform admin: no → yes"]);
    expect(changeLines({ disabledAt: null }, { disabledAt: "2026-11-26T09:05:00.000Z", sessionsEnded: 2 })).toEqual(["Disabled: none → Nov 26, 2026, 09:05 UTC", "Sessions ended: none → 2"]);
    expect(changeLines({ timeZone: "UTC" }, null)).toEqual(["Time zone: UTC → none"]);
  });

  test("free text stays as typed, even when it looks like a date or a role; a date that is none stays text", () => {
    expect(changeLines(null, { reason: "2024-13-45", member: "sub", date: "2024-13-45" }, "USD")).toEqual(["Reason: 2024-13-45", "Member: sub", "Date: 2024-13-45"]);
    expect(changeLines(null, { reason: "2026-01-05" }, "USD")).toEqual(["Reason: 2026-01-05"]);
    expect(changeLines({ disabledAt: "not a time" }, null)).toEqual(["Disabled: not a time → none"]);
  });

  test("the codes of Finances read as the forms word them; a code it does not know stays as it is", () => {
    expect(changeLines(null, { method: "bank_transfer", direction: "to_member", category: "travel" }, "USD")).toEqual(["Method: Bank transfer", "Direction: Band pays the member", "Category: Travel"]);
    expect(changeLines(null, { category: "other", method: "toString" }, "USD")).toEqual(["Category: Other", "Method: toString"]);
  });

  test("the platform's log shows each band's amounts in that band's currency", () => {
    const rows = auditRows(
      [
        { id: 1, createdAt: new Date(0), actorLabel: "A", description: "Recorded a payment", targetLabel: "Fee", before: null, after: { amountMinor: 4_000 }, bandId: 7 },
        { id: 2, createdAt: new Date(0), actorLabel: "A", description: "Recorded a payment", targetLabel: "Fee", before: null, after: { amountMinor: 4_000 }, bandId: 8 },
      ],
      { currencyOf: new Map([[7, "EUR"]]) },
    );
    expect(rows.map((row) => row.changes)).toEqual([["Amount: €40.00"], ["Amount (minor units): 4000"]]);
  });

  test("the platform's log names the band of a member's entry, or says it is gone", () => {
    const entry = { id: 1, createdAt: new Date(0), actorLabel: "A", description: "Left the band", targetLabel: "Priya Shah", targetType: "membership", before: null, after: null };
    const bandNameOf = new Map([[7, "The Late Shift"]]);
    expect(auditRows([{ ...entry, bandId: 7 }, { ...entry, bandId: 8 }, { ...entry, targetType: "band", targetLabel: "Gone Band", bandId: 8 }], { bandNameOf }).map((row) => row.targetLabel)).toEqual([
      "Priya Shah, in The Late Shift",
      "Priya Shah, in a band since deleted",
      "Gone Band",
    ]);
  });

  test("a band's own log reads in the band's time zone; the platform's in UTC", () => {
    const entry = { id: 1, createdAt: new Date("2026-11-27T11:29:00Z"), actorLabel: "A", description: "Changed a member's role", targetLabel: "Kai", before: null, after: null };
    expect(auditRows([entry], { timeZone: "Pacific/Kiritimati" })[0]!.when).toBe("Nov 28, 2026, 1:29 AM GMT+14");
    expect(auditRows([entry])[0]!.when).toBe("Nov 27, 2026, 11:29");
    // Just after midnight is 00, not the 24 that en-US's hour12: false writes.
    expect(auditRows([{ ...entry, createdAt: new Date("2026-11-28T00:24:00Z") }])[0]!.when).toBe("Nov 28, 2026, 00:24");
  });

  test("without the band's currency (the platform's log), amounts say they are in minor units", () => {
    expect(changeLines(null, { amountMinor: 23_000, shares: [{ name: "Dana Reyes", amountMinor: 38_000 }] })).toEqual(["Amount (minor units): 23000", "Shares: Dana Reyes amount (minor units) 38000"]);
  });
});
