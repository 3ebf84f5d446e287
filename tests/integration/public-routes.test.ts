import { describe, expect, test } from "vitest";
import { buildRequest, callRoute } from "#tests/db-utils";
import { parseFrontMatter, renderMarkdown } from "~/features/content/markdown.server";
import { loader as oldAnalyticsLoader } from "~/routes/smart-song-analytics";
import { loader as oldSetlistLoader } from "~/routes/what-makes-great-cover-band-setlist";
import { loader as blogIndexLoader } from "~/routes/_public+/blog._index";
import { loader as blogPostLoader } from "~/routes/_public+/blog.$slug";
import { loader as resourcesIndexLoader } from "~/routes/_public+/resources._index";
import { loader as guideLoader } from "~/routes/_public+/resources.$category.$slug";
import { loader as privacyLoader } from "~/routes/_public+/privacy-policy";
import { loader as termsLoader } from "~/routes/_public+/terms";
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

describe("blog", () => {
  test("lists posts newest first with display dates", async () => {
    const response = await callRoute(blogIndexLoader, buildRequest("/blog"));
    expect(response.status).toBe(200);
    const { posts } = (await response.json()) as { posts: Array<{ slug: string; date: string; displayDate: string; title: string; description: string }> };
    expect(posts.length).toBeGreaterThanOrEqual(2);
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const rehearsal = posts.find((post) => post.slug === "rehearsal-that-ends-on-time");
    expect(rehearsal).toMatchObject({ title: "How to run a rehearsal that actually ends on time", displayDate: "Jan 5, 2024" });
    for (const post of posts) expect(post.description).not.toBe("");
  });

  test("shows an article", async () => {
    const response = await callRoute(blogPostLoader, buildRequest("/blog/rehearsal-that-ends-on-time"), { slug: "rehearsal-that-ends-on-time" });
    expect(response.status).toBe(200);
    const { post } = (await response.json()) as { post: { title: string; html: string; author: string } };
    expect(post.title).toBe("How to run a rehearsal that actually ends on time");
    expect(post.html).toContain("<h2>Send the plan the day before</h2>");
  });

  test.each(["no-such-post", "../pages/privacy-policy", "..%2Fpages%2Fterms", "Rehearsal-That-Ends-On-Time", "smart-song-analytics"])(
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
    const { guide } = (await response.json()) as { guide: { href: string; html: string } };
    expect(guide.href).toBe(pathname);
    expect(guide.html.length).toBeGreaterThan(1000);
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
    for (const fact of ["argon2id", "user-agent", "bandroom_band", "bandroom_toast", "no third-party trackers", "support@bandroom.app"]) {
      expect(page.html).toContain(fact);
    }
  });

  test("the terms state the Pro price", async () => {
    const response = await callRoute(termsLoader, buildRequest("/terms"));
    const { page } = (await response.json()) as { page: { title: string; html: string } };
    expect(page.title).toBe("Terms of Service");
    expect(page.html).toContain("$8 per month per band");
  });
});

describe("unknown paths", () => {
  test("answer 404 to GET and POST", async () => {
    expect((await callRoute(notFoundLoader, buildRequest("/nowhere"), { "*": "nowhere" })).status).toBe(404);
    expect((await callRoute(notFoundAction, buildRequest("/nowhere", { form: { a: "b" } }), { "*": "nowhere" })).status).toBe(404);
  });
});

describe("renderMarkdown", () => {
  test("escapes raw HTML and drops script links", () => {
    const html = renderMarkdown(
      [
        "# Hello",
        "",
        "<script>alert(1)</script>",
        "",
        'Inline <img src=x onerror="alert(2)"> and <a href="javascript:alert(3)">tag</a>.',
        "",
        "[plain](javascript:alert(4)) [mixed](JaVaScRiPt:alert(5)) [entity](&#106;avascript:alert(6)) [spaced]( java\tscript:alert(7))",
        "",
        "[data](data:text/html;base64,PHNjcmlwdD4=) <javascript:alert(8)> ![img](javascript:alert(9))",
        "",
        "[web](https://musicbrainz.org) [mail](mailto:support@bandroom.app) [local](/blog) [anchor](#top)",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="\s*(javascript|data):/i);
    expect(html).not.toMatch(/src="\s*javascript:/i);
    expect(html).not.toMatch(/href="&#/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<p>plain mixed entity ");
    expect(html).toContain('<a href="https://musicbrainz.org" rel="noopener noreferrer">web</a>');
    expect(html).toContain('<a href="mailto:support@bandroom.app">mail</a>');
    expect(html).toContain('<a href="/blog">local</a>');
    expect(html).toContain('<a href="#top">anchor</a>');
  });

  test("escapes attribute-breaking characters in link titles", () => {
    const html = renderMarkdown('[x](/blog "a\\" onmouseover=\\"alert(1)")');
    expect(html).not.toMatch(/" onmouseover=/);
  });
});

describe("parseFrontMatter", () => {
  test("reads strings, quoted strings and both list forms", () => {
    const { attributes, body } = parseFrontMatter(
      ['---', 'title: "Sets: a guide"', "author: 'The Bandroom team'", "tags: [setlists, gigs]", "keywords:", "  - one", "  - two", "# a comment", "---", "Body text"].join("\n"),
    );
    expect(attributes).toEqual({ title: "Sets: a guide", author: "The Bandroom team", tags: ["setlists", "gigs"], keywords: ["one", "two"] });
    expect(body).toBe("Body text");
  });

  test("leaves a file without front matter alone", () => {
    expect(parseFrontMatter("Just text")).toEqual({ attributes: {}, body: "Just text" });
  });
});
