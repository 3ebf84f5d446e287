import { data } from "@remix-run/node";
import { isoInZone } from "~/utils/zone-offsets";
import { db } from "~/utils/db.server";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { displayName } from "~/utils/names";
import { RuleError } from "~/utils/rule-error";
import { fileSlug, safeCell, spreadsheetCsv as csv } from "~/utils/spreadsheet.server";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { ENTRY_FIELDS, financesPlan, type FinancesPlan } from "./finances.server";
import { EXPENSE_CATEGORIES, INCOME_CATEGORIES, LINE_KINDS, PAYMENT_METHODS, PAYOUT_DIRECTIONS, SPLIT_METHODS } from "./ledger";
import { FIRST_YEAR, LAST_YEAR, gigProfitAndLoss, localDay, memberStatement, parseYear, yearOptions, yearTotals, type Gig, type MemberStatement, type ProfitAndLoss, type ReportEntry, type YearTotals } from "./reports";
import { formatDayShort } from "~/features/availability/local-day";

/**
 * Finance reports read from the ledger: per-gig profit and loss, the year by month and
 * category, each member's yearly statement (PDF and CSV) and CSV exports of every
 * ledger. A fixed number of queries whatever the band's size; reports.ts adds up.
 *
 * Who sees what ("finances:view"): leaders and admins everything, anyone's statement;
 * members the band's totals by month and category and their own statement; subs only
 * their own statement. The Pro rule is the finances one (financesPlan in finances.server.ts):
 * a band that fell back to free reads its reports and downloads, read-only; a free band
 * that never recorded money gets 402.
 */

export const REPORT_MESSAGES = {
  ownStatementOnly: "You can see only your own statement",
  memberNotFound: "Member not found",
  exportsForManagers: "Only band leaders and admins can export the ledgers",
  unknownLedger: "Choose a ledger to export: payments, expenses, payouts, splits or ledger",
  badYear: `Choose a year from ${FIRST_YEAR} to ${LAST_YEAR}, like 2026, or leave it out for every year`,
  reportYear: `Choose a year from ${FIRST_YEAR} to ${LAST_YEAR}, like 2026, or leave it out for this year`,
};

/** The `year` of an /api request for the reports, refused (400 under `year`) when given but not a year the reports cover. */
export function requireReportYear(value: string | null) {
  if (value !== null && Number.isNaN(parseYear(value, Number.NaN))) throw new RuleError(400, REPORT_MESSAGES.reportYear, "year");
  return value;
}

// ---------------------------------------------------------------------------------
// Reading

type YearRange = { from: string; to: string };
const yearRange = (year: number): YearRange => ({ from: `${year}-01-01`, to: `${year + 1}-01-01` });

const entrySelect = {
  ...ENTRY_FIELDS,
  lines: { orderBy: { id: "asc" }, select: { userId: true, memberName: true, kind: true, amountMinor: true } },
  payment: { select: { category: true, eventId: true, amountMinor: true, feeAgreedMinor: true, method: true, receivedByUserId: true, receivedByName: true } },
  expense: { select: { category: true, eventId: true, amountMinor: true, note: true, receiptUrl: true, paidByUserId: true, paidByName: true, splitId: true } },
  split: {
    select: {
      id: true,
      method: true,
      amountMinor: true,
      commissionMinor: true,
      fundCutMinor: true,
      payment: { select: { eventId: true, entryId: true } },
      shares: { orderBy: { position: "asc" }, select: { userId: true, memberName: true, percentBp: true, fixedMinor: true, amountMinor: true } },
    },
  },
} as const;

/**
 * The band's entries whose money counts in `range` (all of them without one): entries
 * dated in it, and reversals of entries dated in it, since a reversal counts on its
 * original's day. Five queries however many entries (the entries, their lines and
 * detail rows), six with `payouts`.
 */
async function readEntries(bandId: number, range: YearRange | null, { payouts = false } = {}) {
  const inRange = range ? { gte: range.from, lt: range.to } : undefined;
  return db.ledgerEntry.findMany({
    where: { bandId, ...(inRange ? { OR: [{ reversesId: null, occurredOn: inRange }, { reverses: { occurredOn: inRange } }] } : {}) },
    orderBy: [{ occurredOn: "asc" }, { id: "asc" }],
    select: { ...entrySelect, ...(payouts ? { payout: { select: { userId: true, memberName: true, direction: true, amountMinor: true, method: true, note: true } } } : {}) },
  });
}

type EntryRow = Awaited<ReturnType<typeof readEntries>>[number] & {
  payout?: { userId: string; memberName: string; direction: string; amountMinor: number; method: string; note: string | null } | null;
};

/**
 * The rows as reports.ts reads them. A reversal takes its original's day when the
 * original is among the rows (always, for a range: see readEntries); a commission takes
 * the gig of the split that charged it.
 */
function toReportEntries(rows: EntryRow[]): ReportEntry[] {
  const dayOf = new Map(rows.map((row) => [row.id, row.occurredOn]));
  const splitEvent = new Map(rows.flatMap((row) => (row.split ? [[row.split.id, row.split.payment.eventId] as const] : [])));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    day: (row.reversesId !== null ? dayOf.get(row.reversesId) : undefined) ?? row.occurredOn,
    rootId: row.reversesId ?? row.id,
    isReversal: row.reversesId !== null,
    description: row.description,
    eventId: row.payment?.eventId ?? row.expense?.eventId ?? (row.expense?.splitId ? (splitEvent.get(row.expense.splitId) ?? null) : null) ?? row.split?.payment.eventId ?? null,
    category: row.payment?.category ?? row.expense?.category ?? null,
    feeAgreedMinor: row.payment?.feeAgreedMinor ?? null,
    shares: row.split?.shares.map((share) => ({ userId: share.userId, fixed: share.fixedMinor !== null })),
    lines: row.lines,
  }));
}

/**
 * The gigs `entries` name, by id, with their day in the band's time zone. One query, run
 * even when no entry names a gig, so the page's query count does not depend on its data.
 */
async function readGigs(bandId: number, eventIds: number[], timeZone: string): Promise<Map<number, Gig>> {
  const unique = [...new Set(eventIds)];
  const events = await db.event.findMany({ where: { bandId, id: { in: unique } }, select: { id: true, title: true, kind: true, startsAt: true, feeMinor: true } });
  return new Map(events.map((event) => [event.id, { id: event.id, title: event.title, kind: event.kind, day: localDay(event.startsAt, timeZone), feeMinor: event.feeMinor }]));
}

/** A member's balance before `year`: every line of theirs counting on an earlier day. One query. */
async function openingBalance(bandId: number, userId: string, year: number) {
  const before = { lt: yearRange(year).from };
  const result = await db.ledgerLine.aggregate({
    where: { bandId, userId, entry: { OR: [{ reversesId: null, occurredOn: before }, { reverses: { occurredOn: before } }] } },
    _sum: { amountMinor: true },
  });
  return result._sum.amountMinor ?? 0;
}

type Person = { userId: string; name: string };

/** The band's members by name, and anyone else named in `entries` (a member who has left) by the name they had. Two queries. */
async function readPeople(bandId: number, entries: readonly ReportEntry[]): Promise<Person[]> {
  const memberships = await db.bandMembership.findMany({
    where: { bandId },
    select: { userId: true, displayName: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  const people = new Map<string, string>(memberships.map((m) => [m.userId, displayName({ displayName: m.displayName, ...m.user })]));
  for (const entry of entries) for (const line of entry.lines) if (line.userId && !people.has(line.userId)) people.set(line.userId, line.memberName ?? "Former member");
  return [...people.entries()].map(([userId, name]) => ({ userId, name })).sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}


/** What "finances:view" lets this member see of the reports. */
function scopeOf(access: BandAccess): "all" | "totals" | "own" {
  const grant = requireGrant(access, "finances:view");
  if (grant === true) return "all";
  return grant === "totals" ? "totals" : "own";
}

/** Whose statement: `requested` (a userId) or the member's own; only leaders and admins may ask for someone else's. */
function statementSubject(access: BandAccess, scope: ReturnType<typeof scopeOf>, requested: string | null | undefined) {
  const userId = requested?.trim() || access.user.id;
  if (userId !== access.user.id && scope !== "all") throw new RuleError(403, REPORT_MESSAGES.ownStatementOnly);
  return userId;
}

export type ReportsQuery = { year?: string | null; member?: string | null };

export type FinanceReports = {
  plan: FinancesPlan;
  year: number;
  years: number[];
  currency: string;
  /** Per-gig profit and loss: leaders and admins. */
  profitAndLoss: ProfitAndLoss | null;
  /** The year by month and category: everyone but subs. */
  totals: YearTotals | null;
  statement: MemberStatement & { name: string };
  /** Whose statements this member may open: everyone for leaders and admins, else only themselves. */
  people: Person[];
};

/**
 * The reports of `query.year` (this year in the band's time zone by default) as this
 * member may see them, with the statement of `query.member` (their own by default).
 * A fixed number of queries whatever the band's size. Throws a RuleError: 402 for a free band, 403
 * for someone else's statement without the grant, 404 for a person the band never had.
 */
export async function getFinanceReports(access: BandAccess, query: ReportsQuery = {}): Promise<FinanceReports> {
  const scope = scopeOf(access);
  const plan = await financesPlan(access);
  const subject = statementSubject(access, scope, query.member);
  const band = access.band;
  // The first and the last day with money: the years offered run between them (and this year).
  const { _min: first, _max: last } = await db.ledgerEntry.aggregate({ where: { bandId: access.band.id }, _min: { occurredOn: true }, _max: { occurredOn: true } });
  const thisYear = Number(localDay(new Date(), band.timeZone).slice(0, 4));
  const year = parseYear(query.year, thisYear);
  const rows = await readEntries(access.band.id, yearRange(year));
  const entries = toReportEntries(rows);
  const [gigs, people, opening] = await Promise.all([
    readGigs(access.band.id, entries.flatMap((entry) => (entry.eventId === null ? [] : [entry.eventId])), band.timeZone),
    readPeople(access.band.id, entries),
    openingBalance(access.band.id, subject, year),
  ]);
  const person = people.find((candidate) => candidate.userId === subject);
  if (!person) throw new RuleError(404, REPORT_MESSAGES.memberNotFound);
  return {
    plan,
    year,
    years: yearOptions(first.occurredOn, last.occurredOn, thisYear, year),
    currency: band.currency,
    profitAndLoss: scope === "all" ? gigProfitAndLoss(entries, gigs) : null,
    totals: scope === "own" ? null : yearTotals(entries, year),
    statement: { ...memberStatement(entries, subject, year, opening, gigs), name: person.name },
    people: scope === "all" ? people : [person],
  };
}

/** The reports page (after financePageGate): a refusal (403, 404) is the page's error. */
export async function getFinanceReportsPage(access: BandAccess, query: ReportsQuery): Promise<FinanceReports> {
  try {
    return await getFinanceReports(access, query);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    throw data({ message: error.message }, { status: error.status });
  }
}

/** The reports as the API answers them (Pro only, like every finance endpoint): amounts in minor units, with the currency. */
export function financeReportsJson(reports: FinanceReports) {
  return {
    year: reports.year,
    years: reports.years,
    currency: reports.currency,
    profitAndLoss: reports.profitAndLoss,
    totals: reports.totals,
    statement: reports.statement,
    people: reports.people,
  };
}

// ---------------------------------------------------------------------------------
// Downloads

export type Download = { fileName: string; contentType: string; body: string | Uint8Array };

/** A download route's answer: the file, or for a refusal (402 for a free band, 403, 404) its message as text. */
export async function downloadResponse(make: () => Promise<Download>): Promise<Response> {
  let file: Download;
  try {
    file = await make();
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  return new Response(typeof file.body === "string" ? file.body : new Uint8Array(file.body), {
    headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.fileName}"`, "Cache-Control": "private, no-store" },
  });
}

export const STATEMENT_SECTIONS = {
  share: "Share of a gig fee",
  fixed: "Fixed fee",
  reimbursement: "Expense paid out of pocket (owed back)",
  payout: "Payout received",
  collected: "Cash collected for the band",
  handedOver: "Cash handed to the band",
} as const;

/** The statement's summary lines, in order: what the year started with, what moved, where it ended. */
export function statementSummary(statement: MemberStatement) {
  const t = statement.totals;
  return [
    { key: "opening", label: `Owed to you on Jan 1, ${statement.year}`, minor: t.openingMinor },
    { key: "shares", label: "Shares of gig fees", minor: t.sharesMinor },
    { key: "fixed", label: "Fixed fees", minor: t.fixedFeesMinor },
    { key: "earned", label: "Total earned from the band", minor: t.earnedMinor },
    { key: "reimbursements", label: "Expenses paid out of pocket (owed back, not earnings)", minor: t.reimbursementsMinor },
    { key: "payouts", label: "Payouts received", minor: t.payoutsMinor },
    { key: "collected", label: "Cash collected for the band", minor: t.collectedMinor },
    { key: "handedOver", label: "Cash handed to the band", minor: t.handedOverMinor },
    { key: "closing", label: `Owed to you on Dec 31, ${statement.year}`, minor: t.closingMinor },
  ] as const;
}

/** Every row of a statement, by section, as [section, row]. */
export function statementRows(statement: MemberStatement) {
  return [
    ...statement.earnings.map((row) => [row.type === "fixed" ? STATEMENT_SECTIONS.fixed : STATEMENT_SECTIONS.share, row] as const),
    ...statement.reimbursements.map((row) => [STATEMENT_SECTIONS.reimbursement, row] as const),
    ...statement.payouts.map((row) => [STATEMENT_SECTIONS.payout, row] as const),
    ...statement.collected.map((row) => [STATEMENT_SECTIONS.collected, row] as const),
    ...statement.handedOver.map((row) => [STATEMENT_SECTIONS.handedOver, row] as const),
  ];
}

/** The yearly statement of `query.member` (else the member's own) as CSV: one row per entry, then the summary. */
export async function statementCsv(access: BandAccess, query: ReportsQuery): Promise<Download> {
  // A year asked for and not a year ("abc", 1900) is refused, not answered with this year's file.
  const reports = await getFinanceReports(access, { ...query, year: requireReportYear(query.year ?? null) });
  const { statement, currency } = reports;
  const amount = (minor: number) => formatAmountInput(minor, currency);
  // The last column says each row's effect on what the band owes the member (payouts and
  // cash collected lower it), and the opening balance, so that it adds up to the closing line.
  const rows: (string | number)[][] = [["Date", "Section", "Description", "Gig", "Amount", "Currency", "Change to what you are owed"]];
  const lowers = new Set<string>([STATEMENT_SECTIONS.payout, STATEMENT_SECTIONS.collected]);
  for (const [section, row] of statementRows(statement)) {
    rows.push([row.day, section, safeCell(row.description), safeCell(row.gig), amount(row.amountMinor), currency, amount(lowers.has(section) ? -row.amountMinor : row.amountMinor)]);
  }
  for (const line of statementSummary(statement)) rows.push(["", "Summary", line.label, "", amount(line.minor), currency, line.key === "opening" ? amount(line.minor) : ""]);
  return { fileName: statementFileName(access.band.name, statement.name, statement.year, "csv"), contentType: "text/csv; charset=utf-8", body: csv(rows) };
}

export function statementFileName(bandName: string, memberName: string, year: number, extension: "csv" | "pdf") {
  return `${fileSlug(bandName, "band")}-statement-${fileSlug(memberName, "member")}-${year}.${extension}`;
}

/** The statement as the PDF renders it: formatted money, the band's name. */
export async function statementForPdf(access: BandAccess, query: ReportsQuery) {
  const reports = await getFinanceReports(access, { ...query, year: requireReportYear(query.year ?? null) });
  const money = (minor: number) => formatMoney(minor, reports.currency);
  return {
    bandName: access.band.name,
    fileName: statementFileName(access.band.name, reports.statement.name, reports.year, "pdf"),
    name: reports.statement.name,
    year: reports.year,
    currency: reports.currency,
    rows: statementRows(reports.statement).map(([section, row]) => ({ section, day: formatDayShort(row.day), description: row.description, gig: row.gig, amount: money(row.amountMinor) })),
    summary: statementSummary(reports.statement).map((line) => ({ ...line, amount: money(line.minor) })),
  };
}

// ---------------------------------------------------------------------------------
// Ledger exports

export const LEDGERS = {
  payments: "Payments (income)",
  expenses: "Expenses",
  payouts: "Payouts",
  splits: "Splits",
  ledger: "Full ledger (every balance line)",
} as const;
export type LedgerName = keyof typeof LEDGERS;

const label = (table: Record<string, string>, key: string | null | undefined) => (key ? (table[key] ?? key) : "");

/**
 * One ledger of the band as CSV, every entry as recorded (reversals are rows of their
 * own, naming the entry they reverse), oldest first; `year` limits it to the money
 * counting in that year. Leaders and admins only.
 */
export async function ledgerCsv(access: BandAccess, ledger: string | null | undefined, yearParam?: string | null): Promise<Download> {
  await financesPlan(access);
  if (grantIn(access, "finances:view") !== true) throw new RuleError(403, REPORT_MESSAGES.exportsForManagers);
  if (!ledger || !Object.hasOwn(LEDGERS, ledger)) throw new RuleError(400, REPORT_MESSAGES.unknownLedger);
  const name = ledger as LedgerName;
  const band = access.band;
  const year = yearParam ? parseYear(yearParam, Number.NaN) : null;
  if (year !== null && !Number.isFinite(year)) throw new RuleError(400, REPORT_MESSAGES.badYear);
  const rows = (await readEntries(access.band.id, year ? yearRange(year) : null, { payouts: name === "payouts" || name === "ledger" })) as EntryRow[];
  const gigs = await readGigs(access.band.id, rows.flatMap((row) => [row.payment?.eventId, row.expense?.eventId, row.split?.payment.eventId].filter((id): id is number => typeof id === "number")), band.timeZone);
  const currency = band.currency;
  const amount = (minor: number | null | undefined) => (minor === null || minor === undefined ? "" : formatAmountInput(minor, currency));
  const gig = (eventId: number | null | undefined) => safeCell(eventId ? (gigs.get(eventId)?.title ?? "") : "");
  const common = (row: EntryRow) => [row.id, row.occurredOn, safeCell(row.description)];
  // When it was recorded, in the band's zone as the pages say it, with the offset that makes it exact.
  const recorded = (row: EntryRow) => [row.reversesId ?? "", safeCell(row.createdByName), isoInZone(row.createdAt, band.timeZone)];
  const tail = ["Reverses entry", "Recorded by", "Recorded at"];

  let table: (string | number)[][];
  if (name === "payments") {
    table = [["Entry", "Date", "Description", "Category", "Gig", "Fee agreed", "Amount received", "Currency", "Method", "Received by", ...tail]];
    for (const row of rows) {
      const p = row.payment;
      if (!p) continue;
      table.push([...common(row), label(INCOME_CATEGORIES, p.category), gig(p.eventId), amount(p.feeAgreedMinor), amount(p.amountMinor), currency, label(PAYMENT_METHODS, p.method), safeCell(p.receivedByName ?? (p.receivedByUserId ? "" : "Band account")), ...recorded(row)]);
    }
  } else if (name === "expenses") {
    table = [["Entry", "Date", "Description", "Category", "Amount", "Currency", "Paid by", "Event", "Note", "Receipt link", ...tail]];
    for (const row of rows) {
      const e = row.expense;
      if (!e) continue;
      table.push([...common(row), label(EXPENSE_CATEGORIES, e.category), amount(e.amountMinor), currency, safeCell(e.paidByName ?? (e.paidByUserId ? "" : "Band fund")), gig(e.eventId), safeCell(e.note), safeCell(e.receiptUrl), ...recorded(row)]);
    }
  } else if (name === "payouts") {
    table = [["Entry", "Date", "Description", "Member", "Direction", "Amount", "Currency", "Method", "Note", ...tail]];
    for (const row of rows) {
      const p = row.payout;
      if (!p) continue;
      table.push([...common(row), safeCell(p.memberName), label(PAYOUT_DIRECTIONS, p.direction), amount(p.amountMinor), currency, label(PAYMENT_METHODS, p.method), safeCell(p.note), ...recorded(row)]);
    }
  } else if (name === "splits") {
    table = [["Entry", "Date", "Description", "Gig", "Payment entry", "Method", "Payment amount", "Commission", "Band fund's cut", "Member", "Percentage", "Fixed fee", "Share", "Currency", ...tail]];
    for (const row of rows) {
      const s = row.split;
      if (!s) continue;
      for (const share of s.shares) {
        const percent = share.percentBp === null ? "" : `${(share.percentBp / 100).toFixed(2)}%`;
        table.push([...common(row), gig(s.payment.eventId), s.payment.entryId, label(SPLIT_METHODS, s.method), amount(s.amountMinor), amount(s.commissionMinor), amount(s.fundCutMinor), safeCell(share.memberName), percent, amount(share.fixedMinor), amount(share.amountMinor), currency, ...recorded(row)]);
      }
    }
  } else {
    table = [["Entry", "Date", "Kind", "Description", "Entry amount", "Balance", "Line", "Line amount", "Currency", ...tail]];
    const kinds: Record<string, string> = { payment: "Payment", expense: "Expense", payout: "Payout", split: "Split" };
    for (const row of rows) {
      for (const line of row.lines) {
        table.push([row.id, row.occurredOn, label(kinds, row.kind), safeCell(row.description), amount(row.amountMinor), line.userId === null ? "Band fund" : safeCell(line.memberName ?? ""), label(LINE_KINDS, line.kind), amount(line.amountMinor), currency, ...recorded(row)]);
      }
    }
  }
  const suffix = year && Number.isFinite(year) ? `-${year}` : "";
  return { fileName: `${fileSlug(access.band.name, "band")}-${name}${suffix}.csv`, contentType: "text/csv; charset=utf-8", body: csv(table) };
}
