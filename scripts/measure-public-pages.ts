/**
 * `npm run perf:public`: what each public page costs a visitor on a slow phone.
 *
 * Builds the app when the build is missing or older than the sources, serves the
 * production build with a fresh, seeded database in a temporary folder on a free port,
 * then loads each page in Chromium, cold (a new browser context each time), under
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
 * Timings depend on the machine; bytes do not. Not part of `npm test`: the byte budget
 * of the public script is checked there (tests/e2e/landing.spec.ts), timings are not.
 *
 *   npm run perf:public                 every page, 3 loads each
 *   npm run perf:public -- --runs 5     more loads per page
 *   npm run perf:public -- --json       machine-readable output
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Browser, type LaunchOptions } from "@playwright/test";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375, connectionType: "cellular4g" } as const;
const CPU_SLOWDOWN = 4;

const { values: options } = parseArgs({ options: { runs: { type: "string", default: "3" }, json: { type: "boolean", default: false } } });
const RUNS = Math.max(1, Number(options.runs) || 3);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Missing, a development build, or older than the sources: the figures would be wrong. */
function needsBuild() {
  const built = path.join(ROOT, "build/index.js");
  if (!fs.existsSync(built) || !fs.existsSync(path.join(ROOT, "public/build"))) return true;
  if (!fs.readFileSync(built, "utf8").includes('mode = "production"')) return true;
  const sources = ["app", "content"].map((dir) => path.join(ROOT, dir)).filter((dir) => fs.existsSync(dir));
  const configs = ["remix.config.js", "tailwind.config.ts"].map((file) => fs.statSync(path.join(ROOT, file)).mtimeMs);
  return Math.max(...sources.map(newestMtime), ...configs) > fs.statSync(built).mtimeMs;
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${url} within 60 s`);
}

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

async function measure(browser: Browser, url: string): Promise<Sample> {
  // A new context each time: an empty cache, no cookies, no service worker.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, serviceWorkers: "block" });
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
  if (needsBuild()) {
    console.error("The build is missing or older than the sources: building…");
    const result = spawnSync(path.join(ROOT, "node_modules/.bin/remix"), ["build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-perf-"));
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(tmp, "perf.db")}`,
    MAIL_OUTBOX_DIR: path.join(tmp, "outbox"),
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  });
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  const { deploy } = await import("./db.ts");
  await deploy();
  const { seed } = await import("../prisma/seed.ts");
  await seed();
  const { db } = await import("~/utils/db.server");
  await db.$disconnect();

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = spawn(path.join(ROOT, "node_modules/.bin/remix-serve"), ["./build/index.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
  });
  const stop = () => {
    server.kill("SIGTERM");
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });

  let browser: Browser | undefined;
  try {
    await waitForServer(`${origin}/`, server);
    // One real post and one real guide, whatever the content folder holds today.
    const blog = await (await fetch(`${origin}/blog`)).text();
    const post = blog.match(/href="(\/blog\/(?!rss)[a-z0-9-]+)"/)?.[1];
    const resources = await (await fetch(`${origin}/resources`)).text();
    const guide = resources.match(/href="(\/resources\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1];
    const pages = ["/", "/blog", post, "/resources", guide, "/privacy-policy", "/login"].filter((page): page is string => Boolean(page));

    browser = await chromium.launch(launchOptions());
    const rows: (Sample & { page: string })[] = [];
    for (const page of pages) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await measure(browser, `${origin}${page}`));
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
      console.log("| Page | JS (gzip) | JS files | CSS (gzip) | HTML (gzip) | All bytes | FCP | LCP | CLS |");
      console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (const row of rows) {
        console.log(
          `| \`${row.page}\` | ${kb(row.jsBytes)} | ${row.scripts} | ${kb(row.cssBytes)} | ${kb(row.htmlBytes)} | ${kb(row.totalBytes)} | ${ms(row.fcp)} | ${ms(row.lcp)} | ${row.cls.toFixed(3)} |`,
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
