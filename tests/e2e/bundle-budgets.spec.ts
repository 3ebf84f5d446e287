/**
 * Byte budgets of the built client bundle (issue 11), asserted on what the production
 * server sends: every script a page's HTML references (module preloads, the entry and
 * route imports), fetched and gzip-compressed, so nothing about timing can fool it.
 *
 * - First load of /login and of each signed-in page: at most 100 KB gzip in all.
 * - Each route's own chunk (every route in the build's manifest): at most 15 KB gzip.
 * - Public pages: covered in landing.spec.ts (no Remix scripts, /js/public.js < 10 KB).
 *
 * Runs in the e2e step because that is the one that builds; it needs no browser, so
 * only the chromium-js project runs it.
 */
import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e-env.ts";
import { expect, test } from "./fixtures";

const KB = 1024;
export const FIRST_LOAD_BUDGET_GZIP = 100 * KB;
export const ROUTE_CHUNK_BUDGET_GZIP = 15 * KB;

const SIGNED_IN_PAGES = ["/dashboard", "/members", "/calendar", "/calendar/availability", "/calendar/blackouts", "/events/new", "/songs", "/setlists", "/finances", "/settings", "/profile", "/subscription", "/bands/new"];

const gzipCache = new Map<string, number>();
async function gzipSize(request: APIRequestContext, url: string) {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const size = gzipSync(await response.body()).byteLength;
  gzipCache.set(url, size);
  return size;
}

/**
 * Every script the page loads before it is interactive: its module preloads and the
 * modules its inline scripts import (not the route paths the inline manifest merely
 * lists for later navigations).
 */
function scriptsOf(html: string) {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((match) => match[1]!);
  const imports = [...html.matchAll(/^\s*import (?:[^"';]+ from )?"(\/build\/[^"]+\.js)";?$/gm)].map((match) => match[1]!);
  return [...new Set([...preloads, ...imports])];
}

async function firstLoad(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), `${path} answers 200 (not a redirect)`).toBe(200);
  const scripts = scriptsOf(await response.text());
  expect(scripts.length, `${path} is a hydrated page`).toBeGreaterThan(0);
  let total = 0;
  for (const script of scripts) total += await gzipSize(request, script);
  return { total, scripts };
}

test.describe("client bundle budgets (built assets)", () => {
  test.skip(({ javaScriptEnabled, isMobile }) => !javaScriptEnabled || isMobile, "byte sizes are the same for every project");

  test("/login and every signed-in page load at most 100 KB of JavaScript (gzip)", async ({ page, login, createUser, createBand }) => {
    const user = await login(await createUser());
    const results: string[] = [];
    const failures: string[] = [];
    const totals = new Map<string, number>();
    // /getting-started while the user has no band yet; /login signed out (a fresh request
    // context without the session cookie); then the band's pages.
    totals.set("/getting-started", (await firstLoad(page.request, "/getting-started")).total);
    totals.set("/login", (await firstLoadSignedOut("/login")).total);
    // Pro, so /finances is the page itself (a free band's answer is 402 with the upgrade prompt).
    const band = await createBand(user, { name: "Budget Band", subscriptionTier: "pro" });
    // Stage mode (/setlists/{id}/stage) needs a setlist of the band.
    const { db } = await import("~/utils/db.server");
    const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Budget setlist", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true } });
    for (const path of [...SIGNED_IN_PAGES, `/setlists/${setlist.id}/stage`]) totals.set(path, (await firstLoad(page.request, path)).total);
    for (const [path, total] of totals) {
      results.push(`${path} ${(total / KB).toFixed(1)} KB`);
      if (total > FIRST_LOAD_BUDGET_GZIP) failures.push(`${path}: ${(total / KB).toFixed(1)} KB > 100 KB`);
    }
    test.info().annotations.push({ type: "first-load JS (gzip)", description: results.join(", ") });
    expect(failures, results.join("\n")).toEqual([]);
  });

  test("each route's own chunk is at most 15 KB gzip", async ({ request }) => {
    const html = await (await request.get("/login")).text();
    const manifestUrl = html.match(/"(\/build\/manifest-[^"]+\.js)"/)?.[1];
    expect(manifestUrl, "the page names the build manifest").toBeTruthy();
    const source = await (await request.get(manifestUrl!)).text();
    const manifest = JSON.parse(source.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "")) as {
      routes: Record<string, { module: string }>;
    };
    const routes = Object.entries(manifest.routes);
    expect(routes.length).toBeGreaterThan(10);
    const over: string[] = [];
    for (const [id, route] of routes) {
      const size = await gzipSize(request, route.module);
      if (size > ROUTE_CHUNK_BUDGET_GZIP) over.push(`${id}: ${(size / KB).toFixed(1)} KB`);
    }
    expect(over).toEqual([]);
  });

  test("build assets are cached for good (immutable) and sent compressed, and so is the HTML", async ({ request }) => {
    // Playwright's request sends Accept-Encoding: gzip,deflate,br and undoes it; the
    // header says what was sent. remix-serve's compression skips bodies under 1 KB.
    const page = await request.get("/login", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers()["cache-control"] ?? "").not.toContain("immutable");
    const html = await page.text();
    const assets = [...scriptsOf(html), ...[...html.matchAll(/<link rel="stylesheet" href="(\/build\/[^"]+\.css)"/g)].map((match) => match[1]!)];
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const response = await request.get(asset, { headers: { "accept-encoding": "gzip" } });
      expect(response.headers()["cache-control"], asset).toMatch(/max-age=31536000\b.*immutable|immutable.*max-age=31536000\b/);
      if ((await response.body()).byteLength > 2048) expect(response.headers()["content-encoding"], asset).toBe("gzip");
    }
  });

  async function firstLoadSignedOut(path: string) {
    const { request: api } = await import("@playwright/test");
    const context = await api.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      return await firstLoad(context, path);
    } finally {
      await context.dispose();
    }
  }
});

test.describe("the toast library loads with the first toast", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration is what loads it");

  test("a flash toast shows, becomes Radix's toast (F8 reaches it), and no toast means no toast chunk", async ({ page, context, login, createUser, createBand }) => {
    const user = await login(await createUser());
    await createBand(user, { name: "Toast Band" });
    const chunks: string[] = [];
    page.on("request", (request) => {
      if (/\/build\/.*radix-toasts-[^/]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    await page.goto("/dashboard");
    await page.waitForFunction(() => "__remixRouter" in window);
    expect(chunks).toEqual([]);

    const { toastHeader } = await import("~/utils/toast.server");
    const [pair] = (await toastHeader({ title: "Band saved", description: "Everyone sees the new name." })).split(";");
    const [name, ...value] = pair!.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: E2E_BASE_URL }]);
    await page.goto("/members");
    const region = page.getByRole("region", { name: /Notifications/ });
    await expect(region.getByText("Band saved")).toBeVisible();
    expect(chunks).toHaveLength(1);
    await page.keyboard.press("F8");
    await expect(page.locator("ol[tabindex]:focus, [role=region] :focus")).toHaveCount(1);
  });
});
