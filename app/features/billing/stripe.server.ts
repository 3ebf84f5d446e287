/**
 * The one Stripe client module (architecture: one client per third-party service).
 *
 * Billing mode: "stripe" when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set,
 * else "manual" (a self-hosted install, `npm start` out of the box), where a platform
 * admin grants Pro. Read per call, like the metadata partners' config, so a test can
 * switch modes with `vi.stubEnv`.
 *
 * STRIPE_API_BASE (e.g. http://127.0.0.1:12111) points the client at a stand-in: the e2e
 * server's local fake (tests/mocks/stripe-stand-in.ts). Production leaves it unset.
 */
import Stripe from "stripe";
import { RuleError } from "~/utils/rule-error";

export type BillingMode = "stripe" | "manual";

export function stripeConfig() {
  return {
    secretKey: process.env.STRIPE_SECRET_KEY || null,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || null,
    /** A recurring Price of $8 a month; without it Checkout is given the price inline. */
    priceId: process.env.STRIPE_PRICE_ID || null,
    apiBase: process.env.STRIPE_API_BASE || null,
    /** Stripe is slow sometimes, never this slow: a leader waits on it in an action. */
    timeoutMs: Number(process.env.STRIPE_TIMEOUT_MS) > 0 ? Number(process.env.STRIPE_TIMEOUT_MS) : 10_000,
  };
}

export function billingMode(): BillingMode {
  const { secretKey, webhookSecret } = stripeConfig();
  return secretKey && webhookSecret ? "stripe" : "manual";
}

/** host/port/protocol for the client from STRIPE_API_BASE; nothing (Stripe's own API) when unset. */
export function apiBaseOptions(apiBase: string | null): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

let cached: { key: string; client: Stripe } | null = null;

/** The Stripe client; a RuleError (409) in manual mode, where nothing may call Stripe. */
export function stripeClient(): Stripe {
  const config = stripeConfig();
  if (billingMode() !== "stripe" || !config.secretKey) throw new RuleError(409, MANUAL_BILLING_REFUSAL);
  const key = `${config.secretKey}|${config.apiBase ?? ""}|${config.timeoutMs}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: new Stripe(config.secretKey, {
        ...apiBaseOptions(config.apiBase),
        timeout: config.timeoutMs,
        maxNetworkRetries: 1,
        telemetry: false,
        appInfo: { name: "Bandroom" },
      }),
    };
  }
  return cached.client;
}

export const MANUAL_BILLING_REFUSAL = "Billing is manual on this Bandroom: a platform admin grants or removes Pro.";
export const STRIPE_DOWN = "Stripe could not be reached, so nothing changed. Please try again in a moment.";

/**
 * Runs a call to Stripe's API; a failure (Stripe down, slow, or refusing) becomes a
 * RuleError with a message a person can act on, and is logged for us.
 */
export async function callStripe<T>(what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  const stripe = stripeClient();
  try {
    return await call(stripe);
  } catch (error) {
    console.error(`Stripe: ${what} failed`, error instanceof Error ? error.message : error);
    throw new RuleError(503, STRIPE_DOWN);
  }
}

/**
 * For a call's `.catch`: Stripe answering that the object is gone (or, with `anyRefusal`,
 * refusing the request at all: a checkout no longer open cannot be expired) becomes null,
 * nothing left to act on. Anything else (Stripe down, a bad key) is thrown on. Without
 * `anyRefusal` only "no such object" counts, so a live subscription is never taken as
 * gone on a misread refusal.
 */
export function goneAtStripe(anyRefusal: boolean) {
  return (error: unknown): null => {
    const refusal = error as { type?: string; code?: string; statusCode?: number } | null;
    if (refusal?.type === "StripeInvalidRequestError" && (anyRefusal || refusal.code === "resource_missing" || refusal.statusCode === 404)) return null;
    throw error;
  };
}

/** How far a signature's time may be from ours, either way (Stripe's own tolerance only limits the past). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies the Stripe-Signature header over the raw body, then reads the event:
 * "signature" when the header does not match (or is from more than five minutes before
 * or after now), "payload" when a correctly signed body is not an event.
 */
export function verifyStripeEvent(rawBody: string, signature: string | null): { event: Stripe.Event } | { error: "signature" | "payload" } {
  const { webhookSecret } = stripeConfig();
  if (!signature || !webhookSecret) return { error: "signature" };
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(signedAt) || Math.abs(Date.now() / 1000 - signedAt) > SIGNATURE_TOLERANCE_SECONDS) return { error: "signature" };
  try {
    stripeClient().webhooks.signature!.verifyHeader(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    return { error: "signature" };
  }
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return { error: "payload" };
  }
  const shaped = event as Partial<Stripe.Event> | null;
  const isEvent =
    typeof shaped === "object" &&
    shaped !== null &&
    !Array.isArray(shaped) &&
    typeof shaped.id === "string" &&
    shaped.id.length > 0 &&
    shaped.id.length <= 255 &&
    typeof shaped.type === "string" &&
    shaped.type.length > 0 &&
    shaped.type.length <= 255 &&
    typeof shaped.created === "number" &&
    Number.isFinite(shaped.created) &&
    typeof shaped.data === "object" &&
    shaped.data !== null &&
    typeof shaped.data.object === "object" &&
    shaped.data.object !== null;
  return isEvent ? { event: shaped as Stripe.Event } : { error: "payload" };
}

export type { Stripe };
