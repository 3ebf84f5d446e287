import { describe, expect, test } from "vitest";
import { expenseLines, paymentLines, payoutLines, reversedLines, splitLines, type Line } from "./ledger";
import { gigProfitAndLoss, localDay, memberStatement, monthChart, niceCeiling, parseYear, yearOptions, yearTotals, type Gig, type ReportEntry } from "./reports";

/** A tiny ledger written with ledger.ts's own line rules, so the reports read what the app writes. */
function ledger() {
  const entries: ReportEntry[] = [];
  let next = 1;
  const add = (entry: Omit<ReportEntry, "id" | "rootId" | "isReversal" | "lines">, lines: Line[]) => {
    const id = next++;
    const full: ReportEntry = { ...entry, id, rootId: id, isReversal: false, lines: lines.map((line) => ({ ...line, memberName: null })) };
    entries.push(full);
    return full;
  };
  return {
    entries,
    payment(day: string, amountMinor: number, options: { eventId?: number; category?: string; receivedBy?: string; feeAgreedMinor?: number } = {}) {
      return add(
        { kind: "payment", day, description: `Payment ${day}`, eventId: options.eventId ?? null, category: options.category ?? (options.eventId ? "gig" : "other"), feeAgreedMinor: options.feeAgreedMinor ?? null },
        paymentLines({ amountMinor, receivedByUserId: options.receivedBy ?? null }),
      );
    },
    expense(day: string, amountMinor: number, options: { eventId?: number; category?: string; paidBy?: string } = {}) {
      return add({ kind: "expense", day, description: `Expense ${day}`, eventId: options.eventId ?? null, category: options.category ?? "travel" }, expenseLines({ amountMinor, paidByUserId: options.paidBy ?? null }));
    },
    split(day: string, eventId: number | null, shares: { userId: string; amountMinor: number; fixed?: boolean }[]) {
      return add(
        { kind: "split", day, description: `Split ${day}`, eventId, category: null, shares: shares.map((share) => ({ userId: share.userId, fixed: share.fixed ?? false })) },
        splitLines({ shares }),
      );
    },
    payout(day: string, userId: string, amountMinor: number, direction: "to_member" | "to_band" = "to_member") {
      return add({ kind: "payout", day, description: `Payout ${day}`, eventId: null, category: null }, payoutLines({ amountMinor, userId, direction }));
    },
    /** A reversal: whenever it was recorded, it counts on the original's day (reports.server.ts gives it that day). */
    reverse(original: ReportEntry) {
      const id = next++;
      const reversal: ReportEntry = { ...original, id, rootId: original.id, isReversal: true, lines: reversedLines(original.lines as Line[]).map((line) => ({ ...line, memberName: null })) };
      entries.push(reversal);
      return reversal;
    },
  };
}

const gigs = new Map<number, Gig>([
  [10, { id: 10, title: "Blue Note", day: "2024-03-08", feeMinor: 60_000 }],
  [11, { id: 11, title: "Harbour Fest", day: "2024-07-20", feeMinor: 150_000 }],
  [12, { id: 12, title: "Cancelled wedding", day: "2024-09-01", feeMinor: 90_000 }],
]);

/** Two gigs, a reversed and re-entered payment, an out-of-pocket expense, a sub's fixed fee, a payout. */
function season() {
  const book = ledger();
  // Blue Note: 600.00 received by the band, 45.00 of fuel paid by ann, 555.00 shared: 185.00 each, the sub's as a fixed fee.
  book.payment("2024-03-08", 60_000, { eventId: 10, feeAgreedMinor: 60_000 });
  book.expense("2024-03-09", 4_500, { eventId: 10, paidBy: "ann" });
  book.split("2024-03-10", 10, [
    { userId: "ann", amountMinor: 18_500 },
    { userId: "bob", amountMinor: 18_500 },
    { userId: "sub", amountMinor: 18_500, fixed: true },
  ]);
  // Harbour Fest: 1,400.00 typed wrongly, reversed, 1,500.00 re-entered (collected in cash by bob); 10% commission; no split yet.
  const wrong = book.payment("2024-07-20", 140_000, { eventId: 11, feeAgreedMinor: 150_000 });
  book.reverse(wrong);
  book.payment("2024-07-20", 150_000, { eventId: 11, feeAgreedMinor: 150_000, receivedBy: "bob" });
  book.expense("2024-07-21", 15_000, { eventId: 11, category: "commission" });
  // The wedding's deposit, reversed entirely: the gig drops out.
  book.reverse(book.payment("2024-09-01", 20_000, { eventId: 12 }));
  // Merch, a rehearsal room, ann paid out, bob hands over the festival cash.
  book.payment("2024-07-21", 3_000, { category: "merch" });
  book.expense("2024-03-15", 2_000, { category: "rehearsal" });
  book.payout("2024-04-01", "ann", 23_000);
  book.payout("2024-08-01", "bob", 150_000, "to_band");
  return book;
}

describe("gigProfitAndLoss", () => {
  test("income received, linked expenses and shares per gig give the band's net; a reversal cancels its entry", () => {
    const book = season();
    const report = gigProfitAndLoss(book.entries, gigs);
    expect(report.gigs).toEqual([
      { eventId: 10, title: "Blue Note", day: "2024-03-08", feeAgreedMinor: 60_000, incomeMinor: 60_000, expensesMinor: 4_500, sharesMinor: 55_500, netMinor: 0 },
      { eventId: 11, title: "Harbour Fest", day: "2024-07-20", feeAgreedMinor: 150_000, incomeMinor: 150_000, expensesMinor: 15_000, sharesMinor: 0, netMinor: 135_000 },
    ]);
    expect(report.totals).toEqual({ incomeMinor: 210_000, expensesMinor: 19_500, sharesMinor: 55_500, netMinor: 135_000 });
  });

  test("an expense linked to a rehearsal (room hire) is the band's, not a gig's: no row of its own", () => {
    const book = ledger();
    book.payment("2024-07-20", 100_000, { eventId: 11 });
    book.expense("2024-07-18", 4_500, { eventId: 12, category: "other" });
    const events = new Map<number, Gig>([...gigs, [12, { id: 12, title: "Thursday practice", day: "2024-07-18", feeMinor: null, kind: "rehearsal" }]]);
    expect(gigProfitAndLoss(book.entries, events).gigs.map((row) => row.title)).toEqual(["Harbour Fest"]);
  });

  test("a reversed split gives the shares back to the band; the gig's own fee stands in when no payment states one", () => {
    const book = ledger();
    book.payment("2024-07-20", 100_000, { eventId: 11 });
    book.reverse(book.split("2024-07-22", 11, [{ userId: "ann", amountMinor: 100_000 }]));
    const [row] = gigProfitAndLoss(book.entries, gigs).gigs;
    expect(row).toMatchObject({ feeAgreedMinor: 150_000, incomeMinor: 100_000, sharesMinor: 0, netMinor: 100_000 });
  });

  test("the agreed fee is one figure: the gig's own fee, else the latest standing payment's; two instalments do not double it", () => {
    const book = ledger();
    book.payment("2024-07-20", 100_000, { eventId: 11, feeAgreedMinor: 150_000 });
    book.payment("2024-07-25", 50_000, { eventId: 11, feeAgreedMinor: 150_000 });
    // A payment that states another figure does not overrule the gig's own fee.
    book.payment("2024-03-08", 60_000, { eventId: 10, feeAgreedMinor: 65_000 });
    const withoutFee = new Map<number, Gig>([...gigs, [13, { id: 13, title: "Pub", day: "2024-10-01", feeMinor: null }]]);
    book.payment("2024-10-01", 20_000, { eventId: 13, feeAgreedMinor: 40_000 });
    book.reverse(book.payment("2024-10-02", 20_000, { eventId: 13, feeAgreedMinor: 45_000 }));
    const fees = gigProfitAndLoss(book.entries, withoutFee).gigs.map((row) => [row.eventId, row.feeAgreedMinor, row.incomeMinor]);
    expect(fees).toEqual([
      [10, 60_000, 60_000],
      [11, 150_000, 150_000],
      [13, 40_000, 20_000],
    ]);
  });

  test("money for events it does not know (deleted, or not a gig) is left out", () => {
    const book = ledger();
    book.payment("2024-01-01", 5_000, { eventId: 99 });
    expect(gigProfitAndLoss(book.entries, gigs).gigs).toEqual([]);
  });
});

describe("yearTotals", () => {
  test("income and expenses by month and category; splits and payouts are neither; reversals net out", () => {
    const totals = yearTotals(season().entries, 2024);
    expect(totals.months).toHaveLength(12);
    const month = (n: number) => totals.months[n - 1]!;
    expect(month(3)).toMatchObject({ name: "March", incomeMinor: 60_000, expenseMinor: 6_500, netMinor: 53_500 });
    expect(month(7)).toMatchObject({ incomeMinor: 153_000, expenseMinor: 15_000 });
    expect(month(9)).toMatchObject({ incomeMinor: 0, expenseMinor: 0 });
    expect(month(4)).toMatchObject({ incomeMinor: 0, expenseMinor: 0 });
    expect(totals.income).toEqual([
      { category: "gig", label: "Gig fee", minor: 210_000 },
      { category: "merch", label: "Merch", minor: 3_000 },
    ]);
    expect(totals.expenses).toEqual([
      { category: "travel", label: "Travel", minor: 4_500 },
      { category: "rehearsal", label: "Rehearsal space", minor: 2_000 },
      { category: "commission", label: "Commission", minor: 15_000 },
    ]);
    expect(totals).toMatchObject({ incomeMinor: 213_000, expenseMinor: 21_500, netMinor: 191_500 });
  });

  test("only the asked year counts", () => {
    const book = season();
    book.payment("2023-12-31", 7_000);
    book.expense("2025-01-01", 1_000);
    expect(yearTotals(book.entries, 2024)).toMatchObject({ incomeMinor: 213_000, expenseMinor: 21_500 });
    expect(yearTotals(book.entries, 2023)).toMatchObject({ incomeMinor: 7_000, expenseMinor: 0, income: [{ category: "other", label: "Other income", minor: 7_000 }] });
  });
});

describe("memberStatement", () => {
  test("a member's year: shares earned, out-of-pocket expenses owed back apart from earnings, payouts received; opening plus the year is the closing balance", () => {
    const statement = memberStatement(season().entries, "ann", 2024, 5_000, gigs);
    expect(statement.earnings).toEqual([{ entryId: 3, day: "2024-03-10", description: "Split 2024-03-10", gig: "Blue Note", amountMinor: 18_500, type: "share" }]);
    expect(statement.reimbursements).toEqual([{ entryId: 2, day: "2024-03-09", description: "Expense 2024-03-09", gig: "Blue Note", amountMinor: 4_500 }]);
    expect(statement.payouts).toEqual([{ entryId: 12, day: "2024-04-01", description: "Payout 2024-04-01", gig: null, amountMinor: 23_000 }]);
    expect(statement.totals).toEqual({
      sharesMinor: 18_500,
      fixedFeesMinor: 0,
      earnedMinor: 18_500,
      reimbursementsMinor: 4_500,
      payoutsMinor: 23_000,
      collectedMinor: 0,
      handedOverMinor: 0,
      openingMinor: 5_000,
      closingMinor: 5_000,
    });
  });

  test("a sub's fixed fee is a fixed fee, not a share", () => {
    const statement = memberStatement(season().entries, "sub", 2024, 0, gigs);
    expect(statement.earnings.map((row) => [row.type, row.amountMinor])).toEqual([["fixed", 18_500]]);
    expect(statement.totals).toMatchObject({ sharesMinor: 0, fixedFeesMinor: 18_500, earnedMinor: 18_500, closingMinor: 18_500 });
  });

  test("cash a member collected for the band and handed over shows apart, and evens out", () => {
    const statement = memberStatement(season().entries, "bob", 2024, 0, gigs);
    expect(statement.collected.map((row) => row.amountMinor)).toEqual([150_000]);
    expect(statement.handedOver.map((row) => row.amountMinor)).toEqual([150_000]);
    expect(statement.totals).toMatchObject({ earnedMinor: 18_500, collectedMinor: 150_000, handedOverMinor: 150_000, closingMinor: 18_500 });
  });

  test("a reversed share and its reversal leave no row; the share that replaced it is what was earned", () => {
    const book = ledger();
    const first = book.split("2024-05-01", 10, [{ userId: "ann", amountMinor: 30_000 }]);
    book.reverse(first);
    book.split("2024-05-02", 10, [{ userId: "ann", amountMinor: 25_000 }]);
    const statement = memberStatement(book.entries, "ann", 2024, 0, gigs);
    expect(statement.earnings.map((row) => [row.entryId, row.amountMinor])).toEqual([[3, 25_000]]);
    expect(statement.totals.earnedMinor).toBe(25_000);
  });

  test("another year, or someone else, has nothing", () => {
    expect(memberStatement(season().entries, "ann", 2023, 0).totals.closingMinor).toBe(0);
    expect(memberStatement(season().entries, "nobody", 2024, 0).earnings).toEqual([]);
  });
});

describe("monthChart", () => {
  test("bars scale to a rounded maximum; the tallest month fills the plot and an empty one has no height", () => {
    const totals = yearTotals(season().entries, 2024);
    const chart = monthChart(totals.months, { width: 720, height: 280 });
    expect(chart.ticks.map((tick) => tick.minor)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    const plotHeight = chart.plot.bottom - chart.plot.top;
    const july = chart.months[6]!;
    expect(july.income.height).toBeCloseTo((plotHeight * 153_000) / 200_000, 0);
    expect(july.income.y + july.income.height).toBeCloseTo(chart.plot.bottom, 5);
    expect(chart.months[3]!.income.height).toBe(0);
    expect(chart.months.map((month) => month.label)).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
    // Income left of expense, inside the plot.
    for (const month of chart.months) {
      expect(month.income.x).toBeLessThan(month.expense.x);
      expect(month.income.x).toBeGreaterThanOrEqual(chart.plot.left);
      expect(month.expense.x + month.expense.width).toBeLessThanOrEqual(chart.plot.right);
    }
  });

  test("niceCeiling rounds up to 1, 2, 3, 4, 6 or 8 times a power of ten, whose quarters are round", () => {
    expect([0, 1, 3, 5, 7, 12, 153_000, 200_000, 200_001, 203_000, 450_000].map(niceCeiling)).toEqual([1, 1, 3, 6, 8, 20, 200_000, 200_000, 300_000, 300_000, 600_000]);
  });
});

describe("days and years", () => {
  test("localDay is the band's calendar day", () => {
    const instant = new Date("2024-03-09T03:00:00Z");
    expect(localDay(instant, "UTC")).toBe("2024-03-09");
    expect(localDay(instant, "America/Chicago")).toBe("2024-03-08");
  });

  test("parseYear takes a plain four-digit year, else the fallback", () => {
    expect(parseYear("2023", 2024)).toBe(2023);
    expect(parseYear(" 2023 ", 2024)).toBe(2023);
    for (const bad of [null, "", "23", "2023.5", "abcd", "0001", "-2023"]) expect(parseYear(bad, 2024)).toBe(2024);
  });

  test("yearOptions runs from the first year with money to the last (or this year), newest first", () => {
    expect(yearOptions("2022-05-01", "2024-01-01", 2024, 2024)).toEqual([2024, 2023, 2022]);
    expect(yearOptions(null, null, 2024, 2024)).toEqual([2024]);
    expect(yearOptions(null, null, 2024, 2021)).toEqual([2024, 2023, 2022, 2021]);
    // Money dated next year (a deposit for a gig in January) is in a year the picker offers.
    expect(yearOptions("2023-03-01", "2025-01-10", 2024, 2024)).toEqual([2025, 2024, 2023]);
    // An old typo (2100) does not list 75 empty years; it is reachable by asking for it.
    expect(yearOptions("2023-03-01", "2100-01-01", 2024, 2024)).toEqual([2025, 2024, 2023]);
    expect(yearOptions("2023-03-01", "2100-01-01", 2024, 2100)[0]).toBe(2100);
  });
});
