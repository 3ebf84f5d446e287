/**
 * Finances (issue 9, Pro): the band's ledger, written once here for the /finances pages
 * and the /api endpoints. The money rules themselves are pure, in ledger.ts; this module
 * checks who may do what, reads and writes the ledger, and audits every change in its
 * own transaction.
 *
 * Who sees what ("finances:view"): leaders and admins (true) see everyone's line, every
 * entry, and record money ("finances:edit"); members ("totals") see the band's totals and
 * their own line with its history; subs ("own-balance") only their own line.
 *
 * Pro: a free band is refused every write (402). Its pages show the upgrade prompt; a
 * band that was Pro and fell back to free still sees what it recorded then, read-only,
 * behind that prompt, and reads it through /api too. Nothing is ever deleted by a downgrade.
 */
import { kindStyle } from "~/features/events/present";
import { data } from "@remix-run/node";
import { db, isUniqueViolation } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { displayName } from "~/utils/names";
import { formatMoney } from "~/utils/money";
import { pageWindow } from "~/utils/pagination";
import { recordAudit } from "~/features/audit/audit.server";
import { track } from "~/features/analytics/analytics.server";
import { dayOf } from "~/features/availability/local-day";
import { grantIn, requireBandAccess, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { parseId } from "~/utils/ids";
import { billingMode } from "~/features/billing/stripe.server";
import { MANUAL_PRO } from "~/features/billing/plans";
import { compareMembers } from "~/features/members/order";
import {
  BAND_PARTY,
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
  computeSplit,
  expenseLines,
  paymentLines,
  payoutLines,
  percentOf,
  reversedLines,
  settleUp,
  splitLines,
  type Line,
  type LineKind,
} from "./ledger";
import type { Cut, ExpenseInput, PaymentInput, PayoutInput, ReversalInput, SplitFormInput } from "./schema.server";

/**
 * Who can make a free band Pro here: its leader through Stripe, or, on an installation that
 * bills by hand (no Stripe keys), a platform admin; /subscription then offers no upgrade.
 */
const whoUpgrades = () => (billingMode() === "stripe" ? "The band leader can upgrade at /subscription." : MANUAL_PRO);
/** A free band's refused finances read (pages, downloads, /api). */
export const proRequiredMessage = () => `Finances is part of Pro, and this band is on the Free plan. ${whoUpgrades()}`;
/** Refused writes of a free band, whether it was Pro once (its records stay readable) or never was. */
export const readOnlyMessage = () => `Recording money is part of Pro, and this band is on the Free plan. Anything recorded while it was Pro stays readable. ${whoUpgrades()}`;

export const LEDGER_PER_PAGE = 25;

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/**
 * What has come in for a gig as its fee: its gig payments, in minor units (a reversal's
 * negated payment takes its payment back out of the sum). Through `client`, a write
 * transaction's to see a payment recorded at the same moment.
 */
export async function gigFeeReceived(client: Tx | typeof db, bandId: number, eventId: number) {
  const { _sum } = await client.payment.aggregate({ where: { bandId, eventId, category: "gig" }, _sum: { amountMinor: true } });
  return _sum.amountMinor ?? 0;
}

// ---------------------------------------------------------------------------------
// Who may do what

/** What this member may do in Finances; reads the table, decides nothing else. */
function rights(access: BandAccess) {
  const grant = requireGrant(access, "finances:view");
  return {
    /** Sees everyone's lines and every entry. */
    seesAll: grant === true,
    /** Sees the band's totals and fund (members, leaders, admins); subs see only their line. */
    seesTotals: grant === true || grant === "totals",
    canEdit: grantIn(access, "finances:edit") === true,
  };
}

/** Every write (and a form page): Pro only (402 otherwise), whoever asks. */
function requirePro(access: BandAccess, write: boolean) {
  if (!access.band.isPro) throw new RuleError(402, write ? readOnlyMessage() : proRequiredMessage());
}

/** A write: Pro (402), then the edit grant (403). */
function requireWriter(access: BandAccess) {
  requirePro(access, true);
  if (!rights(access).canEdit) throw new RuleError(403, "Only band leaders and admins record money");
}

/**
 * The gate of a page about one ledger entry (reverse, split): the entry's own band, as
 * long as the user is in it, whichever band is current (another tab may have switched
 * it since the ledger was opened); 404 with `notFound` for an entry of no band of theirs.
 */
export async function requireEntryAccess(request: Request, idParam: string | undefined, notFound: string) {
  const id = parseId(idParam);
  const entry = id ? await db.ledgerEntry.findUnique({ where: { id }, select: { bandId: true } }) : null;
  const access = await requireBandAccess(request, { band: entry?.bandId ?? null, permission: "finances:view", notFound });
  return { id: id!, access };
}

/**
 * The gate of every page action and POST endpoint, before the input is read: a free
 * band gets 402 and a member who may not record money 403, whatever they sent.
 */
export function requireFinanceWriter(access: BandAccess) {
  try {
    requireWriter(access);
  } catch (error) {
    if (error instanceof RuleError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * A money page form's gate, as requireFinanceWriter's (402 for a free band, 403 for a member
 * who may not record money), except that a leader's form in a band no longer Pro is answered on the form, its message with
 * what was typed kept (a form opened before Pro ended lost everything to an error screen).
 * Returns that message, or null.
 */
export function financeFormRefusal(access: BandAccess): string | null {
  try {
    requireWriter(access);
    return null;
  } catch (error) {
    if (error instanceof RuleError && error.status === 402) {
      // Someone who could not record money on Pro either is answered as before: no form of theirs.
      if (!rights(access).canEdit) throw data({ message: error.message }, { status: 402 });
      return error.message;
    }
    if (error instanceof RuleError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export type FinancesPlan = "pro" | "lapsed";

/**
 * The Pro rule of every finances read a band that fell back to free may keep (pages,
 * reports, downloads): "pro", or "lapsed" for a free band with money recorded (it reads,
 * read-only); a free band with nothing recorded gets a 402 RuleError. /api reads follow it
 * too (requireFinanceApi); writes are Pro only (requireFinanceWriter). One query, for a free band.
 */
export async function financesPlan(access: Pick<BandAccess, "band">): Promise<FinancesPlan> {
  if (access.band.isPro) return "pro";
  if (await hasFinanceRecords(access.band.id)) return "lapsed";
  throw new RuleError(402, proRequiredMessage());
}

/** Whether the band has recorded any money (what a band back on Free still reads). */
export async function hasFinanceRecords(bandId: number) {
  return (await db.ledgerEntry.findFirst({ where: { bandId }, select: { id: true } })) !== null;
}

/**
 * The gate of every finances page, before anything else: null to go on, or the upgrade
 * prompt (the page answers 402 with it) for a free band, whoever asks. A band that
 * recorded money while on Pro still reads it (read-only) unless the page is a form.
 */
export async function financePageGate(access: BandAccess, { form = false }: { form?: boolean } = {}) {
  requireGrant(access, "finances:view");
  try {
    if (form) requirePro(access, false);
    else await financesPlan(access);
    return null;
  } catch (error) {
    if (error instanceof RuleError && error.status === 402) return { upgrade: true as const, bandName: access.band.name, hasData: false };
    throw error;
  }
}

/** The API's gate for a read: Pro, or a band that fell back to free with money recorded (read-only, as on the pages). */
export async function requireFinanceApi(access: BandAccess) {
  await financesPlan(access);
  return rights(access);
}

/** A refusal pages and /api both answer with (reads; writes throw RuleErrors onto their forms). */
const refuse = (status: number, message: string) => data({ message }, { status });

/** For a list of every entry (the ledger, /api lists): leaders and admins. */
function requireSeesAll(access: BandAccess) {
  if (!rights(access).seesAll) throw refuse(403, "Only band leaders and admins see every entry; your own line is on the Finances page");
}

/**
 * How a read page shows a free band: `upgradeOnly` when it never recorded money (the
 * prompt alone), else `readOnly` (the prompt above the data it kept).
 */
function freeBand(access: BandAccess, hasData: boolean) {
  return { bandName: access.band.name, readOnly: !access.band.isPro, upgradeOnly: !access.band.isPro && !hasData, canEdit: access.band.isPro && rights(access).canEdit };
}

const actorName = (access: BandAccess) => displayName({ ...access.user, displayName: access.membership.displayName });

/** The band's currency and time zone: the gate read them with the band. */
function bandMoneySettings(access: BandAccess) {
  return { currency: access.band.currency, timeZone: access.band.timeZone };
}

/** The band's currency and zone, for forms and schemas. */
export async function financeSettings(access: BandAccess) {
  rights(access);
  const band = bandMoneySettings(access);
  return { ...band, today: dayOf(new Date(), band.timeZone) };
}

const MEMBER_SELECT = {
  id: true,
  userId: true,
  role: true,
  displayName: true,
  createdAt: true,
  user: { select: { firstName: true, lastName: true, email: true } },
} as const;

async function listBandMembers(bandId: number) {
  const rows = await db.bandMembership.findMany({ where: { bandId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: MEMBER_SELECT });
  return rows
    .map(({ user, ...membership }, position) => ({ position, membership, user }))
    .sort(compareMembers)
    .map(({ membership, user }) => ({ userId: membership.userId, role: membership.role, name: displayName({ ...user, displayName: membership.displayName }) }));
}

/** A member of the band by user id, with their name now; null when they are not one. */
async function memberOf(tx: Tx, bandId: number, userId: string) {
  const row = await tx.bandMembership.findUnique({ where: { bandId_userId: { bandId, userId } }, select: MEMBER_SELECT });
  return row ? { userId, name: displayName({ ...row.user, displayName: row.displayName }) } : null;
}

// ---------------------------------------------------------------------------------
// Reading: the overview

export type BalanceLine = {
  userId: string;
  name: string;
  role: string | null;
  /** Positive: the band owes them; negative: they hold the band's money. */
  balanceMinor: number;
  sharesMinor: number;
  reimbursableMinor: number;
  /** Paid by the band to the member. */
  paidOutMinor: number;
  /** Cash the member took in for the band (a fee paid to them at the door). */
  collectedMinor: number;
  /** Cash the member handed to the band (what they collected, or an advance paid back). */
  handedOverMinor: number;
};

export type FinanceOverview =
  | { view: "upgrade"; bandName: string }
  | {
      view: "finances";
      bandName: string;
      currency: string;
      timeZone: string;
      today: string;
      readOnly: boolean;
      seesAll: boolean;
      seesTotals: boolean;
      canEdit: boolean;
      hasEntries: boolean;
      totals: { receivedMinor: number; spentMinor: number; paidOutMinor: number; fundMinor: number; owedMinor: number } | null;
      own: BalanceLine;
      members: BalanceLine[];
      settle: { from: string; to: string; fromName: string; toName: string; amountMinor: number }[];
    };

const emptyLine = (userId: string, name: string, role: string | null): BalanceLine => ({
  userId,
  name,
  role,
  balanceMinor: 0,
  sharesMinor: 0,
  reimbursableMinor: 0,
  paidOutMinor: 0,
  collectedMinor: 0,
  handedOverMinor: 0,
});

function addToLine(line: BalanceLine, kind: string, amountMinor: number) {
  line.balanceMinor += amountMinor;
  if (kind === "share") line.sharesMinor += amountMinor;
  if (kind === "reimbursable") line.reimbursableMinor += amountMinor;
  if (kind === "payout") line.paidOutMinor -= amountMinor;
  if (kind === "handover") line.handedOverMinor += amountMinor;
  if (kind === "collected") line.collectedMinor -= amountMinor;
}

/**
 * The balances as this member may see them. Four queries whatever the band's size: the
 * band's currency, every line summed by person and kind, the members' names (leaders and
 * admins), and nothing more.
 */
export async function getFinanceOverview(access: BandAccess): Promise<FinanceOverview> {
  const { seesAll, seesTotals, canEdit } = rights(access);
  const bandId = access.band.id;
  const band = bandMoneySettings(access);
  const [sums, members] = await Promise.all([
    db.ledgerLine.groupBy({ by: ["userId", "kind"], where: { bandId }, _sum: { amountMinor: true } }),
    seesAll ? listBandMembers(bandId) : Promise.resolve(null),
  ]);
  const hasEntries = sums.length > 0;
  // A free band that never recorded money learns what Pro adds, and nothing else.
  if (!access.band.isPro && !hasEntries) return { view: "upgrade", bandName: access.band.name };

  const ownName = actorName(access);
  const lines = new Map<string, BalanceLine>();
  for (const member of members ?? [{ userId: access.user.id, name: ownName, role: access.membership.role }]) lines.set(member.userId, emptyLine(member.userId, member.name, member.role));
  let fundMinor = 0;
  let receivedMinor = 0;
  let spentMinor = 0;
  let paidOutMinor = 0;
  let owedMinor = 0;
  for (const row of sums) {
    const amount = row._sum.amountMinor ?? 0;
    if (row.userId === null) {
      fundMinor += amount;
      if (row.kind === "income") receivedMinor += amount;
      if (row.kind === "expense") spentMinor -= amount;
      continue;
    }
    owedMinor += amount;
    // Paid out is what the band paid its members; cash handed to the band is not netted into it.
    if (row.kind === "payout") paidOutMinor -= amount;
    // Former members still have a line while anything of theirs is on the books.
    if (!lines.has(row.userId) && seesAll) lines.set(row.userId, emptyLine(row.userId, "Former member", null));
    const line = lines.get(row.userId);
    if (line) addToLine(line, row.kind, amount);
  }
  if (seesAll) await nameFormerMembers(bandId, [...lines.values()].filter((line) => line.role === null));

  const own = lines.get(access.user.id) ?? emptyLine(access.user.id, ownName, access.membership.role);
  const everyone = seesAll ? [...lines.values()] : [own];
  const names = new Map(everyone.map((line) => [line.userId, line.name]));
  names.set(BAND_PARTY, "Band account");
  const settle = seesAll
    ? settleUp(everyone.map((line) => ({ id: line.userId, minor: line.balanceMinor }))).map((transfer) => ({
        ...transfer,
        fromName: names.get(transfer.from) ?? transfer.from,
        toName: names.get(transfer.to) ?? transfer.to,
      }))
    : [];
  return {
    view: "finances",
    bandName: access.band.name,
    currency: band.currency,
    timeZone: band.timeZone,
    today: dayOf(new Date(), band.timeZone),
    readOnly: !access.band.isPro,
    seesAll,
    seesTotals,
    canEdit: canEdit && access.band.isPro,
    hasEntries,
    totals: seesTotals ? { receivedMinor, spentMinor, paidOutMinor, fundMinor, owedMinor } : null,
    own,
    members: everyone,
    settle,
  };
}

export type MoneyAtAGlance = {
  currency: string;
  /** The viewer's own balance (positive: the band owes them). */
  yoursMinor: number;
  /** The band fund, for those who see the band's totals (not a sub); else absent. */
  fundMinor?: number;
  /** A band back on the Free plan: what it recorded on Pro, read-only. */
  readOnly?: true;
  /** Leaders and admins, when asked for: what the band owes its members, the largest first. */
  owed?: { totalMinor: number; people: number; heldMinor: number; top: { userId: string; name: string; amountMinor: number }[] };
};

/**
 * Money at a glance, for the dashboard and GET /api/bands/{id}/stats: Pro bands only
 * (null for a free band, like the finances /api: a band that fell back to free keeps
 * its figures on its read-only /finances pages). Everyone: their own balance; members,
 * leaders and admins: the band fund; leaders and admins, with `owedTop`: what the band
 * owes its members (the total, how many people, the `owedTop` largest by name) and what
 * members hold of the band's money. One groupBy over the ledger lines (the fund's and
 * the viewer's, or everyone's for leaders and admins), plus the names of the few shown:
 * the same whatever the band's size.
 */
export async function getMoneyAtAGlance(
  access: BandAccess,
  { owedTop = 0 }: { owedTop?: number } = {}
): Promise<MoneyAtAGlance | null> {
  // A band back on Free still reads what it recorded on Pro (as Finances does, read-only).
  if (!access.band.isPro && !(await hasFinanceRecords(access.band.id))) return null;
  const { seesAll, seesTotals } = rights(access);
  const bandId = access.band.id;
  const me = access.user.id;
  const everyone = seesAll && owedTop > 0;
  const sums = await db.ledgerLine.groupBy({
    by: ["userId"],
    where: everyone ? { bandId } : { bandId, OR: [{ userId: me }, ...(seesTotals ? [{ userId: null }] : [])] },
    _sum: { amountMinor: true },
  });
  const balanceOf = new Map(sums.map((row) => [row.userId, row._sum.amountMinor ?? 0]));
  const glance: MoneyAtAGlance = {
    currency: access.band.currency,
    yoursMinor: balanceOf.get(me) ?? 0,
    ...(seesTotals ? { fundMinor: balanceOf.get(null) ?? 0 } : {}),
    ...(access.band.isPro ? {} : { readOnly: true as const }),
  };
  if (!everyone) return glance;

  const owing = sums.flatMap((row) => (row.userId !== null && (row._sum.amountMinor ?? 0) > 0 ? [{ userId: row.userId, amountMinor: row._sum.amountMinor ?? 0 }] : []));
  owing.sort((a, b) => b.amountMinor - a.amountMinor || a.userId.localeCompare(b.userId));
  const shown = owing.slice(0, owedTop);
  const members = await db.bandMembership.findMany({ where: { bandId, userId: { in: shown.map((row) => row.userId) } }, select: MEMBER_SELECT });
  const top = shown.map((row) => {
    const member = members.find((candidate) => candidate.userId === row.userId);
    return { ...row, role: member ? member.role : null, name: member ? displayName({ ...member.user, displayName: member.displayName }) : "Former member" };
  });
  await nameFormerMembers(bandId, top.filter((line) => line.role === null));
  glance.owed = {
    totalMinor: owing.reduce((sum, row) => sum + row.amountMinor, 0),
    people: owing.length,
    heldMinor: -sums.reduce((sum, row) => sum + (row.userId !== null && (row._sum.amountMinor ?? 0) < 0 ? (row._sum.amountMinor ?? 0) : 0), 0),
    top: top.map(({ userId, name, amountMinor }) => ({ userId, name, amountMinor })),
  };
  return glance;
}

/** Names of people who left the band, from the snapshot their last line kept (one query, only when there are any). */
async function nameFormerMembers(bandId: number, former: { userId: string; name: string }[]) {
  if (former.length === 0) return;
  const rows = await db.ledgerLine.findMany({
    where: { bandId, userId: { in: former.map((line) => line.userId) }, memberName: { not: null } },
    orderBy: { id: "desc" },
    distinct: ["userId"],
    select: { userId: true, memberName: true },
  });
  for (const row of rows) {
    const line = former.find((candidate) => candidate.userId === row.userId);
    if (line && row.memberName) line.name = `${row.memberName} (former member)`;
  }
}

// ---------------------------------------------------------------------------------
// Reading: the ledger and a person's history

/** What every read of a ledger entry (the ledger, a person's history, the reports) shows of the entry itself. */
export const ENTRY_FIELDS = {
  id: true,
  kind: true,
  occurredOn: true,
  amountMinor: true,
  description: true,
  reversesId: true,
  createdByName: true,
  createdAt: true,
} as const;

const ENTRY_SELECT = {
  ...ENTRY_FIELDS,
  reversedBy: { select: { id: true } },
  payment: {
    select: {
      id: true,
      category: true,
      eventId: true,
      feeAgreedMinor: true,
      method: true,
      receivedByName: true,
      event: { select: { title: true } },
      splits: { orderBy: { sequence: "desc" }, take: 1, select: { entry: { select: { reversesId: true } } } },
    },
  },
  expense: { select: { category: true, note: true, receiptUrl: true, paidByName: true, splitId: true, event: { select: { title: true } } } },
  payout: { select: { memberName: true, direction: true, method: true, note: true } },
  split: { select: { method: true, commissionMinor: true, fundCutMinor: true, shares: { orderBy: { position: "asc" }, select: { memberName: true, amountMinor: true } } } },
} as const;

type EntryRow = Awaited<ReturnType<typeof findEntries>>[number];

function findEntries(where: { bandId: number; kind?: string }, skip: number, take: number) {
  return db.ledgerEntry.findMany({ where, orderBy: [{ occurredOn: "desc" }, { id: "desc" }], skip, take, select: ENTRY_SELECT });
}

export type LedgerEntryView = {
  id: number;
  kind: string;
  occurredOn: string;
  amountMinor: number;
  description: string;
  detail: string;
  createdByName: string;
  createdAt: Date;
  reversesId: number | null;
  reversed: boolean;
  /** Can be reversed on its own (not a reversal, not reversed, not a split's commission). */
  reversible: boolean;
  /** A gig payment that can be split now. */
  splittable: boolean;
};

function describeEntry(row: EntryRow, currency: string): string {
  const money = (minor: number) => formatMoney(minor, currency);
  if (row.payment) {
    const parts: string[] = [INCOME_CATEGORIES[row.payment.category as keyof typeof INCOME_CATEGORIES] ?? row.payment.category];
    if (row.payment.event) parts.push(row.payment.event.title);
    // A reversal's copy holds the fee negated: the fee that was agreed is the same, so it is shown as such.
    if (row.payment.feeAgreedMinor !== null) parts.push(`agreed ${money(Math.abs(row.payment.feeAgreedMinor))}`);
    parts.push(row.payment.receivedByName ? `received by ${row.payment.receivedByName}` : "received by the band account");
    return parts.join(" · ");
  }
  if (row.expense) {
    const parts: string[] = [EXPENSE_CATEGORIES[row.expense.category as keyof typeof EXPENSE_CATEGORIES] ?? row.expense.category];
    if (row.expense.event) parts.push(row.expense.event.title);
    parts.push(row.expense.paidByName ? `paid by ${row.expense.paidByName} (to be reimbursed)` : "paid from the band fund");
    return parts.join(" · ");
  }
  if (row.payout) return row.payout.direction === "to_member" ? `Paid to ${row.payout.memberName}` : `Handed to the band by ${row.payout.memberName}`;
  if (row.split) {
    const parts = row.split.shares.map((share) => `${share.memberName} ${money(share.amountMinor)}`);
    if (row.split.commissionMinor) parts.push(`commission ${money(row.split.commissionMinor)}`);
    if (row.split.fundCutMinor) parts.push(`band fund ${money(row.split.fundCutMinor)}`);
    return parts.join(" · ");
  }
  return "";
}

function entryView(row: EntryRow, currency: string): LedgerEntryView {
  const reversed = row.reversedBy !== null;
  const isReversal = row.reversesId !== null;
  const lastSplit = row.payment?.splits[0];
  return {
    id: row.id,
    kind: row.kind,
    occurredOn: row.occurredOn,
    amountMinor: row.amountMinor,
    description: row.description,
    detail: describeEntry(row, currency),
    createdByName: row.createdByName,
    createdAt: row.createdAt,
    reversesId: row.reversesId,
    reversed,
    reversible: !reversed && !isReversal && !row.expense?.splitId,
    splittable: row.payment?.category === "gig" && Boolean(row.payment.eventId) && !reversed && !isReversal && (!lastSplit || lastSplit.entry.reversesId !== null),
  };
}

export const LEDGER_KINDS = ["payment", "expense", "payout", "split"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A page of every entry, newest first (leaders and admins); `kind` narrows it. Two queries. */
export async function listLedger(access: BandAccess, { page = 1, kind }: { page?: number; kind?: LedgerKind } = {}) {
  requireSeesAll(access);
  const where = { bandId: access.band.id, ...(kind ? { kind } : {}) };
  const band = bandMoneySettings(access);
  const total = await db.ledgerEntry.count({ where });
  const { skip, take, info } = pageWindow(total, page, LEDGER_PER_PAGE);
  const rows = await findEntries(where, skip, take);
  return { ...freeBand(access, total > 0 || Boolean(kind)), currency: band.currency, timeZone: band.timeZone, entries: rows.map((row) => entryView(row, band.currency)), ...info };
}

export type HistoryLine = { id: number; entryId: number; occurredOn: string; description: string; kind: LineKind; amountMinor: number; isReversal: boolean };

/**
 * One person's line and its history, newest first: their own for everyone, anyone's for
 * leaders and admins (others asking for someone else get their own). Three queries.
 */
export async function getMemberHistory(access: BandAccess, { userId, page = 1 }: { userId?: string | null; page?: number } = {}) {
  const { seesAll } = rights(access);
  const who = seesAll && userId ? userId : access.user.id;
  const where = { bandId: access.band.id, userId: who };
  const band = bandMoneySettings(access);
  const [total, sum, member] = await Promise.all([
    db.ledgerLine.count({ where }),
    db.ledgerLine.aggregate({ where, _sum: { amountMinor: true } }),
    who === access.user.id ? Promise.resolve({ userId: who, name: actorName(access) }) : memberOf(db, access.band.id, who),
  ]);
  const { skip, take, info } = pageWindow(total, page, LEDGER_PER_PAGE);
  const rows = await db.ledgerLine.findMany({
    where,
    orderBy: [{ entry: { occurredOn: "desc" } }, { id: "desc" }],
    skip,
    take,
    select: { id: true, kind: true, amountMinor: true, memberName: true, entry: { select: { id: true, occurredOn: true, description: true, reversesId: true } } },
  });
  if (!member && total === 0) throw refuse(404, "That person has no line in this band's finances");
  return {
    ...freeBand(access, total > 0),
    currency: band.currency,
    timeZone: band.timeZone,
    userId: who,
    name: member?.name ?? `${rows[0]?.memberName ?? "Former member"} (former member)`,
    isOwn: who === access.user.id,
    balanceMinor: sum._sum.amountMinor ?? 0,
    lines: rows.map(
      (row): HistoryLine => ({
        id: row.id,
        entryId: row.entry.id,
        occurredOn: row.entry.occurredOn,
        description: row.entry.description,
        kind: row.kind as LineKind,
        amountMinor: row.amountMinor,
        isReversal: row.entry.reversesId !== null,
      }),
    ),
    ...info,
  };
}

/** One entry as the ledger shows it (leaders and admins), for the reversal form. */
export async function getEntry(access: BandAccess, entryId: number) {
  requireSeesAll(access);
  const band = bandMoneySettings(access);
  const row = await db.ledgerEntry.findFirst({ where: { id: entryId, bandId: access.band.id }, select: ENTRY_SELECT });
  if (!row) throw refuse(404, "That entry is not in this band's ledger");
  return { ...freeBand(access, true), currency: band.currency, timeZone: band.timeZone, entry: entryView(row, band.currency) };
}

// ---------------------------------------------------------------------------------
// Reading: what the forms offer

/**
 * Gigs (or, for an expense, events of every kind: a rehearsal's room hire is an expense
 * too) from about a year back to two months ahead, newest first, with their agreed fee.
 */
const GIG_WINDOW = { backDays: 400, aheadDays: 60, max: 200 };

export async function financeFormOptions(access: BandAccess, events: "gigs" | "all" = "gigs", { evenIfFree = false }: { evenIfFree?: boolean } = {}) {
  requireSeesAll(access);
  // evenIfFree: a form refused because Pro ended meanwhile is drawn again with what was typed (the action's reply).
  if (!access.band.isPro && !evenIfFree) return { writable: false as const, bandName: access.band.name };
  const now = Date.now();
  const [settings, members, gigs] = await Promise.all([
    financeSettings(access),
    listBandMembers(access.band.id),
    db.event.findMany({
      where: {
        bandId: access.band.id,
        ...(events === "gigs" ? { kind: "gig" } : {}),
        startsAt: { gte: new Date(now - GIG_WINDOW.backDays * 86_400_000), lte: new Date(now + GIG_WINDOW.aheadDays * 86_400_000) },
      },
      orderBy: [{ startsAt: "desc" }, { id: "desc" }],
      take: GIG_WINDOW.max,
      select: { id: true, title: true, kind: true, startsAt: true, feeMinor: true, cancelledAt: true },
    }),
  ]);
  return {
    writable: true as const,
    ...settings,
    members: members.map(({ userId, name }) => ({ userId, name })),
    gigs: gigs.map((gig) => ({ id: gig.id, title: gig.title, kind: gig.kind === "gig" ? null : kindStyle(gig.kind).label.toLowerCase(), day: dayOf(gig.startsAt, settings.timeZone), feeMinor: gig.feeMinor, cancelled: gig.cancelledAt !== null })),
  };
}

/**
 * People who left the band with money still between them and it (settle up proposes
 * paying them), named from the snapshot their last line kept, for the payout form's
 * list: one query, and a second only when there are any.
 */
export async function formerMembersWithBalance(access: BandAccess, current: { userId: string }[]) {
  requireSeesAll(access);
  const bandId = access.band.id;
  const members = new Set(current.map((member) => member.userId));
  const sums = await db.ledgerLine.groupBy({ by: ["userId"], where: { bandId, userId: { not: null } }, _sum: { amountMinor: true } });
  const former = sums.flatMap((row) => (row.userId !== null && !members.has(row.userId) && (row._sum.amountMinor ?? 0) !== 0 ? [{ userId: row.userId, name: "Former member" }] : []));
  await nameFormerMembers(bandId, former);
  return former.sort((a, b) => a.name.localeCompare(b.name));
}

/** A gig payment (by its entry id), its gig's lineup (in booking order) and whether it is split now, for the split form. */
export async function getPaymentForSplit(access: BandAccess, entryId: number) {
  requireSeesAll(access);
  const [settings, payment] = await Promise.all([financeSettings(access), findPaymentForSplit(db, access.band.id, entryId)]);
  if (!payment) throw refuse(404, "That payment is not in this band's ledger");
  const lastSplit = payment.splits[0];
  return {
    ...freeBand(access, true),
    ...settings,
    payment: {
      id: payment.id,
      entryId: payment.entry.id,
      description: payment.entry.description,
      occurredOn: payment.entry.occurredOn,
      amountMinor: payment.amountMinor,
      eventTitle: payment.event?.title ?? null,
      reversed: payment.entry.reversedBy !== null || payment.entry.reversesId !== null,
      liveSplitEntryId: lastSplit && lastSplit.entry.reversesId === null ? lastSplit.entryId : null,
      splittable: isSplittable(payment),
    },
    lineup: await lineupOf(db, payment),
  };
}

export const NOT_SPLITTABLE = "Only a gig payment linked to a gig can be split among its lineup";

/** A gig's fee: a payment of the gig category, linked to the gig whose lineup shares it. */
function isSplittable<T extends { category: string; eventId: number | null; event: unknown }>(payment: T): payment is T & { eventId: number; event: NonNullable<T["event"]> } {
  return payment.category === "gig" && payment.eventId !== null && payment.event !== null && payment.event !== undefined;
}

/** A payment by its ledger entry's id (the id every page and endpoint shows). */
function findPaymentForSplit(tx: Tx | typeof db, bandId: number, entryId: number) {
  return tx.payment.findFirst({
    where: { entryId, bandId },
    select: {
      id: true,
      amountMinor: true,
      category: true,
      eventId: true,
      entry: { select: { id: true, occurredOn: true, description: true, reversesId: true, reversedBy: { select: { id: true } } } },
      event: {
        select: {
          title: true,
          bookings: { orderBy: { id: "asc" }, select: { membership: { select: MEMBER_SELECT } } },
          // Who played it and has left the band since (members/former-bookings.server.ts).
          formerBookings: { where: { userId: { not: null } }, orderBy: { id: "asc" }, select: { userId: true, name: true } },
        },
      },
      splits: { orderBy: { sequence: "desc" }, take: 1, select: { sequence: true, entryId: true, entry: { select: { reversesId: true } } } },
    },
  });
}

/**
 * Who may share a gig payment: the gig's lineup, in booking order; then who played it and
 * has left the band since (a fee paid late, or a bonus, is theirs too); then anyone who had
 * a share of an earlier (since reversed) split of it and is no longer booked: correcting a
 * split must not take their share away.
 */
async function lineupOf(tx: Tx | typeof db, payment: NonNullable<Awaited<ReturnType<typeof findPaymentForSplit>>>) {
  const booked = (payment.event?.bookings ?? []).map(({ membership }) => ({
    userId: membership.userId,
    name: displayName({ ...membership.user, displayName: membership.displayName }),
    isSub: membership.role === "sub",
    former: false,
  }));
  const seen = new Set(booked.map((person) => person.userId));
  const left = (payment.event?.formerBookings ?? []).flatMap((row) => (row.userId && !seen.has(row.userId) && seen.add(row.userId) ? [{ userId: row.userId, name: row.name, isSub: false, former: true }] : []));
  if (!payment.splits.length) return [...booked, ...left];
  const earlier = await tx.splitShare.findMany({ where: { split: { paymentId: payment.id } }, orderBy: [{ splitId: "asc" }, { position: "asc" }], select: { userId: true, memberName: true } });
  const former = earlier.filter((share) => !seen.has(share.userId) && seen.add(share.userId)).map((share) => ({ userId: share.userId, name: share.memberName, isSub: false, former: true }));
  return [...booked, ...left, ...former];
}

// ---------------------------------------------------------------------------------
// Writing

type LineRow = Line & { memberName?: string | null };

const withBand = (bandId: number, lines: LineRow[]) => lines.map((line) => ({ bandId, userId: line.userId, kind: line.kind, amountMinor: line.amountMinor, memberName: line.memberName ?? null }));

const named = (lines: Line[], names: Map<string, string>): LineRow[] => lines.map((line) => ({ ...line, memberName: line.userId ? (names.get(line.userId) ?? null) : null }));

async function afterWrite<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new RuleError(409, "Someone else changed this entry just now. Reload and try again.");
    }
    throw error;
  }
}

/** Records income: a gig payment (linked to a gig of the band's calendar) or other income. */
export async function recordPayment(access: BandAccess, input: PaymentInput, { checkFee = false }: { checkFee?: boolean } = {}) {
  requireWriter(access);
  const bandId = access.band.id;
  const result = await db.$transaction(async (tx) => {
    const event = input.eventId
      ? await tx.event.findFirst({ where: { id: input.eventId, bandId }, select: { id: true, kind: true, title: true, feeMinor: true } })
      : null;
    if (input.eventId && !event) throw new RuleError(400, "Choose a gig from this band's calendar", "eventId");
    if (event && event.kind !== "gig") throw new RuleError(400, "Choose a gig from this band's calendar", "eventId");
    const receiver = input.receivedBy ? await memberOf(tx, bandId, input.receivedBy) : null;
    if (input.receivedBy && !receiver) throw new RuleError(400, "That person is not a member of this band", "receivedBy");
    const isGig = input.category === "gig";
    const agreed = isGig ? (input.feeAgreed ?? event?.feeMinor ?? null) : null;
    if (checkFee && event && agreed !== null) {
      // Read in the write transaction: of two fees recorded at once, the second sees the first.
      const received = await gigFeeReceived(tx, bandId, event.id);
      if (received + input.amount > agreed) {
        const money = (minor: number) => formatMoney(minor, access.band.currency);
        const already = received ? `, and ${money(received)} is recorded for it already` : "";
        throw new BeyondFeeError(`${event.title}’s agreed fee is ${money(agreed)}${already}: this makes ${money(received + input.amount)}. Check the amount, or tick “Record it anyway”.`);
      }
    }
    // "Fee: Harbour Fest" for a gig's fee; other income at a gig says what it is ("Merch: Harbour Fest").
    const description = input.description ?? (event ? `${isGig ? "Fee" : INCOME_CATEGORIES[input.category]}: ${event.title}` : INCOME_CATEGORIES[input.category]);
    const feeAgreedMinor = agreed;
    const names = new Map(receiver ? [[receiver.userId, receiver.name]] : []);
    const entry = await tx.ledgerEntry.create({
      data: {
        bandId,
        kind: "payment",
        occurredOn: input.date,
        amountMinor: input.amount,
        description,
        createdById: access.user.id,
        createdByName: actorName(access),
        payment: {
          create: {
            bandId,
            category: input.category,
            eventId: event?.id ?? null,
            amountMinor: input.amount,
            feeAgreedMinor,
            method: input.method,
            receivedByUserId: receiver?.userId ?? null,
            receivedByName: receiver?.name ?? null,
          },
        },
        lines: { create: withBand(bandId, named(paymentLines({ amountMinor: input.amount, receivedByUserId: receiver?.userId ?? null }), names)) },
      },
      select: { id: true, payment: { select: { id: true } } },
    });
    await recordAudit(tx, {
      actor: access.user,
      action: "money.payment",
      bandId,
      target: { type: "ledgerEntry", id: entry.id, label: description },
      after: { amountMinor: input.amount, feeAgreedMinor, date: input.date, category: input.category, gig: event?.title ?? null, method: input.method, receivedBy: receiver?.name ?? "band account" },
    });
    // A payment is named by its ledger entry's id everywhere (splits, reversals, the API).
    return { entryId: entry.id, paymentId: entry.id, description, splittable: isGig && Boolean(event) };
  });
  await track("add_payment_record", { userId: access.user.id, bandId, props: { category: input.category } });
  return result;
}

/** Records an expense, paid from the band fund or out of a member's pocket (then the band owes it to them). */
export async function recordExpense(access: BandAccess, input: ExpenseInput) {
  requireWriter(access);
  const bandId = access.band.id;
  const result = await db.$transaction(async (tx) => {
    const event = input.eventId ? await tx.event.findFirst({ where: { id: input.eventId, bandId }, select: { id: true, title: true } }) : null;
    if (input.eventId && !event) throw new RuleError(400, "Choose an event from this band's calendar", "eventId");
    const payer = input.paidBy ? await memberOf(tx, bandId, input.paidBy) : null;
    if (input.paidBy && !payer) throw new RuleError(400, "That person is not a member of this band", "paidBy");
    const description = input.note ?? EXPENSE_CATEGORIES[input.category];
    const names = new Map(payer ? [[payer.userId, payer.name]] : []);
    const entry = await tx.ledgerEntry.create({
      data: {
        bandId,
        kind: "expense",
        occurredOn: input.date,
        amountMinor: input.amount,
        description,
        createdById: access.user.id,
        createdByName: actorName(access),
        expense: {
          create: {
            bandId,
            category: input.category,
            amountMinor: input.amount,
            note: input.note ?? null,
            eventId: event?.id ?? null,
            receiptUrl: input.receiptUrl ?? null,
            paidByUserId: payer?.userId ?? null,
            paidByName: payer?.name ?? null,
          },
        },
        lines: { create: withBand(bandId, named(expenseLines({ amountMinor: input.amount, paidByUserId: payer?.userId ?? null }), names)) },
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      actor: access.user,
      action: "money.expense",
      bandId,
      target: { type: "ledgerEntry", id: entry.id, label: description },
      after: { amountMinor: input.amount, date: input.date, category: input.category, event: event?.title ?? null, paidBy: payer?.name ?? "band fund" },
    });
    return { entryId: entry.id, description };
  });
  await track("track_expense", { userId: access.user.id, bandId, props: { category: input.category, outOfPocket: Boolean(input.paidBy) } });
  return result;
}

/**
 * A gig's fee recorded beyond what was agreed for it: most often the same fee recorded
 * twice (two tabs, two admins, a retry after a slow answer) or a digit too many. The form
 * asks to confirm it; a bonus or a fee raised on the night is real, so "Record it anyway"
 * records it.
 */
export class BeyondFeeError extends RuleError {
  constructor(message: string) {
    super(409, message, "amount");
  }
}

/**
 * A payout beyond what the balance holds: more than the band owes the member, or more
 * cash handed over than they owe the band (a settle-up recorded twice from two tabs or by
 * two admins, a typo of a digit). The form asks to confirm it; it is not always wrong (an
 * advance on next month's gig), so "Record it anyway" records it.
 */
export class BeyondBalanceError extends RuleError {
  constructor(message: string) {
    super(409, message, "amount");
  }
}

/**
 * Records a payout: the band pays a member, or a member hands over cash they collected.
 * The person must be in the band, or have left it with something still on their line.
 * With `checkBalance` (the form, until the person confirms), refuses
 * one beyond the member's balance with BeyondBalanceError; the balance is read inside the
 * write transaction, so of two settle-ups sent at once the second sees the first.
 */
export async function recordPayout(access: BandAccess, input: PayoutInput, { checkBalance = false }: { checkBalance?: boolean } = {}) {
  requireWriter(access);
  const bandId = access.band.id;
  return db.$transaction(async (tx) => {
    let person = await memberOf(tx, bandId, input.userId);
    if (!person) {
      const former = await tx.ledgerLine.findFirst({ where: { bandId, userId: input.userId }, orderBy: { id: "desc" }, select: { memberName: true } });
      if (former) person = { userId: input.userId, name: former.memberName ?? "Former member" };
    }
    if (!person) throw new RuleError(400, "That person is not a member of this band", "userId");
    if (checkBalance) {
      const { _sum } = await tx.ledgerLine.aggregate({ where: { bandId, userId: person.userId }, _sum: { amountMinor: true } });
      // Above zero: the band owes the member; below: the member owes the band.
      const balance = _sum.amountMinor ?? 0;
      const room = input.direction === "to_member" ? Math.max(balance, 0) : Math.max(-balance, 0);
      if (input.amount > room) {
        const money = (minor: number) => formatMoney(minor, access.band.currency);
        const owed = input.direction === "to_member" ? `The band owes ${person.name} ${money(room)}` : `${person.name} owes the band ${money(room)}`;
        throw new BeyondBalanceError(`${owed}: this is ${money(input.amount - room)} more. Check the amount, or tick “Record it anyway”.`);
      }
    }
    const description = input.note ?? (input.direction === "to_member" ? `Payout to ${person.name}` : `Cash handed over by ${person.name}`);
    const entry = await tx.ledgerEntry.create({
      data: {
        bandId,
        kind: "payout",
        occurredOn: input.date,
        amountMinor: input.amount,
        description,
        createdById: access.user.id,
        createdByName: actorName(access),
        payout: { create: { bandId, userId: person.userId, memberName: person.name, direction: input.direction, amountMinor: input.amount, method: input.method, note: input.note ?? null } },
        lines: { create: withBand(bandId, named(payoutLines({ amountMinor: input.amount, userId: person.userId, direction: input.direction }), new Map([[person.userId, person.name]]))) },
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      actor: access.user,
      action: "money.payout",
      bandId,
      target: { type: "ledgerEntry", id: entry.id, label: description },
      after: { amountMinor: input.amount, date: input.date, direction: input.direction, member: person.name, method: input.method },
    });
    return { entryId: entry.id, description };
  });
}

/**
 * Checks a split against the payment and its gig's lineup and computes it, writing
 * nothing: the preview shows this, and recordSplit stores it.
 */
async function planSplit(tx: Tx | typeof db, bandId: number, input: SplitFormInput, money: (minor: number) => string) {
  const payment = await findPaymentForSplit(tx, bandId, input.paymentId);
  if (!payment) throw new RuleError(404, "That payment is not in this band's ledger", "paymentId");
  if (payment.entry.reversesId !== null || payment.entry.reversedBy) throw new RuleError(400, "This payment was reversed, so it cannot be split", "paymentId");
  // Merch sold at a gig may be linked to it (for the gig's profit and loss), but only the fee is the lineup's to share.
  if (!isSplittable(payment)) throw new RuleError(400, NOT_SPLITTABLE, "paymentId");
  const last = payment.splits[0];
  if (last && last.entry.reversesId === null) throw new RuleError(409, "This payment is already split. Reverse that split first to split it again.", "paymentId");
  const lineup = await lineupOf(tx, payment);
  if (lineup.length === 0) throw new RuleError(400, "Nobody is booked on this gig yet: add its lineup in the calendar first", "shares");
  const position = new Map(lineup.map((person, index) => [person.userId, index]));
  for (const share of input.shares) {
    if (!position.has(share.userId)) throw new RuleError(400, "Everyone sharing the payment must be on this gig's lineup", "shares");
  }
  const chosen = [...input.shares].sort((a, b) => position.get(a.userId)! - position.get(b.userId)!);
  const names = new Map(lineup.map((person) => [person.userId, person.name]));
  const commissionMinor = cutMinor(input.commission, payment.amountMinor);
  const fundCutMinor = cutMinor(input.fundCut, payment.amountMinor);
  const result = computeSplit(
    {
      amountMinor: payment.amountMinor,
      method: input.method,
      commissionMinor,
      fundCutMinor,
      participants: chosen.map((share) => ({ userId: share.userId, name: names.get(share.userId)!, percentBp: share.percent ?? null, fixedMinor: share.fixed ?? null })),
    },
    money,
  );
  if (!result.ok) {
    const field = result.field === "cuts" ? (commissionMinor > payment.amountMinor ? "commission" : "fundCut") : result.field === "amount" ? "paymentId" : "shares";
    throw new RuleError(400, result.message, field);
  }
  return { payment: { ...payment, event: payment.event, eventId: payment.eventId }, result, names, last, commissionMinor, fundCutMinor };
}

/** What a split would give each person, without recording it (the form's preview). */
export async function previewSplit(access: BandAccess, input: SplitFormInput) {
  requireWriter(access);
  const { currency } = bandMoneySettings(access);
  const { result } = await planSplit(db, access.band.id, input, (minor) => formatMoney(minor, currency));
  return result;
}

const cutMinor = (cut: Cut, amountMinor: number) => ("percentBp" in cut ? percentOf(amountMinor, cut.percentBp) : cut.amountMinor);

/**
 * Splits a gig payment among its gig's lineup (see computeSplit for the rules). The
 * commission becomes an expense from the band fund; the fund's cut stays in the fund.
 * A payment has at most one live split: reverse it to split again.
 */
export async function recordSplit(access: BandAccess, input: SplitFormInput) {
  requireWriter(access);
  const bandId = access.band.id;
  const { currency } = bandMoneySettings(access);
  const money = (minor: number) => formatMoney(minor, currency);
  return afterWrite(
    db.$transaction(async (tx) => {
      const { payment, result, names, last, commissionMinor, fundCutMinor } = await planSplit(tx, bandId, input, money);
      const description = `Split: ${payment.entry.description}`;
      const entry = await tx.ledgerEntry.create({
        data: {
          bandId,
          kind: "split",
          occurredOn: payment.entry.occurredOn,
          amountMinor: payment.amountMinor,
          description,
          createdById: access.user.id,
          createdByName: actorName(access),
          split: {
            create: {
              bandId,
              paymentId: payment.id,
              sequence: (last?.sequence ?? -1) + 1,
              method: input.method,
              amountMinor: payment.amountMinor,
              commissionMinor,
              fundCutMinor,
              shares: { create: result.shares.map((share) => ({ position: share.position, userId: share.userId, memberName: share.name, percentBp: share.percentBp, fixedMinor: share.fixedMinor, amountMinor: share.amountMinor })) },
            },
          },
          lines: { create: withBand(bandId, named(splitLines(result), names)) },
        },
        select: { id: true, split: { select: { id: true } } },
      });
      if (commissionMinor > 0) {
        await tx.ledgerEntry.create({
          data: {
            bandId,
            kind: "expense",
            occurredOn: payment.entry.occurredOn,
            amountMinor: commissionMinor,
            description: `Commission: ${payment.event.title}`,
            createdById: access.user.id,
            createdByName: actorName(access),
            expense: { create: { bandId, category: "commission", amountMinor: commissionMinor, eventId: payment.eventId, splitId: entry.split!.id } },
            lines: { create: withBand(bandId, expenseLines({ amountMinor: commissionMinor, paidByUserId: null })) },
          },
        });
      }
      await recordAudit(tx, {
        actor: access.user,
        action: "money.split",
        bandId,
        target: { type: "ledgerEntry", id: entry.id, label: description },
        after: { method: input.method, commissionMinor, fundCutMinor, shares: result.shares.map((share) => ({ name: share.name, amountMinor: share.amountMinor })) },
      });
      return { entryId: entry.id, shares: result.shares, commissionMinor, fundCutMinor, description };
    }),
  );
}

const REVERSAL_SELECT = {
  id: true,
  kind: true,
  occurredOn: true,
  amountMinor: true,
  description: true,
  reversesId: true,
  reversedBy: { select: { id: true } },
  lines: { select: { userId: true, memberName: true, kind: true, amountMinor: true } },
  payment: {
    select: {
      id: true,
      category: true,
      eventId: true,
      amountMinor: true,
      feeAgreedMinor: true,
      method: true,
      receivedByUserId: true,
      receivedByName: true,
      splits: { orderBy: { sequence: "desc" }, take: 1, select: { entryId: true, entry: { select: { reversesId: true } } } },
    },
  },
  expense: { select: { category: true, amountMinor: true, note: true, eventId: true, receiptUrl: true, paidByUserId: true, paidByName: true, splitId: true } },
  payout: { select: { userId: true, memberName: true, direction: true, amountMinor: true, method: true, note: true } },
  split: {
    select: {
      id: true,
      paymentId: true,
      method: true,
      amountMinor: true,
      commissionMinor: true,
      fundCutMinor: true,
      shares: { select: { position: true, userId: true, memberName: true, percentBp: true, fixedMinor: true, amountMinor: true } },
      commissions: { select: { entryId: true } },
      payment: { select: { splits: { orderBy: { sequence: "desc" }, take: 1, select: { sequence: true } } } },
    },
  },
} as const;

/**
 * Corrects an entry by recording its reversal: a new entry of the same kind, dated like
 * the original (so every report nets the pair out in the same month), with the amounts
 * and lines negated. Reversing a payment reverses its live split; reversing a split
 * reverses its commission. A split's commission is reversed only with its split.
 */
export async function reverseEntry(access: BandAccess, input: ReversalInput) {
  requireWriter(access);
  const bandId = access.band.id;
  return afterWrite(
    db.$transaction(async (tx) => {
      const entry = await tx.ledgerEntry.findFirst({ where: { id: input.entryId, bandId }, select: REVERSAL_SELECT });
      if (!entry) throw new RuleError(404, "That entry is not in this band's ledger", "entryId");
      if (entry.reversesId !== null) throw new RuleError(400, "This entry is itself a reversal: record a new entry instead");
      if (entry.reversedBy) throw new RuleError(409, "This entry has already been reversed", "entryId");
      if (entry.expense?.splitId) throw new RuleError(400, "This commission belongs to a split: reverse the split instead");
      const ids: number[] = [];
      const liveSplit = entry.payment?.splits[0];
      if (liveSplit && liveSplit.entry.reversesId === null) ids.push(...(await reverseOne(tx, access, liveSplit.entryId, input.reason)));
      ids.push(...(await reverseOne(tx, access, entry.id, input.reason)));
      return { reversalIds: ids, description: entry.description };
    }),
  );
}

async function reverseOne(tx: Tx, access: BandAccess, entryId: number, reason: string): Promise<number[]> {
  const bandId = access.band.id;
  const entry = await tx.ledgerEntry.findFirst({ where: { id: entryId, bandId }, select: REVERSAL_SELECT });
  if (!entry || entry.reversedBy || entry.reversesId !== null) return [];
  const ids: number[] = [];
  const description = `Reversal of “${entry.description}”: ${reason}`;
  const { payment, expense, payout, split } = entry;
  const created = await tx.ledgerEntry.create({
    data: {
      bandId,
      kind: entry.kind,
      occurredOn: entry.occurredOn,
      amountMinor: -entry.amountMinor,
      description,
      reversesId: entry.id,
      createdById: access.user.id,
      createdByName: actorName(access),
      ...(payment
        ? {
            payment: {
              create: {
                bandId,
                category: payment.category,
                eventId: payment.eventId,
                amountMinor: -payment.amountMinor,
                feeAgreedMinor: payment.feeAgreedMinor === null ? null : -payment.feeAgreedMinor,
                method: payment.method,
                receivedByUserId: payment.receivedByUserId,
                receivedByName: payment.receivedByName,
              },
            },
          }
        : {}),
      ...(expense ? { expense: { create: { bandId, ...expense, amountMinor: -expense.amountMinor } } } : {}),
      ...(payout ? { payout: { create: { bandId, ...payout, amountMinor: -payout.amountMinor } } } : {}),
      ...(split
        ? {
            split: {
              create: {
                bandId,
                paymentId: split.paymentId,
                sequence: (split.payment.splits[0]?.sequence ?? 0) + 1,
                method: split.method,
                amountMinor: -split.amountMinor,
                commissionMinor: -split.commissionMinor,
                fundCutMinor: -split.fundCutMinor,
                shares: { create: split.shares.map((share) => ({ ...share, amountMinor: -share.amountMinor, fixedMinor: share.fixedMinor === null ? null : -share.fixedMinor })) },
              },
            },
          }
        : {}),
      lines: { create: reversedLines(entry.lines.map((line) => ({ userId: line.userId, kind: line.kind as LineKind, amountMinor: line.amountMinor }))).map((line, index) => ({ ...line, bandId, memberName: entry.lines[index]!.memberName })) },
    },
    select: { id: true },
  });
  ids.push(created.id);
  await recordAudit(tx, {
    actor: access.user,
    action: "money.reversal",
    bandId,
    target: { type: "ledgerEntry", id: entry.id, label: entry.description },
    before: { amountMinor: entry.amountMinor, kind: entry.kind },
    after: { reversalId: created.id, reason },
  });
  for (const commission of split?.commissions ?? []) ids.push(...(await reverseOne(tx, access, commission.entryId, reason)));
  return ids;
}

/** The settle-up proposal (leaders and admins): the overview, whose `settle` lists the fewest transfers. */
export async function getSettleUp(access: BandAccess) {
  requireSeesAll(access);
  return getFinanceOverview(access);
}
