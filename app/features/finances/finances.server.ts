import { db } from "~/utils/db.server";
import { requireGrant, type BandAccess } from "~/features/bands/access.server";

/** Entries listed on the finances page; totals always cover every entry. */
export const RECENT_ENTRIES_SHOWN = 50;

/** Band totals in minor units of the band's currency. */
async function getFinanceTotals(bandId: number) {
  const [band, payments, expenses] = await Promise.all([
    db.band.findUnique({ where: { id: bandId }, select: { currency: true, timeZone: true } }),
    db.payment.aggregate({ where: { bandId }, _sum: { amountMinor: true }, _count: { _all: true } }),
    db.expense.aggregate({ where: { bandId }, _sum: { amountMinor: true }, _count: { _all: true } }),
  ]);
  if (!band) return null;
  const paymentsMinor = payments._sum.amountMinor ?? 0;
  const expensesMinor = expenses._sum.amountMinor ?? 0;
  return {
    currency: band.currency,
    timeZone: band.timeZone,
    paymentsMinor,
    expensesMinor,
    netMinor: paymentsMinor - expensesMinor,
    entryCount: payments._count._all + expenses._count._all,
  };
}

export type FinanceEntry = { kind: "payment" | "expense"; id: number; description: string; amountMinor: number; on: Date };

/** The latest payments and expenses together, newest first. */
async function listRecentEntries(bandId: number, take = RECENT_ENTRIES_SHOWN): Promise<FinanceEntry[]> {
  const rows = await db.ledgerEntry.findMany({
    where: { bandId, kind: { in: ["payment", "expense"] } },
    orderBy: [{ occurredOn: "desc" }, { id: "desc" }],
    take,
    select: { id: true, kind: true, description: true, amountMinor: true, occurredOn: true },
  });
  return rows.map(({ occurredOn, kind, ...row }) => ({ ...row, kind: kind === "payment" ? ("payment" as const) : ("expense" as const), on: new Date(`${occurredOn}T12:00:00Z`) }));
}

export type FinancesView =
  | { view: "upgrade" }
  | { view: "own-balance" }
  | { view: "totals"; totals: FinanceTotals }
  | { view: "full"; totals: FinanceTotals; entries: FinanceEntry[] };

type FinanceTotals = NonNullable<Awaited<ReturnType<typeof getFinanceTotals>>>;

/**
 * The band's finances as this member may see them: a free band learns what Pro adds;
 * a sub ("own-balance") sees only their own balance, which needs recorded payments to
 * split; a member ("totals") sees band totals; leaders and admins see every entry.
 * Null when the band is gone.
 */
export async function getFinances(access: BandAccess): Promise<FinancesView | null> {
  const grant = requireGrant(access, "finances:view");
  if (!access.band.isPro) return { view: "upgrade" };
  if (grant === "own-balance") return { view: "own-balance" };
  const totals = await getFinanceTotals(access.band.id);
  if (!totals) return null;
  if (grant !== true) return { view: "totals", totals };
  return { view: "full", totals, entries: await listRecentEntries(access.band.id) };
}
