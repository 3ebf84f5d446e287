/**
 * Response headers on the built server, static files included: nosniff everywhere,
 * no-store for what a signed-in browser gets and for /api, Secure on every cookie over HTTPS.
 */
import { expect, test } from "@playwright/test";
import { DEMO_EMAIL, DEMO_PASSWORD, send, startBuiltServer, type BuiltServer } from "./built-server";

let server: BuiltServer;
test.beforeAll(async () => {
  server = await startBuiltServer({ env: { TRUST_PROXY: "1", APP_URL: "https://bandroom.example.com" } });
});
test.afterAll(async () => {
  await server?.stop();
});

const HTTPS = { "x-forwarded-proto": "https", "sec-fetch-site": "same-origin" };

async function signIn() {
  const response = await send({
    port: server.port,
    path: "/login",
    method: "POST",
    headers: { ...HTTPS, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
  });
  expect(response.status).toBe(302);
  return response;
}

test("X-Content-Type-Options: nosniff on pages, /api, static files and build assets", async () => {
  const page = await send({ port: server.port, path: "/login" });
  const asset = page.body.match(/\/build\/[^"]+\.(?:js|css)/)?.[0];
  expect(asset).toBeTruthy();
  for (const path of ["/", "/login", "/api/auth/user", "/favicon.ico", "/sw.js", asset!, "/no-such-page", "/api/nope"]) {
    expect((await send({ port: server.port, path })).headers["x-content-type-options"], path).toBe("nosniff");
  }
});

test("over HTTPS every cookie is Secure: session, toast and band alike", async () => {
  const login = await signIn();
  const cookies = login.headers["set-cookie"] ?? [];
  expect(cookies.length).toBeGreaterThanOrEqual(2);
  for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure/i);
  expect(cookies.some((c) => c.startsWith("bandroom_toast="))).toBe(true);

  const session = cookies.find((c) => c.startsWith("__Host-bandroom_session="))!.split(";")[0]!;
  const bands = JSON.parse((await send({ port: server.port, path: "/api/bands", headers: { ...HTTPS, cookie: session } })).body) as { band: { id: number } }[];
  const switched = await send({
    port: server.port,
    path: "/bands/switch",
    method: "POST",
    headers: { ...HTTPS, cookie: session, "content-type": "application/x-www-form-urlencoded" },
    body: `bandId=${bands[0]!.band.id}`,
  });
  expect(switched.status, switched.body).toBe(302);
  const band = (switched.headers["set-cookie"] ?? []).find((c) => c.startsWith("bandroom_band="));
  expect(band).toMatch(/;\s*Secure/i);
});

test("Cache-Control: no-store on signed-in pages, their .data and /api JSON", async () => {
  const session = (await signIn()).headers["set-cookie"]!.find((c) => c.startsWith("__Host-bandroom_session="))!.split(";")[0]!;
  for (const path of ["/dashboard", "/profile", "/dashboard.data", "/blog", "/api/auth/user", "/api/bands"]) {
    const response = await send({ port: server.port, path, headers: { ...HTTPS, cookie: session } });
    expect(response.status, path).toBeLessThan(400);
    expect(response.headers["cache-control"], path).toBe("no-store");
  }
  // Signed out, /api still never caches.
  expect((await send({ port: server.port, path: "/api/auth/user" })).headers["cache-control"]).toBe("no-store");
});

test("behind a proxy that passes an internal Host, forms posted from the app's own origin work (no 500, no 403); another origin is refused", async () => {
  const proxied = { "x-forwarded-proto": "https", host: "app-internal:3000", origin: "https://bandroom.example.com", "content-type": "application/x-www-form-urlencoded" };
  const login = await send({ port: server.port, path: "/login", method: "POST", headers: proxied, body: new URLSearchParams({ intent: "login", email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString() });
  expect(login.status, login.body).toBe(302);
  const session = (login.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-bandroom_session="))!.split(";")[0]!;
  const forgot = await send({ port: server.port, path: "/login?mode=forgot", method: "POST", headers: proxied, body: "intent=forgot&email=someone%40example.com" });
  expect(forgot.status).toBeLessThan(500);
  expect(forgot.status).not.toBe(403);
  const bands = JSON.parse((await send({ port: server.port, path: "/api/bands", headers: { ...HTTPS, cookie: session } })).body) as { band: { id: number } }[];
  const switched = await send({ port: server.port, path: "/bands/switch", method: "POST", headers: { ...proxied, cookie: session }, body: `bandId=${bands[0]!.band.id}` });
  expect(switched.status, switched.body).toBe(302);
  const foreign = await send({ port: server.port, path: "/bands/switch", method: "POST", headers: { ...proxied, origin: "https://evil.example", cookie: session }, body: `bandId=${bands[0]!.band.id}` });
  expect(foreign.status).toBe(403);
  expect(server.log()).not.toMatch(/does not match `origin` header/);
});

test("a sign-in refused for too many attempts says when to try again in its headers on the page too, as /api does", async () => {
  // From an address of its own (the proxy is trusted), so the other tests' sign-ins are not counted.
  const from = { ...HTTPS, "x-forwarded-for": "203.0.113.77", "content-type": "application/x-www-form-urlencoded" };
  const attempt = () => send({ port: server.port, path: "/login", method: "POST", headers: from, body: new URLSearchParams({ intent: "login", email: "nobody@example.com", password: "wrong-password" }).toString() });
  let refused = await attempt();
  for (let i = 0; i < 12 && refused.status !== 429; i++) refused = await attempt();
  expect(refused.status).toBe(429);
  expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
  expect(refused.headers["ratelimit-limit"]).toBe("10");
  expect(refused.headers["ratelimit-remaining"]).toBe("0");
  expect(refused.body).toContain("Too many attempts. Please wait");
});
