import type { MetaDescriptor } from "@remix-run/react";

export const SITE_NAME = "Bandroom";

// The signed-out pages' meta tags, apart from meta.ts (pageTitle): that one travels with
// the UI every signed-in page loads (~/components/kit), and these would travel with it if
// the two shared a module (issue 11).

export type PublicPageMeta = {
  /** The page's own title, without the site name ("Blog", a post's title). */
  title: string;
  description: string;
  /** Scheme and host from the loader (`appOrigin`): meta runs where no request exists. */
  origin: string;
  /** The page's one canonical path, e.g. "/blog?page=2". */
  path: string;
  type?: "website" | "article";
  /** A path under public/ or an absolute URL; social previews need it absolute. */
  image?: { src: string; alt: string } | null;
  /** ISO date of an article's publication. */
  publishedTime?: string;
  author?: string;
  tags?: string[];
  /** Extra <link> or <meta> descriptors, such as rel="next" or the feed. */
  links?: MetaDescriptor[];
};

export function absoluteUrl(origin: string, pathOrUrl: string) {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for a signed-out
 * page, so that search results and shared links show the page as it is meant to look.
 */
export function publicPageMeta(page: PublicPageMeta): MetaDescriptor[] {
  const url = absoluteUrl(page.origin, page.path);
  const type = page.type ?? "website";
  const image = page.image ? { url: absoluteUrl(page.origin, page.image.src), alt: page.image.alt } : null;
  const descriptors: MetaDescriptor[] = [
    { title: `${page.title} | ${SITE_NAME}` },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
  if (image) {
    descriptors.push(
      { property: "og:image", content: image.url },
      { property: "og:image:alt", content: image.alt },
      { name: "twitter:image", content: image.url },
      { name: "twitter:image:alt", content: image.alt },
    );
  }
  if (type === "article") {
    if (page.publishedTime) descriptors.push({ property: "article:published_time", content: page.publishedTime });
    if (page.author) descriptors.push({ property: "article:author", content: page.author });
    for (const tag of page.tags ?? []) descriptors.push({ property: "article:tag", content: tag });
  }
  return [...descriptors, ...(page.links ?? [])];
}

/** The blog feed, announced on blog pages so feed readers find it from any of them. */
export function feedLink(origin: string): MetaDescriptor {
  return { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${SITE_NAME} blog`, href: `${origin}/blog/rss.xml` };
}

type ArticleLike = {
  title: string;
  description: string;
  href: string;
  date: string;
  author?: string;
  tags?: string[];
  cover?: string;
  coverAlt?: string;
};

/** publicPageMeta for a blog post or guide, from its front matter. */
export function articleMeta(article: ArticleLike, origin: string, links: MetaDescriptor[] = []): MetaDescriptor[] {
  return publicPageMeta({
    title: article.title,
    description: article.description,
    origin,
    path: article.href,
    type: "article",
    image: article.cover ? { src: article.cover, alt: article.coverAlt ?? article.title } : null,
    publishedTime: article.date,
    author: article.author,
    tags: article.tags,
    links,
  });
}
