/**
 * `npm run perf` (every page below) and `npm run perf:public` (the public ones): what
 * each page costs a visitor on a slow phone.
 *
 * Builds the app when the build is missing or older than the sources, serves the
 * production build with a fresh, seeded database in a temporary folder on a free port
 * (scripts/lib/perf-server.ts), then loads each page in Chromium, cold (a new browser context each time), under
 * Chrome DevTools' "Slow 4G" preset and a 4× CPU slowdown, and reports per page:
 *
 * - JS, CSS and HTML: bytes transferred (response bodies as sent, gzip-compressed by
 *   remix-serve), and the number of script files;
 * - FCP and LCP (PerformanceObserver `paint` / `largest-contentful-paint`) and CLS
 *   (`layout-shift` entries without recent input), the median of RUNS loads.
 *
 * Slow 4G as DevTools defines it (front_end/core/sdk/NetworkManager.ts, since Chrome
 * 126, the same values Lighthouse uses): 150 ms RTT applied as 562.5 ms request latency
 * (×3.75), 1.6 Mbps down and 750 kbps up, each ×0.9: 180,000 and 84,375 bytes/s.
 *
 * Signed-in pages (/dashboard, /calendar, /members, /songs) load as the demo user, leader
 * of the demo band (with a little content), through a session cookie set on the context.
 * The LCP budget of /login, /dashboard and /calendar is 2.0 s (issue 11); the table marks
 * a page over it.
 *
 * Timings depend on the machine; bytes do not. Not part of `npm test`: byte budgets are
 * checked there (tests/e2e/landing.spec.ts, tests/e2e/bundle-budgets.spec.ts), timings are not.
 *
 *   npm run perf                        public and signed-in pages, 3 loads each
 *   npm run perf:public                 public pages only
 *   npm run perf -- --runs 5            more loads per page
 *   npm run perf -- --json              machine-readable output
 */
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { chromium, type Browser, type LaunchOptions } from "@playwright/test";
import { startPerfServer } from "./lib/perf-server.ts";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375, connectionType: "cellular4g" } as const;
const CPU_SLOWDOWN = 4;

const { values: options } = parseArgs({
  options: { runs: { type: "string", default: "3" }, json: { type: "boolean", default: false }, "public-only": { type: "boolean", default: false } },
});
const SIGNED_IN_PAGES = ["/dashboard", "/calendar", "/members", "/songs"];
/** Largest Contentful Paint budget of these pages (issue 11). */
const LCP_BUDGET_MS = 2_000;
const LCP_BUDGETED = new Set(["/login", "/dashboard", "/calendar"]);
const RUNS = Math.max(1, Number(options.runs) || 3);

function launchOptions(): LaunchOptions {
  const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || (fs.existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
  const args = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
  if (!executablePath) return { args };
  return { executablePath, args: [...args, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic"] };
}

type Sample = { jsBytes: number; cssBytes: number; htmlBytes: number; totalBytes: number; scripts: number; fcp: number; lcp: number; cls: number; gzip: boolean };

/** Collected in the page before any of its own code runs. */
const OBSERVERS = `(() => {
  const perf = (window.__perf = { fcp: 0, lcp: 0, cls: 0 });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") perf.fcp = e.startTime; }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) perf.lcp = e.renderTime || e.loadTime || e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) perf.cls += e.value; }).observe({ type: "layout-shift", buffered: true });
})();`;

async function measure(browser: Browser, url: string, cookie?: string): Promise<Sample> {
  // A new context each time: an empty cache, no service worker, and no cookies but the
  // session's for a signed-in page.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, serviceWorkers: "block" });
  if (cookie) {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url };
      }),
    );
  }
  const page = await context.newPage();
  await page.addInitScript(OBSERVERS);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  // remix-serve's compression answers Chromium with Brotli; gzip is the budget's unit
  // (and what gzip-only clients get), so ask for it.
  await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "gzip, deflate" } });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

  // Body bytes as they crossed the wire (compressed): what loadingFinished counts, less
  // the response headers counted when they arrived.
  const requests = new Map<string, { type: string; gzip: boolean; headerBytes: number; bytes: number }>();
  cdp.on("Network.responseReceived", (event) => {
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1] ?? "";
    requests.set(event.requestId, { type: event.type, gzip: /gzip/.test(String(encoding)), headerBytes: event.response.encodedDataLength, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (request) request.bytes = Math.max(0, event.encodedDataLength - request.headerBytes);
  });

  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  // LCP settles after load; give late paints and any beacon time to finish.
  await page.waitForTimeout(2_000);
  const perf = (await page.evaluate("window.__perf")) as { fcp: number; lcp: number; cls: number };
  await context.close();

  const all = [...requests.values()];
  const sum = (type: string) => all.filter((request) => request.type === type).reduce((total, request) => total + request.bytes, 0);
  const scripts = all.filter((request) => request.type === "Script");
  return {
    jsBytes: sum("Script"),
    cssBytes: sum("Stylesheet"),
    htmlBytes: sum("Document"),
    totalBytes: all.reduce((total, request) => total + request.bytes, 0),
    scripts: scripts.length,
    gzip: all.filter((request) => ["Script", "Stylesheet", "Document"].includes(request.type)).every((request) => request.gzip || request.bytes < 1024),
    ...perf,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  const { origin, demo, stop } = await startPerfServer();

  let browser: Browser | undefined;
  try {
    // One real post and one real guide, whatever the content folder holds today.
    const blog = await (await fetch(`${origin}/blog`)).text();
    const post = blog.match(/href="(\/blog\/(?!rss)[a-z0-9-]+)"/)?.[1];
    const resources = await (await fetch(`${origin}/resources`)).text();
    const guide = resources.match(/href="(\/resources\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1];
    const publicPages = ["/", "/blog", post, "/resources", guide, "/privacy-policy", "/login"].filter((page): page is string => Boolean(page));
    const pages = [...publicPages, ...(options["public-only"] ? [] : SIGNED_IN_PAGES)];
    const cookieOf = (page: string) => (SIGNED_IN_PAGES.includes(page) ? demo.cookie : undefined);

    browser = await chromium.launch(launchOptions());
    const rows: (Sample & { page: string })[] = [];
    for (const page of pages) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await measure(browser, `${origin}${page}`, cookieOf(page)));
      const first = samples[0]!;
      rows.push({
        page,
        jsBytes: first.jsBytes,
        cssBytes: first.cssBytes,
        htmlBytes: first.htmlBytes,
        totalBytes: first.totalBytes,
        scripts: first.scripts,
        gzip: samples.every((sample) => sample.gzip),
        fcp: median(samples.map((sample) => sample.fcp)),
        lcp: median(samples.map((sample) => sample.lcp)),
        cls: median(samples.map((sample) => sample.cls)),
      });
      if (!options.json) console.error(`measured ${page}`);
    }

    const conditions = `Chromium ${browser.version()}, DevTools "Slow 4G" (562.5 ms latency, 180,000 B/s down, 84,375 B/s up), ${CPU_SLOWDOWN}× CPU slowdown, 390×844 phone viewport, cold cache, median of ${RUNS} loads; ${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "CPU"}, ${os.platform()} ${os.release()}, ${new Date().toISOString().slice(0, 10)}`;
    if (options.json) {
      console.log(JSON.stringify({ conditions, pages: rows }, null, 2));
    } else {
      console.log(`\n${conditions}\n`);
      console.log(`| Page | JS (gzip) | JS files | CSS (gzip) | HTML (gzip) | All bytes | FCP | LCP (budget ${LCP_BUDGET_MS / 1000} s) | CLS |`);
      console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (const row of rows) {
        console.log(
          `| \`${row.page}\` | ${kb(row.jsBytes)} | ${row.scripts} | ${kb(row.cssBytes)} | ${kb(row.htmlBytes)} | ${kb(row.totalBytes)} | ${ms(row.fcp)} | ${ms(row.lcp)}${LCP_BUDGETED.has(row.page) && row.lcp > LCP_BUDGET_MS ? " (over)" : ""} | ${row.cls.toFixed(3)} |`,
        );
      }
      if (!rows.every((row) => row.gzip)) console.log("\nWarning: some HTML, CSS or JS responses over 1 KB were not gzip-compressed.");
    }
  } finally {
    await browser?.close();
    stop();
  }
}

await main();
