import { db } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { grantIn, type BandAccess } from "~/features/bands/access.server";
import { listLeaderNames } from "~/features/members/members.server";
import { PRO_PRICE_USD } from "./plans";

/** The band's plan, and whether this member may change it (band:billing) or must ask its leaders. */
export async function getSubscription(access: BandAccess) {
  return {
    isPro: access.band.isPro,
    proPrice: PRO_PRICE_USD,
    mayChangePlan: grantIn(access, "band:billing") !== null,
    leaders: await listLeaderNames(access.band.id),
  };
}

export type Tier = "free" | "pro";

/**
 * Manual billing (no Stripe keys): a platform admin grants or removes Pro. Refused for a
 * band that does not exist; a change to the tier it already has changes nothing and
 * writes no entry. The change and its audit entry are one transaction. Nothing else is
 * touched: a band that falls back to free keeps all its data.
 */
export async function setBandTierManually(admin: AuditActor & { id: string }, bandId: number, tier: Tier) {
  return db.$transaction(async (tx) => {
    const band = await tx.band.findUnique({ where: { id: bandId }, select: { id: true, name: true, subscriptionTier: true } });
    if (!band) throw new RuleError(404, "That band does not exist", "bandId");
    if (band.subscriptionTier === tier) return { band, changed: false };
    const updated = await tx.band.update({ where: { id: bandId }, data: { subscriptionTier: tier }, select: { id: true, name: true, subscriptionTier: true } });
    await recordAudit(tx, { actor: admin, action: "band.tier", bandId, target: { type: "band", id: bandId, label: band.name }, before: { tier: band.subscriptionTier }, after: { tier } });
    return { band: updated, changed: true };
  });
}
