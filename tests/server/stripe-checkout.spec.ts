/**
 * Pro through Stripe on the built server (issue 9): the app runs with Stripe keys and
 * STRIPE_API_BASE pointed at a local stand-in (tests/mocks/stripe-stand-in.ts), whose fake
 * hosted checkout sends signed webhooks to the app when "Pay" is pressed. A leader
 * upgrades, with JavaScript on and off, and sees Pro. The shared e2e server stays in
 * manual mode (tests/e2e/subscription.spec.ts).
 */
import { expect, test, type BrowserContext } from "@playwright/test";
import { send, startBuiltServer, type BuiltServer } from "./built-server";
import { startStripeStandIn } from "../mocks/stripe-stand-in";

const SAM = { email: "sam@bandroom.app", password: "Bandroom-demo-1" };

let app: BuiltServer;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await startBuiltServer({ env: stripe.env });
  stripe.setWebhookUrl(`${app.origin}/api/stripe/webhook`);
});

test.afterAll(async () => {
  await app?.stop();
  await stripe?.close();
});

/** Signs Sam in through the API and makes a new free band, current in this browser. */
async function leaderOfNewFreeBand(context: BrowserContext, name: string) {
  const json = (path: string, body: unknown, cookie?: string) =>
    send({ port: app.port, path, method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const login = await json("/api/auth/login", SAM);
  expect(login.status, login.body).toBe(200);
  const session = String(login.headers["set-cookie"]?.[0]).split(";")[0]!;
  const band = await json("/api/bands", { name }, session);
  expect(band.status, band.body).toBe(201);
  const cookies = [session, String(band.headers["set-cookie"]?.[0]).split(";")[0]!];
  await context.addCookies(
    cookies.map((pair) => {
      const [cookieName, ...value] = pair.split("=");
      return { name: cookieName!, value: value.join("="), url: app.origin };
    }),
  );
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a leader upgrades through Stripe Checkout and sees Pro", async ({ page, context }) => {
      const bandName = `Upgraders ${javaScriptEnabled ? "JS" : "HTML"} ${Date.now()}`;
      await leaderOfNewFreeBand(context, bandName);
      // Finances offers the leader the upgrade, where Stripe bills.
      await page.goto(`${app.origin}/finances`);
      await expect(page.getByRole("heading", { name: "Finances is part of Pro" })).toBeVisible();
      await page.getByRole("link", { name: "Upgrade to Pro" }).click();
      await expect(page.getByRole("heading", { name: "Subscription" })).toBeVisible();
      const current = page.getByRole("region", { name: "Current plan" });
      await expect(current).toContainText("Free");
      await expect(page.getByText("Billing is manual")).toHaveCount(0);

      await page.getByRole("button", { name: "Upgrade to Pro" }).click();
      await expect(page.getByRole("heading", { name: "Checkout (Stripe stand-in)" })).toBeVisible();
      await page.getByRole("button", { name: "Pay" }).click();

      await page.waitForURL(`${app.origin}/subscription?checkout=success`);
      await expect(page.getByRole("status").filter({ hasText: "welcome to Pro" })).toBeVisible();
      await expect(current).toContainText("Pro");
      await expect(current).toContainText("$8 a month");
      await expect(current).toContainText(/Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
      await expect(current).toContainText("Paid with Visa ending in 4242.");
      await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);

      // Cancel keeps Pro until the period ends; resume carries on.
      await page.getByRole("button", { name: "Cancel Pro" }).click();
      await expect(current).toContainText(/Pro ends on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
      await page.getByRole("button", { name: "Resume Pro" }).click();
      await expect(current).toContainText(/Renews on/);
      expect(stripe.deliveries.every((delivery) => delivery.status === 200)).toBe(true);

      // Deleting the band ends what Stripe charges for it, and the form says so first.
      // This run's band is the one Pro band left (the other run deleted its own).
      const live = [...stripe.fake.subscriptions.values()].find((subscription) => subscription.status === "active")!;
      await page.goto(`${app.origin}/settings`);
      await expect(page.getByText("Its Pro subscription is cancelled at Stripe at once, so nobody is charged for it again.")).toBeVisible();
      await page.getByLabel(`Type “${bandName}” to confirm`).fill(bandName);
      await page.getByRole("button", { name: "Delete band" }).click();
      await expect(page.getByText(`${bandName} was deleted`).first()).toBeVisible();
      expect(stripe.fake.subscriptions.get(live.id)!.status).toBe("canceled");
    });
  });
}

test("the webhook is reachable by Stripe's POST (no browser headers) and refuses a bad signature or a huge body", async () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    send({ port: app.port, path: "/api/stripe/webhook", method: "POST", headers: { "content-type": "application/json; charset=utf-8", ...headers }, body });
  const bad = await post(JSON.stringify({ id: "evt_forged", type: "invoice.paid" }), { "stripe-signature": "t=1,v1=forged", origin: "https://evil.example" });
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.body)).toEqual({ message: "Invalid Stripe signature" });
  const huge = await post("x".repeat(600 * 1024), { "stripe-signature": "t=1,v1=x" });
  expect(huge.status).toBe(413);
});
