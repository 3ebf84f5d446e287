/**
 * Rate limits are per client address in the production build: the address comes from
 * the socket (or, behind TRUST_PROXY, from the hop our proxy appended to
 * X-Forwarded-For), never from a header the client chose.
 */
import { expect, test } from "@playwright/test";
import { send, startBuiltServer, type BuiltServer } from "./built-server";

const LOGIN_LIMIT = 10; // RATE_LIMITS.ipLogin: sign-in attempts per address per minute

let counter = 0;
/** A failed sign-in (a fresh email each time, so only the per-address limit can refuse it). */
function badLogin(server: BuiltServer, options: { localAddress?: string; headers?: Record<string, string> } = {}) {
  return send({
    port: server.port,
    path: "/api/auth/login",
    method: "POST",
    localAddress: options.localAddress,
    headers: { "content-type": "application/json", ...options.headers },
    body: JSON.stringify({ email: `nobody-${counter++}@example.com`, password: "wrong-password-1" }),
  });
}

test.describe("without a proxy", () => {
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startBuiltServer({ seed: false });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("two client addresses have separate sign-in limits, and a spoofed header does not buy a fresh bucket", async () => {
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      expect((await badLogin(server, { localAddress: "127.0.0.1" })).status).toBe(401);
    }
    expect((await badLogin(server, { localAddress: "127.0.0.1" })).status).toBe(429);

    // Headers a client could send to claim another address change nothing without TRUST_PROXY.
    const spoofs: Record<string, string>[] = [
      { "x-bandroom-peer": "203.0.113.9" },
      { "x-forwarded-for": "203.0.113.10" },
      { "x-real-ip": "203.0.113.11", forwarded: "for=203.0.113.12" },
    ];
    for (const headers of spoofs) {
      expect((await badLogin(server, { localAddress: "127.0.0.1", headers })).status, JSON.stringify(headers)).toBe(429);
    }

    // Another machine is not locked out by the first one's failures.
    expect((await badLogin(server, { localAddress: "127.0.0.2" })).status).toBe(401);
  });
});

test.describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startBuiltServer({ seed: false, env: { TRUST_PROXY: "1", APP_URL: "https://bandroom.example.com" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the address the proxy appended counts, never the client's left-most value", async () => {
    // The proxy appends the address it saw (198.51.100.7) after whatever the client sent.
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const spoofed = `203.0.113.${i}, 198.51.100.7`;
      expect((await badLogin(server, { headers: { "x-forwarded-for": spoofed } })).status).toBe(401);
    }
    expect((await badLogin(server, { headers: { "x-forwarded-for": "203.0.113.99, 198.51.100.7" } })).status).toBe(429);
    expect((await badLogin(server, { headers: { "x-forwarded-for": "198.51.100.7" } })).status).toBe(429);
    // A different client behind the same proxy has its own bucket.
    expect((await badLogin(server, { headers: { "x-forwarded-for": "198.51.100.8" } })).status).toBe(401);
  });
});

test.describe("behind two trusted proxies (TRUST_PROXY_HOPS=2)", () => {
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startBuiltServer({ seed: false, env: { TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2", APP_URL: "https://bandroom.example.com" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the second hop from the right is the client", async () => {
    // client -> CDN (appends the client, 198.51.100.20) -> load balancer (appends the CDN, 10.0.0.1) -> app
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const status = (await badLogin(server, { headers: { "x-forwarded-for": `203.0.113.${i}, 198.51.100.20, 10.0.0.1` } })).status;
      expect(status).toBe(401);
    }
    expect((await badLogin(server, { headers: { "x-forwarded-for": "198.51.100.20, 10.0.0.1" } })).status).toBe(429);
    // Another client through the same CDN node is not affected.
    expect((await badLogin(server, { headers: { "x-forwarded-for": "198.51.100.21, 10.0.0.1" } })).status).toBe(401);
  });
});
