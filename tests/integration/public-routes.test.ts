import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, ORIGIN } from "#tests/db-utils";
import { parseFrontMatter } from "~/features/content/markdown.server";
import { listPosts, POSTS_PER_PAGE } from "~/features/content/content.server";
import { loader as oldAnalyticsLoader } from "~/routes/smart-song-analytics";
import { loader as oldSetlistLoader } from "~/routes/what-makes-great-cover-band-setlist";
import * as blogIndexModule from "~/routes/_public+/blog._index";
import * as blogPostModule from "~/routes/_public+/blog.$slug";
import * as resourcesIndexModule from "~/routes/_public+/resources._index";
import * as guideModule from "~/routes/_public+/resources.$category.$slug";
import * as privacyModule from "~/routes/_public+/privacy-policy";
import * as termsModule from "~/routes/_public+/terms";

const blogIndexLoader = blogIndexModule.loader;
const blogPostLoader = blogPostModule.loader;
const resourcesIndexLoader = resourcesIndexModule.loader;
const guideLoader = guideModule.loader;
const privacyLoader = privacyModule.loader;
const termsLoader = termsModule.loader;
import { loader as notFoundLoader, action as notFoundAction } from "~/routes/$";

const GUIDE_PATHS = [
  "/resources/analytics/smart-song-analytics",
  "/resources/setlist-strategy/great-cover-band-setlist",
  "/resources/band-management/why-every-band-should-use-bandroom",
];

describe("old guide paths", () => {
  test.each([
    [oldAnalyticsLoader, "/smart-song-analytics", "/resources/analytics/smart-song-analytics"],
    [oldSetlistLoader, "/what-makes-great-cover-band-setlist", "/resources/setlist-strategy/great-cover-band-setlist"],
  ])("%#: redirect permanently to the resources path", async (loader, from, to) => {
    const response = await callRoute(loader, buildRequest(from));
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  test("keep the query string", async () => {
    const response = await callRoute(oldAnalyticsLoader, buildRequest("/smart-song-analytics?ref=newsletter"));
    expect(response.headers.get("location")).toBe("/resources/analytics/smart-song-analytics?ref=newsletter");
  });
});

type ListData = {
  posts: Array<{ slug: string; href: string; date: string; displayDate: string; title: string; description: string; readingMinutes: number; tags: string[] }>;
  page: number;
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
  origin: string;
};

async function blogPage(search = "") {
  const response = await callRoute(blogIndexLoader, buildRequest(`/blog${search}`));
  return { status: response.status, data: response.status === 200 ? ((await response.json()) as ListData) : null };
}

describe("blog list", () => {
  test("pages through every post, newest first, five to a page", async () => {
    const first = await blogPage();
    expect(first.status).toBe(200);
    const { pageCount } = first.data!;
    expect(first.data).toMatchObject({ page: 1, previousHref: null, origin: ORIGIN });
    expect(first.data!.posts).toHaveLength(Math.min(POSTS_PER_PAGE, (await listPosts()).length));

    const all = [...first.data!.posts];
    for (let page = 2; page <= pageCount; page++) {
      const { status, data } = await blogPage(`?page=${page}`);
      expect(status).toBe(200);
      expect(data).toMatchObject({ page, previousHref: page === 2 ? "/blog" : `/blog?page=${page - 1}` });
      all.push(...data!.posts);
    }
    expect(first.data!.nextHref).toBe(pageCount > 1 ? "/blog?page=2" : null);

    const posts = await listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(all.map((post) => post.slug)).toEqual(posts.map((post) => post.slug));
    const dates = all.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of all) {
      expect(post.description).not.toBe("");
      expect(post.date).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(post.displayDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026$/);
      expect(post.href).toBe(`/blog/${post.slug}`);
    }
    expect(all.find((post) => post.slug === "rehearsal-that-ends-on-time")).toMatchObject({
      title: "How to run a rehearsal that actually ends on time",
      displayDate: "Jan 13, 2026",
    });
  });

  test("has at least two pages, so pagination is exercised by the real content", async () => {
    expect((await blogPage()).data!.pageCount).toBeGreaterThanOrEqual(2);
  });

  test.each(["0", "-1", "1.5", "abc", "", "01", "99", "1e3"])("answers 404 for ?page=%s", async (page) => {
    expect((await blogPage(`?page=${encodeURIComponent(page)}`)).status).toBe(404);
  });

  test("page 1 is also reachable as ?page=1", async () => {
    expect((await blogPage("?page=1")).data).toMatchObject({ page: 1 });
  });
});

describe("blog post", () => {
  test("renders with reading time, author, tags, cover and heading anchors", async () => {
    const response = await callRoute(blogPostLoader, buildRequest("/blog/rehearsal-that-ends-on-time"), { slug: "rehearsal-that-ends-on-time" });
    expect(response.status).toBe(200);
    const { post } = (await response.json()) as {
      post: { title: string; html: string; author: string; readingMinutes: number; displayDate: string; tags: string[]; cover?: string; coverAlt?: string };
    };
    expect(post).toMatchObject({ title: "How to run a rehearsal that actually ends on time", author: "The Bandroom team", displayDate: "Jan 13, 2026" });
    expect(post.readingMinutes).toBeGreaterThanOrEqual(3);
    expect(post.tags).toEqual(["rehearsal", "planning"]);
    expect(post.cover).toBe("/images/blog/rehearsal-that-ends-on-time.jpg");
    expect(post.coverAlt).not.toBe("");
    expect(post.html).toContain(
      '<h2 id="send-the-plan-the-day-before">Send the plan the day before <a class="heading-anchor" href="#send-the-plan-the-day-before" aria-label="Link to the section “Send the plan the day before”">#</a></h2>',
    );
  });

  test("links to the older and newer posts, and the ends have one neighbour", async () => {
    const posts = await listPosts();
    for (const [index, summary] of posts.entries()) {
      const response = await callRoute(blogPostLoader, buildRequest(summary.href), { slug: summary.slug });
      const { previous, next } = (await response.json()) as { previous: { href: string; title: string } | null; next: { href: string } | null };
      expect(previous?.href ?? null).toBe(posts[index + 1]?.href ?? null);
      expect(next?.href ?? null).toBe(index === 0 ? null : posts[index - 1]!.href);
      if (previous) expect(previous.title).toBe(posts[index + 1]!.title);
    }
  });

  test("every post is real writing: 600 to 1200 words, a cover, tags", async () => {
    for (const post of await listPosts()) {
      const source = fs.readFileSync(path.resolve("content/blog", `${post.slug}.md`), "utf8");
      const words = parseFrontMatter(source).body.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
      expect(words, post.slug).toBeGreaterThanOrEqual(600);
      expect(words, post.slug).toBeLessThanOrEqual(1200);
      expect(source).not.toMatch(/lorem ipsum/i);
      expect(post.tags.length, post.slug).toBeGreaterThan(0);
      if (post.cover) expect(fs.existsSync(path.resolve("public", `.${post.cover}`)), post.cover).toBe(true);
    }
  });

  test.each(["no-such-post", "../pages/privacy-policy", "..%2Fpages%2Fterms", "Rehearsal-That-Ends-On-Time", "smart-song-analytics", "rss.xml"])(
    "answers 404 for the slug %s",
    async (slug) => {
      const response = await callRoute(blogPostLoader, buildRequest(`/blog/${encodeURIComponent(slug)}`), { slug });
      expect(response.status).toBe(404);
    },
  );
});

describe("resources", () => {
  test("the hub lists the three guides in order", async () => {
    const response = await callRoute(resourcesIndexLoader, buildRequest("/resources"));
    const { guides } = (await response.json()) as { guides: Array<{ href: string; title: string }> };
    expect(guides.map((guide) => guide.href)).toEqual(GUIDE_PATHS);
  });

  test.each(GUIDE_PATHS)("%s is a guide", async (pathname) => {
    const [, , category, slug] = pathname.split("/");
    const response = await callRoute(guideLoader, buildRequest(pathname), { category: category!, slug: slug! });
    expect(response.status).toBe(200);
    const { guide, otherGuides } = (await response.json()) as { guide: { href: string; html: string; date: string }; otherGuides: Array<{ href: string }> };
    expect(guide.href).toBe(pathname);
    expect(guide.date).toMatch(/^2026-/);
    expect(guide.html).toMatch(/<h2 id="[a-z0-9-]+">.+<a class="heading-anchor"/);
    expect(otherGuides.map((other) => other.href).sort()).toEqual(GUIDE_PATHS.filter((other) => other !== pathname).sort());
    const source = fs.readFileSync(path.resolve("content/resources", `${slug}.md`), "utf8");
    const words = parseFrontMatter(source).body.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
    expect(words).toBeGreaterThanOrEqual(600);
  });

  test("the hub also points to the latest posts", async () => {
    const response = await callRoute(resourcesIndexLoader, buildRequest("/resources"));
    const { latestPosts } = (await response.json()) as { latestPosts: Array<{ href: string }> };
    expect(latestPosts.map((post) => post.href)).toEqual((await listPosts()).slice(0, 3).map((post) => post.href));
  });

  test("a guide under another category is not found", async () => {
    const response = await callRoute(guideLoader, buildRequest("/resources/analytics/great-cover-band-setlist"), {
      category: "analytics",
      slug: "great-cover-band-setlist",
    });
    expect(response.status).toBe(404);
  });
});

describe("legal pages", () => {
  test("the privacy policy describes what is stored", async () => {
    const response = await callRoute(privacyLoader, buildRequest("/privacy-policy"));
    expect(response.status).toBe(200);
    const { page } = (await response.json()) as { page: { title: string; html: string; displayDate: string } };
    expect(page.title).toBe("Privacy Policy");
    expect(page.displayDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const facts = [
      // accounts, sessions, cookies and storage
      "argon2id",
      "user-agent",
      "bandroom_session",
      "bandroom_band",
      "bandroom_toast",
      "local storage",
      // first-party analytics
      "first-party",
      "our own database",
      "no third-party script",
      "host name of the site that",
      "Do Not Track",
      "Global Privacy Control",
      "13 months",
      // invitations
      "invitee",
      "the role they are offered",
      "only a hash of its token",
      "7 days",
      "no third-party trackers",
      "support@bandroom.app",
    ];
    for (const fact of facts) expect(page.html, fact).toContain(fact);
  });

  test("the terms state the Pro price", async () => {
    const response = await callRoute(termsLoader, buildRequest("/terms"));
    const { page } = (await response.json()) as { page: { title: string; html: string } };
    expect(page.title).toBe("Terms of Service");
    expect(page.html).toContain("$8 per month per band");
  });
});

describe("page meta", () => {
  type Descriptor = Record<string, string>;
  const find = (descriptors: Descriptor[], key: string, value: string) => descriptors.find((descriptor) => descriptor[key] === value);
  const content = (descriptors: Descriptor[], property: string) => (find(descriptors, "property", property) ?? find(descriptors, "name", property))?.content;

  async function metaFor(
    module: { loader: Parameters<typeof callRoute>[0]; meta: (args: never) => unknown },
    pathname: string,
    params: Record<string, string> = {},
  ): Promise<Descriptor[]> {
    const response = await callRoute(module.loader, buildRequest(pathname), params);
    expect(response.status).toBe(200);
    const data = await response.json();
    return (module.meta as (args: unknown) => Descriptor[])({ data, params, location: { pathname }, matches: [] });
  }

  const PAGES: Array<[string, () => Promise<Descriptor[]>, { title: RegExp; type: string; image: boolean }]> = [
    ["/blog", () => metaFor(blogIndexModule, "/blog"), { title: /^Blog \| Bandroom$/, type: "website", image: false }],
    ["/blog?page=2", () => metaFor(blogIndexModule, "/blog?page=2"), { title: /^Blog, page 2 \| Bandroom$/, type: "website", image: false }],
    [
      "/blog/splitting-gig-money-fairly",
      () => metaFor(blogPostModule, "/blog/splitting-gig-money-fairly", { slug: "splitting-gig-money-fairly" }),
      { title: /^Splitting gig money fairly \(and on time\) \| Bandroom$/, type: "article", image: true },
    ],
    ["/resources", () => metaFor(resourcesIndexModule, "/resources"), { title: /^Resources \| Bandroom$/, type: "website", image: false }],
    [
      GUIDE_PATHS[1]!,
      () => metaFor(guideModule, GUIDE_PATHS[1]!, { category: "setlist-strategy", slug: "great-cover-band-setlist" }),
      { title: /^What makes a great cover band setlist \| Bandroom$/, type: "article", image: false },
    ],
    ["/privacy-policy", () => metaFor(privacyModule, "/privacy-policy"), { title: /^Privacy Policy \| Bandroom$/, type: "website", image: false }],
    ["/terms", () => metaFor(termsModule, "/terms"), { title: /^Terms of Service \| Bandroom$/, type: "website", image: false }],
  ];

  test.each(PAGES)("%s has a title, description, canonical URL and Open Graph tags", async (pathname, load, expected) => {
    const descriptors = await load();
    const url = `${ORIGIN}${pathname}`;
    expect(descriptors.find((descriptor) => "title" in descriptor)?.title).toMatch(expected.title);
    expect(content(descriptors, "description")?.length).toBeGreaterThan(30);
    expect(find(descriptors, "rel", "canonical")).toEqual({ tagName: "link", rel: "canonical", href: url });
    expect(content(descriptors, "og:url")).toBe(url);
    expect(content(descriptors, "og:title")).toBeTruthy();
    expect(content(descriptors, "og:description")).toBe(content(descriptors, "description"));
    expect(content(descriptors, "og:type")).toBe(expected.type);
    expect(content(descriptors, "og:site_name")).toBe("Bandroom");
    expect(content(descriptors, "twitter:card")).toBe(expected.image ? "summary_large_image" : "summary");
    if (expected.image) {
      expect(content(descriptors, "og:image")).toMatch(new RegExp(`^${ORIGIN}/images/blog/.+\\.jpg$`));
      expect(content(descriptors, "og:image:alt")).toBeTruthy();
    } else {
      expect(content(descriptors, "og:image")).toBeUndefined();
    }
  });

  test("blog pages announce the feed, and list pages their neighbours", async () => {
    const first = await metaFor(blogIndexModule, "/blog");
    expect(find(first, "type", "application/rss+xml")).toMatchObject({ tagName: "link", rel: "alternate", href: `${ORIGIN}/blog/rss.xml` });
    expect(find(first, "rel", "next")).toEqual({ tagName: "link", rel: "next", href: `${ORIGIN}/blog?page=2` });
    expect(find(first, "rel", "prev")).toBeUndefined();
    const second = await metaFor(blogIndexModule, "/blog?page=2");
    expect(find(second, "rel", "prev")).toEqual({ tagName: "link", rel: "prev", href: `${ORIGIN}/blog` });
    const post = await metaFor(blogPostModule, "/blog/finding-and-keeping-good-subs", { slug: "finding-and-keeping-good-subs" });
    expect(find(post, "type", "application/rss+xml")).toBeDefined();
    expect(content(post, "article:published_time")).toBe("2026-06-02");
  });
});

describe("unknown paths", () => {
  test("answer 404 to GET and POST", async () => {
    expect((await callRoute(notFoundLoader, buildRequest("/nowhere"), { "*": "nowhere" })).status).toBe(404);
    expect((await callRoute(notFoundAction, buildRequest("/nowhere", { form: { a: "b" } }), { "*": "nowhere" })).status).toBe(404);
  });
});
