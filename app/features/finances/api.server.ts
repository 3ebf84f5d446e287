/**
 * The /api adapter of Finances: the gate every finance endpoint passes (a member of the
 * band, then Pro: 402 for a free band, whatever the role, except that a band that fell back
 * to free still reads what it recorded) and the JSON shapes. Amounts
 * are integer minor units of `currency`; ids are ledger entry ids.
 */
import { requireBandAccess } from "~/features/bands/access.server";
import { parsePage } from "~/utils/pagination";
import { getFinanceOverview, listLedger, requireFinanceApi, requireFinanceWriter, type LedgerEntryView, type LedgerKind } from "./finances.server";

export async function requireFinanceApiAccess(request: Request, bandId: string | undefined) {
  const access = await requireBandAccess(request, { band: bandId, permission: "finances:view" });
  await requireFinanceApi(access);
  return access;
}

/** The gate of every POST: a member of the band, then Pro (402), then the edit grant (403), before the body is read. */
export async function requireFinanceApiWriter(request: Request, bandId: string | undefined) {
  const access = await requireBandAccess(request, { band: bandId, permission: "finances:view" });
  requireFinanceWriter(access);
  return access;
}

export function entryJson(entry: LedgerEntryView, currency: string) {
  return {
    id: entry.id,
    kind: entry.kind,
    date: entry.occurredOn,
    amountMinor: entry.amountMinor,
    currency,
    description: entry.description,
    detail: entry.detail,
    createdBy: entry.createdByName,
    createdAt: entry.createdAt.toISOString(),
    reversesId: entry.reversesId,
    reversed: entry.reversed,
  };
}

/** GET /api/bands/{id}/{payments,expenses,payouts,splits}: one page of that kind of entry, newest first. */
export async function ledgerListJson(request: Request, bandId: string | undefined, kind: LedgerKind) {
  const access = await requireFinanceApiAccess(request, bandId);
  const ledger = await listLedger(access, { kind, page: parsePage(new URL(request.url).searchParams.get("page")) });
  return { entries: ledger.entries.map((entry) => entryJson(entry, ledger.currency)), page: ledger.page, pageCount: ledger.pageCount, total: ledger.total };
}

/** GET /api/bands/{id}/member-balances: the balances this member may see. */
export async function memberBalancesJson(request: Request, bandId: string | undefined) {
  const access = await requireFinanceApiAccess(request, bandId);
  const overview = await getFinanceOverview(access);
  if (overview.view === "upgrade") return null; // not reached: requireFinanceApiAccess refuses free bands without money recorded
  const line = (l: (typeof overview.members)[number]) => ({
    userId: l.userId,
    name: l.name,
    balanceMinor: l.balanceMinor,
    sharesMinor: l.sharesMinor,
    reimbursableMinor: l.reimbursableMinor,
    paidOutMinor: l.paidOutMinor,
    collectedMinor: l.collectedMinor,
    handedOverMinor: l.handedOverMinor,
  });
  return {
    currency: overview.currency,
    ...(overview.totals ? { fundMinor: overview.totals.fundMinor, totals: overview.totals } : {}),
    members: overview.members.map(line),
    ...(overview.seesAll ? { settleUp: overview.settle.map(({ from, to, fromName, toName, amountMinor }) => ({ from, to, fromName, toName, amountMinor })) } : {}),
  };
}
