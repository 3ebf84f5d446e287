/**
 * Byte budgets of the built client bundle (issue 11), asserted on what the production
 * server sends: every script a page's HTML references (module preloads, the entry and
 * route imports), fetched and gzip-compressed, so nothing about timing can fool it.
 *
 * - First load of /login and of each signed-in page: at most 100 KB gzip in all. Every
 *   signed-in page the build has is checked, found in its manifest (each route under
 *   routes/_app+/ whose module has a default export, /login and stage mode): its first
 *   load is the scripts Remix's <Scripts> names for its matched routes, which the pages
 *   requested for real confirm. A page added later is checked without being listed here.
 * - Each route's own chunk (every route in the build's manifest): at most 15 KB gzip.
 * - Public pages: covered in landing.spec.ts (no Remix scripts, /js/public.js < 10 KB).
 *
 * Runs in the e2e step because that is the one that builds; it needs no browser, so
 * only the chromium-js project runs it.
 */
import fs from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL, ROOT } from "./e2e-env.ts";
import { expect, test } from "./fixtures";

const KB = 1024;
export const FIRST_LOAD_BUDGET_GZIP = 100 * KB;
export const ROUTE_CHUNK_BUDGET_GZIP = 15 * KB;

/** Requested for real (the check of every page comes from the manifest, below). */
const SIGNED_IN_PAGES = ["/dashboard", "/members", "/calendar", "/calendar/availability", "/calendar/blackouts", "/events/new", "/songs", "/setlists", "/finances", "/settings", "/profile", "/subscription", "/bands/new", "/finances/payments/new", "/finances/expenses/new", "/finances/payouts/new"];
/** Signed-in pages outside routes/_app+/ (the manifest must still have them: a rename fails here, not silently). */
const OTHER_SIGNED_IN_ROUTES = ["routes/_auth+/login", "routes/setlists.$id_.stage"];
const APP_LAYOUT = "routes/_app+/_layout";

type ManifestRoute = { id: string; parentId?: string; path?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

async function buildManifest(request: APIRequestContext): Promise<Manifest> {
  const html = await (await request.get("/login")).text();
  const manifestUrl = html.match(/"(\/build\/manifest-[^"]+\.js)"/)?.[1];
  expect(manifestUrl, "the page names the build manifest").toBeTruthy();
  const source = await (await request.get(manifestUrl!)).text();
  return JSON.parse(source.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "")) as Manifest;
}

/** The route and its parents, root first. */
function chainOf(manifest: Manifest, id: string) {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) chain.unshift(route);
  return chain;
}

/** What Remix's <Scripts> loads for these matched routes: the entry and its imports, then each route's module and imports. */
function scriptsFor(manifest: Manifest, matched: ManifestRoute[]) {
  return new Set([manifest.entry.module, ...manifest.entry.imports, ...matched.flatMap((route) => [route.module, ...(route.imports ?? [])])]);
}

/**
 * Whether the route is a page (a component to render) rather than a resource route: the
 * browser manifest does not say, so its module is read. A route whose source cannot be
 * found fails the test rather than being skipped.
 */
function isPage(id: string) {
  const file = ["tsx", "ts", "jsx", "js"].map((ext) => join(ROOT, "app", `${id}.${ext}`)).find((candidate) => fs.existsSync(candidate));
  expect(file, `the source of route ${id}`).toBeTruthy();
  return /^export default\b|^export \{[^}]*\bas default\b/m.test(fs.readFileSync(file!, "utf8"));
}

/** Every signed-in page the build has: the pages under the app layout, /login and stage mode. */
function signedInPageRoutes(manifest: Manifest) {
  for (const id of [APP_LAYOUT, ...OTHER_SIGNED_IN_ROUTES]) expect(manifest.routes[id], `the manifest has ${id}`).toBeTruthy();
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.values(manifest.routes).filter(
    (route) => !parents.has(route.id) && (OTHER_SIGNED_IN_ROUTES.includes(route.id) || route.parentId === APP_LAYOUT || chainOf(manifest, route.id).some((parent) => parent.id === APP_LAYOUT)) && isPage(route.id),
  );
}

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
  const html = await response.text();
  // React 18.3.1 streamed NUL bytes where a multi-byte character met a buffer's end (scripts/patches/react-dom-stream.test.ts).
  expect(html.includes("\u0000"), `${path} has no NUL bytes`).toBe(false);
  const scripts = scriptsOf(html);
  expect(scripts.length, `${path} is a hydrated page`).toBeGreaterThan(0);
  let total = 0;
  for (const script of scripts) total += await gzipSize(request, script);
  // The modules of the routes the page matched (root, layout, the page), in the inline script.
  const routeModules = [...html.matchAll(/import \* as route\d+ from "(\/build\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return { total, scripts, routeModules };
}

async function gzipTotal(request: APIRequestContext, scripts: Iterable<string>) {
  let sum = 0;
  for (const script of scripts) sum += await gzipSize(request, script);
  return sum;
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
    // An event's own page (its id from a row made here).
    const event = await db.event.create({ data: { bandId: band.id, title: "Budget gig", kind: "gig", startsAt: new Date(Date.now() + 7 * 86_400_000) }, select: { id: true } });
    const manifest = await buildManifest(page.request);
    const byModule = new Map(Object.values(manifest.routes).map((route) => [route.module, route]));
    for (const path of [...SIGNED_IN_PAGES, `/setlists/${setlist.id}/stage`, `/events/${event.id}`]) {
      const load = await firstLoad(page.request, path);
      totals.set(path, load.total);
      // What the page loads is what the manifest says its routes load: the check of every page below counts the same scripts.
      const matched = load.routeModules.map((module) => byModule.get(module)!);
      expect(matched.every(Boolean) && matched.length, `${path}: its route modules are in the manifest`).toBeTruthy();
      expect([...new Set(load.scripts)].sort(), `${path}: the scripts the manifest names for its routes`).toEqual([...scriptsFor(manifest, matched)].sort());
    }
    for (const [path, total] of totals) {
      results.push(`${path} ${(total / KB).toFixed(1)} KB`);
      if (total > FIRST_LOAD_BUDGET_GZIP) failures.push(`${path}: ${(total / KB).toFixed(1)} KB > 100 KB`);
    }
    test.info().annotations.push({ type: "first-load JS (gzip)", description: results.join(", ") });
    expect(failures, results.join("\n")).toEqual([]);
  });

  test("every signed-in page in the build's manifest loads at most 100 KB of JavaScript (gzip)", async ({ request }) => {
    const manifest = await buildManifest(request);
    const pages = signedInPageRoutes(manifest);
    // The app's pages are dozens; a change in how routes are named must not leave this checking none.
    expect(pages.length, pages.map((route) => route.id).join(", ")).toBeGreaterThan(30);
    for (const id of ["routes/_app+/events.$id", "routes/_app+/finances_.entries.$id.split", ...OTHER_SIGNED_IN_ROUTES]) expect(pages.map((route) => route.id)).toContain(id);
    const results: string[] = [];
    const failures: string[] = [];
    for (const route of pages) {
      const size = await gzipTotal(request, scriptsFor(manifest, chainOf(manifest, route.id)));
      results.push(`${route.id} ${(size / KB).toFixed(1)} KB`);
      if (size > FIRST_LOAD_BUDGET_GZIP) failures.push(`${route.id} (/${route.path ?? ""}): ${(size / KB).toFixed(1)} KB > 100 KB`);
    }
    test.info().annotations.push({ type: "first-load JS (gzip), every signed-in page", description: results.join(", ") });
    expect(failures, results.join("\n")).toEqual([]);
  });

  test("each route's own chunk is at most 15 KB gzip", async ({ request }) => {
    const manifest = await buildManifest(request);
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

  test("F8 reaches the notification region before any toast too: the key loads it, focused, with a visible ring", async ({ page, login, createUser, createBand }) => {
    const user = await login(await createUser());
    await createBand(user, { name: "Quiet Band" });
    await page.goto("/setlists");
    await page.waitForFunction(() => "__remixRouter" in window);
    await expect(page.getByRole("region", { name: /Notifications/ })).toHaveCount(0);
    await page.keyboard.press("F8");
    const focused = page.getByRole("region", { name: /Notifications/ }).locator(":focus");
    await expect(focused).toHaveCount(1);
    // Seen as focused: a ring (box-shadow), its outline being off.
    expect(await focused.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  });
});
