/**
 * Where a signed-in page's server time goes: serves the production build (like `npm run
 * bench`) under `node --cpu-prof`, requests each page N times, and prints the self time
 * by kind (database, React, Remix, HTTP, our code) and the busiest functions, per request.
 * Not part of `npm test`.
 *
 *   npx tsx scripts/profile-pages.ts [--seconds 4] [--band demo|large] [/dashboard ...]   (!/login: signed out)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { seconds: { type: "string", default: "4" }, band: { type: "string", default: "large" }, top: { type: "string", default: "40" } } });
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-prof-"));
const { startPerfServer } = await import("./lib/perf-server.ts");
// startPerfServer runs in this process too; its own profile goes to profDir as well, so
// remember what is there before the server starts.

const { origin, demo, large, stop } = await startPerfServer({ largeBand: values.band === "large", nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`] });
const band = values.band === "large" ? large! : demo;
const pages = positionals.length ? positionals : ["/dashboard"];
const before = new Set(fs.readdirSync(profDir));
let served = 0;
for (const page of pages) {
  const signedOut = page.startsWith("!");
  const url = `${origin}${page.replace(/^!/, "").replace("{setlist}", String(band.setlistId)).replace("{event}", String(band.eventId))}`;
  const result = await autocannon({ url, connections: 4, duration: Number(values.seconds), headers: signedOut ? {} : { cookie: band.cookie } });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers not 2xx`);
  served += result.requests.total;
  console.log(`${page}: ${result.requests.total} requests`);
}
console.log(`requests ${served}`);
stop();
// The server writes its profile when it exits (after closing its connections).
for (let waited = 0; waited < 30_000 && !fs.readdirSync(profDir).some((file) => !before.has(file)); waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
const files = process.env.PROFILE_FILE ? [process.env.PROFILE_FILE] : fs.readdirSync(profDir).filter((file) => !before.has(file));
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
function category(node: Node, parents: Map<number, number>, byId: Map<number, Node>): string {
  const { url, functionName } = node.callFrame;
  if (functionName === "(idle)") return "idle";
  if (functionName === "(garbage collector)") return "garbage collection";
  if (/better-sqlite3|prisma/.test(url)) return "database (Prisma, SQLite)";
  if (/react-dom|\/react\//.test(url)) return "React rendering";
  if (/@remix-run\/router|react-router/.test(url)) return "Remix route matching";
  if (/@remix-run|turbo-stream/.test(url)) return "Remix (other)";
  if (/express|compression|morgan|zlib|\/send\/|serve-static|_http|node:net/.test(url)) return "HTTP, Express, gzip";
  if (url.includes("/build/")) return "our server code";
  // Native frames: charge them to the nearest caller with a source file.
  for (let parent = parents.get(node.id); parent !== undefined; parent = parents.get(parent)) {
    if (byId.get(parent)!.callFrame.url) return category(byId.get(parent)!, parents, byId);
  }
  return "other";
}
for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(path.resolve(profDir, file), "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const node = byId.get(id)!;
    const name = category(node, parents, byId);
    byCategory.set(name, (byCategory.get(name) ?? 0) + time);
    if (name === "idle") continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const fn = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\/build\/index\.js.*$/, "build/index.js")}:${lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + time);
  }
  const perRequest = (microseconds: number) => `${(microseconds / 1000 / served).toFixed(2).padStart(6)} ms`;
  const busy = [...byCategory].filter(([name]) => name !== "idle").reduce((sum, [, time]) => sum + time, 0);
  console.log(`\nServer CPU a request (sampled, ${served} requests): ${perRequest(busy)}`);
  for (const [name, time] of [...byCategory].filter(([name]) => name !== "idle").sort((a, b) => b[1] - a[1])) console.log(`  ${perRequest(time)}  ${name}`);
  console.log("\nBusiest functions (self time a request):");
  for (const [fn, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`  ${perRequest(time)}  ${fn}`);
}
