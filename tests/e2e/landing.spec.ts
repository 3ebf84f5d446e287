import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { E2E_BASE_URL } from "./e2e-env.ts";

/** Public pages a signed-out visitor reads; they get static HTML and /js/public.js only. */
const STATIC_PAGES = ["/", "/blog", "/resources", "/resources/analytics/smart-song-analytics", "/privacy-policy", "/terms"];
const PUBLIC_SCRIPT_BUDGET_GZIP = 10 * 1024;

// Headless Chromium calls itself HeadlessChrome, which analytics rightly ignores as a bot;
// journeys that check what analytics stored browse as an ordinary Chrome.
const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function appDb() {
  // After the fixtures have pointed the environment at the e2e database.
  return (await import("~/utils/db.server")).db;
}

/** A header link: in the bar on large screens, behind the menu button on a phone. */
async function headerLink(page: Page, isMobile: boolean, name: string) {
  if (isMobile) {
    const menu = page.getByRole("banner").locator("details");
    if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) await menu.locator("summary").click();
    return page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name, exact: true });
  }
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
}

/** The section is the one on screen: its heading is fully visible below the sticky header. */
async function expectSectionShown(page: Page, id: string) {
  await expect(page).toHaveURL(new RegExp(`/#${id}$`));
  const heading = page.locator(`#${id}`).getByRole("heading").first();
  const headerBottom = await page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom);
  await expect
    .poll(() => heading.evaluate((el, top) => el.getBoundingClientRect().top >= top - 1 && el.getBoundingClientRect().bottom <= window.innerHeight, headerBottom))
    .toBe(true);
}

test.describe("the landing page", () => {
  test("header links reach each section, Resources and Blog", async ({ page, isMobile }) => {
    await page.goto("/");
    for (const [name, id] of [
      ["Features", "features"],
      ["Pricing", "pricing"],
      ["Testimonials", "testimonials"],
      ["FAQ", "faq"],
    ] as const) {
      await (await headerLink(page, isMobile, name)).click();
      await expectSectionShown(page, id);
    }
    // The logo goes back up to the hero.
    await page.getByRole("banner").getByRole("link", { name: "Bandroom" }).click();
    await expectSectionShown(page, "hero");

    await (await headerLink(page, isMobile, "Resources")).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/");
    await (await headerLink(page, isMobile, "Blog")).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  });

  test("the phone menu: Escape closes it and gives the keyboard back to its button; tabbing out of it closes it", async ({ page, isMobile, javaScriptEnabled }) => {
    test.skip(!isMobile || !javaScriptEnabled, "the phone menu, closed by /js/public.js (without it, a <details> stays open until toggled)");
    await page.goto("/blog");
    const menu = page.getByRole("banner").locator("details");
    const button = menu.locator("summary");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Menu" }).getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(button).toBeFocused();
    // Open again and tab past its last link: it closes instead of covering what the focus reaches.
    await page.keyboard.press("Enter");
    const links = await page.getByRole("navigation", { name: "Menu" }).getByRole("link").count();
    for (let i = 0; i <= links; i++) await page.keyboard.press("Tab");
    await expect(menu).not.toHaveAttribute("open", "");
  });

  test("Start Free opens sign-up and Sign In opens the login form", async ({ page, isMobile }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Start Free" }).click();
    await expect(page).toHaveURL(/\/login\?mode=register$/);
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();

    await page.goto("/");
    await (isMobile ? await headerLink(page, true, "Sign In") : page.getByRole("banner").getByRole("link", { name: "Sign In" })).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

    // The pricing cards and the closing call to action start sign-up too.
    await page.goto("/#pricing");
    await page.locator("#pricing").getByRole("link", { name: "Start Free, upgrade later" }).click();
    await expect(page).toHaveURL(/\/login\?mode=register$/);
  });

  test("the first screen is complete from the HTML alone, with no framework bundle", async ({ page, javaScriptEnabled }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      // The service worker's own script is the browser's business, not the page's bundle.
      if (request.resourceType() === "script" && !request.url().endsWith("/sw.js")) scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Run your band in one place" })).toBeInViewport();
    await expect(page.locator("#hero").getByRole("link", { name: "Start Free" })).toBeInViewport();
    await expect(page.getByRole("banner").getByRole("link", { name: "Start Free" })).toBeInViewport();
    await expect(page.locator("#hero").getByRole("img", { name: /dashboard/i })).toBeVisible();
    await page.waitForLoadState("load");
    expect(scripts).toEqual(javaScriptEnabled ? ["/js/public.js"] : []);
  });

  test("the sections are all there, in order, with the spec's ids", async ({ page }) => {
    await page.goto("/");
    const ids = await page.locator("main > section").evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids).toEqual(["hero", "problem", "features", "testimonials", "pricing", "faq", "get-started"]);
    await expect(page.locator("#problem")).toContainText("Forgotten rehearsals");
    await expect(page.locator("#problem")).toContainText("Confused set orders");
    await expect(page.locator("#problem")).toContainText("Late payments");
    await expect(page.locator("#pricing")).toContainText("$8");
    // Testimonials are labelled for what they are.
    await expect(page.locator("#testimonials").getByText("Illustrative", { exact: true })).toHaveCount(3);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(footer.getByRole("link", { name: "support@bandroom.app" })).toHaveAttribute("href", "mailto:support@bandroom.app");
    await expect(footer.getByRole("link", { name: "MusicBrainz" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Deezer" })).toBeVisible();
  });

  test("an FAQ answer opens and closes like a disclosure, script or not", async ({ page }) => {
    await page.goto("/#faq");
    const question = page.locator("#faq summary", { hasText: "Is Bandroom really free?" });
    const answer = page.getByText("You only pay if your band wants the finance tools of Pro.");
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await question.click();
    await expect(answer).toBeHidden();
  });

  test("a signed-in member reaching / goes on to Getting Started, in the hydrated app", async ({ page, login }) => {
    await login();
    const response = await page.goto("/");
    await expect(page).toHaveURL(/\/getting-started$/);
    expect(await response!.text()).toMatch(/<link rel="modulepreload" href="\/build\/entry\.client-/);
  });
});

test.describe("public pages ship no framework bundle", () => {
  test("static pages load CSS and /js/public.js, and no /build/ script or modulepreload", async ({ request }) => {
    const blog = await (await request.get("/blog")).text();
    const post = blog.match(/href="(\/blog\/(?!rss)[a-z0-9-]+)"/)?.[1];
    expect(post, "the blog lists at least one post").toBeTruthy();
    for (const path of [...STATIC_PAGES, post!, "/blog/no-such-post", "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/\/build\/[^"]+\.js/);
      expect(html, path).not.toContain("modulepreload");
      expect(html, path).not.toContain("__remixContext");
      expect(html, path).toMatch(/<script src="\/js\/public\.js" defer=""/);
      expect(html, path).toMatch(/<link rel="stylesheet" href="\/build\/_assets\/[^"]+\.css"/);
    }
    // Pages with forms stay hydrated.
    expect(await (await request.get("/login")).text()).toMatch(/<link rel="modulepreload" href="\/build\/entry\.client-/);
  });

  test(`/js/public.js stays under ${PUBLIC_SCRIPT_BUDGET_GZIP / 1024} KB gzip and is cacheable`, async ({ request }) => {
    const response = await request.get("/js/public.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
    expect(gzipSync(await response.body()).byteLength).toBeLessThan(PUBLIC_SCRIPT_BUDGET_GZIP);
  });

  test("a flash toast shows on a static page without React", async ({ page, context }) => {
    const { toastHeader } = await import("~/utils/toast.server");
    const [pair] = (await toastHeader({ title: "Signed out", description: "See you at the next gig." })).split(";");
    const [name, ...value] = pair!.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: E2E_BASE_URL }]);
    await page.goto("/blog");
    await expect(page.getByRole("status").filter({ hasText: "Signed out" })).toBeVisible();
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
  });
});

test.describe("first-party analytics", () => {
  test.use({ userAgent: DESKTOP_CHROME });

  test("a landing section seen by a visitor is recorded once", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "section views are reported by the page's script");
    const beacons: { name: string; section?: string; view?: string }[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/analytics")) beacons.push(JSON.parse(request.postData() ?? "{}"));
    });
    await page.goto("/");
    const pricingBeacon = page.waitForRequest((request) => request.url().endsWith("/api/analytics") && (request.postData() ?? "").includes('"pricing"'));
    await page.locator("#pricing").scrollIntoViewIfNeeded();
    const { view } = JSON.parse((await pricingBeacon).postData()!) as { view: string };

    // Away and back again: still the same page view.
    await page.locator("#hero").scrollIntoViewIfNeeded();
    await page.locator("#pricing").scrollIntoViewIfNeeded();

    const db = await appDb();
    const stored = () => db.analyticsEvent.findMany({ where: { name: "section_view", properties: { contains: view } }, select: { path: true, properties: true } });
    await expect.poll(async () => (await stored()).filter((event) => event.properties?.includes('"pricing"'))).toEqual([
      { path: "/", properties: JSON.stringify({ section: "pricing", view }) },
    ]);
    // The hero was on screen from the start.
    await expect.poll(async () => (await stored()).map((event) => JSON.parse(event.properties!).section)).toContain("hero");
    expect(beacons.filter((beacon) => beacon.section === "pricing")).toHaveLength(1);
  });

  test("a page view is recorded once from the server, and not for a visitor sending Do Not Track", async ({ page, isMobile }) => {
    test.skip(isMobile, "recorded by the server the same way for every screen size");
    const db = await appDb();
    const unique = `/e2e-visit-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    await page.goto(`${unique}?from=test`);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect.poll(() => db.analyticsEvent.findMany({ where: { name: "page_view", path: unique }, select: { userId: true, properties: true } })).toEqual([
      { userId: null, properties: JSON.stringify({ via: "document", status: 404, referrer: null }) },
    ]);

    await page.setExtraHTTPHeaders({ DNT: "1" });
    await page.goto(`${unique}-dnt`);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.goto("/#pricing");
    await page.waitForTimeout(500);
    expect(await db.analyticsEvent.count({ where: { path: `${unique}-dnt` } })).toBe(0);
  });
});
