/**
 * The band's money as pure functions (no database, safe in the browser for previews):
 * how a gig payment is split, what each entry does to the balances (its lines), the
 * balances themselves, and the settle-up proposal. finances.server.ts stores what these
 * compute; ledger.test.ts checks the rules with fast-check.
 *
 * All amounts are integer minor units of the band's currency. A line moves one balance:
 * userId null is the band fund, otherwise the member's balance (positive: the band owes
 * them). The lines of one entry always add up to what the entry moved in or out of the
 * band's own account, so: fund + Σ members' balances == money in the band account
 * == received by the band account + cash members handed over − expenses paid from the
 * fund − payouts to members.
 */

export const INCOME_CATEGORIES = {
  gig: "Gig fee",
  merch: "Merch",
  royalties: "Royalties",
  tips: "Tips",
  other: "Other income",
} as const;
export type IncomeCategory = keyof typeof INCOME_CATEGORIES;

export const EXPENSE_CATEGORIES = {
  travel: "Travel",
  equipment: "Equipment",
  rehearsal: "Rehearsal space",
  marketing: "Marketing",
  food: "Food and drink",
  accommodation: "Accommodation",
  fees: "Fees and services",
  commission: "Commission",
  other: "Other",
} as const;
export type ExpenseCategory = keyof typeof EXPENSE_CATEGORIES;

export const PAYMENT_METHODS = {
  bank_transfer: "Bank transfer",
  cash: "Cash",
  card: "Card",
  cheque: "Cheque",
  online: "Online (PayPal, Venmo…)",
  other: "Other",
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

export const PAYOUT_DIRECTIONS = {
  to_member: "Band pays the member",
  to_band: "Member hands cash to the band",
} as const;
export type PayoutDirection = keyof typeof PAYOUT_DIRECTIONS;

export const SPLIT_METHODS = {
  equal: "Equal shares",
  shares: "Custom percentages",
  fixed: "Fixed amounts",
} as const;
export type SplitMethod = keyof typeof SPLIT_METHODS;

export const LINE_KINDS = {
  income: "Income",
  collected: "Cash collected for the band",
  share: "Share of a gig fee",
  expense: "Expense",
  reimbursable: "Paid out of pocket (to be reimbursed)",
  payout: "Paid out by the band",
  handover: "Cash handed to the band",
} as const;
export type LineKind = keyof typeof LINE_KINDS;

export type Line = { userId: string | null; kind: LineKind; amountMinor: number };

/** Stated on the split form and in the API docs: how leftover minor units are given out. */
export const ROUNDING_RULE =
  "Amounts that do not divide evenly: each person gets their exact share rounded down, and the smallest units of the currency left over (cents, pence, yen…) go one each to the people with the largest remainders, ties to whoever is listed first (lineup order). Nothing is lost or invented.";

// ---------------------------------------------------------------------------------
// Lines of each kind of entry

export function paymentLines(payment: { amountMinor: number; receivedByUserId: string | null }): Line[] {
  const lines: Line[] = [{ userId: null, kind: "income", amountMinor: payment.amountMinor }];
  // A member holding the money owes it to the band: it comes off what the band owes them.
  if (payment.receivedByUserId) lines.push({ userId: payment.receivedByUserId, kind: "collected", amountMinor: -payment.amountMinor });
  return lines;
}

export function expenseLines(expense: { amountMinor: number; paidByUserId: string | null }): Line[] {
  const lines: Line[] = [{ userId: null, kind: "expense", amountMinor: -expense.amountMinor }];
  if (expense.paidByUserId) lines.push({ userId: expense.paidByUserId, kind: "reimbursable", amountMinor: expense.amountMinor });
  return lines;
}

export function payoutLines(payout: { amountMinor: number; userId: string; direction: PayoutDirection }): Line[] {
  return payout.direction === "to_member"
    ? [{ userId: payout.userId, kind: "payout", amountMinor: -payout.amountMinor }]
    : [{ userId: payout.userId, kind: "handover", amountMinor: payout.amountMinor }];
}

/** The shares move from the fund to the people; the fund's cut simply stays (the commission is its own expense entry). */
export function splitLines(split: { shares: { userId: string; amountMinor: number }[] }): Line[] {
  const shared = split.shares.reduce((sum, share) => sum + share.amountMinor, 0);
  const lines: Line[] = [];
  if (shared !== 0) lines.push({ userId: null, kind: "share", amountMinor: -shared });
  for (const share of split.shares) if (share.amountMinor !== 0) lines.push({ userId: share.userId, kind: "share", amountMinor: share.amountMinor });
  return lines;
}

/** A reversal's lines: the original's, negated. */
export function reversedLines(lines: readonly Line[]): Line[] {
  return lines.map((line) => ({ ...line, amountMinor: -line.amountMinor }));
}

// ---------------------------------------------------------------------------------
// Balances

export type Balances = { fundMinor: number; members: Map<string, number> };

export function balancesFromLines(lines: Iterable<Pick<Line, "userId" | "amountMinor">>): Balances {
  let fundMinor = 0;
  const members = new Map<string, number>();
  for (const line of lines) {
    if (line.userId === null) fundMinor += line.amountMinor;
    else members.set(line.userId, (members.get(line.userId) ?? 0) + line.amountMinor);
  }
  return { fundMinor, members };
}

// ---------------------------------------------------------------------------------
// Splits

export type SplitParticipant = {
  userId: string;
  name: string;
  /** Their percentage in basis points (method "shares"); 2500 is 25%. */
  percentBp?: number | null;
  /** A fixed amount (method "fixed", or a sub's fixed fee in the other methods). */
  fixedMinor?: number | null;
};

export type SplitInput = {
  amountMinor: number;
  method: SplitMethod;
  commissionMinor: number;
  fundCutMinor: number;
  /** In lineup order: the order decides who gets leftover cents on a tie. */
  participants: SplitParticipant[];
};

export type SplitShareResult = { position: number; userId: string; name: string; percentBp: number | null; fixedMinor: number | null; amountMinor: number };

export type SplitResult =
  | { ok: true; amountMinor: number; commissionMinor: number; fundCutMinor: number; toShareMinor: number; shares: SplitShareResult[] }
  | { ok: false; field: "amount" | "participants" | "cuts" | "shares"; message: string };

type Format = (minor: number) => string;

/**
 * Splits a payment: the commission and the fund's cut come off first, then fixed fees,
 * then what is left goes equally or by percentage. The shares, the commission and the
 * fund's cut always add up to exactly the payment (see ROUNDING_RULE).
 */
export function computeSplit(input: SplitInput, format: Format = String): SplitResult {
  const { amountMinor, commissionMinor, fundCutMinor, participants } = input;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return { ok: false, field: "amount", message: "Only a payment above zero can be split" };
  if (participants.length === 0) return { ok: false, field: "participants", message: "Choose at least one person to share the payment" };
  const seen = new Set<string>();
  for (const person of participants) {
    if (seen.has(person.userId)) return { ok: false, field: "participants", message: `${person.name} is listed twice` };
    seen.add(person.userId);
  }
  if (commissionMinor < 0 || fundCutMinor < 0) return { ok: false, field: "cuts", message: "The commission and the band fund's cut cannot be negative" };
  if (commissionMinor + fundCutMinor > amountMinor) {
    return { ok: false, field: "cuts", message: `The commission and the band fund's cut (${format(commissionMinor + fundCutMinor)}) add up to more than the payment (${format(amountMinor)})` };
  }
  const toShareMinor = amountMinor - commissionMinor - fundCutMinor;

  const method = input.method;
  // A percentage typed under "Equal shares" or "Fixed amounts" would be ignored: say so rather than split otherwise than meant.
  const stray = method === "shares" ? [] : participants.filter((person) => person.percentBp !== null && person.percentBp !== undefined).map((person) => person.name);
  if (stray.length) {
    const names = stray.length > 1 ? `${stray.slice(0, -1).join(", ")} and ${stray.at(-1)}` : stray[0];
    return { ok: false, field: "shares", message: `Percentages are for “Custom percentages”: choose it, or clear the percentage${stray.length > 1 ? "s" : ""} typed for ${names}` };
  }
  const fixed = participants.filter((person) => method === "fixed" || (person.fixedMinor !== null && person.fixedMinor !== undefined));
  for (const person of fixed) {
    const value = person.fixedMinor;
    if (value === null || value === undefined) return { ok: false, field: "shares", message: `Enter an amount for ${person.name}` };
    if (!Number.isSafeInteger(value) || value < 0) return { ok: false, field: "shares", message: `${person.name}'s amount cannot be negative` };
  }
  // With custom percentages, a fixed fee takes a person out of the percentages: both at once is a typo, not a choice.
  const both = method === "shares" ? fixed.find((person) => person.percentBp !== null && person.percentBp !== undefined) : undefined;
  if (both) return { ok: false, field: "shares", message: `Give ${both.name} a percentage or a fixed fee, not both` };
  const fixedTotal = fixed.reduce((sum, person) => sum + (person.fixedMinor ?? 0), 0);
  const rest = participants.filter((person) => !fixed.includes(person));
  if (rest.length === 0 && fixedTotal !== toShareMinor) {
    return { ok: false, field: "shares", message: `The amounts add up to ${format(fixedTotal)}, not the ${format(toShareMinor)} to share` };
  }
  if (fixedTotal > toShareMinor) {
    return { ok: false, field: "shares", message: `The fixed fees (${format(fixedTotal)}) add up to more than the ${format(toShareMinor)} to share` };
  }

  let weights: number[];
  if (method === "shares") {
    weights = [];
    for (const person of rest) {
      const bp = person.percentBp;
      if (bp === null || bp === undefined) return { ok: false, field: "shares", message: `Enter a percentage for ${person.name}` };
      if (!Number.isSafeInteger(bp) || bp < 0 || bp > 10_000) return { ok: false, field: "shares", message: `${person.name}'s percentage must be between 0 and 100` };
      weights.push(bp);
    }
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    if (rest.length > 0 && total !== 10_000) return { ok: false, field: "shares", message: `The percentages add up to ${formatPercent(total)}, not 100%` };
  } else {
    weights = rest.map(() => 1);
  }

  const pool = toShareMinor - fixedTotal;
  const weightTotal = weights.reduce((sum, weight) => sum + weight, 0);
  const base = weights.map((weight) => (weightTotal === 0 ? 0 : Math.floor((pool * weight) / weightTotal)));
  const remainders = weights.map((weight) => (weightTotal === 0 ? 0 : (pool * weight) % weightTotal));
  let leftover = pool - base.reduce((sum, value) => sum + value, 0);
  const order = rest.map((_, index) => index).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  for (const index of order) {
    if (leftover === 0) break;
    base[index]! += 1;
    leftover -= 1;
  }

  const shares = participants.map((person, position): SplitShareResult => {
    const restIndex = rest.indexOf(person);
    const isFixed = restIndex === -1;
    return {
      position,
      userId: person.userId,
      name: person.name,
      percentBp: !isFixed && method === "shares" ? (person.percentBp ?? null) : null,
      fixedMinor: isFixed ? (person.fixedMinor ?? null) : null,
      amountMinor: isFixed ? (person.fixedMinor ?? 0) : base[restIndex]!,
    };
  });
  return { ok: true, amountMinor, commissionMinor, fundCutMinor, toShareMinor, shares };
}

/** "12.5%" from 1250 basis points. */
export function formatPercent(bp: number) {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}

export type ParsedPercent = { ok: true; bp: number } | { ok: false; message: string };

/** "12.5" or "12.5%" as 1250 basis points; at most two decimals, 0 to 100. */
export function parsePercent(input: string): ParsedPercent {
  const text = input.trim().replace(/%$/, "").trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, message: "Enter a percentage like 25 or 12.5" };
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (bp > 10_000) return { ok: false, message: "A percentage cannot be above 100" };
  return { ok: true, bp };
}

/** A cut of `baseMinor` in basis points, rounded down (the rest stays with the people). */
export function percentOf(baseMinor: number, bp: number) {
  return Math.floor((baseMinor * bp) / 10_000);
}

// ---------------------------------------------------------------------------------
// Settle up

/** The band's own account in settle-up proposals. */
export const BAND_PARTY = "band";

export type Transfer = { from: string; to: string; amountMinor: number };

/** Exact search (fewest transfers) up to this many parties with a balance; greedy beyond (at most n − 1 transfers). */
const EXACT_LIMIT = 16;

/**
 * The fewest transfers that bring every member's balance to zero. Parties are the
 * members (positive: the band owes them; negative: they hold the band's money) and the
 * band's own account, whose position is minus the members' total. With n parties not
 * at zero, n − (the most groups that each add up to zero) transfers are needed, and a
 * group of k settles in k − 1; the groups are found exactly by a search over subsets
 * for up to 16 parties. Deterministic: parties are taken in the order given.
 */
export function settleUp(memberBalances: ReadonlyArray<{ id: string; minor: number }>): Transfer[] {
  const total = memberBalances.reduce((sum, member) => sum + member.minor, 0);
  const parties = [{ id: BAND_PARTY, minor: -total }, ...memberBalances].filter((party) => party.minor !== 0);
  if (parties.length === 0) return [];
  const groups = parties.length <= EXACT_LIMIT ? zeroSumGroups(parties) : [parties];
  return groups.flatMap(settleGroup);
}

function zeroSumGroups<T extends { minor: number }>(parties: T[]): T[][] {
  const n = parties.length;
  const size = 1 << n;
  const sums = new Float64Array(size);
  const best = new Int32Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    sums[mask] = sums[mask ^ low]! + parties[31 - Math.clz32(low)]!.minor;
    let most = 0;
    for (let bits = mask; bits; bits &= bits - 1) most = Math.max(most, best[mask ^ (bits & -bits)]!);
    best[mask] = most + (sums[mask] === 0 ? 1 : 0);
  }
  // Walk back from everyone, taking one party out at a time along an optimal path; each
  // time the remaining set adds up to zero, what was taken since the last such point is a group.
  const groups: T[][] = [];
  let mask = size - 1;
  let current: T[] = [];
  while (mask) {
    const gain = sums[mask] === 0 ? 1 : 0;
    let next = -1;
    for (let bits = mask; bits; bits &= bits - 1) {
      const bit = bits & -bits;
      if (best[mask ^ bit]! + gain === best[mask]) {
        next = bit;
        break;
      }
    }
    current.push(parties[31 - Math.clz32(next)]!);
    mask ^= next;
    if (sums[mask] === 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

/** Pays the largest debt to the largest credit until the group is even: at most k − 1 transfers for k parties. */
function settleGroup(group: { id: string; minor: number }[]): Transfer[] {
  const open = group.map((party) => ({ ...party }));
  const transfers: Transfer[] = [];
  for (;;) {
    let creditor: (typeof open)[number] | undefined;
    let debtor: (typeof open)[number] | undefined;
    for (const party of open) {
      if (party.minor > 0 && (!creditor || party.minor > creditor.minor)) creditor = party;
      if (party.minor < 0 && (!debtor || party.minor < debtor.minor)) debtor = party;
    }
    if (!creditor || !debtor) return transfers;
    const amountMinor = Math.min(creditor.minor, -debtor.minor);
    transfers.push({ from: debtor.id, to: creditor.id, amountMinor });
    creditor.minor -= amountMinor;
    debtor.minor += amountMinor;
  }
}
