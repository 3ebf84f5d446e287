/**
 * Stripe's API as a small in-memory fake, shaped like its documented objects (API
 * version 2026-10-28: the period end lives on the subscription item, an invoice names
 * its subscription under parent.subscription_details): Checkout sessions, billing
 * portal sessions, subscriptions (retrieve, update, cancel), and signed webhook events.
 *
 * The same fake answers msw in vitest (`stripeHandlers`) and the e2e stand-in's HTTP
 * server (tests/mocks/stripe-stand-in.ts), so both speak one dialect.
 */
import { http, HttpResponse } from "msw";
import Stripe from "stripe";

export const STRIPE_API = "https://api.stripe.com";
export const TEST_SECRET_KEY = "sk_test_bandroom_fake";
export const TEST_WEBHOOK_SECRET = "whsec_bandroom_test_secret";
const API_VERSION = "2026-10-28.endive";

type Metadata = Record<string, string>;

export type FakeSubscription = {
  id: string;
  object: "subscription";
  status: string;
  customer: string;
  created: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  metadata: Metadata;
  default_payment_method: string | null;
  items: { object: "list"; data: { id: string; object: "subscription_item"; current_period_start: number; current_period_end: number; price: { id: string; object: "price"; unit_amount: number; currency: string; recurring: { interval: string } } }[] };
};

export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  expires_at: number;
  url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Metadata;
  subscription_metadata: Metadata;
  success_url: string;
  cancel_url: string;
};

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding, back to a flat map of its bracketed keys ("metadata[bandId]"). */
function readParams(body: string) {
  return Object.fromEntries(new URLSearchParams(body));
}

function stripeError(status: number, message: string, code = "resource_missing") {
  return { status, body: { error: { type: "invalid_request_error", code, message } } };
}

export class FakeStripe {
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly sessions = new Map<string, FakeCheckoutSession>();
  /** Every API call, to assert what the app asked Stripe for. */
  readonly calls: { method: string; path: string; params: Record<string, string> }[] = [];
  /** Answer every API call with this failure (Stripe down). */
  failWith: number | null = null;
  private counter = 0;

  /** `pagesBase`: where the fake's hosted pages (checkout, portal) live. */
  constructor(public pagesBase = "https://checkout.stripe.test") {}

  private nextId(prefix: string) {
    this.counter += 1;
    return `${prefix}_test_${this.counter.toString().padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;
  }

  /** An HTTP request to /v1/… as Stripe's API would answer it. */
  handle(method: string, path: string, body: string): { status: number; body: unknown } {
    const params = readParams(body);
    this.calls.push({ method, path, params });
    if (this.failWith) return { status: this.failWith, body: { error: { type: "api_error", message: "Stripe is having a bad day" } } };

    if (method === "POST" && path === "/v1/checkout/sessions") return { status: 200, body: this.createCheckoutSession(params) };
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = params.customer;
      if (!customer) return stripeError(400, "Missing required param: customer.", "parameter_missing");
      return { status: 200, body: { id: this.nextId("bps"), object: "billing_portal.session", customer, return_url: params.return_url ?? null, url: `${this.pagesBase}/portal/${customer}?return=${encodeURIComponent(params.return_url ?? "")}` } };
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expireMatch && method === "POST") {
      const session = this.sessions.get(decodeURIComponent(expireMatch[1]!));
      if (!session) return stripeError(404, `No such checkout.session: '${expireMatch[1]}'`);
      if (session.status !== "open" || session.expires_at <= now()) return stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.', "checkout_session_not_open");
      session.status = "expired";
      return { status: 200, body: { ...session, url: null } };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (sessionMatch && method === "GET") {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return stripeError(404, `No such checkout.session: '${sessionMatch[1]}'`);
      if (session.status === "open" && session.expires_at <= now()) session.status = "expired";
      return { status: 200, body: { ...session, url: session.status === "open" ? session.url : null } };
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = this.subscriptions.get(decodeURIComponent(match[1]!));
      if (!subscription) return stripeError(404, `No such subscription: '${match[1]}'`);
      if (method === "DELETE") {
        if (subscription.status === "canceled") return stripeError(400, `This subscription is already canceled: '${subscription.id}'`, "resource_missing");
        Object.assign(subscription, { status: "canceled", canceled_at: now() });
        return { status: 200, body: this.render(subscription, false) };
      }
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
          subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0]!.current_period_end : null;
        }
        return { status: 200, body: this.render(subscription, false) };
      }
      const expand = Object.entries(params).some(([key, value]) => key.startsWith("expand") && value === "default_payment_method");
      return { status: 200, body: this.render(subscription, expand) };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`, "url_invalid");
  }

  private createCheckoutSession(params: Record<string, string>): FakeCheckoutSession {
    const id = this.nextId("cs");
    const pick = (prefix: string) =>
      Object.fromEntries(Object.entries(params).filter(([key]) => key.startsWith(`${prefix}[`)).map(([key, value]) => [key.slice(prefix.length + 1, -1), value]));
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      mode: params.mode ?? "payment",
      status: "open",
      payment_status: "unpaid",
      expires_at: params.expires_at ? Number(params.expires_at) : now() + DAY,
      url: `${this.pagesBase}/pay/${id}`,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      subscription: null,
      metadata: pick("metadata"),
      subscription_metadata: pick("subscription_data[metadata]"),
      success_url: params.success_url ?? "",
      cancel_url: params.cancel_url ?? "",
    };
    this.sessions.set(id, session);
    return session;
  }

  /** A subscription as the API shows it; the card expanded when asked. */
  render(subscription: FakeSubscription, expandCard: boolean) {
    const copy = structuredClone(subscription);
    if (!expandCard || !copy.default_payment_method) return copy;
    return {
      ...copy,
      default_payment_method: { id: copy.default_payment_method, object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } },
    };
  }

  /** Adds (or replaces) a subscription; `overrides` change its fields. */
  addSubscription(overrides: Partial<FakeSubscription> = {}): FakeSubscription {
    const start = now();
    const subscription: FakeSubscription = {
      id: this.nextId("sub"),
      object: "subscription",
      status: "active",
      customer: this.nextId("cus"),
      created: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      metadata: {},
      default_payment_method: this.nextId("pm"),
      items: {
        object: "list",
        data: [{ id: this.nextId("si"), object: "subscription_item", current_period_start: start, current_period_end: start + 30 * DAY, price: { id: "price_pro", object: "price", unit_amount: 800, currency: "usd", recurring: { interval: "month" } } }],
      },
      ...overrides,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** The customer pays on the hosted page: a live subscription, and the events Stripe would send. */
  completeCheckout(sessionId: string) {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== "open") return null;
    const subscription = this.addSubscription({ customer: session.customer ?? this.nextId("cus"), metadata: session.subscription_metadata });
    Object.assign(session, { status: "complete", payment_status: "paid", customer: subscription.customer, subscription: subscription.id });
    const created = now();
    const events = [
      this.event("customer.subscription.created", this.render(subscription, false), created),
      this.event("invoice.paid", this.invoice(subscription), created),
      this.event("checkout.session.completed", { ...session, subscription_metadata: undefined }, created),
    ];
    return { session, subscription, events };
  }

  /** A paid invoice of the subscription, as invoice.paid carries it. */
  invoice(subscription: FakeSubscription, status: "paid" | "open" = "paid") {
    return {
      id: this.nextId("in"),
      object: "invoice",
      customer: subscription.customer,
      status,
      amount_due: 800,
      amount_paid: status === "paid" ? 800 : 0,
      currency: "usd",
      billing_reason: "subscription_create",
      parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    };
  }

  /** An event as Stripe delivers it. `created` in seconds: send an older one to test ordering. */
  event(type: string, object: unknown, created = now()) {
    return { id: this.nextId("evt"), object: "event", api_version: API_VERSION, created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
  }
}

/** The body and Stripe-Signature header of a webhook delivery, signed as Stripe signs it. */
export function signedDelivery(event: unknown, secret = TEST_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

/** msw handlers answering Stripe's API from `fake`. */
export function stripeHandlers(fake: FakeStripe, base = STRIPE_API) {
  const answer = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const body = request.method === "GET" ? url.search.slice(1) : await request.text();
    const { status, body: json } = fake.handle(request.method, url.pathname, body);
    return HttpResponse.json(json as Record<string, unknown>, { status });
  };
  return [http.get(`${base}/v1/*`, answer), http.post(`${base}/v1/*`, answer), http.delete(`${base}/v1/*`, answer)];
}
