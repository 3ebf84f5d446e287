import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The header's phone menu is tested in landing.spec.ts and the pages' width in phone-fit.spec.ts.
// These pages ship no framework bundle, only /js/public.js (section views for analytics):
// their HTML, links and redirects are the same with JavaScript off, which landing.spec.ts
// checks on the landing page (its first screen, the FAQ) and smoke.spec.ts on a 404.
test.skip(({ isMobile, javaScriptEnabled }) => isMobile || !javaScriptEnabled, "the same links and pages on every screen size, with JavaScript or without");

const GUIDES = [
  { path: "/resources/analytics/smart-song-analytics", title: "Smart song analytics" },
  { path: "/resources/setlist-strategy/great-cover-band-setlist", title: "What makes a great cover band setlist" },
  { path: "/resources/band-management/why-every-band-should-use-bandroom", title: "Why every band should use Bandroom" },
];

const OLD_PATHS = [
  { from: "/smart-song-analytics", to: GUIDES[0]! },
  { from: "/what-makes-great-cover-band-setlist", to: GUIDES[1]! },
];

type ListedPost = { href: string; title: string };

/** Walks the blog list from /blog through every "Older posts" page, as a reader would. */
async function readBlogList(page: Page) {
  const posts: ListedPost[] = [];
  const pages: string[] = [];
  let href: string | null = "/blog";
  while (href) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBe(200);
    pages.push(href);
    for (const link of await page.locator("main ol article h2 a").all()) {
      posts.push({ href: (await link.getAttribute("href"))!, title: (await link.textContent())!.trim() });
    }
    const older = page.getByRole("link", { name: "Older posts" });
    if ((await older.count()) === 0) break;
    await expect(older).toHaveAttribute("rel", "next");
    href = await older.getAttribute("href");
  }
  return { posts, pages };
}

test.describe("blog", () => {
  test("the list pages through every post, and every post opens with its title, date, author and reading time", async ({ page }) => {
    const { posts, pages } = await readBlogList(page);
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toBe("/blog");
    expect(new Set(posts.map((post) => post.href)).size).toBe(posts.length);

    for (const post of posts) {
      const response = await page.goto(post.href);
      expect(response?.status(), post.href).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      await expect(page).toHaveTitle(`${post.title} | Bandroom`);
      await expect(page.getByText(/\d+ min read/)).toBeVisible();
      await expect(page.locator("article header time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await expect(page.getByText(/^By .+/)).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${post.href}$`));
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", /\/blog\/rss\.xml$/);
    }
  });

  test("pagination links both ways, and a page past the end is not found", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: "Newer posts" })).toHaveCount(0);
    await page.getByRole("link", { name: "Older posts" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/blog$/);
    await page.getByRole("link", { name: "Newer posts" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

    const response = await page.goto("/blog?page=99");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });

  test("an article's headings carry working anchor links, and the neighbours link on", async ({ page }) => {
    await page.goto("/blog/splitting-gig-money-fairly");
    const anchor = page.getByRole("link", { name: "Link to the section “Net, then split”" });
    await expect(anchor).toHaveText("#");
    await expect(anchor).toHaveAttribute("href", "#net-then-split");
    await expect(page.locator("h2#net-then-split")).toContainText("Net, then split");
    await anchor.click();
    await expect(page).toHaveURL(/\/blog\/splitting-gig-money-fairly#net-then-split$/);
    await expect(page.locator("h2#net-then-split")).toBeInViewport();

    const more = page.getByRole("navigation", { name: "More posts" });
    await expect(more.getByRole("link", { name: /Previous post/ })).toBeVisible();
    await expect(more.getByRole("link", { name: /Next post/ })).toBeVisible();
    await more.getByRole("link", { name: /Next post/ }).click();
    await expect(page).toHaveURL(/\/blog\/(?!splitting-gig-money-fairly)[a-z0-9-]+$/);
  });

  test("an unknown post shows Page Not Found with status 404", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found");
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
  });

  test("signed in, the blog still opens, with the way back into the app", async ({ page, login, isMobile }) => {
    await login();
    const response = await page.goto("/blog/finding-and-keeping-good-subs");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finding and keeping good subs");
    // The sidebar's Blog leads here: a clear way back into the app, on every screen size, with or without JavaScript.
    const back = page.getByRole("link", { name: "Back to Bandroom" });
    await expect(back).toBeVisible();
    // What it shows, word apart from word (a flex item once dropped the space: "Back toBandroom").
    if (!isMobile) expect((await back.innerText()).replace(/\u00a0/g, " ")).toBe("← Back to Bandroom");
    await back.click();
    await expect(page).toHaveURL(/\/(dashboard|getting-started)$/);
    // In the app shell again (its main landmark), not the marketing layout.
    await expect(page.locator("main#main")).toBeAttached();
  });
});

test("the sign-in page, in each of its modes, describes itself and names /login as its one address", async ({ page }) => {
  for (const path of ["/login", "/login?mode=register", "/login?mode=forgot"]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /Sign in to Bandroom/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", /^https?:\/\/[^/]+\/login$/);
  }
});

test.describe("resources", () => {
  test("the hub links to each guide, and each guide opens at its path with its title", async ({ page }) => {
    await page.goto("/resources");
    await expect(page).toHaveTitle("Resources | Bandroom");
    for (const guide of GUIDES) {
      await expect(page.getByRole("link", { name: guide.title, exact: true })).toHaveAttribute("href", guide.path);
    }
    for (const guide of GUIDES) {
      const response = await page.goto(guide.path);
      expect(response?.status(), guide.path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
      await expect(page).toHaveTitle(`${guide.title} | Bandroom`);
      await expect(page.locator("article h2 a.heading-anchor").first()).toHaveText("#");
    }
  });

  test("the old guide paths redirect permanently", async ({ page }) => {
    for (const { from, to } of OLD_PATHS) {
      const redirect = await page.request.get(from, { maxRedirects: 0 });
      expect(redirect.status(), from).toBe(301);
      expect(redirect.headers()["location"]).toBe(to.path);

      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${to.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(to.title);
    }
  });
});

test.describe("legal pages", () => {
  test("privacy policy and terms open with their titles", async ({ page }) => {
    for (const [path, title] of [
      ["/privacy-policy", "Privacy Policy"],
      ["/terms", "Terms of Service"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} | Bandroom`);
    }
  });
});

test.describe("feed, sitemap and robots.txt", () => {
  // Plain HTTP: the browser project makes no difference, so once is enough.
  test.skip(({ javaScriptEnabled, isMobile }) => !javaScriptEnabled || isMobile, "HTTP only");

  test("every sitemap URL opens signed out, and robots.txt points at the sitemap", async ({ page, baseURL }) => {
    const robots = await page.request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await page.request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
    expect(locs.length).toBeGreaterThanOrEqual(14);
    for (const loc of locs) {
      const response = await page.request.get(loc, { maxRedirects: 0 });
      expect(response.status(), loc).toBe(200);
    }

    const feed = await page.request.get("/blog/rss.xml");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(await feed.text()).toContain("<rss version=\"2.0\"");
  });
});
