/**
 * A bounded, seeded fuzz of the built server: thousands of malformed requests (methods,
 * headers, content types, bodies, paths, query strings), signed in and signed out. Any
 * 5xx fails the test with the requests that caused it. FUZZ_SEED / FUZZ_COUNT replay or
 * widen a run.
 */
import { expect, test } from "@playwright/test";
import { demoSessionCookie, send, startBuiltServer, type BuiltServer } from "./built-server";

const SEED = Number(process.env.FUZZ_SEED) || 13;
const COUNT = Number(process.env.FUZZ_COUNT) || 3000;
const CONCURRENCY = 8;

test.setTimeout(120_000);

/** mulberry32: a small deterministic PRNG, so a failing seed replays exactly. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATHS = [
  "/", "/login", "/login.data", "/dashboard", "/dashboard.data", "/profile", "/members", "/settings", "/calendar", "/setlists",
  "/bands/switch", "/blog", "/blog/nope", "/resources", "/privacy-policy", "/terms", "/sitemap.xml", "/blog/rss.xml", "/robots.txt",
  "/reset-password", "/verify-email", "/verification-pending", "/invitations/abc", "/invitations/", "/_root.data",
  "/api/auth/login", "/api/auth/register", "/api/auth/logout", "/api/auth/user", "/api/auth/forgot-password",
  "/api/auth/resend-verification", "/api/auth/refresh-session", "/api/login", "/api/logout", "/api/bands", "/api/bands/1",
  "/api/bands/x", "/api/bands/1/members", "/api/bands/1/invitations", "/api/bands/1/onboarding-status", "/api/bands/1/transfer-leadership",
  "/api/band-memberships/1", "/api/invitations/1", "/api/invitations/1/resend", "/api/invitations/accept", "/api/user/profile",
  "/api/user/preferred-band", "/api/analytics", "/favicon.ico", "/build/../package.json", "/%2e%2e/%2e%2e/etc/passwd",
  "/calendar/availability", "/calendar/blackouts", "/events/1", "/events/1/rsvp", "/events/1/chase", "/events/1/event.ics", "/songs",
  "/songs/1/edit", "/setlists/1", "/setlists/1/pdf", "/setlists/1/text", "/finances", "/finances/ledger", "/admin/users",
  "/api/events/1", "/api/events/1/rsvp", "/api/bands/1/events", "/api/bands/1/availability", "/api/bands/1/songs", "/api/songs/1",
  "/api/setlists/1", "/api/bands/1/stats", "/feeds/x.ics", "/reminders/unsubscribe",
];
const METHODS = ["GET", "GET", "GET", "POST", "POST", "POST", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "FOO"];
const TYPES = [
  "application/json", "application/json", "application/x-www-form-urlencoded", "application/x-www-form-urlencoded", "text/plain",
  "multipart/form-data; boundary=zz", "multipart/form-data", "application/xml", "application/json; charset=utf-7", "", "*/*", "text/html",
];
const KEYS = ["email", "password", "intent", "redirectTo", "name", "bandId", "role", "token", "toString", "constructor", "__proto__",
  "valueOf", "hasOwnProperty", "firstName", "lastName", "displayName", "membershipId", "invitationId", "preferredBandId", "timezone", "_data", "index",
  "error", "mode", "month", "page", "kind", "sort", "dir", "q", "manage", "answer", "returnTo"];
const VALUES: unknown[] = ["", "x", "a@b.c", "demo@bandroom.app", "Bandroom-demo-1", "/%09/evil.example", "/\r\n/x", "//evil.example",
  "\u0000", "😀".repeat(50), "x".repeat(5000), -1, 0, 1, 1e308, 2 ** 53, null, true, [], {}, [1, 2], { a: { b: { c: 1 } } }, "1; DROP TABLE", "<script>", "band_leader", "sub",
  // Names every object has: a lookup table read with them must not find anything.
  "__proto__", "toString", "constructor", "hasOwnProperty"];

function generator(random: () => number) {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const garbage = (n: number) => Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join("");
  const object = () => {
    const result: Record<string, unknown> = {};
    const n = Math.floor(random() * 5);
    for (let i = 0; i < n; i++) result[pick(KEYS)] = pick(VALUES);
    return result;
  };
  const query = () => {
    const n = Math.floor(random() * 3);
    if (!n) return "";
    const parts = Array.from({ length: n }, () =>
      random() < 0.2 ? encodeURIComponent(garbage(8)).replace(/%25/g, "%") : `${pick(KEYS)}=${encodeURIComponent(String(pick(VALUES)))}`,
    );
    return `?${parts.join("&")}`;
  };
  const body = (type: string) => {
    const roll = random();
    if (roll < 0.15) return undefined;
    if (roll < 0.3) return garbage(Math.floor(random() * 200));
    if (roll < 0.35) return "{".repeat(1 + Math.floor(random() * 50));
    if (type.startsWith("multipart")) return `--zz\r\nContent-Disposition: form-data; name="${pick(KEYS)}"\r\n\r\n${String(pick(VALUES))}\r\n${random() < 0.5 ? "--zz--" : ""}`;
    if (type.includes("urlencoded")) return new URLSearchParams(Object.entries(object()).map(([k, v]) => [k, String(v)])).toString();
    return random() < 0.8 ? JSON.stringify(object()) : JSON.stringify(pick(VALUES));
  };
  return (cookie: string) => {
    let path = pick(PATHS);
    if (random() < 0.1) path = `${path}/${encodeURIComponent(garbage(6))}`;
    if (random() < 0.05) path = `${path}%${garbage(2).replace(/[^A-Za-z0-9]/g, "Z")}`;
    const method = pick(METHODS);
    const type = pick(TYPES);
    const headers: Record<string, string> = {};
    if (type) headers["content-type"] = type;
    if (random() < 0.5) headers.cookie = cookie;
    if (random() < 0.2) headers.origin = pick(["https://evil.example", "null", "http://localhost", "garbage"]);
    if (random() < 0.2) headers["sec-fetch-site"] = pick(["cross-site", "same-origin", "same-site", "none", "weird"]);
    if (random() < 0.1) headers.host = pick(["evil.example", "localhost:1", "[::1]:80", "a..b", "x".repeat(300)]);
    if (random() < 0.1) headers["x-forwarded-host"] = pick(["evil.example", "[::", "a b"]);
    if (random() < 0.1) headers["x-forwarded-for"] = pick(["1.2.3.4", "garbage", "1.2.3.4, 5.6.7.8"]);
    if (random() < 0.1) headers.accept = pick(["application/json", "text/html", "*/*", "garbage/x"]);
    if (random() < 0.05) headers.range = "bytes=0-10,5-1";
    if (random() < 0.05) headers["if-none-match"] = garbage(10);
    const hasBody = method !== "GET" && method !== "HEAD";
    return { method, path: `${path}${query()}`, headers, body: hasBody ? body(type) : undefined };
  };
}

let server: BuiltServer;
test.beforeAll(async () => {
  server = await startBuiltServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test(`${COUNT} malformed requests (seed ${SEED}) get no 5xx`, async () => {
  const cookie = await demoSessionCookie(server);

  const next = generator(rng(SEED));
  const requests = Array.from({ length: COUNT }, () => next(cookie));
  const failures: string[] = [];
  let index = 0;
  const worker = async () => {
    while (index < requests.length) {
      const request = requests[index++]!;
      // Spread over many source addresses so the rate limits do not turn the run into 429s.
      const localAddress = `127.0.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
      const response = await send({ port: server.port, ...request, localAddress }).catch((error: Error) => ({ status: 0, body: error.message }));
      if (response.status >= 500 || response.status === 0) {
        failures.push(`${response.status} ${request.method} ${request.path} ${JSON.stringify(request.headers)} ${JSON.stringify(request.body)?.slice(0, 200)} -> ${response.body.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(failures, failures.slice(0, 20).join("\n")).toEqual([]);
});
