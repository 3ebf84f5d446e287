import { Marked, type Tokens } from "marked";
import { escapeHtml } from "~/utils/html";
import { asTyped } from "~/utils/letters.server";

export type FrontMatter = Record<string, string | string[]>;

/**
 * Reads the `---` block at the top of a content file. Our front matter only ever holds
 * strings and lists of strings, so a YAML subset (`key: value`, `key: [a, b]`, and
 * `key:` followed by `- item` lines) is enough and avoids a YAML dependency.
 */
export function parseFrontMatter(source: string): { attributes: FrontMatter; body: string } {
  const text = source.replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { attributes: {}, body: text };

  const attributes: FrontMatter = {};
  let listKey: string | null = null;
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      const list = attributes[listKey];
      if (Array.isArray(list)) list.push(unquote(item[1]!));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`Unsupported front matter line: ${line}`);
    const key = pair[1]!;
    const value = pair[2]!.trim();
    listKey = null;
    if (value === "") {
      attributes[key] = [];
      listKey = key;
    } else if (value.startsWith("[") && value.endsWith("]")) {
      const inner = value.slice(1, -1).trim();
      attributes[key] = inner ? inner.split(",").map((part) => unquote(part.trim())) : [];
    } else {
      attributes[key] = unquote(value);
    }
  }
  return { attributes, body: text.slice(match[0].length) };
}

function unquote(value: string) {
  const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
  if (!quoted) return value;
  return value.startsWith('"') ? quoted[1]!.replace(/\\"/g, '"').replace(/\\\\/g, "\\") : quoted[1]!.replace(/''/g, "'");
}


// The named references a browser would turn into scheme characters or whitespace.
const NAMED_ENTITIES: Record<string, string> = { colon: ":", tab: "\t", newline: "\n", sol: "/", lpar: "(", rpar: ")", amp: "&" };

/**
 * Only web, mail and same-site links survive; `javascript:`, `data:`, `vbscript:` and the
 * like turn into plain text. Entity- and whitespace-obfuscated schemes are caught because
 * the check runs on the decoded, whitespace-stripped value. (The href is also written
 * with `&` escaped, so a browser never decodes an entity in it anyway: two locks.)
 */
export function safeHref(href: string): string | null {
  const decoded = href
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/[\p{Cc}\p{Cf}\s]/gu, "")
    // Browsers read a backslash in a URL as a slash: "\\evil.example" is another host.
    .replace(/\\/g, "/");
  if (/^(https?:|mailto:)/i.test(decoded)) return href;
  // A scheme-less reference (path, query or fragment) stays on this site.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(decoded) && !decoded.startsWith("//")) return href;
  return null;
}

/** "Split the fee *before* the gig" → "split-the-fee-before-the-gig". */
export function slugify(text: string) {
  return (
    asTyped(text)
      .replace(/[’']/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

// Heading ids must be unique within one document; renderMarkdown resets this per call
// (parsing is synchronous, so calls cannot interleave).
let usedHeadingIds = new Map<string, number>();

function uniqueHeadingId(text: string) {
  const base = slugify(text);
  const seen = usedHeadingIds.get(base) ?? 0;
  usedHeadingIds.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen + 1}`;
}

const markdown = new Marked({ gfm: true });
markdown.use({
  renderer: {
    // Content files are trusted, but a slip (or a pasted snippet) must never run script:
    // raw HTML is shown as text instead of being passed through.
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    // Each heading gets an id and a visible "#" link to itself, so a section can be shared.
    // The page title is the only h1, so a "# Heading" in a file becomes an h2.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.max(2, depth);
      const inner = this.parser.parseInline(tokens);
      const plain = this.parser.parseInline(tokens, this.parser.textRenderer);
      const id = uniqueHeadingId(plain);
      const label = escapeHtml(`Link to the section “${plain}”`);
      return `<h${level} id="${id}">${inner} <a class="heading-anchor" href="#${id}" aria-label="${label}">#</a></h${level}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      if (safe === null) return inner;
      const external = /^https?:/i.test(safe);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      const rel = external ? ' rel="noopener noreferrer"' : "";
      return `<a href="${escapeHtml(safe)}"${titleAttr}${rel}>${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const safe = safeHref(href);
      if (safe === null || /^mailto:/i.test(safe)) return escapeHtml(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      return `<img src="${escapeHtml(safe)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy">`;
    },
  },
});

/** Markdown to HTML that is safe to pass to dangerouslySetInnerHTML. */
export function renderMarkdown(source: string): string {
  usedHeadingIds = new Map();
  return markdown.parse(source, { async: false });
}
