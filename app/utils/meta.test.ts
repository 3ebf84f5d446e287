import { describe, expect, test } from "vitest";
import { pageTitle } from "./meta";
import { absoluteUrl, feedLink, publicPageMeta } from "./public-meta";

describe("pageTitle", () => {
  test("names the page, or the not-found screen after a 404", () => {
    expect(pageTitle("Calendar", undefined)).toEqual([{ title: "Calendar · Bandroom" }]);
    expect(pageTitle("Admin", { status: 404, statusText: "Not Found", internal: false, data: null })).toEqual([{ title: "Page Not Found" }]);
    expect(pageTitle("Admin", new Error("boom"))).toEqual([{ title: "Admin · Bandroom" }]);
  });
});

describe("publicPageMeta", () => {
  test("builds the title, canonical URL, Open Graph and Twitter tags", () => {
    const tags = publicPageMeta({
      title: "Splitting gig money",
      description: "Fairly, and on time.",
      origin: "https://bandroom.app",
      path: "/blog/splitting-gig-money-fairly",
      type: "article",
      image: { src: "/images/blog/money.jpg", alt: "A fee split four ways" },
      publishedTime: "2026-04-07",
      author: "The Bandroom team",
      tags: ["money"],
      links: [feedLink("https://bandroom.app")],
    });
    expect(tags).toEqual([
      { title: "Splitting gig money | Bandroom" },
      { name: "description", content: "Fairly, and on time." },
      { tagName: "link", rel: "canonical", href: "https://bandroom.app/blog/splitting-gig-money-fairly" },
      { property: "og:site_name", content: "Bandroom" },
      { property: "og:title", content: "Splitting gig money" },
      { property: "og:description", content: "Fairly, and on time." },
      { property: "og:type", content: "article" },
      { property: "og:url", content: "https://bandroom.app/blog/splitting-gig-money-fairly" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Splitting gig money" },
      { name: "twitter:description", content: "Fairly, and on time." },
      { property: "og:image", content: "https://bandroom.app/images/blog/money.jpg" },
      { property: "og:image:alt", content: "A fee split four ways" },
      { name: "twitter:image", content: "https://bandroom.app/images/blog/money.jpg" },
      { name: "twitter:image:alt", content: "A fee split four ways" },
      { property: "article:published_time", content: "2026-04-07" },
      { property: "article:author", content: "The Bandroom team" },
      { property: "article:tag", content: "money" },
      { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Bandroom blog", href: "https://bandroom.app/blog/rss.xml" },
    ]);
  });

  test("a website page without an image gets a small card and no article tags", () => {
    const tags = publicPageMeta({ title: "Blog", description: "Notes.", origin: "http://localhost:3000", path: "/blog", publishedTime: "2026-01-01" });
    expect(tags).toContainEqual({ property: "og:type", content: "website" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags.some((tag) => "property" in tag && String(tag.property).startsWith("article:"))).toBe(false);
    expect(tags.some((tag) => "property" in tag && tag.property === "og:image")).toBe(false);
  });

  test("keeps absolute image URLs as they are", () => {
    expect(absoluteUrl("https://bandroom.app", "https://cdn.example/x.jpg")).toBe("https://cdn.example/x.jpg");
    expect(absoluteUrl("https://bandroom.app", "images/x.jpg")).toBe("https://bandroom.app/images/x.jpg");
  });
});
