/**
 * A local stand-in for Stripe, for end-to-end tests of the built app (which runs in its
 * own process, out of msw's reach), and for trying billing by hand without an account:
 *
 * - its API under /v1 answers from the same in-memory fake the msw handlers use
 *   (tests/mocks/stripe.ts): Checkout and portal sessions, subscriptions;
 * - GET /pay/{session} is a fake hosted checkout page; its "Pay" button completes the
 *   session, sends the events Stripe would send (customer.subscription.created,
 *   invoice.paid, checkout.session.completed), each signed with the webhook secret, to
 *   the app's /api/stripe/webhook, then redirects to the session's success_url;
 * - GET /portal/{customer} is a fake customer portal with a link back.
 *
 * Point the app at it with the `env` it returns (STRIPE_API_BASE and test keys).
 * By hand: `npx tsx tests/mocks/stripe-stand-in.ts http://localhost:3001` prints the env.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { FakeStripe, signedDelivery, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "./stripe.ts";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><main>${body}</main></body></html>`;
}

async function readBody(request: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the stand-in on a free loopback port. `webhookUrl` may be set later (the app's port may not be known yet). */
export async function startStripeStandIn(options: { webhookUrl?: string } = {}) {
  let webhookUrl = options.webhookUrl ?? null;
  const deliveries: { type: string; status: number }[] = [];
  const fake = new FakeStripe();

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Type": type, ...headers });
      response.end(body);
    };
    try {
      if (url.pathname.startsWith("/v1/")) {
        const body = request.method === "GET" ? url.search.slice(1) : await readBody(request);
        const answer = fake.handle(request.method ?? "GET", url.pathname, body);
        return send(answer.status, "application/json", JSON.stringify(answer.body));
      }
      const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
      if (pay) {
        const session = fake.sessions.get(pay[1]!);
        if (!session) return send(404, "text/html", page("Not found", "<h1>No such checkout</h1>"));
        if (request.method === "POST") {
          await readBody(request);
          const done = fake.completeCheckout(session.id);
          if (done && webhookUrl) {
            for (const event of done.events) {
              const { payload, header } = signedDelivery(event);
              const delivered = await fetch(webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": header }, body: payload });
              deliveries.push({ type: event.type, status: delivered.status });
            }
          }
          return send(303, "text/plain", "", { Location: session.success_url });
        }
        return send(
          200,
          "text/html; charset=utf-8",
          page(
            "Checkout (Stripe stand-in)",
            `<h1>Checkout (Stripe stand-in)</h1><p>Bandroom Pro: $8.00 per month</p><p>Card: 4242 4242 4242 4242</p>
<form method="post"><button type="submit">Pay</button></form><p><a href="${escape(session.cancel_url)}">Cancel</a></p>`,
          ),
        );
      }
      const portal = /^\/portal\/([\w-]+)$/.exec(url.pathname);
      if (portal) {
        const back = url.searchParams.get("return") ?? "/";
        return send(200, "text/html; charset=utf-8", page("Billing portal (Stripe stand-in)", `<h1>Billing portal (Stripe stand-in)</h1><p><a href="${escape(back)}">Return to Bandroom</a></p>`));
      }
      return send(404, "application/json", JSON.stringify({ error: { message: "Not found" } }));
    } catch (error) {
      return send(500, "application/json", JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.pagesBase = origin;
  return {
    origin,
    fake,
    deliveries,
    env: { STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_BASE: origin },
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// By hand: print the environment to start the app with.
if (import.meta.url === `file://${process.argv[1]}`) {
  const appOrigin = process.argv[2] ?? "http://localhost:3000";
  const standIn = await startStripeStandIn({ webhookUrl: `${appOrigin}/api/stripe/webhook` });
  console.log(`Stripe stand-in on ${standIn.origin}, delivering webhooks to ${appOrigin}/api/stripe/webhook. Start the app with:`);
  console.log(Object.entries(standIn.env).map(([key, value]) => `${key}=${value}`).join(" "));
}
