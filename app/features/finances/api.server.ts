/**
 * The /api adapter of Finances: the gate every finance endpoint passes (a member of the
 * band, then Pro: 402 for a free band, whatever the role, except that a band that fell back
 * to free still reads what it recorded) and the JSON shapes. Amounts
 * are integer minor units of `currency`; ids are ledger entry ids.
 */
import type { z } from "zod";
import { requireBandAccess, type BandAccess } from "~/features/bands/access.server";
import { parseJsonBody } from "~/utils/api.server";
import { createOnce, earlierAnswer, IDEMPOTENCY_HEADER } from "~/utils/idempotency.server";
import { parsePage } from "~/utils/pagination";
import { financeSettings, getFinanceOverview, listLedger, requireFinanceApi, requireFinanceWriter, type LedgerEntryView, type LedgerKind } from "./finances.server";

export async function requireFinanceApiAccess(request: Request, bandId: string | undefined) {
  const access = await requireBandAccess(request, { band: bandId, permission: "finances:view" });
  await requireFinanceApi(access);
  return access;
}

/**
 * POST /api/bands/{id}/{payments,expenses,payouts,splits}: the gate of every money POST (a
 * member of the band, then Pro: 402, then the edit grant: 403, before the body is read);
 * then the body is read with `schema` (in the band's currency, dates up to its today) and
 * `record` saves it, once per Idempotency-Key (createOnce). A retry of a call already
 * recorded gets the first answer even when the call would now be refused (the band went
 * back to Free, the caller lost the right to record money): told 402, a client would take
 * the money as never recorded.
 */
export async function recordMoneyOnce<S extends z.ZodType>(
  request: Request,
  bandId: string | undefined,
  endpoint: string,
  schema: (currency: string, mode: { api: true; today: string }) => S,
  record: (access: BandAccess, input: z.infer<S>) => Promise<{ entryId: number }>,
) {
  const access = await requireBandAccess(request, { band: bandId, permission: "finances:view" });
  const scope = { userId: access.user.id, bandId: access.band.id, endpoint };
  const parse = async () => {
    const { currency, today } = await financeSettings(access);
    return parseJsonBody(request, schema(currency, { api: true, today }));
  };
  try {
    requireFinanceWriter(access);
  } catch (refusal) {
    const answered = request.headers.has(IDEMPOTENCY_HEADER) ? await earlierAnswer(request, scope, await parse().catch(() => null)) : null;
    if (answered) return answered;
    throw refusal;
  }
  const input = await parse();
  // Idempotency-Key: a retried call answers what the first recorded, and records nothing more.
  return createOnce(request, scope, input, async () => {
    const saved = await record(access, input);
    return { ...saved, id: saved.entryId };
  });
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
