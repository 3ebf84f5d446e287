/**
 * Pro through Stripe (issue 9): msw stands in for Stripe's API (tests/mocks/stripe.ts)
 * and webhook deliveries are signed with the test secret, as Stripe signs them.
 */
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { server } from "#tests/mocks/server";
import { FakeStripe, signedDelivery, stripeHandlers, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "#tests/mocks/stripe";
import { recordTestMoney } from "#tests/helpers/finances";
import { toastOf } from "./auth-helpers";
import { db } from "~/utils/db.server";
import { listAuditEntries } from "~/features/audit/audit.server";
import * as page from "~/routes/_app+/subscription";
import * as api from "~/routes/api+/bands.$id.subscription";
import * as webhook from "~/routes/api+/stripe.webhook";
import * as settingsPage from "~/routes/_app+/settings";
import * as balancesApi from "~/routes/api+/bands.$id.member-balances";
import { deleteAccount } from "~/features/auth/account.server";

let fake: FakeStripe;

function stripeMode() {
  vi.stubEnv("STRIPE_SECRET_KEY", TEST_SECRET_KEY);
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", TEST_WEBHOOK_SECRET);
  fake = new FakeStripe();
  server.use(...stripeHandlers(fake));
}

afterEach(() => vi.unstubAllEnvs());

async function bandWith(tier = "free") {
  const leader = await createUser({ firstName: "Lee", lastName: "Leader" });
  const admin = await createUser({ firstName: "Ada", lastName: "Admin" });
  const member = await createUser({ firstName: "Max", lastName: "Member" });
  const band = await createBand({
    subscriptionTier: tier,
    timeZone: "America/Chicago",
    members: [
      { userId: leader.id, role: "band_leader" },
      { userId: admin.id, role: "band_admin" },
      { userId: member.id, role: "band_member" },
    ],
  });
  const cookie = async (userId: string) => `${await sessionCookieFor(userId)}; ${await bandCookie(band.id)}`;
  return { band, leader, admin, member, cookie };
}

/** POSTs one signed delivery to the webhook route. */
async function deliver(event: unknown, { secret = TEST_WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {}) {
  const { payload, header } = signedDelivery(event, secret);
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "sec-fetch-site": "none" };
  if (signature !== null) headers["stripe-signature"] = signature ?? header;
  const request = new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers: { ...headers, "x-bandroom-peer": "203.0.113.9" }, body: payload });
  return callRoute(webhook.action, request);
}

async function tierOf(bandId: number) {
  return (await db.band.findUniqueOrThrow({ where: { id: bandId }, select: { subscriptionTier: true } })).subscriptionTier;
}

async function pageAction(cookie: string, intent: string, bandId?: number) {
  return callRoute(page.action, buildRequest("/subscription", { cookie, form: { intent, ...(bandId ? { bandId: String(bandId) } : {}) } }));
}

async function pageData(cookie: string, query = "") {
  return (await callRoute(page.loader, buildRequest(`/subscription${query}`, { cookie }))).json();
}

async function analytics(name: string, bandId: number) {
  return (await db.analyticsEvent.findMany({ where: { name, bandId }, orderBy: { id: "asc" } })).map((row) => ({ ...row, properties: row.properties ? JSON.parse(row.properties) : null }));
}

/** A band that is Pro through Stripe: checkout completed and its events delivered. */
async function proThroughStripe() {
  const world = await bandWith();
  const response = await pageAction(await world.cookie(world.leader.id), "checkout", world.band.id);
  const sessionId = response.headers.get("location")!.split("/").pop()!;
  const completed = fake.completeCheckout(sessionId)!;
  for (const event of completed.events) expect((await deliver(event)).status).toBe(200);
  return { ...world, subscription: completed.subscription, events: completed.events };
}

describe("manual mode (no Stripe keys)", () => {
  beforeEach(() => {
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  });

  test("the page says billing is manual and offers no upgrade", async () => {
    const { leader, cookie } = await bandWith();
    const view = await pageData(await cookie(leader.id));
    expect(view).toMatchObject({ mode: "manual", isPro: false, actions: { checkout: false, portal: false, cancel: false, resume: false } });
  });

  test("an upgrade posted anyway is refused with the reason; nothing changes", async () => {
    const { band, leader, cookie } = await bandWith();
    const response = await pageAction(await cookie(leader.id), "checkout", band.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/subscription");
    expect(response.headers.get("set-cookie")).toContain("bandroom_toast");
    const json = await callRoute(api.action, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(leader.id), json: { action: "checkout" } }), { id: String(band.id) });
    expect(json.status).toBe(409);
    expect(await json.json()).toEqual({ message: "Billing is manual on this Bandroom: a platform admin grants or removes Pro." });
    expect(await tierOf(band.id)).toBe("free");
  });

  test("the webhook does not exist", async () => {
    expect((await deliver({ id: "evt_1", type: "invoice.paid" })).status).toBe(404);
  });

  test("a platform admin grants Pro", async () => {
    const { setBandTierManually } = await import("~/features/billing/billing.server");
    const { band } = await bandWith();
    const staff = await createUser({ isPlatformAdmin: true });
    await setBandTierManually(staff, band.id, "pro");
    expect(await tierOf(band.id)).toBe("pro");
  });
});

describe("Stripe mode", () => {
  beforeEach(stripeMode);

  test("a leader upgrades: checkout, then the webhook makes the band Pro, audited and counted once", async () => {
    const { band, leader, cookie } = await bandWith();
    expect((await pageData(await cookie(leader.id))).actions).toEqual({ checkout: true, portal: false, cancel: false, resume: false });

    const response = await pageAction(await cookie(leader.id), "checkout", band.id);
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const created = fake.calls.find((call) => call.path === "/v1/checkout/sessions")!;
    expect(created.params).toMatchObject({
      mode: "subscription",
      client_reference_id: String(band.id),
      "metadata[bandId]": String(band.id),
      "subscription_data[metadata][userId]": leader.id,
      customer_email: leader.email,
      success_url: "http://localhost:3000/subscription?checkout=success",
      "line_items[0][price_data][unit_amount]": "800",
    });
    // Nothing changes until Stripe says the payment went through.
    expect(await tierOf(band.id)).toBe("free");
    // Back from Stripe before its webhook: the leader is told it is being confirmed; a member who opens the address is not.
    expect((await pageData(await cookie(leader.id), "?checkout=success")).checkoutNotice).toBe("Thanks! Stripe is confirming the payment; Pro switches on in a moment. Reload this page if it has not.");
    expect((await pageData(await cookie(leader.id), "?checkout=cancelled")).checkoutNotice).toBe("Checkout was cancelled. Nothing was charged.");
    const [checkout] = await analytics("checkout", band.id);
    expect(checkout).toMatchObject({ userId: leader.id, properties: { value: 8, currency: "USD", items: [{ item_name: "Bandroom Pro subscription", price: 8, quantity: 1 }] } });

    const { events, subscription } = fake.completeCheckout(location.split("/").pop()!)!;
    for (const event of events) {
      const delivered = await deliver(event);
      expect(delivered.status).toBe(200);
    }
    expect(await tierOf(band.id)).toBe("pro");
    const stored = await db.bandSubscription.findUniqueOrThrow({ where: { bandId: band.id } });
    expect(stored).toMatchObject({ stripeSubscriptionId: subscription.id, stripeCustomerId: subscription.customer, status: "active", cardLast4: "4242", cardBrand: "visa", cancelAtPeriodEnd: false });
    expect(stored.currentPeriodEnd!.getTime()).toBe(subscription.items.data[0]!.current_period_end * 1000);

    const { entries } = await listAuditEntries({ bandId: band.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorLabel: "Stripe", action: "band.tier", before: { tier: "free" }, after: { tier: "pro" } });

    const purchases = await analytics("purchase", band.id);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ userId: leader.id, properties: { value: 8, currency: "USD", items: [{ item_id: "pro", item_name: "Bandroom Pro subscription", price: 8, quantity: 1 }] } });

    const view = await pageData(await cookie(leader.id), "?checkout=success");
    expect(view).toMatchObject({ isPro: true, paymentMethod: { brand: "visa", last4: "4242" }, cancelAtPeriodEnd: false, actions: { checkout: false, portal: true, cancel: true, resume: false } });
    expect(view.checkoutNotice).toBe("Payment received: welcome to Pro.");
    // "Cancelled" on a band that is Pro says nothing (an old address from the history).
    expect((await pageData(await cookie(leader.id), "?checkout=cancelled")).checkoutNotice).toBeNull();
    expect(view.periodEndLabel).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  test("a second upgrade goes to the checkout still open instead of opening another; a paid or expired one is not reused", async () => {
    const { band, leader, admin, cookie } = await bandWith();
    const first = (await pageAction(await cookie(leader.id), "checkout", band.id)).headers.get("location")!;
    // A double click, or a second tab.
    expect((await pageAction(await cookie(leader.id), "checkout", band.id)).headers.get("location")).toBe(first);
    const created = fake.calls.filter((call) => call.method === "POST" && call.path === "/v1/checkout/sessions");
    expect(created).toHaveLength(1);
    // Open for just over Stripe's shortest time (30 minutes when Stripe gets it), so a forgotten session soon stops standing in the way.
    expect(Number(created[0]!.params.expires_at) - Date.now() / 1000).toBeGreaterThan(31 * 60);
    expect(Number(created[0]!.params.expires_at) - Date.now() / 1000).toBeLessThanOrEqual(35 * 60);

    // Stripe says it expired (before our own clock does): the next upgrade opens a new one.
    fake.sessions.get(first.split("/").pop()!)!.expires_at = Math.floor(Date.now() / 1000) - 1;
    const second = (await pageAction(await cookie(leader.id), "checkout", band.id)).headers.get("location")!;
    expect(second).not.toBe(first);
    // The API answers with the same open session.
    const viaApi = await callRoute(api.action, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(leader.id), json: { action: "checkout" } }), { id: String(band.id) });
    expect(await viaApi.json()).toEqual({ url: second });
    // An admin without billing rights cannot reach it either way.
    expect((await pageAction(await cookie(admin.id), "checkout", band.id)).status).toBe(403);

    // Paid: the band is Pro, and the session is forgotten.
    for (const event of fake.completeCheckout(second.split("/").pop()!)!.events) await deliver(event);
    expect(await tierOf(band.id)).toBe("pro");
    expect(await db.bandSubscription.findUniqueOrThrow({ where: { bandId: band.id } })).toMatchObject({ checkoutSessionId: null, checkoutUrl: null, checkoutExpiresAt: null });
    expect(fake.calls.filter((call) => call.method === "POST" && call.path === "/v1/checkout/sessions")).toHaveLength(2);
  });

  test("a checkout paid but not yet confirmed, or two opened at once, never opens a second session", async () => {
    const { band, leader, cookie } = await bandWith();
    // Two clicks at the same moment: one session; the other is told to wait.
    const [a, b] = await Promise.all([pageAction(await cookie(leader.id), "checkout", band.id), pageAction(await cookie(leader.id), "checkout", band.id)]);
    const [opened, waiting] = a.status === 303 ? [a, b] : [b, a];
    expect(opened.status).toBe(303);
    expect(waiting.status).toBe(302);
    expect(waiting.headers.get("location")).toBe("/subscription");
    expect(await toastOf(waiting)).toMatchObject({ description: "A checkout for this band is being opened right now. Try again in a moment." });
    expect(fake.calls.filter((call) => call.method === "POST" && call.path === "/v1/checkout/sessions")).toHaveLength(1);
    // Paid at Stripe, the webhook not here yet: the page still offers Upgrade, and a click must not open another.
    const session = opened.headers.get("location")!.split("/").pop()!;
    fake.completeCheckout(session);
    const again = await callRoute(api.action, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(leader.id), json: { action: "checkout" } }), { id: String(band.id) });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Your payment went through and Stripe is confirming it: Pro starts in a moment. Reload this page shortly." });
    expect(fake.calls.filter((call) => call.method === "POST" && call.path === "/v1/checkout/sessions")).toHaveLength(1);
  });

  test("a new subscription after the band's one ended at Stripe (its cancellation not delivered yet) is taken, not cancelled as a second", async () => {
    const { band, subscription: first } = await proThroughStripe();
    fake.subscriptions.get(first.id)!.status = "canceled";
    const next = fake.addSubscription({ metadata: { bandId: String(band.id) } });
    expect(await (await deliver(fake.event("customer.subscription.created", fake.render(next, false)))).json()).toEqual({ received: true, outcome: "applied" });
    expect(fake.subscriptions.get(next.id)!.status).toBe("active");
    expect(await db.bandSubscription.findUniqueOrThrow({ where: { bandId: band.id } })).toMatchObject({ stripeSubscriptionId: next.id, status: "active" });
    expect(await tierOf(band.id)).toBe("pro");
  });

  test("a second live subscription (two checkouts both paid) is cancelled at Stripe and never replaces the first", async () => {
    const { band, subscription: first } = await proThroughStripe();
    const purchases = (await analytics("purchase", band.id)).length;
    // Another checkout for the band, paid on another Stripe customer.
    const second = fake.addSubscription({ metadata: { bandId: String(band.id) } });
    const created = await deliver(fake.event("customer.subscription.created", fake.render(second, false)));
    expect(await created.json()).toEqual({ received: true, outcome: "ignored" });
    expect(fake.subscriptions.get(second.id)!.status).toBe("canceled");
    expect(fake.calls.filter((call) => call.method === "DELETE")).toEqual([expect.objectContaining({ path: `/v1/subscriptions/${second.id}` })]);
    // Its payment and its cancellation change nothing and count no second purchase.
    await deliver(fake.event("invoice.paid", fake.invoice(second)));
    await deliver(fake.event("customer.subscription.deleted", fake.render(fake.subscriptions.get(second.id)!, false), Math.floor(Date.now() / 1000) + 60));
    expect(await tierOf(band.id)).toBe("pro");
    expect(await db.bandSubscription.findUniqueOrThrow({ where: { bandId: band.id } })).toMatchObject({ stripeSubscriptionId: first.id, stripeCustomerId: first.customer, status: "active" });
    expect((await analytics("purchase", band.id)).length).toBe(purchases);
    // The platform admins see that its payment is due back.
    const { entries } = await listAuditEntries({ bandId: band.id });
    expect(entries[0]).toMatchObject({ actorLabel: "Stripe", action: "band.duplicate-subscription", after: { cancelled: second.id, kept: first.id } });
    expect(fake.calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
  });

  test("a replayed event changes nothing and is not counted twice", async () => {
    const { band, events } = await proThroughStripe();
    const before = { audit: (await listAuditEntries({ bandId: band.id })).total, purchases: (await analytics("purchase", band.id)).length, processed: await db.stripeEvent.count() };
    for (const event of events) {
      const response = await deliver(event);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: "duplicate" });
    }
    expect(await tierOf(band.id)).toBe("pro");
    expect((await listAuditEntries({ bandId: band.id })).total).toBe(before.audit);
    expect((await analytics("purchase", band.id)).length).toBe(before.purchases);
    expect(await db.stripeEvent.count()).toBe(before.processed);
  });

  test("out of order: a deletion delivered before an older update leaves the band on Free", async () => {
    const { band, subscription } = await proThroughStripe();
    const t = Math.floor(Date.now() / 1000) + 60;
    const activeSnapshot = fake.render(subscription, false);
    // In Stripe the subscription is over; the update (older) was sent before it ended.
    const updated = fake.event("customer.subscription.updated", activeSnapshot, t);
    fake.subscriptions.get(subscription.id)!.status = "canceled";
    const deleted = fake.event("customer.subscription.deleted", fake.render(subscription, false), t + 5);

    expect(await (await deliver(deleted)).json()).toEqual({ received: true, outcome: "applied" });
    expect(await tierOf(band.id)).toBe("free");
    expect(await (await deliver(updated)).json()).toEqual({ received: true, outcome: "stale" });
    expect(await tierOf(band.id)).toBe("free");
    const { entries } = await listAuditEntries({ bandId: band.id });
    expect(entries.map((entry) => entry.after)).toMatchObject([{ tier: "free" }, { tier: "pro" }]);
  });

  test("out of order: an older update arriving after a newer one does not undo it", async () => {
    const { band, subscription } = await proThroughStripe();
    const t = Math.floor(Date.now() / 1000) + 60;
    const older = fake.event("customer.subscription.updated", fake.render(subscription, false), t);
    const live = fake.subscriptions.get(subscription.id)!;
    live.cancel_at_period_end = true;
    const newer = fake.event("customer.subscription.updated", fake.render(live, false), t + 10);
    await deliver(newer);
    // Stripe's own state changes again after the newer event; a stale event must not write it.
    live.cancel_at_period_end = false;
    expect(await (await deliver(older)).json()).toEqual({ received: true, outcome: "stale" });
    expect((await db.bandSubscription.findUniqueOrThrow({ where: { bandId: band.id } })).cancelAtPeriodEnd).toBe(true);
    expect(await tierOf(band.id)).toBe("pro");
  });

  test("the band follows Stripe's current state, not a stale event body", async () => {
    const { band, subscription } = await proThroughStripe();
    fake.subscriptions.get(subscription.id)!.status = "unpaid";
    // The event's body still says active; Stripe says unpaid.
    await deliver(fake.event("customer.subscription.updated", { ...fake.render(subscription, false), status: "active" }, Math.floor(Date.now() / 1000) + 60));
    expect(await tierOf(band.id)).toBe("free");
  });

  test("a bad, missing or wrongly keyed signature is refused with 400 and nothing changes", async () => {
    const { band } = await bandWith();
    const subscription = fake.addSubscription({ metadata: { bandId: String(band.id) } });
    const event = fake.event("customer.subscription.created", fake.render(subscription, false));
    for (const options of [{ signature: null }, { signature: "t=1,v1=deadbeef" }, { secret: "whsec_someone_else" }]) {
      const response = await deliver(event, options);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid Stripe signature" });
    }
    expect(await tierOf(band.id)).toBe("free");
    expect(await db.stripeEvent.count({ where: { id: event.id } })).toBe(0);
    expect(await db.bandSubscription.count({ where: { bandId: band.id } })).toBe(0);
    expect(fake.calls).toHaveLength(0);
    // The same event, properly signed, is then applied.
    expect((await deliver(event)).status).toBe(200);
    expect(await tierOf(band.id)).toBe("pro");
  });

  test("a correctly signed body that is not an event gets 400 with what is wrong, never a 500; a signature from the future is refused", async () => {
    const post = (payload: string, header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET })) =>
      callRoute(webhook.action, new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header, "sec-fetch-site": "none", "x-bandroom-peer": "203.0.113.9" }, body: payload }));
    for (const payload of ["[1,2]", '{"id":"evt_x2"}', "{not json", "null", '{"id":"evt_x3","type":"customer.subscription.updated","created":1,"data":null}']) {
      const response = await post(payload);
      expect(response.status, payload).toBe(400);
      expect(await response.json()).toEqual({ message: "The body is not a Stripe event" });
    }
    const before = await db.stripeEvent.count();
    const event = JSON.stringify(fake.event("customer.subscription.updated", { id: "sub_x" }));
    const future = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: TEST_WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) + 3600 });
    expect(await (await post(event, future)).json()).toEqual({ message: "Invalid Stripe signature" });
    expect(await db.stripeEvent.count()).toBe(before);
    expect(await db.stripeEvent.count({ where: { id: { in: ["evt_x2", "evt_x3"] } } })).toBe(0);
  });

  test("a free band's finances say its leader can upgrade at /subscription (on a manual-billing install, that a platform admin grants Pro)", async () => {
    const { band, leader, cookie } = await bandWith();
    const read = async () => callRoute(balancesApi.loader, buildRequest(`/api/bands/${band.id}/member-balances`, { cookie: await cookie(leader.id) }), { id: String(band.id) });
    const refused = await read();
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ message: "Finances is part of Pro, and this band is on the Free plan. The band leader can upgrade at /subscription." });
    vi.unstubAllEnvs();
    expect(await (await read()).json()).toEqual({ message: "Finances is part of Pro, and this band is on the Free plan. A platform admin grants Pro on this Bandroom." });
  });

  test("deleting a Pro band cancels its subscription at Stripe at once (the form says so first); Stripe down refuses the deletion and keeps the band", async () => {
    const { band, leader, cookie, subscription } = await proThroughStripe();
    const settings = await (await callRoute(settingsPage.loader, buildRequest("/settings", { cookie: await cookie(leader.id) }))).json();
    expect(settings.endsSubscription).toBe(true);
    const remove = async () => callRoute(settingsPage.action, buildRequest("/settings", { cookie: await cookie(leader.id), form: { intent: "delete-band", bandId: String(band.id), confirmName: band.name } }));

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    fake.failWith = 500;
    const refused = await remove();
    expect(refused.status).toBe(503);
    expect((await refused.json()).result.error[""]).toEqual(["Stripe could not be reached, so nothing changed. Please try again in a moment."]);
    expect(await db.band.count({ where: { id: band.id } })).toBe(1);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("active");
    expect(logged).toHaveBeenCalled();

    fake.failWith = null;
    const deleted = await remove();
    expect(deleted.status).toBe(302);
    expect(await db.band.count({ where: { id: band.id } })).toBe(0);
    expect(fake.subscriptions.get(subscription.id)).toMatchObject({ status: "canceled" });
    // Stripe's word that it ended finds no band: acknowledged, nothing else happens.
    const ended = await deliver(fake.event("customer.subscription.deleted", fake.render(fake.subscriptions.get(subscription.id)!, false)));
    expect(ended.status).toBe(200);
  });

  test("a band deleted with its only member's account stops paying at Stripe too; a free band's open checkout is expired, so nobody can pay for a band that is gone", async () => {
    const pro = await proThroughStripe();
    // The leader is the band's only member once the others have left.
    await db.bandMembership.deleteMany({ where: { bandId: pro.band.id, userId: { not: pro.leader.id } } });
    expect(await deleteAccount(pro.leader.id)).toMatchObject({ status: "deleted" });
    expect(fake.subscriptions.get(pro.subscription.id)).toMatchObject({ status: "canceled" });

    const free = await bandWith();
    const location = (await pageAction(await free.cookie(free.leader.id), "checkout", free.band.id)).headers.get("location")!;
    const sessionId = location.split("/").pop()!;
    expect((await callRoute(settingsPage.loader, buildRequest("/settings", { cookie: await free.cookie(free.leader.id) })).then((response) => response.json())).endsSubscription).toBe(false);
    const deleted = await callRoute(settingsPage.action, buildRequest("/settings", { cookie: await free.cookie(free.leader.id), form: { intent: "delete-band", bandId: String(free.band.id), confirmName: free.band.name } }));
    expect(deleted.status).toBe(302);
    expect(fake.sessions.get(sessionId)!.status).toBe("expired");
    expect(fake.completeCheckout(sessionId)).toBeNull();
  });

  test("a signed event about a subscription Stripe does not know is acknowledged and ignored, not retried as 'Stripe down'", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const stranger = fake.addSubscription();
    fake.subscriptions.delete(stranger.id);
    const response = await deliver(fake.event("customer.subscription.updated", fake.render(stranger, false)));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, outcome: "ignored" });
    expect(logged).not.toHaveBeenCalled();
  });

  test("cancel keeps Pro until the period ends; resume carries on; the deletion at period end falls back to Free and keeps the band's data", async () => {
    const { band, leader, cookie, subscription } = await proThroughStripe();
    await recordTestMoney(band.id, "payment", 50_000);

    // Pressed twice at once (two tabs, a double tap without JavaScript): cancelled once, counted once.
    const [cancelled, again] = await Promise.all([pageAction(await cookie(leader.id), "cancel", band.id), pageAction(await cookie(leader.id), "cancel", band.id)]);
    expect(cancelled.headers.get("location")).toBe("/subscription");
    expect(await toastOf(again)).toMatchObject({ title: "Nothing changed", description: "Pro is already set to end at the close of this billing period." });
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    let view = await pageData(await cookie(leader.id));
    expect(view).toMatchObject({ isPro: true, cancelAtPeriodEnd: true, actions: { cancel: false, resume: true } });
    expect(await tierOf(band.id)).toBe("pro");

    await pageAction(await cookie(leader.id), "resume", band.id);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
    view = await pageData(await cookie(leader.id));
    expect(view).toMatchObject({ isPro: true, cancelAtPeriodEnd: false, actions: { cancel: true, resume: false } });
    expect((await analytics("manage_subscription", band.id)).map((row) => row.properties)).toEqual([{ action: "cancel" }, { action: "resume" }]);

    // The period ends: Stripe deletes the subscription.
    const live = fake.subscriptions.get(subscription.id)!;
    live.status = "canceled";
    await deliver(fake.event("customer.subscription.deleted", fake.render(live, false), Math.floor(Date.now() / 1000) + 60));
    expect(await tierOf(band.id)).toBe("free");
    expect(await db.ledgerEntry.count({ where: { bandId: band.id } })).toBe(1);
    expect(await db.bandSubscription.count({ where: { bandId: band.id } })).toBe(1);
    const ended = await pageData(await cookie(leader.id), "?checkout=success");
    expect(ended.actions).toMatchObject({ checkout: true, portal: true });
    // No card line for a subscription that no longer charges it, and an old "success" address says nothing.
    expect(ended).toMatchObject({ paymentMethod: null, checkoutNotice: null });
    // "Resume" from a tab opened before the end: told Pro has ended, not that it "is not set to end".
    expect(await toastOf(await pageAction(await cookie(leader.id), "resume", band.id))).toMatchObject({
      title: "Nothing changed",
      description: "This band has no Pro subscription to resume (Pro has ended, or never started). Upgrade to Pro to start one.",
    });
  });

  test("the portal opens for the band's billing account", async () => {
    const { band, leader, cookie, subscription } = await proThroughStripe();
    const response = await pageAction(await cookie(leader.id), "portal", band.id);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toContain(`/portal/${subscription.customer}`);
    expect(fake.calls.at(-1)!.params).toMatchObject({ customer: subscription.customer, return_url: "http://localhost:3000/subscription" });
    expect((await analytics("manage_subscription", band.id)).map((row) => row.properties)).toEqual([{ action: "portal" }]);
  });

  test("only the leader manages billing; others see the state, without the card", async () => {
    const { band, admin, member, cookie } = await proThroughStripe();
    const calls = fake.calls.length;
    for (const user of [admin, member]) {
      expect((await pageAction(await cookie(user.id), "cancel", band.id)).status).toBe(403);
      const response = await callRoute(api.action, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(user.id), json: { action: "cancel" } }), { id: String(band.id) });
      expect(response.status).toBe(403);
      const state = await (await callRoute(api.loader, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(user.id) }), { id: String(band.id) })).json();
      expect(state).toMatchObject({ mode: "stripe", subscriptionTier: "pro", status: "active", cancelAtPeriodEnd: false, paymentMethod: null, leaders: ["Lee Leader"], actions: { checkout: false, portal: false, cancel: false, resume: false } });
    }
    expect(fake.calls.length).toBe(calls);
    expect(fake.subscriptions.get([...fake.subscriptions.keys()][0]!)!.cancel_at_period_end).toBe(false);
  });

  test("the API: state, and each action with the same error conventions", async () => {
    const { band, leader, cookie } = await proThroughStripe();
    const post = async (json: unknown) => callRoute(api.action, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(leader.id), json }), { id: String(band.id) });
    const state = await (await callRoute(api.loader, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(leader.id) }), { id: String(band.id) })).json();
    expect(state).toMatchObject({ subscriptionTier: "pro", plan: "Pro", price: { amount: 8, amountMinor: 800, currency: "USD", interval: "month" }, paymentMethod: { last4: "4242" } });

    const bad = await post({ action: "refund" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.action).toBeDefined();
    const again = await post({ action: "checkout" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This band is already on Pro." });
    const cancelled = await post({ action: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, subscriptionTier: "pro" });
    expect((await post({ action: "cancel" })).status).toBe(409);
    expect(await (await post({ action: "portal" })).json()).toEqual({ url: expect.stringContaining("/portal/") });
  });

  test("Stripe down: a clear message, nothing changed", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { band, leader, cookie } = await bandWith();
    fake.failWith = 500;
    const response = await callRoute(api.action, buildRequest(`/api/bands/${band.id}/subscription`, { cookie: await cookie(leader.id), json: { action: "checkout" } }), { id: String(band.id) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: "Stripe could not be reached, so nothing changed. Please try again in a moment." });
    expect(await analytics("checkout", band.id)).toHaveLength(0);
    expect(logged).toHaveBeenCalled();
  });

  test("a platform admin cannot set the tier by hand: the subscription decides", async () => {
    const { setBandTierManually } = await import("~/features/billing/billing.server");
    const { band } = await bandWith();
    const staff = await createUser({ isPlatformAdmin: true });
    await expect(setBandTierManually(staff, band.id, "pro")).rejects.toThrow("This Bandroom bills through Stripe");
    expect(await tierOf(band.id)).toBe("free");
  });
});
