import { describe, expect, test } from "vitest";
import { parseFrontMatter, renderMarkdown, safeHref, slugify } from "~/features/content/markdown.server";
import { readingMinutes } from "~/features/content/content.server";

const ALLOWED_TAGS = new Set(["p", "a", "img", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "em", "code", "pre", "blockquote", "hr", "br", "del", "table", "thead", "tbody", "tr", "th", "td", "input"]);
const ALLOWED_ATTRIBUTES = new Set(["href", "src", "alt", "title", "rel", "id", "class", "aria-label", "loading", "align", "type", "checked", "disabled", "start"]);

/**
 * Reads the renderer's output as a browser would and fails on anything that could run
 * script: every "<" must open an allowed tag whose attributes are all allowed, quoted,
 * and free of script URLs. Text "<" is always escaped, so nothing else may follow one.
 */
function expectInert(html: string) {
  const tag = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/giy;
  let index = 0;
  while ((index = html.indexOf("<", index)) !== -1) {
    tag.lastIndex = index;
    const match = tag.exec(html);
    expect(match, `unexpected markup at: ${html.slice(index, index + 60)}`).not.toBeNull();
    const [whole, , name, attributes] = match!;
    expect(ALLOWED_TAGS.has(name!.toLowerCase()), `<${name}>`).toBe(true);
    for (const [, attribute, value = ""] of attributes!.matchAll(/\s+([a-z-]+)(?:="([^"]*)")?/gi)) {
      expect(ALLOWED_ATTRIBUTES.has(attribute!.toLowerCase()), `attribute ${attribute} on <${name}>`).toBe(true);
      if (attribute === "href" || attribute === "src") {
        // What the browser sees once it decodes the attribute's entities.
        const url = value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
        expect(url, `${attribute}="${value}"`).toMatch(/^(https?:\/\/|mailto:|\/(?![/\\])|#|\?|[a-z0-9._~-]+(\/|$))/i);
      }
    }
    index += whole!.length;
  }
}

describe("renderMarkdown neutralises hostile Markdown", () => {
  test("raw HTML blocks and inline tags are shown as text", () => {
    const html = renderMarkdown(
      [
        "<script>alert(1)</script>",
        "",
        '<iframe src="https://evil.example" onload="alert(2)"></iframe>',
        "",
        'Inline <img src=x onerror="alert(3)"> and <a href="javascript:alert(4)">tag</a> and <svg onload=alert(5)>.',
        "",
        "<details open ontoggle=alert(6)><summary>x</summary></details>",
        "",
        '<style>body{background:url("javascript:alert(7)")}</style>',
        "",
        "<!-- <script>alert(8)</script> -->",
        "",
        "<form action=https://evil.example><input name=password></form>",
      ].join("\n"),
    );
    expectInert(html);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;iframe src=&quot;https://evil.example&quot;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(3)&quot;&gt;");
  });

  test.each([
    ["plain", "[x](javascript:alert(1))"],
    ["mixed case", "[x](JaVaScRiPt:alert(1))"],
    ["decimal entity", "[x](&#106;avascript:alert(1))"],
    ["hex entity without semicolons", "[x](&#x6A&#x61vascript:alert(1))"],
    ["entity colon", "[x](javascript&colon;alert(1))"],
    ["numeric colon", "[x](javascript&#58;alert(1))"],
    ["tab inside", "[x](java\tscript:alert(1))"],
    ["entity tab inside", "[x](java&Tab;script:alert(1))"],
    ["newline entity inside", "[x](java&#10;script:alert(1))"],
    ["leading spaces in angle brackets", "[x](<  javascript:alert(1)>)"],
    ["zero-width space", "[x](\u200bjavascript:alert(1))"],
    ["vbscript", "[x](vbscript:msgbox(1))"],
    ["data html", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["reference link", "[x][evil]\n\n[evil]: javascript:alert(1)"],
    ["autolink", "<javascript:alert(1)>"],
    ["image", "![x](javascript:alert(1))"],
    ["data image", "![x](data:image/svg+xml,%3Csvg%20onload%3Dalert(1)%3E)"],
    ["protocol-relative", "[x](//evil.example/phish)"],
    ["backslash host", String.raw`[x](\\\\evil.example/phish)`],
    ["slash backslash host", String.raw`[x](/\\evil.example/phish)`],
  ])("drops a %s link", (_, source) => {
    const html = renderMarkdown(source);
    expectInert(html);
    expect(html).not.toMatch(/<a\s|<img\s/);
  });

  test("title attributes and link text cannot break out", () => {
    const html = renderMarkdown('[x](/blog "a\\" onmouseover=\\"alert(1)") [<b>bold</b>](/blog) ![a" onerror="alert(2)](/images/x.png)');
    expectInert(html);
    expect(html).not.toMatch(/" onmouseover=/);
    expect(html).toContain('alt="a&quot; onerror=&quot;alert(2)"');
  });

  test("headings with markup get a plain id and an escaped label", () => {
    const html = renderMarkdown('## <img src=x onerror=alert(1)> "Quotes" & <b>tags</b>');
    expectInert(html);
    expect(html).toMatch(/<h2 id="img-src-x-onerror-alert-1-quotes-b-tags-b">/);
    expect(html).toContain('aria-label="Link to the section “&lt;img src=x onerror=alert(1)&gt; &quot;Quotes&quot; &amp; &lt;b&gt;tags&lt;/b&gt;”"');
  });

  test("code keeps its characters as text", () => {
    const html = renderMarkdown("`<script>` and\n\n```html\n<script>alert(1)</script>\n```");
    expectInert(html);
    expect(html).toContain("<code>&lt;script&gt;</code>");
  });

  test("safe links keep working", () => {
    const html = renderMarkdown("[web](https://musicbrainz.org) [mail](mailto:support@bandroom.app) [local](/blog) [anchor](#top) [query](?page=2)");
    expect(html).toContain('<a href="https://musicbrainz.org" rel="noopener noreferrer">web</a>');
    expect(html).toContain('<a href="mailto:support@bandroom.app">mail</a>');
    expect(html).toContain('<a href="/blog">local</a>');
    expect(html).toContain('<a href="#top">anchor</a>');
    expect(html).toContain('<a href="?page=2">query</a>');
  });

  test("safeHref allows only web, mail and same-site references", () => {
    expect(safeHref("https://example.com/a?b=c&d=e")).toBe("https://example.com/a?b=c&d=e");
    expect(safeHref("/resources")).toBe("/resources");
    for (const href of ["javascript:x", " JAVASCRIPT:x", "jav&#x09;ascript:x", "data:,x", "ftp://x", "//x", "\\\\x", "file:///etc/passwd"]) {
      expect(safeHref(href), href).toBeNull();
    }
  });
});

describe("headings", () => {
  test("get unique ids and a visible # link with an accessible name", () => {
    const html = renderMarkdown("# Top\n\n## Pay on time\n\n### Pay on time\n\n## Pay on time");
    expect(html).toContain('<h2 id="top">Top <a class="heading-anchor" href="#top" aria-label="Link to the section “Top”">#</a></h2>');
    expect(html).toContain('<h2 id="pay-on-time">Pay on time <a class="heading-anchor" href="#pay-on-time"');
    expect(html).toContain('<h3 id="pay-on-time-2">');
    expect(html).toContain('<h2 id="pay-on-time-3">');
  });

  test("ids restart for every document", () => {
    renderMarkdown("## Again");
    expect(renderMarkdown("## Again")).toContain('id="again"');
  });

  test("slugify keeps letters and digits only", () => {
    expect(slugify("Split the fee *before* the gig")).toBe("split-the-fee-before-the-gig");
    expect(slugify("What's in a “setlist”? Café 2.0")).toBe("whats-in-a-setlist-cafe-2-0");
    expect(slugify("!!!")).toBe("section");
  });
});

describe("reading time", () => {
  test("counts words at 200 a minute, at least one minute", () => {
    expect(readingMinutes("word ".repeat(1200))).toBe(6);
    expect(readingMinutes("word ".repeat(1300))).toBe(7);
    expect(readingMinutes("## Heading\n\n- a\n- b")).toBe(1);
    // Markdown punctuation is not a word.
    expect(readingMinutes(`${"word ".repeat(400)}${"- * # > | ".repeat(500)}`)).toBe(2);
  });
});

describe("parseFrontMatter", () => {
  test("reads strings, quoted strings and both list forms", () => {
    const { attributes, body } = parseFrontMatter(
      ["---", 'title: "Sets: a guide"', "author: 'The Bandroom team'", "tags: [setlists, gigs]", "keywords:", "  - one", "  - two", "# a comment", "---", "Body text"].join("\n"),
    );
    expect(attributes).toEqual({ title: "Sets: a guide", author: "The Bandroom team", tags: ["setlists", "gigs"], keywords: ["one", "two"] });
    expect(body).toBe("Body text");
  });

  test("leaves a file without front matter alone", () => {
    expect(parseFrontMatter("Just text")).toEqual({ attributes: {}, body: "Just text" });
  });
});
