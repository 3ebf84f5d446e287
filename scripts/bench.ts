/**
 * `npm run bench`: server throughput of the signed-in pages against /login, in one run.
 *
 * Serves the production build on a fresh database (scripts/lib/perf-server.ts) with the
 * demo band and a large band (200 members, 5,000 songs, 2,000 events), then runs equal
 * rounds of load with autocannon, interleaved (every page once per round, so a slow
 * moment of the machine hits all pages alike), on /login signed out and on /dashboard,
 * /members, /calendar, /songs and /setlists/{id} signed in to each band. Prints each
 * page's requests per second (median of the rounds) and its ratio to /login.
 *
 * Goal (issue 11): every signed-in page at least 0.5 of /login, the large band within
 * 1.25× of the demo band. Figures depend on the machine: compare ratios, not req/s.
 * Never part of `npm test`.
 *
 *   npm run bench                                    3 rounds of 5 s per page, 10 connections
 *   npm run bench -- --rounds 5 --seconds 10 --connections 20
 *   npm run bench -- --json
 */
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startPerfServer, type SignedInBand } from "./lib/perf-server.ts";

const { values: options } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    json: { type: "boolean", default: false },
  },
});
const ROUNDS = Math.max(1, Number(options.rounds) || 3);
const SECONDS = Math.max(1, Number(options.seconds) || 5);
const CONNECTIONS = Math.max(1, Number(options.connections) || 10);

type Target = { page: string; band: "demo" | "large" | null; path: string; cookie?: string };

function signedInTargets(band: SignedInBand, which: "demo" | "large"): Target[] {
  return [
    { page: "/dashboard", path: "/dashboard" },
    { page: "/members", path: "/members" },
    { page: "/calendar", path: "/calendar" },
    { page: "/songs", path: "/songs" },
    { page: "/setlists/{id}", path: `/setlists/${band.setlistId}` },
  ].map((target) => ({ ...target, band: which, cookie: band.cookie }));
}

async function load(origin: string, target: Target) {
  const result = await autocannon({
    url: `${origin}${target.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: target.cookie ? { cookie: target.cookie } : {},
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad) throw new Error(`${target.path} (${target.band ?? "signed out"}): ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result.requests.average;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const { origin, demo, large, stop } = await startPerfServer({ largeBand: true });
  try {
    const targets: Target[] = [{ page: "/login", band: null, path: "/login" }, ...signedInTargets(demo, "demo"), ...signedInTargets(large!, "large")];
    // Every page answers 200 before load is measured (a redirect would be "fast").
    for (const target of targets) {
      const response = await fetch(`${origin}${target.path}`, { headers: target.cookie ? { cookie: target.cookie } : {}, redirect: "manual" });
      if (response.status !== 200) throw new Error(`${target.path} (${target.band ?? "signed out"}) answered ${response.status}`);
    }
    // Warm-up: one short round, not counted.
    for (const target of targets) await autocannon({ url: `${origin}${target.path}`, connections: 2, duration: 1, headers: target.cookie ? { cookie: target.cookie } : {} });

    const samples = new Map<Target, number[]>(targets.map((target) => [target, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) samples.get(target)!.push(await load(origin, target));
      if (!options.json) console.error(`round ${round}/${ROUNDS} done`);
    }
    const rps = (target: Target) => median(samples.get(target)!);
    const login = rps(targets[0]!);
    const rows = signedInTargets(demo, "demo").map(({ page }) => {
      const small = rps(targets.find((t) => t.page === page && t.band === "demo")!);
      const big = rps(targets.find((t) => t.page === page && t.band === "large")!);
      return { page, demo: small, demoRatio: small / login, large: big, largeRatio: big / login, largeVsDemo: small / big };
    });

    const conditions = `${ROUNDS} interleaved rounds of ${SECONDS} s per page, ${CONNECTIONS} connections, median req/s; server and load on one machine: ${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "CPU"}, ${os.platform()} ${os.release()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
    if (options.json) {
      console.log(JSON.stringify({ conditions, login, pages: rows }, null, 2));
      return;
    }
    const n = (value: number) => Math.round(value).toLocaleString("en");
    console.log(`\n${conditions}\n`);
    console.log("| Page | Demo band req/s | × /login | Large band req/s | × /login | Large band slower by |");
    console.log("|---|---:|---:|---:|---:|---:|");
    console.log(`| \`/login\` (signed out) | ${n(login)} | 1.00 | | | |`);
    for (const row of rows) {
      console.log(`| \`${row.page}\` | ${n(row.demo)} | ${row.demoRatio.toFixed(2)} | ${n(row.large)} | ${row.largeRatio.toFixed(2)} | ${row.largeVsDemo.toFixed(2)}× |`);
    }
    const under = rows.filter((row) => row.demoRatio < 0.5 || row.largeRatio < 0.5).map((row) => row.page);
    const slow = rows.filter((row) => row.largeVsDemo > 1.25).map((row) => row.page);
    console.log(`\nGoal: every signed-in page ≥ 0.5 of /login${under.length ? ` — under it: ${under.join(", ")}` : " — met"}; large band within 1.25× of the demo band${slow.length ? ` — not: ${slow.join(", ")}` : " — met"}.`);
  } finally {
    stop();
  }
}

await main();
