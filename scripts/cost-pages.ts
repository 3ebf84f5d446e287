/**
 * The server's CPU time per request for each page (the production build under load, as in
 * `npm run bench`), read from /proc: unlike requests per second it hardly depends on what
 * else the machine runs, so it shows what a change saved. Linux only; not part of `npm test`.
 *
 *   npx tsx scripts/cost-pages.ts [--seconds 3] [--rounds 2] [--demo-only] [--only "login|members"]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startPerfServer, type SignedInBand } from "./lib/perf-server.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "3" }, rounds: { type: "string", default: "2" }, "demo-only": { type: "boolean", default: false }, only: { type: "string" } } });
const { origin, demo, large, pid, stop } = await startPerfServer({ largeBand: !values["demo-only"] });
const ticks = () => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
};
const pages = (band: SignedInBand) => ["/dashboard", "/members", "/calendar", "/songs", `/setlists/${band.setlistId}`, `/events/${band.eventId}`, "/calendar/availability", "/setlists"];
const targets: { label: string; path: string; cookie?: string }[] = [{ label: "/login (signed out)", path: "/login" }];
for (const [name, band] of [["demo", demo], ["large", large]] as const) if (band) for (const page of pages(band)) targets.push({ label: `${page} (${name})`, path: page, cookie: band.cookie });
try {
  const chosen = targets.filter((t) => !values.only || new RegExp(values.only).test(t.label));
  const options = (target: (typeof targets)[number]) => ({ url: `${origin}${target.path}`, connections: 4, headers: target.cookie ? { cookie: target.cookie } : {} });
  // Warm every page up first (the JIT, the statement cache), then interleaved rounds:
  // each page's lowest figure is the one least disturbed by whatever else ran.
  for (const target of chosen) await autocannon({ ...options(target), duration: 1 });
  const best = new Map<string, { cpu: number; requests: number; bad: number }>();
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const target of chosen) {
      const before = ticks();
      const result = await autocannon({ ...options(target), duration: Number(values.seconds) });
      const cpu = ((ticks() - before) * 10) / result.requests.total;
      const bad = result.non2xx + result.errors;
      const previous = best.get(target.label);
      if (!previous || cpu < previous.cpu) best.set(target.label, { cpu, requests: result.requests.total, bad });
    }
  }
  for (const target of chosen) {
    const { cpu, requests, bad } = best.get(target.label)!;
    console.log(`${target.label.padEnd(34)} ${cpu.toFixed(2).padStart(6)} ms CPU a request  (best of ${values.rounds} rounds; ${requests} requests${bad ? `, ${bad} not 2xx` : ""})`);
  }
} finally {
  stop();
}
