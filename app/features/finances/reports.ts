/**
 * Finance reports as pure functions over the ledger (no database): per-gig profit and
 * loss, a year's totals by month and by category, a member's yearly statement, and the
 * geometry of the month chart. reports.server.ts reads the entries; these add them up.
 *
 * Amounts are integer minor units of the band's currency. Sums are taken over the
 * entries' lines (ledger.ts): a reversal's lines are the original's negated, so a
 * corrected entry and its reversal cancel. A reversal counts on its original's day
 * (`ReportEntry.day`), so a correction nets out in the month, year and gig of the
 * mistake rather than moving money between periods.
 */
import { EXPENSE_CATEGORIES, INCOME_CATEGORIES } from "./ledger";

export type ReportLine = { userId: string | null; memberName: string | null; kind: string; amountMinor: number };

export type ReportEntry = {
  id: number;
  kind: string;
  /** "YYYY-MM-DD" the money counts on: the entry's own day, or for a reversal its original's. */
  day: string;
  /** The entry a reversal reverses; else the entry itself. */
  rootId: number;
  isReversal: boolean;
  description: string;
  /** The gig the money belongs to: a payment's or expense's event, a split's payment's event, a commission's split's. */
  eventId: number | null;
  /** A payment's or expense's category. */
  category: string | null;
  /** A payment's agreed fee. */
  feeAgreedMinor?: number | null;
  /** A split's people, and whether each was paid a fixed fee. */
  shares?: { userId: string; fixed: boolean }[];
  lines: ReportLine[];
};

/** An event money is linked to: a gig mostly; an expense may name any kind (a rehearsal's room hire). */
export type Gig = { id: number; title: string; day: string; feeMinor: number | null; kind?: string };

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/** Money into the band (its "income" fund lines). */
const incomeOf = (entry: ReportEntry) => sum(entry.lines.filter((line) => line.userId === null && line.kind === "income").map((line) => line.amountMinor));
/** Money spent, positive (minus its "expense" fund lines), whoever paid it. */
const expenseOf = (entry: ReportEntry) => -sum(entry.lines.filter((line) => line.userId === null && line.kind === "expense").map((line) => line.amountMinor));
/** What a split gave the people (their "share" lines). */
const sharesOf = (entry: ReportEntry) => sum(entry.lines.filter((line) => line.userId !== null && line.kind === "share").map((line) => line.amountMinor));

/** Ids of entries that a reversal among `entries` cancels. */
function reversedIds(entries: readonly ReportEntry[]) {
  return new Set(entries.filter((entry) => entry.isReversal).map((entry) => entry.rootId));
}

// ---------------------------------------------------------------------------------
// Per-gig profit and loss

export type GigProfitAndLoss = {
  eventId: number;
  title: string;
  day: string;
  /**
   * The gig's own fee (what its event page shows), else the agreed fee the latest payment
   * still standing states; null when neither says. One figure, never a sum: the payment
   * form offers the gig's fee again for each instalment.
   */
  feeAgreedMinor: number | null;
  incomeMinor: number;
  expensesMinor: number;
  /** Shares and fixed fees paid to the people who played. */
  sharesMinor: number;
  /** What the band keeps: income − expenses − shares. */
  netMinor: number;
};

export type ProfitAndLoss = { gigs: GigProfitAndLoss[]; totals: Omit<GigProfitAndLoss, "eventId" | "title" | "day" | "feeAgreedMinor"> };

/**
 * One row per gig with money linked to it among `entries` (payments received for it,
 * expenses and commissions linked to it, splits of its payments), by the gig's day.
 * A gig whose entries all cancel out is left out.
 */
export function gigProfitAndLoss(entries: readonly ReportEntry[], gigs: ReadonlyMap<number, Gig>): ProfitAndLoss {
  const reversed = reversedIds(entries);
  const rows = new Map<number, GigProfitAndLoss & { touched: boolean }>();
  for (const entry of entries) {
    if (entry.eventId === null) continue;
    const gig = gigs.get(entry.eventId);
    // Profit and loss is per gig: a rehearsal's room hire is an expense of the band, not a gig's.
    if (!gig || (gig.kind !== undefined && gig.kind !== "gig")) continue;
    let row = rows.get(gig.id);
    if (!row) {
      row = { eventId: gig.id, title: gig.title, day: gig.day, feeAgreedMinor: null, incomeMinor: 0, expensesMinor: 0, sharesMinor: 0, netMinor: 0, touched: false };
      rows.set(gig.id, row);
    }
    row.incomeMinor += incomeOf(entry);
    row.expensesMinor += expenseOf(entry);
    row.sharesMinor += sharesOf(entry);
    if (entry.kind === "payment" && !entry.isReversal && !reversed.has(entry.id)) {
      row.touched = true;
      if (entry.feeAgreedMinor !== null && entry.feeAgreedMinor !== undefined) row.feeAgreedMinor = entry.feeAgreedMinor;
    }
  }
  const result: GigProfitAndLoss[] = [];
  for (const { touched, ...row } of rows.values()) {
    if (!touched && row.incomeMinor === 0 && row.expensesMinor === 0 && row.sharesMinor === 0) continue;
    const gig = gigs.get(row.eventId)!;
    result.push({ ...row, feeAgreedMinor: gig.feeMinor ?? row.feeAgreedMinor, netMinor: row.incomeMinor - row.expensesMinor - row.sharesMinor });
  }
  result.sort((a, b) => a.day.localeCompare(b.day) || a.title.localeCompare(b.title) || a.eventId - b.eventId);
  const totals = {
    incomeMinor: sum(result.map((row) => row.incomeMinor)),
    expensesMinor: sum(result.map((row) => row.expensesMinor)),
    sharesMinor: sum(result.map((row) => row.sharesMinor)),
    netMinor: sum(result.map((row) => row.netMinor)),
  };
  return { gigs: result, totals };
}

// ---------------------------------------------------------------------------------
// A year's totals by month and by category

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

export type MonthTotal = { month: number; name: string; incomeMinor: number; expenseMinor: number; netMinor: number };
export type CategoryTotal = { category: string; label: string; minor: number };
export type YearTotals = {
  year: number;
  months: MonthTotal[];
  income: CategoryTotal[];
  expenses: CategoryTotal[];
  incomeMinor: number;
  expenseMinor: number;
  netMinor: number;
};

const incomeLabel = (category: string) => (INCOME_CATEGORIES as Record<string, string>)[category] ?? category;
const expenseLabel = (category: string) => (EXPENSE_CATEGORIES as Record<string, string>)[category] ?? category;

/**
 * Income (every payment received) and expenses (every expense, whoever paid it) of
 * `year`, a row per month (all twelve) and per category (those with money, in the
 * categories' own order). Splits and payouts move money inside the band and are neither.
 */
export function yearTotals(entries: readonly ReportEntry[], year: number): YearTotals {
  const months: MonthTotal[] = MONTH_NAMES.map((name, index) => ({ month: index + 1, name, incomeMinor: 0, expenseMinor: 0, netMinor: 0 }));
  const income = new Map<string, number>();
  const expenses = new Map<string, number>();
  const prefix = `${year}-`;
  for (const entry of entries) {
    if (!entry.day.startsWith(prefix)) continue;
    const month = months[Number(entry.day.slice(5, 7)) - 1];
    if (!month) continue;
    const inMinor = incomeOf(entry);
    const outMinor = expenseOf(entry);
    month.incomeMinor += inMinor;
    month.expenseMinor += outMinor;
    if (inMinor !== 0) income.set(entry.category ?? "other", (income.get(entry.category ?? "other") ?? 0) + inMinor);
    if (outMinor !== 0) expenses.set(entry.category ?? "other", (expenses.get(entry.category ?? "other") ?? 0) + outMinor);
  }
  for (const month of months) month.netMinor = month.incomeMinor - month.expenseMinor;
  const ordered = (totals: Map<string, number>, known: readonly string[], label: (category: string) => string) =>
    [...totals.entries()]
      .filter(([, minor]) => minor !== 0)
      .sort(([a], [b]) => rank(known, a) - rank(known, b) || a.localeCompare(b))
      .map(([category, minor]) => ({ category, label: label(category), minor }));
  const incomeMinor = sum(months.map((month) => month.incomeMinor));
  const expenseMinor = sum(months.map((month) => month.expenseMinor));
  return {
    year,
    months,
    income: ordered(income, Object.keys(INCOME_CATEGORIES), incomeLabel),
    expenses: ordered(expenses, Object.keys(EXPENSE_CATEGORIES), expenseLabel),
    incomeMinor,
    expenseMinor,
    netMinor: incomeMinor - expenseMinor,
  };
}

function rank(known: readonly string[], category: string) {
  const index = known.indexOf(category);
  return index === -1 ? known.length : index;
}

// ---------------------------------------------------------------------------------
// A member's yearly statement

export type StatementRow = { entryId: number; day: string; description: string; gig: string | null; amountMinor: number };
export type EarningRow = StatementRow & { type: "share" | "fixed" };

export type MemberStatement = {
  userId: string;
  year: number;
  /** Shares of gig fees and fixed fees: what the member earned from the band. */
  earnings: EarningRow[];
  /** Expenses they paid out of pocket, owed back: not earnings. */
  reimbursements: StatementRow[];
  /** Money the band paid them. */
  payouts: StatementRow[];
  /** Money they received for the band (it comes off what they are owed). */
  collected: StatementRow[];
  /** Cash they handed to the band. */
  handedOver: StatementRow[];
  totals: {
    sharesMinor: number;
    fixedFeesMinor: number;
    earnedMinor: number;
    reimbursementsMinor: number;
    payoutsMinor: number;
    collectedMinor: number;
    handedOverMinor: number;
    /** What the band owed them when the year began (negative: they owed the band). */
    openingMinor: number;
    /** What the band owed them when the year ended. */
    closingMinor: number;
  };
};

/**
 * What `userId` earned from the band in `year` (shares and fixed fees), what they were
 * owed back for expenses, what they were paid out, and the cash they collected or handed
 * over, a row per entry (a reversed entry and its reversal make one row, left out when
 * they cancel), by day. `openingMinor` is their balance before the year.
 */
export function memberStatement(entries: readonly ReportEntry[], userId: string, year: number, openingMinor: number, gigs: ReadonlyMap<number, Gig> = new Map()): MemberStatement {
  type Group = { root: ReportEntry | undefined; first: ReportEntry; byKind: Map<string, number>; fixed: boolean };
  const groups = new Map<number, Group>();
  const prefix = `${year}-`;
  for (const entry of entries) {
    if (!entry.day.startsWith(prefix)) continue;
    const mine = entry.lines.filter((line) => line.userId === userId);
    if (mine.length === 0) continue;
    let group = groups.get(entry.rootId);
    if (!group) {
      group = { root: undefined, first: entry, byKind: new Map(), fixed: false };
      groups.set(entry.rootId, group);
    }
    if (!entry.isReversal) group.root = entry;
    for (const line of mine) group.byKind.set(line.kind, (group.byKind.get(line.kind) ?? 0) + line.amountMinor);
    if (entry.shares?.some((share) => share.userId === userId && share.fixed)) group.fixed = true;
  }

  const statement: MemberStatement = {
    userId,
    year,
    earnings: [],
    reimbursements: [],
    payouts: [],
    collected: [],
    handedOver: [],
    totals: { sharesMinor: 0, fixedFeesMinor: 0, earnedMinor: 0, reimbursementsMinor: 0, payoutsMinor: 0, collectedMinor: 0, handedOverMinor: 0, openingMinor, closingMinor: openingMinor },
  };
  const ordered = [...groups.entries()].sort(([idA, a], [idB, b]) => (a.root ?? a.first).day.localeCompare((b.root ?? b.first).day) || idA - idB);
  for (const [rootId, group] of ordered) {
    const entry = group.root ?? group.first;
    const gig = entry.eventId === null ? null : (gigs.get(entry.eventId)?.title ?? null);
    const row = (amountMinor: number): StatementRow => ({ entryId: rootId, day: entry.day, description: entry.description, gig, amountMinor });
    for (const [kind, amount] of group.byKind) {
      if (amount === 0) continue;
      if (kind === "share") statement.earnings.push({ ...row(amount), type: group.fixed ? "fixed" : "share" });
      else if (kind === "reimbursable") statement.reimbursements.push(row(amount));
      else if (kind === "payout") statement.payouts.push(row(-amount));
      else if (kind === "collected") statement.collected.push(row(-amount));
      else if (kind === "handover") statement.handedOver.push(row(amount));
      statement.totals.closingMinor += amount;
    }
  }
  const totals = statement.totals;
  totals.sharesMinor = sum(statement.earnings.filter((row) => row.type === "share").map((row) => row.amountMinor));
  totals.fixedFeesMinor = sum(statement.earnings.filter((row) => row.type === "fixed").map((row) => row.amountMinor));
  totals.earnedMinor = totals.sharesMinor + totals.fixedFeesMinor;
  totals.reimbursementsMinor = sum(statement.reimbursements.map((row) => row.amountMinor));
  totals.payoutsMinor = sum(statement.payouts.map((row) => row.amountMinor));
  totals.collectedMinor = sum(statement.collected.map((row) => row.amountMinor));
  totals.handedOverMinor = sum(statement.handedOver.map((row) => row.amountMinor));
  return statement;
}

// ---------------------------------------------------------------------------------
// The month chart

export type ChartBar = { x: number; y: number; width: number; height: number; minor: number };
export type MonthChart = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** Gridlines from zero up, in minor units, with their y. */
  ticks: { minor: number; y: number }[];
  months: { name: string; label: string; x: number; income: ChartBar; expense: ChartBar }[];
};

/**
 * The smallest 1, 2, 3, 4, 6 or 8 × 10ⁿ at least `value` (1 for nothing): the chart's top,
 * whose quarters (its gridlines) stay round. With 5 among them, a best month of $2,030
 * drew an axis to $5,000 in steps of $1,250, the bars filling 40 % of it.
 */
export function niceCeiling(value: number) {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 3, 4, 6, 8, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Where the bars go in an SVG of `width` × `height`: per month an income bar and an
 * expense bar side by side, scaled to a rounded maximum with four gridlines. Negative
 * months (more reversed than recorded) draw as empty bars.
 */
export function monthChart(months: readonly MonthTotal[], { width = 720, height = 280 } = {}): MonthChart {
  const plot = { left: 72, top: 12, right: width - 8, bottom: height - 28 };
  const top = niceCeiling(Math.max(0, ...months.flatMap((month) => [month.incomeMinor, month.expenseMinor])));
  const scale = (minor: number) => ((plot.bottom - plot.top) * Math.max(0, minor)) / top;
  const slot = (plot.right - plot.left) / Math.max(1, months.length);
  const barWidth = Math.max(2, Math.floor((slot - 8) / 2));
  const bar = (x: number, minor: number): ChartBar => {
    const h = Math.round(scale(minor) * 10) / 10;
    return { x: Math.round(x * 10) / 10, y: Math.round((plot.bottom - h) * 10) / 10, width: barWidth, height: h, minor };
  };
  return {
    width,
    height,
    plot,
    ticks: [0, 1, 2, 3, 4].map((step) => {
      const minor = (top * step) / 4;
      return { minor, y: Math.round((plot.bottom - scale(minor)) * 10) / 10 };
    }),
    months: months.map((month, index) => {
      const x = plot.left + index * slot;
      return {
        name: month.name,
        label: month.name.slice(0, 3),
        x: Math.round((x + slot / 2) * 10) / 10,
        income: bar(x + slot / 2 - barWidth - 1, month.incomeMinor),
        expense: bar(x + slot / 2 + 1, month.expenseMinor),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------
// Days and years

/** "YYYY-MM-DD" of `date` in `timeZone`. */
export function localDay(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

export const FIRST_YEAR = 1970;
export const LAST_YEAR = 9999;

/** The year a `?year=` asks for, or `fallback` when it is missing or not a plain year. */
export function parseYear(value: string | null | undefined, fallback: number) {
  if (!value || !/^\d{4}$/.test(value.trim())) return fallback;
  const year = Number(value.trim());
  return year >= FIRST_YEAR && year <= LAST_YEAR ? year : fallback;
}

/**
 * The years to offer, newest first: from the first with money (or this year) to the last
 * with money (or this year), with `selected` among them.
 */
export function yearOptions(firstDay: string | null, lastDay: string | null, thisYear: number, selected: number) {
  const first = Math.min(firstDay ? Number(firstDay.slice(0, 4)) : thisYear, thisYear, selected);
  // At most next year (no entry may be dated later now); an older typo's year (2100) is
  // still reachable by ?year=, without a picker of a hundred empty years.
  const last = Math.max(Math.min(lastDay ? Number(lastDay.slice(0, 4)) : thisYear, thisYear + 1), thisYear, selected);
  const years: number[] = [];
  for (let year = last; year >= first; year--) years.push(year);
  return years;
}
