/**
 * scripts/patches/react-dom+18.3.1.patch (applied by `npm install`'s postinstall): React
 * 18.3.1's streaming renderer writes HTML into 2,048-byte buffers. When a character of
 * two or more bytes (’, ·, é, an emoji) did not fit in what was left of a buffer, it sent
 * the whole buffer, unused zero bytes included: pages came out with NUL characters in
 * their text ("You don\0\0’t have access", "TRY \0· Turkish Lira"), and inside an
 * attribute a NUL becomes U+FFFD in the browser and changes what a form posts
 * (react/react#31134, fixed in React 19). The patch sends only the bytes written. The
 * server runs renderToPipeableStream through Remix's entry, so every page was exposed.
 */
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createRequire } from "node:module";
import { createElement } from "react";
import { expect, test } from "vitest";

// Both builds: the server runs the production one (NODE_ENV=production), tests the other.
const require = createRequire(import.meta.url);
const builds = {
  production: require("../../node_modules/react-dom/cjs/react-dom-server.node.production.min.js") as typeof import("react-dom/server"),
  development: require("../../node_modules/react-dom/cjs/react-dom-server.node.development.js") as typeof import("react-dom/server"),
};

function render({ renderToPipeableStream }: typeof import("react-dom/server"), element: React.ReactElement) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const out = new PassThrough();
        text(out).then(resolve, reject);
        pipe(out);
      },
      onError: reject,
    });
  });
}

test.each(Object.keys(builds) as (keyof typeof builds)[])("the %s build streams a page without NUL bytes wherever a multi-byte character falls against a buffer's end", async (build) => {
  // Text chunks of 1 to 600 characters, each with a curly apostrophe (3 bytes) at its
  // end: across the lengths, one lands on every position of a 2,048-byte buffer.
  for (const pad of [0, 1, 2]) {
    const items = Array.from({ length: 600 }, (_, i) => createElement("li", { key: i }, `${"x".repeat(i % 7) + "a".repeat(pad)}don’t · ${i}`));
    const html = await render(builds[build], createElement("ul", null, items));
    expect(html).not.toContain("\0");
    expect(html.match(/don’t · /g)).toHaveLength(600);
  }
});
