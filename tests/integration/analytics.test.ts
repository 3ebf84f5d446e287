import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { analyticsPath, BEACON_LIMIT, flushPageViews, isCountablePageRequest, recordPageView, viewerFromRootData } from "~/features/analytics/analytics.server";
import { LANDING_SECTIONS } from "~/features/analytics/events";
import * as collectRoute from "~/routes/api+/analytics";
import { NOT_JSON_TYPE } from "~/utils/api.server";

const ANONYMOUS = { userId: null, bandId: null };
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let counter = 0;
/** A view id unique to this test run (section views dedupe on it). */
function newView() {
  return `v${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 32);
}

function documentRequest(path: string, headers: Record<string, string> = {}) {
  return buildRequest(path, { headers: { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "user-agent": CHROME, ...headers } });
}

function collect(payload: unknown, options: { cookie?: string; headers?: Record<string, string>; contentType?: string } = {}) {
  const headers: Record<string, string> = { "user-agent": CHROME, "content-type": options.contentType ?? "text/plain;charset=UTF-8", ...options.headers };
  const request = buildRequest("/api/analytics", { method: "POST", cookie: options.cookie, headers });
  return callRoute(collectRoute.action, new Request(request, { body: typeof payload === "string" ? payload : JSON.stringify(payload) }));
}

async function eventsWithView(view: string) {
  const events = await db.analyticsEvent.findMany({ where: { name: "section_view", properties: { contains: view } }, orderBy: { id: "asc" } });
  return events.map((event) => ({ ...event, properties: JSON.parse(event.properties ?? "null") as unknown }));
}

async function pageViewsAt(path: string) {
  await flushPageViews();
  const events = await db.analyticsEvent.findMany({ where: { name: "page_view", path }, orderBy: { id: "asc" } });
  return events.map((event) => ({ ...event, properties: JSON.parse(event.properties ?? "null") as unknown }));
}

describe("page views of rendered documents", () => {
  test("an anonymous visit lands once with the path, status and referrer host, never the query", async () => {
    const recorded = await recordPageView(
      documentRequest("/blog/first-post?utm_source=newsletter", { referer: "https://news.example.org/issue/12?token=x" }),
      200,
      ANONYMOUS,
    );
    expect(recorded).toBe(true);
    expect(await pageViewsAt("/blog/first-post")).toEqual([
      expect.objectContaining({ userId: null, bandId: null, properties: { via: "document", status: 200, referrer: "news.example.org" } }),
    ]);
  });

  test("a member's page view carries their user and current band", async () => {
    const user = await createUser();
    const band = await createBand({ members: [{ userId: user.id, role: "band_leader" }] });
    const viewer = viewerFromRootData({ user: { id: user.id }, currentBand: { band: { id: band.id } } });
    expect(viewer).toEqual({ userId: user.id, bandId: band.id });
    await recordPageView(documentRequest("/calendar"), 200, viewer);
    expect(await pageViewsAt("/calendar")).toEqual([
      expect.objectContaining({ userId: user.id, bandId: band.id, properties: { via: "document", status: 200, referrer: null } }),
    ]);
  });

  test("a not-found page is counted with its status", async () => {
    await recordPageView(documentRequest("/no-such-page"), 404, ANONYMOUS);
    expect(await pageViewsAt("/no-such-page")).toEqual([expect.objectContaining({ properties: { via: "document", status: 404, referrer: null } })]);
  });

  test.each([
    ["Do Not Track", { dnt: "1" }],
    ["Global Privacy Control", { "sec-gpc": "1" }],
  ])("an anonymous visitor sending %s is not counted", async (_, headers) => {
    const path = `/privacy-${Object.keys(headers)[0]}`;
    expect(await recordPageView(documentRequest(path, headers), 200, ANONYMOUS)).toBe(false);
    expect(await pageViewsAt(path)).toEqual([]);
  });

  test("a signed-in member sending Do Not Track is still counted (the policy says members are)", async () => {
    const user = await createUser();
    expect(await recordPageView(documentRequest("/songs", { dnt: "1", "sec-gpc": "1" }), 200, { userId: user.id, bandId: null })).toBe(true);
    expect(await pageViewsAt("/songs")).toHaveLength(1);
  });

  test.each([
    ["a POST", buildRequest("/login", { method: "POST", form: { email: "x" }, headers: { "user-agent": CHROME } })],
    ["a fetch", buildRequest("/blog", { headers: { "sec-fetch-dest": "empty", "user-agent": CHROME } })],
    ["a speculative prefetch", documentRequest("/blog", { "sec-purpose": "prefetch" })],
    ["a crawler", buildRequest("/blog", { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } })],
  ])("%s is not a page view", async (_, request) => {
    expect(isCountablePageRequest(request)).toBe(false);
    expect(await recordPageView(request, 200, ANONYMOUS)).toBe(false);
  });

  test("a page loaded through the service worker (mode navigate, destination empty) is counted; a plain fetch is not", async () => {
    const throughWorker = buildRequest("/blog", { headers: { "sec-fetch-dest": "empty", "sec-fetch-mode": "navigate", "user-agent": CHROME } });
    expect(isCountablePageRequest(throughWorker)).toBe(true);
    expect(await recordPageView(throughWorker, 200, ANONYMOUS)).toBe(true);
    expect(isCountablePageRequest(buildRequest("/blog", { headers: { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors", "user-agent": CHROME } }))).toBe(false);
  });

  test("a client without Sec-Fetch headers (an older browser) is counted", () => {
    expect(isCountablePageRequest(buildRequest("/", { headers: { "user-agent": CHROME } }))).toBe(true);
  });

  test("token-like path segments are masked; slugs and ids are kept", () => {
    expect(analyticsPath("/invitations/q7Zr2xYbVw9mK3pLs8Tn4uQe1cFh6jDa0oIgR5tXyB2")).toBe("/invitations/:token");
    expect(analyticsPath("/join/550e8400-e29b-41d4-a716-446655440000")).toBe("/join/:token");
    expect(analyticsPath("/blog/building-a-setlist-that-keeps-the-room")).toBe("/blog/building-a-setlist-that-keeps-the-room");
    expect(analyticsPath("/events/42")).toBe("/events/42");
  });
});

describe("POST /api/analytics", () => {
  test("a section view from sendBeacon (text/plain) lands once with its section and view", async () => {
    const view = newView();
    const response = await collect({ name: "section_view", section: "pricing", path: "/", view });
    expect(response.status).toBe(204);
    expect(await eventsWithView(view)).toEqual([
      expect.objectContaining({ name: "section_view", path: "/", userId: null, bandId: null, properties: { section: "pricing", view } }),
    ]);
  });

  test("the same section in the same page view counts once; another section or view counts again", async () => {
    const view = newView();
    for (let i = 0; i < 3; i++) expect((await collect({ name: "section_view", section: "faq", path: "/", view })).status).toBe(204);
    await collect({ name: "section_view", section: "hero", path: "/", view });
    expect((await eventsWithView(view)).map((event) => event.properties)).toEqual([
      { section: "faq", view },
      { section: "hero", view },
    ]);
    const next = newView();
    await collect({ name: "section_view", section: "faq", path: "/", view: next });
    expect(await eventsWithView(next)).toHaveLength(1);
  });

  test("every landing section is accepted, as application/json too", async () => {
    const view = newView();
    for (const section of LANDING_SECTIONS) {
      const response = await collect({ name: "section_view", section, path: "/", view }, { contentType: "application/json" });
      expect(response.status).toBe(204);
    }
    expect((await eventsWithView(view)).map((event) => (event.properties as { section: string }).section)).toEqual([...LANDING_SECTIONS]);
  });

  test("a signed-in member's events carry their user and current band", async () => {
    const user = await createUser();
    const band = await createBand({ members: [{ userId: user.id, role: "band_member" }] });
    const cookie = await sessionCookieFor(user.id);
    const view = newView();
    await collect({ name: "section_view", section: "features", path: "/", view }, { cookie });
    expect(await eventsWithView(view)).toEqual([expect.objectContaining({ userId: user.id, bandId: band.id })]);

    await collect({ name: "page_view", path: "/setlists" }, { cookie });
    expect(await pageViewsAt("/setlists")).toEqual([expect.objectContaining({ userId: user.id, bandId: band.id, properties: { via: "client" } })]);
  });

  test("beacons say which site sent them, and a visitor's address sends at most 120 a minute (counted in the database)", async () => {
    const peer = "198.51.100.23";
    const bare = buildRequest("/api/analytics", { method: "POST", peer, headers: { "user-agent": CHROME, "content-type": "application/json" } });
    bare.headers.delete("sec-fetch-site");
    const view = newView();
    const scripted = await callRoute(collectRoute.action, new Request(bare, { body: JSON.stringify({ name: "section_view", section: "hero", path: "/", view }) }));
    expect(scripted.status).toBe(204);
    expect(await eventsWithView(view)).toEqual([]);

    const views = Array.from({ length: BEACON_LIMIT.limit + 1 }, newView);
    for (const each of views) await collect({ name: "section_view", section: "hero", path: "/", view: each }, { headers: { "x-bandroom-peer": peer } });
    const kept = await Promise.all(views.map(async (each) => (await eventsWithView(each)).length));
    expect(kept.slice(0, -1)).toEqual(Array(BEACON_LIMIT.limit).fill(1));
    expect(kept.at(-1)).toBe(0);
  });

  test("a page a member reached by client-side navigation lands once, its tokens masked; a visitor's (whose pages are counted by the server) is dropped", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    expect((await collect({ name: "page_view", path: "/invite/AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789" }, { cookie })).status).toBe(204);
    expect(await pageViewsAt("/invite/:token")).toEqual([expect.objectContaining({ userId: user.id, properties: { via: "client" } })]);
    // Signed out: 204 (a page never learns how it was counted) and nothing kept, so a script cannot pad the landing funnel.
    expect((await collect({ name: "page_view", path: "/" })).status).toBe(204);
    expect((await collect({ name: "page_view", path: "/blog-padding" })).status).toBe(204);
    expect(await pageViewsAt("/blog-padding")).toEqual([]);
  });

  test.each([
    ["Do Not Track", { dnt: "1" }],
    ["Global Privacy Control", { "sec-gpc": "1" }],
  ])("an anonymous visitor sending %s gets 204 and nothing is stored", async (_, headers) => {
    const view = newView();
    expect((await collect({ name: "section_view", section: "hero", path: "/", view }, { headers })).status).toBe(204);
    expect(await eventsWithView(view)).toEqual([]);
  });

  test("a crawler's beacon is dropped", async () => {
    const view = newView();
    await collect({ name: "section_view", section: "hero", path: "/", view }, { headers: { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" } });
    expect(await eventsWithView(view)).toEqual([]);
  });

  test.each([
    ["not JSON", "section_view pricing", "Request body must be valid JSON", { body: ["Request body must be valid JSON"] }],
    ["an unknown section", { name: "section_view", section: "careers", path: "/", view: "abcdefgh" }, "Invalid request", { section: ["Unknown section"] }],
    ["an unknown event", { name: "create_band", path: "/" }, "Invalid request", { name: ["Unknown event"] }],
    ["an extra field", { name: "section_view", section: "hero", path: "/", view: "abcdefgh", userId: "someone" }, "Invalid request", { userId: ["Unknown field"] }],
    ["a section off the landing page", { name: "section_view", section: "hero", path: "/blog", view: "abcdefgh" }, "Invalid request", { path: ["Sections are counted on the landing page only"] }],
    ["a bad view id", { name: "section_view", section: "hero", path: "/", view: "<script>" }, "Invalid request", { view: ["View id must be 8 to 32 lowercase letters or digits"] }],
    ["a full URL as path", { name: "page_view", path: "https://evil.example/" }, "Invalid request", { path: ["Path must be a pathname starting with /"] }],
    ["a path with a query", { name: "page_view", path: "/reset-password?token=abc" }, "Invalid request", { path: ["Path must be a pathname starting with /"] }],
    ["a path with a control character", { name: "page_view", path: "/a\u0000b" }, "Invalid request", { path: ["Path must be a pathname starting with /"] }],
    ["a path with a right-to-left override", { name: "page_view", path: "/\u202Eevil" }, "Invalid request", { path: ["Path must be a pathname starting with /"] }],
    ["an empty body", "", "Invalid request", { name: ["Unknown event"] }],
  ])("answers 400 for %s", async (_, payload, message, errors) => {
    const before = await db.analyticsEvent.count();
    const response = await collect(payload);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errors ? { message, errors } : { message });
    expect(await db.analyticsEvent.count()).toBe(before);
  });

  test("answers 415 for a form post, as every /api endpoint does", async () => {
    const response = await collect("name=section_view", { contentType: "application/x-www-form-urlencoded" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: NOT_JSON_TYPE });
  });

  test("refuses a cross-site post with 403", async () => {
    const view = newView();
    const response = await collect({ name: "section_view", section: "hero", path: "/", view }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(403);
    expect(await eventsWithView(view)).toEqual([]);
  });

  test("GET answers 405", async () => {
    const response = await callRoute(collectRoute.loader, buildRequest("/api/analytics"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
