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

const CONTENT_DIR = path.resolve("content");
const SLUG_PATTERN = /^[a-z0-9-]+$/;
const WORDS_PER_MINUTE = 220;

/** Slugs come from URLs: only this shape may ever reach the file system. */
export function isValidSlug(slug: string | undefined): slug is string {
  return typeof slug === "string" && slug.length <= 100 && SLUG_PATTERN.test(slug);
}

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Expected a date like 2024-01-05" });

const PostMetaSchema = z.strictObject({
  title: z.string().min(1),
  date: IsoDate,
  description: z.string().min(1),
  author: z.string().min(1),
  tags: z.array(z.string().min(1)).default([]),
});

const GuideMetaSchema = PostMetaSchema.extend({
  category: z.string().regex(SLUG_PATTERN),
  categoryLabel: z.string().min(1),
  order: z.coerce.number().int(),
});

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

async function readCollection<C extends Collection>(collection: C): Promise<Map<string, ContentDocument<C>>> {
  const dir = path.join(CONTENT_DIR, collection);
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
        const words = body.split(/\s+/).filter(Boolean).length;
        return {
          slug: file.slice(0, -3),
          // The schema for this collection produced this value; TypeScript cannot follow the index.
          meta: parsed.data as MetaOf<C>,
          html: renderMarkdown(body),
          readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
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

export type PostSummary = MetaOf<"blog"> & { slug: string; displayDate: string; readingMinutes: number };

/** Blog posts, newest first (title breaks ties so the order is stable). */
export async function listPosts(): Promise<PostSummary[]> {
  const posts = [...(await loadCollection("blog")).values()].map(({ slug, meta, readingMinutes }) => ({
    ...meta,
    slug,
    readingMinutes,
    displayDate: formatContentDate(meta.date),
  }));
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

export async function getPost(slug: string | undefined) {
  const post = await getDocument("blog", slug);
  return post ? { ...post, displayDate: formatContentDate(post.meta.date) } : null;
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

export async function getPage(slug: string) {
  const page = await getDocument("pages", slug);
  if (!page) throw new Error(`Missing content/pages/${slug}.md`);
  return { ...page, displayDate: formatContentDate(page.meta.updated) };
}
