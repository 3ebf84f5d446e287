/**
 * Blog posts, resource guides and legal pages are Markdown files under `content/`,
 * read at request time so that editing a file needs no rebuild. Production keeps each
 * collection in memory after the first read; development re-reads so edits show on reload.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { formatDate } from "~/utils/dates";
import { parseFrontMatter, renderMarkdown } from "./markdown.server";

const SLUG_PATTERN = /^[a-z0-9-]+$/;
const WORDS_PER_MINUTE = 200;
export const POSTS_PER_PAGE = 5;

/**
 * `CONTENT_DIR` points the site at another folder of Markdown (the tests use one with
 * hostile files); read per call so a test can set it after this module loaded.
 */
function contentDir() {
  return path.resolve(process.env.CONTENT_DIR || "content");
}

/** Slugs come from URLs: only this shape may ever reach the file system. */
export function isValidSlug(slug: string | undefined): slug is string {
  return typeof slug === "string" && slug.length <= 100 && SLUG_PATTERN.test(slug);
}

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Expected a date like 2024-01-05" });

// A cover is an image under public/ ("/images/…") or an https URL; it becomes og:image.
const CoverPath = z.string().regex(/^(\/(?!\/)|https:\/\/)[^\s"'<>]+$/, { error: "Expected /images/… or an https:// URL" });

const postFields = {
  title: z.string().min(1),
  date: IsoDate,
  description: z.string().min(1),
  author: z.string().min(1),
  tags: z.array(z.string().min(1)).default([]),
  cover: CoverPath.optional(),
  coverAlt: z.string().min(1).optional(),
};

function coverNeedsAlt(meta: { cover?: string; coverAlt?: string }, ctx: z.RefinementCtx) {
  if (meta.cover && !meta.coverAlt) ctx.addIssue({ code: "custom", path: ["coverAlt"], message: "A cover image needs coverAlt text" });
}

const PostMetaSchema = z.strictObject(postFields).superRefine(coverNeedsAlt);

const GuideMetaSchema = z
  .strictObject({
    ...postFields,
    category: z.string().regex(SLUG_PATTERN),
    categoryLabel: z.string().min(1),
    order: z.coerce.number().int(),
  })
  .superRefine(coverNeedsAlt);

const PageMetaSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  updated: IsoDate,
});

type Collection = "blog" | "resources" | "pages";
const SCHEMAS = { blog: PostMetaSchema, resources: GuideMetaSchema, pages: PageMetaSchema } as const;
type MetaOf<C extends Collection> = z.output<(typeof SCHEMAS)[C]>;

export type ContentDocument<C extends Collection> = {
  slug: string;
  meta: MetaOf<C>;
  html: string;
  readingMinutes: number;
};

/** "2024-01-05" → "Jan 5, 2024", formatted in the loader so both sides render the same text. */
function formatContentDate(isoDate: string) {
  return formatDate(`${isoDate}T00:00:00Z`);
}

/** Minutes at 200 words a minute, never less than one; Markdown punctuation is not a word. */
export function readingMinutes(markdownBody: string) {
  const words = markdownBody.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

async function readCollection<C extends Collection>(collection: C): Promise<Map<string, ContentDocument<C>>> {
  const dir = path.join(contentDir(), collection);
  let files: string[];
  try {
    files = await fs.readdir(dir);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return new Map();
    throw error;
  }

  const documents = await Promise.all(
    files
      .filter((file) => file.endsWith(".md") && isValidSlug(file.slice(0, -3)))
      .map(async (file): Promise<ContentDocument<C>> => {
        const source = await fs.readFile(path.join(dir, file), "utf8");
        const { attributes, body } = parseFrontMatter(source);
        const parsed = SCHEMAS[collection].safeParse(attributes);
        if (!parsed.success) throw new Error(`Invalid front matter in content/${collection}/${file}: ${z.prettifyError(parsed.error)}`);
        return {
          slug: file.slice(0, -3),
          // The schema for this collection produced this value; TypeScript cannot follow the index.
          meta: parsed.data as MetaOf<C>,
          html: renderMarkdown(body),
          readingMinutes: readingMinutes(body),
        };
      }),
  );
  return new Map(documents.map((doc) => [doc.slug, doc]));
}

const cache = new Map<Collection, Promise<Map<string, ContentDocument<Collection>>>>();

function loadCollection<C extends Collection>(collection: C): Promise<Map<string, ContentDocument<C>>> {
  if (process.env.NODE_ENV !== "production") return readCollection(collection);
  let pending = cache.get(collection);
  if (!pending) {
    pending = readCollection(collection);
    // A failed read (a broken file mid-deploy) must not be remembered forever.
    pending.catch(() => cache.delete(collection));
    cache.set(collection, pending);
  }
  return pending as Promise<Map<string, ContentDocument<C>>>;
}

async function getDocument<C extends Collection>(collection: C, slug: string | undefined) {
  if (!isValidSlug(slug)) return null;
  return (await loadCollection(collection)).get(slug) ?? null;
}

export type PostSummary = MetaOf<"blog"> & { slug: string; href: string; displayDate: string; readingMinutes: number };

function postSummary({ slug, meta, readingMinutes }: ContentDocument<"blog">): PostSummary {
  return { ...meta, slug, href: `/blog/${slug}`, readingMinutes, displayDate: formatContentDate(meta.date) };
}

function newestFirst(a: PostSummary, b: PostSummary) {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title);
}

/** Blog posts, newest first (title breaks ties so the order is stable). */
export async function listPosts(): Promise<PostSummary[]> {
  return [...(await loadCollection("blog")).values()].map(postSummary).sort(newestFirst);
}

/** The same list with each post's rendered HTML, for the feed. */
export async function listPostsWithHtml(): Promise<Array<PostSummary & { html: string }>> {
  return [...(await loadCollection("blog")).values()].map((doc) => ({ ...postSummary(doc), html: doc.html })).sort(newestFirst);
}

/** The blog list's address for a page: page 1 is plain /blog, so it has one URL. */
export function blogPageHref(page: number) {
  return page <= 1 ? "/blog" : `/blog?page=${page}`;
}

export function blogPageCount(postCount: number) {
  return Math.max(1, Math.ceil(postCount / POSTS_PER_PAGE));
}

/**
 * One page of the blog list from the `page` query value, or null when that page does not
 * exist (not a whole number from 1, or past the last page), which the route turns into 404.
 */
export async function getPostsPage(pageParam: string | null) {
  let page = 1;
  if (pageParam !== null) {
    if (!/^[1-9]\d{0,5}$/.test(pageParam)) return null;
    page = Number(pageParam);
  }
  const posts = await listPosts();
  const pageCount = blogPageCount(posts.length);
  if (page > pageCount) return null;
  const start = (page - 1) * POSTS_PER_PAGE;
  return {
    posts: posts.slice(start, start + POSTS_PER_PAGE),
    page,
    pageCount,
    previousHref: page > 1 ? blogPageHref(page - 1) : null,
    nextHref: page < pageCount ? blogPageHref(page + 1) : null,
  };
}

type PostLink = { href: string; title: string };

/** One post, with its older ("previous") and newer ("next") neighbours. */
export async function getPost(slug: string | undefined) {
  const post = await getDocument("blog", slug);
  if (!post) return null;
  const posts = await listPosts();
  const index = posts.findIndex((candidate) => candidate.slug === post.slug);
  const link = (neighbour: PostSummary | undefined): PostLink | null => (neighbour ? { href: neighbour.href, title: neighbour.title } : null);
  return {
    ...post,
    href: `/blog/${post.slug}`,
    displayDate: formatContentDate(post.meta.date),
    previous: link(posts[index + 1]),
    next: index > 0 ? link(posts[index - 1]) : null,
  };
}

export type GuideSummary = MetaOf<"resources"> & { slug: string; href: string; displayDate: string; readingMinutes: number };

function guideHref(meta: MetaOf<"resources">, slug: string) {
  return `/resources/${meta.category}/${slug}`;
}

export async function listGuides(): Promise<GuideSummary[]> {
  const guides = [...(await loadCollection("resources")).values()].map(({ slug, meta, readingMinutes }) => ({
    ...meta,
    slug,
    readingMinutes,
    href: guideHref(meta, slug),
    displayDate: formatContentDate(meta.date),
  }));
  return guides.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

/** A guide lives at exactly one category path; any other category is not found. */
export async function getGuide(category: string | undefined, slug: string | undefined) {
  const guide = await getDocument("resources", slug);
  if (!guide || guide.meta.category !== category) return null;
  return { ...guide, href: guideHref(guide.meta, guide.slug), displayDate: formatContentDate(guide.meta.date) };
}

export const LEGAL_PAGES = ["privacy-policy", "terms"] as const;
export type LegalPageSlug = (typeof LEGAL_PAGES)[number];

export async function getPage(slug: LegalPageSlug) {
  const page = await getDocument("pages", slug);
  if (!page) throw new Error(`Missing content/pages/${slug}.md`);
  return { ...page, href: `/${slug}`, displayDate: formatContentDate(page.meta.updated) };
}
