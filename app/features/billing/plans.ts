/**
 * The two plans (spec section 1): free for small bands, and Pro (subscriptionTier
 * "pro"), which unlocks Finances. The price is the one analytics reports for Pro.
 */
export const PRO_TIER = "pro";
export const PRO_PRICE_USD = 8;

/** Who makes a band Pro where billing is manual (no Stripe keys): the free plan's prompts and refusals say it. */
export const MANUAL_PRO = "A platform admin grants Pro on this Bandroom.";

export function isPro(subscriptionTier: string) {
  return subscriptionTier === PRO_TIER;
}

export function planName(subscriptionTier: string) {
  return isPro(subscriptionTier) ? "Pro" : "Free";
}

/** What every band gets, on either plan. */
export const FREE_FEATURES = ["Shared calendar for gigs and rehearsals", "Song library", "Setlists", "Members with roles, subs included"];

/** What Pro adds. */
export const PRO_FEATURES = [
  "Finances: gig payments and expenses in one place",
  "Band totals, so everyone sees what came in and went out",
  "Member balances: who is owed what",
];

/** The one item a Pro checkout or purchase carries in analytics (spec section 1: 8 USD, named as a Pro subscription). */
export const PRO_ITEM = { item_id: "pro", item_name: "Bandroom Pro subscription", price: PRO_PRICE_USD, quantity: 1 };

/** Analytics properties of a Pro checkout or purchase. */
export function purchaseProps(transactionId?: string) {
  return { value: PRO_PRICE_USD, currency: "USD", items: [PRO_ITEM], ...(transactionId ? { transaction_id: transactionId } : {}) };
}
