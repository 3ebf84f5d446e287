/**
 * Stripe's webhook: the only thing that changes a band's tier in Stripe mode.
 *
 * - The signature is checked over the raw body (a bad or missing one: 400, nothing read).
 * - Idempotent by event id: each id is written to StripeEvent in the same transaction as
 *   the change it made, so a redelivery (or two deliveries racing) changes nothing.
 * - Order-proof: Stripe does not promise delivery order. The event only says which
 *   subscription moved; its state is fetched from Stripe, which always has the latest.
 *   An event older (`created`) than the newest one already applied is recorded and
 *   otherwise ignored, so a late, stale snapshot cannot overwrite a newer one.
 */
import { db, isUniqueViolation } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { recordAudit } from "~/features/audit/audit.server";
import { track } from "~/features/analytics/analytics.server";
import { PRO_TIER, purchaseProps } from "./plans";
import { callStripe, goneAtStripe, verifyStripeEvent, type Stripe } from "./stripe.server";

export const BAD_SIGNATURE = "Invalid Stripe signature";
export const BAD_EVENT = "The body is not a Stripe event";

/** Stripe's events are a few KB; room for a large invoice, and no more. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Stripe statuses in which the band has Pro; past_due keeps it while Stripe retries the card. */
const PRO_STATUSES = new Set(["active", "trialing", "past_due"]);

export function tierForStatus(status: string | null | undefined) {
  return status && PRO_STATUSES.has(status) ? PRO_TIER : "free";
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** What an event says about which band and subscription it concerns; null for events we do not act on. */
function eventTarget(event: Stripe.Event): { subscriptionId: string | null; customerId: string | null; bandId: number | null; invoice?: Stripe.Invoice } | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      const bandId = Number(session.metadata?.bandId ?? session.client_reference_id);
      return { subscriptionId: idOf(session.subscription), customerId: idOf(session.customer), bandId: Number.isInteger(bandId) && bandId > 0 ? bandId : null };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed": {
      const subscription = event.data.object;
      return { subscriptionId: subscription.id, customerId: idOf(subscription.customer), bandId: bandIdFrom(subscription.metadata) };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId) return null;
      return { subscriptionId, customerId: idOf(invoice.customer), bandId: bandIdFrom(invoice.parent?.subscription_details?.metadata), invoice };
    }
    default:
      return null;
  }
}

function bandIdFrom(metadata: Record<string, string> | null | undefined) {
  const id = Number(metadata?.bandId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export type WebhookResult = { received: true; outcome: "applied" | "duplicate" | "stale" | "ignored" };

/**
 * Handles one delivery. Throws RuleError(400) for a bad signature; a Stripe API failure
 * (503) leaves nothing written, so Stripe's retry starts again from scratch.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookResult> {
  const verified = verifyStripeEvent(rawBody, signature);
  if ("error" in verified) throw new RuleError(400, verified.error === "signature" ? BAD_SIGNATURE : BAD_EVENT);
  const { event } = verified;
  if (await db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return { received: true, outcome: "duplicate" };

  const target = eventTarget(event);
  if (!target?.subscriptionId) return remember(event, null, "ignored");

  // A subscription Stripe does not know (another account's id, a forged but signed test):
  // nothing to apply, and a 200 so that Stripe stops retrying it.
  const subscription = await callStripe("retrieve subscription", (stripe) =>
    stripe.subscriptions.retrieve(target.subscriptionId!, { expand: ["default_payment_method"] }).catch(goneAtStripe(false)),
  );
  if (!subscription) return remember(event, null, "ignored");
  const bandId = bandIdFrom(subscription.metadata) ?? target.bandId ?? (await bandForStripeIds(subscription.id, target.customerId ?? idOf(subscription.customer)));
  if (!bandId) return remember(event, null, "ignored");

  // A band has one subscription. A second live one (two checkouts both paid) is cancelled
  // at Stripe and never replaces the first; events about any other subscription of a band
  // that has a live one (the second's cancellation among them) change nothing.
  const current = await db.bandSubscription.findUnique({ where: { bandId }, select: { stripeSubscriptionId: true, status: true } });
  if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id && tierForStatus(current.status) === PRO_TIER) {
    if (tierForStatus(subscription.status) !== PRO_TIER) return remember(event, bandId, "ignored");
    // Ours may be behind Stripe (the kept one's cancellation still on its way): ask. Only
    // while the kept one is live at Stripe is the new one a second subscription.
    const kept = await callStripe("retrieve the band's subscription", (stripe) => stripe.subscriptions.retrieve(current.stripeSubscriptionId!));
    if (tierForStatus(kept.status) === PRO_TIER) {
      await callStripe("cancel a second subscription", (stripe) => stripe.subscriptions.cancel(subscription.id));
      return rememberDuplicate(event, bandId, subscription, current.stripeSubscriptionId);
    }
  }

  const result = await applySubscription(event, bandId, subscription);
  if (result.outcome !== "duplicate" && event.type === "invoice.paid" && target.invoice && target.invoice.amount_paid > 0) {
    await track("purchase", { userId: await purchaserOf(bandId, subscription.metadata?.userId), bandId, props: purchaseProps(target.invoice.id ?? event.id) });
  }
  return result;
}

/** A band that already has these Stripe ids (a subscription started before metadata carried the band). */
async function bandForStripeIds(subscriptionId: string, customerId: string | null) {
  const found = await db.bandSubscription.findFirst({
    where: { OR: [{ stripeSubscriptionId: subscriptionId }, ...(customerId ? [{ stripeCustomerId: customerId }] : [])] },
    select: { bandId: true },
  });
  return found?.bandId ?? null;
}

/** The leader who started the checkout while still in the band, else the band's first leader. */
async function purchaserOf(bandId: number, userId: string | undefined) {
  if (userId && (await db.bandMembership.findFirst({ where: { bandId, userId }, select: { id: true } }))) return userId;
  const leader = await db.bandMembership.findFirst({ where: { bandId, role: "band_leader" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { userId: true } });
  return leader?.userId ?? null;
}

async function remember(event: Stripe.Event, bandId: number | null, outcome: WebhookResult["outcome"]): Promise<WebhookResult> {
  try {
    await db.stripeEvent.create({ data: { id: event.id, type: event.type, bandId } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { received: true, outcome: "duplicate" };
  }
  return { received: true, outcome };
}

/** Records the event and, for the platform admins, that a second subscription was cancelled and its payment is due back. */
async function rememberDuplicate(event: Stripe.Event, bandId: number, subscription: Stripe.Subscription, kept: string): Promise<WebhookResult> {
  try {
    await db.$transaction(async (tx) => {
      await tx.stripeEvent.create({ data: { id: event.id, type: event.type, bandId } });
      const band = await tx.band.findUnique({ where: { id: bandId }, select: { name: true } });
      if (!band) return;
      await recordAudit(tx, {
        actor: { system: "Stripe" },
        action: "band.duplicate-subscription",
        bandId,
        target: { type: "band", id: bandId, label: band.name },
        before: { subscription: subscription.id, customer: idOf(subscription.customer) },
        after: { cancelled: subscription.id, kept, stripeEvent: event.id },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { received: true, outcome: "duplicate" };
    throw error;
  }
  return { received: true, outcome: "ignored" };
}


function snapshot(subscription: Stripe.Subscription) {
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  const method = typeof subscription.default_payment_method === "object" ? subscription.default_payment_method : null;
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
    status: subscription.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cardBrand: method?.card?.brand ?? null,
    cardLast4: method?.card?.last4 ?? null,
  };
}

/**
 * Writes the subscription's state and the band's tier, with the event id and (for a tier
 * change) an audit entry, in one transaction. Never deletes anything: a band that falls
 * back to free keeps all its data.
 */
async function applySubscription(event: Stripe.Event, bandId: number, subscription: Stripe.Subscription): Promise<WebhookResult> {
  const eventAt = new Date(event.created * 1000);
  try {
    return await db.$transaction(async (tx) => {
      // First: a second delivery racing this one fails here, before anything else is written.
      await tx.stripeEvent.create({ data: { id: event.id, type: event.type, bandId } });
      const band = await tx.band.findUnique({ where: { id: bandId }, select: { id: true, name: true, subscriptionTier: true, subscription: { select: { lastEventAt: true } } } });
      if (!band) return { received: true, outcome: "ignored" } as const;
      const lastEventAt = band.subscription?.lastEventAt;
      if (lastEventAt && eventAt < lastEventAt) return { received: true, outcome: "stale" } as const;

      const state = { ...snapshot(subscription), ...(tierForStatus(subscription.status) === PRO_TIER ? { checkoutSessionId: null, checkoutUrl: null, checkoutExpiresAt: null } : {}) };
      await tx.bandSubscription.upsert({
        where: { bandId },
        create: { bandId, ...state, lastEventAt: eventAt },
        update: { ...state, lastEventAt: eventAt },
      });
      const tier = tierForStatus(subscription.status);
      if (band.subscriptionTier !== tier) {
        await tx.band.update({ where: { id: bandId }, data: { subscriptionTier: tier } });
        await recordAudit(tx, {
          actor: { system: "Stripe" },
          action: "band.tier",
          bandId,
          target: { type: "band", id: bandId, label: band.name },
          before: { tier: band.subscriptionTier },
          after: { tier, stripeStatus: subscription.status, stripeEvent: event.id },
        });
      }
      return { received: true, outcome: "applied" } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { received: true, outcome: "duplicate" };
    throw error;
  }
}
