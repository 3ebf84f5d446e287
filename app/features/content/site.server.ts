/**
 * What the site tells machines about itself: the blog's RSS feed, the sitemap of every
 * public page, and robots.txt. All URLs are absolute, built from `appOrigin(request)`.
 */
import { SITE_NAME } from "~/utils/public-meta";
import { LEGAL_PAGES, blogPageCount, blogPageHref, getPage, listGuides, listPosts, listPostsWithHtml, type PostSummary } from "./content.server";

/** Text for XML character data and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string) {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** "2026-03-02" → "Mon, 02 Mar 2026 00:00:00 GMT", the RFC 822 date RSS 2.0 asks for. */
function rfc822(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString();
}

/**
 * Feed readers show an item's HTML away from our site, where "/blog" and "#section"
 * lead nowhere: make same-site references absolute. The HTML comes from renderMarkdown,
 * so attributes are always double-quoted.
 */
function absolutizeHtml(html: string, origin: string, pageUrl: string) {
  return html.replace(/(href|src)="(\/(?!\/)[^"]*|#[^"]*)"/g, (_, attribute: string, value: string) =>
    value.startsWith("#") ? `${attribute}="${pageUrl}${value}"` : `${attribute}="${origin}${value}"`,
  );
}

function feedItem(post: PostSummary & { html: string }, origin: string) {
  const url = `${origin}${post.href}`;
  return [
    "    <item>",
    `      <title>${escapeXml(post.title)}</title>`,
    `      <link>${escapeXml(url)}</link>`,
    `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
    `      <pubDate>${rfc822(post.date)}</pubDate>`,
    `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
    `      <description>${escapeXml(post.description)}</description>`,
    ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
    `      <content:encoded>${escapeXml(absolutizeHtml(post.html, origin, url))}</content:encoded>`,
    "    </item>",
  ].join("\n");
}

/** RSS 2.0 with every post, newest first, each with its full text. */
export async function blogFeed(origin: string) {
  const posts = await listPostsWithHtml();
  const items = posts.map((post) => feedItem(post, origin));
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${SITE_NAME} blog`)}</title>`,
    `    <link>${escapeXml(`${origin}/blog`)}</link>`,
    `    <description>Practical notes for working bands on rehearsals, setlists, gig money and subs.</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${escapeXml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest.date)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export type SitemapEntry = { path: string; lastmod?: string };

function newestDate(dates: string[]) {
  return dates.reduce<string | undefined>((newest, date) => (!newest || date > newest ? date : newest), undefined);
}

/**
 * Every page a signed-out visitor can open, and nothing else. A blog list page changes
 * whenever a newer post arrives (posts shift along), so every list page carries the
 * newest post's date.
 */
export async function publicPages(): Promise<SitemapEntry[]> {
  const [posts, guides, legal] = await Promise.all([listPosts(), listGuides(), Promise.all(LEGAL_PAGES.map((slug) => getPage(slug)))]);
  const newestPost = newestDate(posts.map((post) => post.date));
  const listPages = Array.from({ length: blogPageCount(posts.length) }, (_, index) => ({ path: blogPageHref(index + 1), lastmod: newestPost }));
  return [
    { path: "/" },
    ...listPages,
    ...posts.map((post) => ({ path: post.href, lastmod: post.date })),
    { path: "/resources", lastmod: newestDate(guides.map((guide) => guide.date)) },
    ...guides.map((guide) => ({ path: guide.href, lastmod: guide.date })),
    ...legal.map((page) => ({ path: page.href, lastmod: page.meta.updated })),
    { path: "/login" },
  ];
}

export async function sitemap(origin: string) {
  const entries = await publicPages();
  const urls = entries.map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(`${origin}${entry.path}`)}</loc>`,
      ...(entry.lastmod ? [`    <lastmod>${entry.lastmod}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

/**
 * Paths that only make sense signed in (or behind an emailed token). Crawlers would only
 * meet a redirect to the login page there. A test walks app/routes and fails when a new
 * private route is missing from this list.
 */
export const PRIVATE_PATH_PREFIXES = [
  "/api/",
  "/dashboard",
  "/getting-started",
  "/calendar",
  "/events/",
  "/setlists",
  "/songs",
  "/bands/",
  "/members",
  "/feeds/",
  "/reminders/",
  "/finances",
  "/settings",
  "/profile",
  "/subscription",
  "/invitations/",
  "/admin",
  "/reset-password",
  "/change-email",
  "/verification-pending",
  "/verify-email",
  "/two-step",
] as const;

export function robotsTxt(origin: string) {
  return [
    "# The marketing pages, blog, guides and legal pages are public; the signed-in app and the API are not.",
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
