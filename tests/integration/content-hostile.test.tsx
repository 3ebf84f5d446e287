/**
 * A hostile content folder (CONTENT_DIR): a post whose front matter and body try to
 * inject script everywhere they end up — the page, the document title and meta tags,
 * the RSS feed and the sitemap. Everything must come out as text.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MetaDescriptor } from "@remix-run/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { buildRequest, callRoute, ORIGIN } from "#tests/db-utils";
import { child, children, parseXml } from "./content-xml";

// The page component reads its data through these hooks; a test has no Remix router.
const loaderData: { current: unknown } = { current: null };
vi.mock("@remix-run/react", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@remix-run/react")>();
  return {
    ...actual,
    useLoaderData: () => loaderData.current,
    useRouteLoaderData: () => undefined,
    Link: ({ to, children, ...props }: { to: string } & React.AnchorHTMLAttributes<HTMLAnchorElement>) => (
      <a href={to} {...props}>
        {children}
      </a>
    ),
  };
});

const HOSTILE_POST = `---
title: "<script>alert('title')</script> Gigs & <b>money</b>"
date: 2026-09-01
description: "</title><script>alert('description')</script> \\"quoted\\" & more"
author: "<img src=x onerror=alert('author')>"
tags: ["<svg onload=alert('tag')>", cash & carry]
cover: /images/blog/cover.jpg
coverAlt: "\\" onerror=\\"alert('alt')"
---
## </h2><script>alert('heading')</script>

<iframe src="javascript:alert('iframe')"></iframe>

[click](JaVaScRiPt:alert('link')) [entity](&#x6A;avascript:alert('entity'))

<img src=x onerror="alert('img')">
`;

const PLAIN_POST = `---
title: An ordinary post
date: 2026-08-01
description: Nothing to see here.
author: The Bandroom team
tags: [plain]
---
Just text.
`;

const TITLE = "<script>alert('title')</script> Gigs & <b>money</b>";
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-content-"));
  fs.mkdirSync(path.join(dir, "blog"));
  fs.writeFileSync(path.join(dir, "blog", "hostile-post.md"), HOSTILE_POST);
  fs.writeFileSync(path.join(dir, "blog", "plain-post.md"), PLAIN_POST);
  fs.cpSync(path.resolve("content/pages"), path.join(dir, "pages"), { recursive: true });
  fs.cpSync(path.resolve("content/resources"), path.join(dir, "resources"), { recursive: true });
  process.env.CONTENT_DIR = dir;
});

afterAll(() => {
  delete process.env.CONTENT_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The head tags Remix's <Meta> would render for these descriptors, rendered the same way (React). */
function renderHead(descriptors: MetaDescriptor[]) {
  return renderToStaticMarkup(
    <>
      {descriptors.map((descriptor, index) => {
        if ("title" in descriptor) return <title key={index}>{String(descriptor.title)}</title>;
        if ("tagName" in descriptor) {
          const { tagName, ...rest } = descriptor as { tagName: string } & Record<string, string>;
          return tagName === "link" ? <link key={index} {...rest} /> : <meta key={index} {...rest} />;
        }
        return <meta key={index} {...(descriptor as Record<string, string>)} />;
      })}
    </>,
  );
}

async function loadHostilePost() {
  const { loader } = await import("~/routes/_public+/blog.$slug");
  const response = await callRoute(loader, buildRequest("/blog/hostile-post"), { slug: "hostile-post" });
  expect(response.status).toBe(200);
  return response.json();
}

describe("a post with hostile front matter and body", () => {
  test("the loader hands the title over as plain text, and the body as inert HTML", async () => {
    const data = await loadHostilePost();
    expect(data.post.title).toBe(TITLE);
    expect(data.post.html).not.toMatch(/<script|<iframe|<img\s|(href|src)="\s*javascript:/i);
    expect(data.post.html).toContain("&lt;iframe src=&quot;javascript:alert(&#39;iframe&#39;)&quot;&gt;&lt;/iframe&gt;");
    expect(data.post.html).toContain("<p>click entity</p>");
  });

  test("the page renders every field as text", async () => {
    loaderData.current = await loadHostilePost();
    const { default: BlogPost } = await import("~/routes/_public+/blog.$slug");
    const html = renderToStaticMarkup(<BlogPost />);

    expect(html).not.toMatch(/<(script|iframe|svg|b)[\s>]/i);
    expect(html).not.toMatch(/<img[^>]*src="x"/i);
    expect(html).not.toMatch(/\son(error|load)="/i);
    expect(html).toContain("&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt; Gigs &amp; &lt;b&gt;money&lt;/b&gt;</h1>");
    expect(html).toContain("By &lt;img src=x onerror=alert(&#x27;author&#x27;)&gt;");
    expect(html).toContain("&lt;svg onload=alert(&#x27;tag&#x27;)&gt;</li>");
    expect(html).toContain('alt="&quot; onerror=&quot;alert(&#x27;alt&#x27;)"');
    // The body's heading became text inside a heading, with its anchor link.
    expect(html).toMatch(/<h2 id="[a-z0-9-]+">&lt;\/h2&gt;&lt;script&gt;/);
  });

  test("the document title and meta tags carry it as text", async () => {
    const data = await loadHostilePost();
    const { meta } = await import("~/routes/_public+/blog.$slug");
    const descriptors = meta({ data, params: {}, location: { pathname: "/blog/hostile-post" }, matches: [] } as unknown as Parameters<typeof meta>[0]) ?? [];
    const head = renderHead(descriptors);

    expect(head).toContain("<title>&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt; Gigs &amp; &lt;b&gt;money&lt;/b&gt; | Bandroom</title>");
    expect(head).not.toMatch(/<script|<\/title><script|<svg|<b>/i);
    expect(head).toContain('<meta name="description" content="&lt;/title&gt;&lt;script&gt;');
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/blog/hostile-post"/>`);
    expect(head).toContain(`<meta property="og:image" content="${ORIGIN}/images/blog/cover.jpg"/>`);
    expect(head).toContain('<meta property="article:tag" content="&lt;svg onload=alert(&#x27;tag&#x27;)&gt;"/>');
  });

  test("the RSS feed escapes it and stays well-formed", async () => {
    const { loader } = await import("~/routes/blog.rss[.]xml");
    const response = await callRoute(loader, buildRequest("/blog/rss.xml"));
    const body = await response.text();
    expect(body).toContain("<title>&lt;script&gt;alert(&apos;title&apos;)&lt;/script&gt; Gigs &amp; &lt;b&gt;money&lt;/b&gt;</title>");
    expect(body).not.toMatch(/<script|<iframe|<svg|<img/i);

    const items = children(child(parseXml(body), "channel"), "item");
    expect(items.map((item) => child(item, "title").text)).toEqual([TITLE, "An ordinary post"]);
    const hostile = items[0]!;
    expect(child(hostile, "description").text).toBe("</title><script>alert('description')</script> \"quoted\" & more");
    expect(children(hostile, "category").map((category) => category.text)).toEqual(["<svg onload=alert('tag')>", "cash & carry"]);
    // Decoded once (as a feed reader does), the post's HTML is still inert.
    expect(child(hostile, "content:encoded").text).not.toMatch(/<script|<iframe|<img\s|(href|src)="\s*javascript:/i);
  });

  test("the sitemap lists it with a well-formed URL", async () => {
    const { loader } = await import("~/routes/sitemap[.]xml");
    const body = await (await callRoute(loader, buildRequest("/sitemap.xml"))).text();
    const locs = children(parseXml(body), "url").map((url) => child(url, "loc").text);
    expect(locs).toContain(`${ORIGIN}/blog/hostile-post`);
  });
});

describe("front matter the schema refuses", () => {
  test.each([
    ["a script cover", "cover: javascript:alert(1)\ncoverAlt: x"],
    ["a protocol-relative cover", "cover: //evil.example/x.jpg\ncoverAlt: x"],
    ["a cover without alt text", "cover: /images/blog/x.jpg"],
    ["an unknown field", "onload: alert(1)"],
    ["a date that is not a date", "date: tomorrow"],
  ])("%s fails loudly instead of rendering", async (_, extra) => {
    const badDir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-bad-content-"));
    fs.mkdirSync(path.join(badDir, "blog"));
    const lines = ["title: Bad", "date: 2026-01-01", "description: Bad", "author: Someone", ...extra.split("\n")];
    const fields = new Map(lines.map((line) => [line.split(":")[0], line]));
    fs.writeFileSync(path.join(badDir, "blog", "bad.md"), `---\n${[...fields.values()].join("\n")}\n---\nBody`);
    process.env.CONTENT_DIR = badDir;
    try {
      const { listPosts } = await import("~/features/content/content.server");
      await expect(listPosts()).rejects.toThrow(/Invalid front matter in content\/blog\/bad\.md/);
    } finally {
      process.env.CONTENT_DIR = dir;
      fs.rmSync(badDir, { recursive: true, force: true });
    }
  });
});
