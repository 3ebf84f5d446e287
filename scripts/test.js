/**
 * `npm test`: every check, in order, stopping at the first failure.
 *   npm test                 typecheck, lint, unit+integration, build, end-to-end
 *   npm test -- --skip-e2e   the same without the build and Playwright
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => arg !== "--skip-e2e");
if (unknown.length) {
  console.error(`Unknown option(s): ${unknown.join(" ")}\nUsage: npm test [-- --skip-e2e]`);
  process.exit(2);
}
const skipE2e = args.has("--skip-e2e");

const bin = (name) => path.join(ROOT, "node_modules/.bin", name);

const steps = [
  {
    name: "prisma client",
    // postinstall generates it; a checkout that skipped install scripts may lack it.
    when: () => !fs.existsSync(path.join(ROOT, "app/generated/prisma")),
    command: [process.execPath, "scripts/prisma-generate.js"],
  },
  // Both single-threaded: side by side they take the time of the slower one (CI has 20 minutes).
  { name: "typecheck", command: [bin("tsc")], together: true },
  { name: "lint", command: [bin("eslint"), "--max-warnings", "0", "."], together: true },
  { name: "unit+integration (vitest)", command: [bin("vitest"), "run"] },
  { name: "build", command: [bin("remix"), "build"], env: { NODE_ENV: "production" }, e2e: true },
  { name: "e2e (playwright)", command: [bin("playwright"), "test"], e2e: true },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const passed = [];
const started = Date.now();

/** Steps running beside the current one: stopped if it fails. */
const children = new Set();

/** Runs `step`, its output passed through (or, run beside others, kept and printed when it ends). */
function run(step, { quiet = false } = {}) {
  const [command, ...rest] = step.command;
  const options = { cwd: ROOT, env: { ...process.env, ...step.env } };
  if (!quiet) return Promise.resolve(spawnSync(command, rest, { ...options, stdio: "inherit" }));
  return new Promise((resolve) => {
    const child = spawn(command, rest, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    child.on("exit", () => children.delete(child));
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: null, error, output, ended: Date.now() }));
    child.on("close", (status, signal) => resolve({ status, signal, output, ended: Date.now() }));
  });
}

const chosen = steps.filter((step) => !(step.e2e && skipE2e) && !(step.when && !step.when()));
const pending = new Map(chosen.filter((step) => step.together).map((step) => [step, null]));

for (const step of chosen) {
  console.log(`\n▶ ${step.name}: ${step.command.map((part) => path.relative(ROOT, part) || part).join(" ")}`);
  const stepStart = Date.now();
  if (step.together) {
    // Start every step of the group with the first; each reports in order.
    for (const [other, running] of pending) if (!running) pending.set(other, { start: Date.now(), result: run(other, { quiet: true }) });
  }
  const result = step.together ? await pending.get(step).result : await run(step);
  if (step.together && result.output) process.stdout.write(result.output);
  const took = step.together ? result.ended - pending.get(step).start : Date.now() - stepStart;
  if (result.status !== 0) {
    const why = result.error ? result.error.message : result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`;
    console.error(`\n✗ ${step.name} failed (${why}) after ${seconds(took)}.`);
    if (passed.length) console.error(`  Passed before it: ${passed.map((p) => p.name).join(", ")}.`);
    console.error(`FAILED: ${step.name}`);
    for (const child of children) child.kill();
    process.exit(result.status || 1);
  }
  passed.push({ name: step.name, took });
  console.log(`✓ ${step.name} (${seconds(took)})`);
}

console.log(`\nStep timings: ${passed.map((p) => `${p.name} ${seconds(p.took)}`).join(", ")}; total ${seconds(Date.now() - started)}.`);
console.log(`All checks passed: ${passed.map((p) => p.name).join(", ")}${skipE2e ? " (build and e2e skipped: --skip-e2e)" : ""}`);
