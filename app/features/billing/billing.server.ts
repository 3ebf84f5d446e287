import { db } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { listLeaderNames } from "~/features/members/members.server";
import { hasFinanceRecords } from "~/features/finances/finances.server";
import { track } from "~/features/analytics/analytics.server";
import { env } from "~/utils/env.server";
import { formatDate } from "~/utils/dates";
import { PRO_PRICE_USD, PRO_TIER, planName, purchaseProps } from "./plans";
import type { BillingAction } from "./schema";
import { billingMode, callStripe, goneAtStripe, stripeConfig, MANUAL_BILLING_REFUSAL } from "./stripe.server";
import { tierForStatus } from "./webhook.server";

/**
 * The band's plan as the subscription page and GET /api/bands/{id}/subscription show it:
 * the tier, Stripe's view of the subscription (renewal or end date in the band's time
 * zone), who may change it and, for them only, the card's last digits. Two queries.
 */
export async function getSubscription(access: BandAccess) {
  const mayChangePlan = grantIn(access, "band:billing") !== null;
  // A band back on Free keeps what it recorded on Pro, read-only; the menu has no Finances
  // entry for a free band, so the subscription page is where its way back to them is.
  const mayReadFinances = !access.band.isPro && grantIn(access, "finances:view") !== null;
  const [band, leaders, keptFinances] = await Promise.all([
    db.band.findUnique({
      where: { id: access.band.id },
      select: {
        timeZone: true,
        subscription: {
          select: { status: true, currentPeriodEnd: true, cancelAtPeriodEnd: true, cardBrand: true, cardLast4: true, stripeCustomerId: true, stripeSubscriptionId: true, checkoutSessionId: true, checkoutExpiresAt: true },
        },
      },
    }),
    listLeaderNames(access.band.id),
    mayReadFinances ? hasFinanceRecords(access.band.id) : false,
  ]);
  const mode = billingMode();
  const sub = band?.subscription ?? null;
  const timeZone = band?.timeZone ?? "UTC";
  const live = Boolean(sub?.stripeSubscriptionId && tierForStatus(sub.status) === PRO_TIER);
  return {
    mode,
    isPro: access.band.isPro,
    plan: planName(access.band.subscriptionTier),
    proPrice: PRO_PRICE_USD,
    mayChangePlan,
    leaders,
    timeZone,
    /** A free band with money recorded on Pro, for someone who may read it. */
    keptFinances,
    status: sub?.status ?? null,
    /** When Pro renews, or (cancelAtPeriodEnd) when it ends. */
    currentPeriodEnd: sub?.currentPeriodEnd?.toISOString() ?? null,
    periodEndLabel: sub?.currentPeriodEnd ? formatDate(sub.currentPeriodEnd, timeZone) : null,
    cancelAtPeriodEnd: live && Boolean(sub?.cancelAtPeriodEnd),
    // The card of a subscription that is still paying: after Pro has ended it read as if it were.
    paymentMethod: mayChangePlan && live && sub?.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null,
    /** A checkout opened for this band and not expired (completed and not yet confirmed by Stripe's webhook, or still open). */
    checkoutOpen: Boolean(sub?.checkoutSessionId && sub.checkoutSessionId !== OPENING && sub.checkoutExpiresAt && sub.checkoutExpiresAt > new Date()),
    /** What the leader may do now (Stripe mode only). */
    actions: {
      checkout: mode === "stripe" && mayChangePlan && !access.band.isPro && !live,
      portal: mode === "stripe" && mayChangePlan && Boolean(sub?.stripeCustomerId),
      cancel: mode === "stripe" && mayChangePlan && live && !sub?.cancelAtPeriodEnd,
      resume: mode === "stripe" && mayChangePlan && live && Boolean(sub?.cancelAtPeriodEnd),
    },
  };
}

export type SubscriptionView = Awaited<ReturnType<typeof getSubscription>>;

export type Tier = "free" | "pro";

/** Pro that no live Stripe subscription pays for: granted by hand (the demo band, or before Stripe was set up). */
export function isHandGrantedPro(band: { subscriptionTier: string; subscription: { stripeSubscriptionId: string | null; status: string | null } | null }) {
  const sub = band.subscription;
  return band.subscriptionTier === PRO_TIER && !(sub?.stripeSubscriptionId && tierForStatus(sub.status) === PRO_TIER);
}

/**
 * Manual billing (no Stripe keys): a platform admin grants or removes Pro. Refused for a
 * band that does not exist; a change to the tier it already has changes nothing and
 * writes no entry. In Stripe mode Stripe's webhook changes a tier, and an admin may only
 * end Pro that was granted by hand (nobody else could: the band has no subscription to
 * cancel). The change and its audit entry are one transaction. Nothing else is
 * touched: a band that falls back to free keeps all its data.
 */
export async function setBandTierManually(admin: AuditActor & { id: string }, bandId: number, tier: Tier) {
  const stripe = billingMode() === "stripe";
  if (stripe && tier === PRO_TIER) throw new RuleError(409, STRIPE_OWNS_TIER);
  return db.$transaction(async (tx) => {
    const found = await tx.band.findUnique({ where: { id: bandId }, select: { id: true, name: true, subscriptionTier: true, subscription: { select: { stripeSubscriptionId: true, status: true } } } });
    if (!found) throw new RuleError(404, "That band does not exist", "bandId");
    const { subscription, ...band } = found;
    if (band.subscriptionTier === tier) return { band, changed: false };
    if (stripe && !isHandGrantedPro({ ...band, subscription })) throw new RuleError(409, STRIPE_OWNS_TIER);
    const updated = await tx.band.update({ where: { id: bandId }, data: { subscriptionTier: tier }, select: { id: true, name: true, subscriptionTier: true } });
    await recordAudit(tx, { actor: admin, action: "band.tier", bandId, target: { type: "band", id: bandId, label: band.name }, before: { tier: band.subscriptionTier }, after: { tier } });
    return { band: updated, changed: true };
  });
}

export const STRIPE_OWNS_TIER = "This Bandroom bills through Stripe: a band's plan follows its Stripe subscription.";
export const BILLING_MESSAGES = {
  alreadyPro: "This band is already on Pro.",
  paymentConfirming: "Your payment went through and Stripe is confirming it: Pro starts in a moment. Reload this page shortly.",
  checkoutOpening: "A checkout for this band is being opened right now. Try again in a moment.",
  noAccount: "This band has no billing account yet: upgrade to Pro first.",
  nothingToCancel: "This band has no Pro subscription to cancel.",
  alreadyCancelling: "Pro is already set to end at the close of this billing period.",
  nothingToResume: "Pro is not set to end, so there is nothing to resume.",
  noSubscriptionToResume: "This band has no Pro subscription to resume (Pro has ended, or never started). Upgrade to Pro to start one.",
} as const;

/** The band's Stripe ids and status, for the leader's actions. */
async function billingRecord(access: BandAccess) {
  requireGrant(access, "band:billing");
  if (billingMode() !== "stripe") throw new RuleError(409, MANUAL_BILLING_REFUSAL);
  return db.bandSubscription.findUnique({
    where: { bandId: access.band.id },
    select: { stripeCustomerId: true, stripeSubscriptionId: true, status: true, cancelAtPeriodEnd: true, checkoutSessionId: true, checkoutUrl: true, checkoutExpiresAt: true },
  });
}

/** How long a Checkout session stays open: just over Stripe's shortest (30 minutes from when Stripe gets the request), so a forgotten one soon stops blocking a new one. */
const CHECKOUT_OPEN_MINUTES = 35;
/** How long a checkout being opened holds the band's slot (the call to Stripe), before another may try. */
const OPENING_SECONDS = 30;
const OPENING = "opening";

/**
 * The band's Checkout session that is still open, if any: a second upgrade (a double
 * click, two leaders, a second tab) goes to the same page rather than to a second
 * session, which would let the band pay for Pro twice. Stripe says whether it is still
 * open (the leader may have paid, or abandoned it).
 */
async function openCheckout(record: { checkoutSessionId: string | null; checkoutUrl: string | null; checkoutExpiresAt: Date | null } | null) {
  if (!record?.checkoutSessionId || !record.checkoutExpiresAt || record.checkoutExpiresAt <= new Date()) return null;
  // Another request is opening one this moment (a double click): not a second session.
  if (record.checkoutSessionId === OPENING) throw new RuleError(409, BILLING_MESSAGES.checkoutOpening);
  const session = await callStripe("retrieve checkout session", (stripe) => stripe.checkout.sessions.retrieve(record.checkoutSessionId!));
  // Paid, and Stripe's confirmation not here yet: a new session now would take a second payment.
  if (session.status === "complete") throw new RuleError(409, BILLING_MESSAGES.paymentConfirming);
  return session.status === "open" ? (session.url ?? record.checkoutUrl) : null;
}

const subscriptionPage = (query = "") => `${env.appOrigin}/subscription${query}`;

/**
 * Starts a Stripe Checkout session for Pro and returns its URL to send the leader to.
 * Nothing changes here: the band becomes Pro when Stripe's webhook confirms the payment.
 * The band and the leader travel in the session's and the subscription's metadata.
 */
export async function startCheckout(access: BandAccess) {
  const record = await billingRecord(access);
  if (access.band.isPro || (record?.stripeSubscriptionId && tierForStatus(record.status) === PRO_TIER)) throw new RuleError(409, BILLING_MESSAGES.alreadyPro);
  const reused = await openCheckout(record);
  if (reused) return { url: reused };
  // Claim the band's slot before asking Stripe, compare-and-swap on what was read: of two
  // requests at once, one opens the session and the other is told to wait.
  const bandId = access.band.id;
  await db.bandSubscription.upsert({ where: { bandId }, create: { bandId }, update: {} });
  const claimed = await db.bandSubscription.updateMany({
    where: { bandId, checkoutSessionId: record?.checkoutSessionId ?? null },
    data: { checkoutSessionId: OPENING, checkoutUrl: null, checkoutExpiresAt: new Date(Date.now() + OPENING_SECONDS * 1000) },
  });
  if (!claimed.count) throw new RuleError(409, BILLING_MESSAGES.checkoutOpening);
  const release = () => db.bandSubscription.updateMany({ where: { bandId, checkoutSessionId: OPENING }, data: { checkoutSessionId: null, checkoutUrl: null, checkoutExpiresAt: null } });
  const { priceId } = stripeConfig();
  const metadata = { bandId: String(access.band.id), userId: access.user.id };
  const expiresAt = new Date(Date.now() + CHECKOUT_OPEN_MINUTES * 60_000);
  const session = await callStripe("create checkout session", (stripe) =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      line_items: [
        priceId
          ? { price: priceId, quantity: 1 }
          : { quantity: 1, price_data: { currency: "usd", unit_amount: PRO_PRICE_USD * 100, recurring: { interval: "month" }, product_data: { name: "Bandroom Pro" } } },
      ],
      client_reference_id: String(access.band.id),
      ...(record?.stripeCustomerId ? { customer: record.stripeCustomerId } : { customer_email: access.user.email }),
      metadata,
      subscription_data: { metadata },
      success_url: subscriptionPage("?checkout=success"),
      cancel_url: subscriptionPage("?checkout=cancelled"),
    }),
  ).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  if (!session.url) {
    await release();
    throw new RuleError(503, "Stripe did not return a checkout page. Please try again in a moment.");
  }
  await db.bandSubscription.updateMany({ where: { bandId, checkoutSessionId: OPENING }, data: { checkoutSessionId: session.id, checkoutUrl: session.url, checkoutExpiresAt: expiresAt } });
  await track("checkout", { userId: access.user.id, bandId: access.band.id, props: purchaseProps() });
  return { url: session.url };
}

/** A Stripe customer portal session (card, invoices, cancel) for the band's billing account. */
export async function openBillingPortal(access: BandAccess) {
  const record = await billingRecord(access);
  if (!record?.stripeCustomerId) throw new RuleError(409, BILLING_MESSAGES.noAccount);
  const session = await callStripe("create portal session", (stripe) =>
    stripe.billingPortal.sessions.create({ customer: record.stripeCustomerId!, return_url: subscriptionPage() }),
  );
  await track("manage_subscription", { userId: access.user.id, bandId: access.band.id, props: { action: "portal" } });
  return { url: session.url };
}

/**
 * Cancel (at the period's end) or resume. The subscription's flags are written from
 * Stripe's answer so the page shows them at once; the tier is not touched here: Pro
 * stays until the period ends, when Stripe's webhook says the subscription is over.
 */
async function setCancelAtPeriodEnd(access: BandAccess, cancel: boolean) {
  const record = await billingRecord(access);
  const live = record?.stripeSubscriptionId && tierForStatus(record.status) === PRO_TIER;
  if (!live) throw new RuleError(409, cancel ? BILLING_MESSAGES.nothingToCancel : BILLING_MESSAGES.noSubscriptionToResume);
  if (cancel && record.cancelAtPeriodEnd) throw new RuleError(409, BILLING_MESSAGES.alreadyCancelling);
  if (!cancel && !record.cancelAtPeriodEnd) throw new RuleError(409, BILLING_MESSAGES.nothingToResume);
  const updated = await callStripe(cancel ? "cancel subscription" : "resume subscription", (stripe) =>
    stripe.subscriptions.update(record.stripeSubscriptionId!, { cancel_at_period_end: cancel }),
  );
  const periodEnd = updated.items?.data?.[0]?.current_period_end;
  // Only the request that flips the flag reports it (and counts it): of two "Cancel Pro"
  // sent at once, the second is told it is already set, as it would be a moment later.
  const { count } = await db.bandSubscription.updateMany({
    where: { bandId: access.band.id, cancelAtPeriodEnd: !cancel },
    data: { cancelAtPeriodEnd: updated.cancel_at_period_end, ...(periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000) } : {}) },
  });
  if (count === 0) throw new RuleError(409, cancel ? BILLING_MESSAGES.alreadyCancelling : BILLING_MESSAGES.nothingToResume);
  await track("manage_subscription", { userId: access.user.id, bandId: access.band.id, props: { action: cancel ? "cancel" : "resume" } });
  return getSubscription(access);
}

export const cancelSubscription = (access: BandAccess) => setCancelAtPeriodEnd(access, true);
export const resumeSubscription = (access: BandAccess) => setCancelAtPeriodEnd(access, false);

/** One leader action by name (the page's intent, the API's action): a URL to go to, or the new state. */
export async function runBillingAction(access: BandAccess, action: BillingAction): Promise<{ url: string } | SubscriptionView> {
  switch (action) {
    case "checkout":
      return startCheckout(access);
    case "portal":
      return openBillingPortal(access);
    case "cancel":
      return cancelSubscription(access);
    case "resume":
      return resumeSubscription(access);
  }
}

/** The subscription as GET /api/bands/{id}/subscription answers it. */
export function subscriptionJson(view: SubscriptionView) {
  return {
    mode: view.mode,
    subscriptionTier: view.isPro ? PRO_TIER : "free",
    plan: view.plan,
    // amount in dollars, as analytics reports the price (the spec); amountMinor as every other sum of the API.
    price: { amount: view.proPrice, amountMinor: view.proPrice * 100, currency: "USD", interval: "month" },
    status: view.status,
    currentPeriodEnd: view.currentPeriodEnd,
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    paymentMethod: view.paymentMethod,
    leaders: view.leaders,
    actions: view.actions,
  };
}

/** Stripe statuses after which a subscription charges nothing more. */
const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

/**
 * Before bands are deleted (by their leader, or with the account of their only member):
 * ends their billing at Stripe at once, so nobody goes on paying $8 a month for a band
 * that is gone and can no longer be managed here. A live subscription is cancelled
 * now, and a checkout still open is expired. Stripe failing refuses the deletion (503,
 * nothing deleted); a subscription Stripe already ended counts as ended.
 */
export async function endBillingOfBands(bandIds: number[]) {
  if (!bandIds.length || billingMode() !== "stripe") return;
  const records = await db.bandSubscription.findMany({
    where: { bandId: { in: bandIds } },
    select: { bandId: true, stripeSubscriptionId: true, status: true, checkoutSessionId: true, checkoutExpiresAt: true },
  });
  for (const record of records) {
    const subscriptionId = record.stripeSubscriptionId;
    if (subscriptionId && !ENDED_STATUSES.has(record.status ?? "")) {
      await callStripe("cancel the subscription of a band being deleted", (stripe) => stripe.subscriptions.cancel(subscriptionId).catch(goneAtStripe(false)));
    }
    const sessionId = record.checkoutSessionId;
    if (sessionId && sessionId !== OPENING && record.checkoutExpiresAt && record.checkoutExpiresAt > new Date()) {
      await callStripe("expire the checkout of a band being deleted", (stripe) => stripe.checkout.sessions.expire(sessionId).catch(goneAtStripe(true)));
    }
  }
}

/** Whether deleting these bands ends a subscription someone pays for at Stripe: the deletion forms say so. */
export async function paysThroughStripe(bandIds: number[]) {
  if (!bandIds.length || billingMode() !== "stripe") return false;
  return (await db.bandSubscription.count({ where: { bandId: { in: bandIds }, stripeSubscriptionId: { not: null }, status: { notIn: [...ENDED_STATUSES] } } })) > 0;
}
