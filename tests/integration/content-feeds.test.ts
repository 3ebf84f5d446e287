import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, ORIGIN } from "#tests/db-utils";
import { listGuides, listPosts, POSTS_PER_PAGE } from "~/features/content/content.server";
import { PRIVATE_PATH_PREFIXES } from "~/features/content/site.server";
import { loader as feedLoader } from "~/routes/blog.rss[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { child, children, parseXml } from "./content-xml";

async function get(loader: Parameters<typeof callRoute>[0], pathname: string) {
  const response = await callRoute(loader, buildRequest(pathname));
  expect(response.status).toBe(200);
  return { response, body: await response.text() };
}

describe("the xml reader used below", () => {
  test("rejects what a feed reader would reject", () => {
    expect(() => parseXml("<a>Tom & Jerry</a>")).toThrow(/Unescaped "&"/);
    expect(() => parseXml("<a>1 < 2</a>")).toThrow();
    expect(() => parseXml("<a><b></a></b>")).toThrow(/does not close/);
    expect(() => parseXml("<a></a><b></b>")).toThrow(/second root/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/Duplicate attribute/);
    expect(parseXml("<a>Tom &amp; Jerry &#38; &lt;co&gt;</a>").text).toBe("Tom & Jerry & <co>");
  });
});

describe("RSS feed", () => {
  test("is RSS 2.0 with the channel and every post, newest first", async () => {
    const { response, body } = await get(feedLoader, "/blog/rss.xml");
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);

    const rss = parseXml(body);
    expect(rss.name).toBe("rss");
    expect(rss.attributes).toMatchObject({ version: "2.0", "xmlns:atom": "http://www.w3.org/2005/Atom" });
    const channel = child(rss, "channel");
    expect(child(channel, "title").text).toBe("Bandroom blog");
    expect(child(channel, "link").text).toBe(`${ORIGIN}/blog`);
    expect(child(channel, "description").text).not.toBe("");
    expect(child(channel, "atom:link").attributes).toEqual({ href: `${ORIGIN}/blog/rss.xml`, rel: "self", type: "application/rss+xml" });

    const posts = await listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(4);
    const items = children(channel, "item");
    expect(items.map((item) => child(item, "title").text)).toEqual(posts.map((post) => post.title));
    expect(child(channel, "lastBuildDate").text).toBe(child(items[0]!, "pubDate").text);
    for (const [index, item] of items.entries()) {
      const post = posts[index]!;
      const url = `${ORIGIN}/blog/${post.slug}`;
      expect(child(item, "link").text).toBe(url);
      expect(child(item, "guid")).toMatchObject({ text: url, attributes: { isPermaLink: "true" } });
      expect(child(item, "pubDate").text).toBe(new Date(`${post.date}T00:00:00Z`).toUTCString());
      expect(child(item, "pubDate").text).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT$/);
      expect(child(item, "description").text).toBe(post.description);
      expect(child(item, "dc:creator").text).toBe(post.author);
      expect(children(item, "category").map((category) => category.text)).toEqual(post.tags);
      // Full text, with same-site links made absolute for readers away from the site.
      const content = child(item, "content:encoded").text;
      expect(content).toContain("<h2 id=");
      expect(content).toContain(`href="${url}#`);
      expect(content).not.toMatch(/(href|src)="\/(?!\/)/);
    }
  });

  test("uses APP_URL for its links when it is set", async () => {
    const { env } = await import("~/utils/env.server");
    const before = env.appOrigin;
    // What env.server.ts resolves from APP_URL=https://bandroom.example/ at start.
    env.appOrigin = "https://bandroom.example";
    try {
      const { body } = await get(feedLoader, "/blog/rss.xml");
      expect(child(child(parseXml(body), "channel"), "link").text).toBe("https://bandroom.example/blog");
    } finally {
      env.appOrigin = before;
    }
  });
});

describe("sitemap.xml", () => {
  test("lists every public page once, with lastmod dates, in the sitemap namespace", async () => {
    const { response, body } = await get(sitemapLoader, "/sitemap.xml");
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const urlset = parseXml(body);
    expect(urlset.name).toBe("urlset");
    expect(urlset.attributes).toEqual({ xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9" });

    const entries = children(urlset, "url").map((url) => ({
      loc: child(url, "loc").text,
      lastmod: url.children.find((element) => element.name === "lastmod")?.text,
    }));
    const locs = entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);

    const [posts, guides] = await Promise.all([listPosts(), listGuides()]);
    const pageCount = Math.ceil(posts.length / POSTS_PER_PAGE);
    const expected = [
      "/",
      "/blog",
      ...Array.from({ length: pageCount - 1 }, (_, index) => `/blog?page=${index + 2}`),
      ...posts.map((post) => `/blog/${post.slug}`),
      "/resources",
      "/resources/analytics/smart-song-analytics",
      "/resources/setlist-strategy/great-cover-band-setlist",
      "/resources/band-management/why-every-band-should-use-bandroom",
      "/privacy-policy",
      "/terms",
      "/login",
    ];
    expect(locs.sort()).toEqual(expected.map((pathname) => `${ORIGIN}${pathname}`).sort());
    expect(guides).toHaveLength(3);

    const lastmod = (pathname: string) => entries.find((entry) => entry.loc === `${ORIGIN}${pathname}`)?.lastmod;
    for (const entry of entries) if (entry.lastmod) expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const post of posts) expect(lastmod(`/blog/${post.slug}`)).toBe(post.date);
    for (const guide of guides) expect(lastmod(guide.href)).toBe(guide.date);
    expect(lastmod("/blog")).toBe(posts[0]!.date);
    expect(lastmod("/privacy-policy")).toMatch(/^2026-/);
  });

  test("holds nothing robots.txt disallows and no signed-in page", async () => {
    const { body } = await get(sitemapLoader, "/sitemap.xml");
    const paths = children(parseXml(body), "url").map((url) => new URL(child(url, "loc").text).pathname);
    for (const pathname of paths) {
      for (const prefix of PRIVATE_PATH_PREFIXES) expect(pathname.startsWith(prefix), `${pathname} is under ${prefix}`).toBe(false);
    }
  });
});

describe("robots.txt", () => {
  test("allows the public site, disallows the API and the app, and names the sitemap", async () => {
    const { response, body } = await get(robotsLoader, "/robots.txt");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const line of ["Disallow: /api/", "Disallow: /dashboard", "Disallow: /settings", "Disallow: /admin", "Disallow: /bands/"]) expect(lines).toContain(line);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(body).not.toMatch(/Disallow: \/(blog|resources|privacy-policy|terms|login)\b/);
  });

  test("public/robots.txt is gone, so the route is what answers", () => {
    expect(fs.existsSync(path.resolve("public/robots.txt"))).toBe(false);
  });

  // Signed-out visitors reach only these; every other route must be kept from crawlers,
  // so a new signed-in page fails here until it is added to PRIVATE_PATH_PREFIXES.
  const PUBLIC_FIRST_SEGMENTS = new Set([
    "",
    "blog",
    "resources",
    "privacy-policy",
    "terms",
    "login",
    "smart-song-analytics",
    "what-makes-great-cover-band-setlist",
    "sitemap.xml",
    "robots.txt",
    // The site's icon (a redirect to /favicon.svg): public, and not a page for the sitemap.
    "favicon.ico",
  ]);

  /** Route files under app/routes as path parts: ["_app+", "events.$id.tsx"]. */
  function routeFiles(dir: string, prefix: string[] = []): string[][] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), [...prefix, entry.name]);
      if (!/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
      return [[...prefix, entry.name]];
    });
  }

  /** The first URL segment of a remix-flat-routes file: "_app+/events.$id" → "events". */
  function firstSegment(parts: string[]) {
    const names = parts.map((part) => part.replace(/\+$/, "").replace(/\.(ts|tsx)$/, ""));
    const segments = names.flatMap((part) => part.match(/(\[[^\]]*\]|[^.[\]])+/g) ?? []);
    const visible = segments.filter((segment) => !segment.startsWith("_") || segment === "_index");
    const first = visible[0] ?? "";
    return first === "_index" || first === "route" ? "" : first.replace(/\[([^\]]*)\]/g, "$1");
  }

  test("every route outside the public site is disallowed", () => {
    const missing: string[] = [];
    for (const parts of routeFiles(path.resolve("app/routes"))) {
      const segment = firstSegment(parts);
      if (segment.startsWith("$") || PUBLIC_FIRST_SEGMENTS.has(segment)) continue;
      const covered = PRIVATE_PATH_PREFIXES.some((prefix) => `/${segment}/x`.startsWith(prefix) || `/${segment}` === prefix);
      if (!covered) missing.push(`/${segment} (app/routes/${parts.join("/")})`);
    }
    expect(missing, "add these to PRIVATE_PATH_PREFIXES in app/features/content/site.server.ts").toEqual([]);
  });
});
