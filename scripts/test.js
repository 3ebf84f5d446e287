/**
 * `npm test`: every check, in order, stopping at the first failure.
 *   npm test                 typecheck, lint, unit+integration, build, end-to-end
 *   npm test -- --skip-e2e   the same without the build and Playwright
 */
import { spawnSync } from "node:child_process";
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
  { name: "typecheck", command: [bin("tsc")] },
  { name: "lint", command: [bin("eslint"), "--max-warnings", "0", "."] },
  { name: "unit+integration (vitest)", command: [bin("vitest"), "run"] },
  { name: "build", command: [bin("remix"), "build"], env: { NODE_ENV: "production" }, e2e: true },
  { name: "e2e (playwright)", command: [bin("playwright"), "test"], e2e: true },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const passed = [];
const started = Date.now();

for (const step of steps) {
  if (step.e2e && skipE2e) continue;
  if (step.when && !step.when()) continue;
  console.log(`\n▶ ${step.name}: ${step.command.map((part) => path.relative(ROOT, part) || part).join(" ")}`);
  const stepStart = Date.now();
  const [command, ...rest] = step.command;
  const result = spawnSync(command, rest, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...step.env } });
  const took = Date.now() - stepStart;
  if (result.status !== 0) {
    const why = result.error ? result.error.message : result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`;
    console.error(`\n✗ ${step.name} failed (${why}) after ${seconds(took)}.`);
    if (passed.length) console.error(`  Passed before it: ${passed.map((p) => p.name).join(", ")}.`);
    console.error(`FAILED: ${step.name}`);
    process.exit(result.status || 1);
  }
  passed.push({ name: step.name, took });
  console.log(`✓ ${step.name} (${seconds(took)})`);
}

console.log(`\nStep timings: ${passed.map((p) => `${p.name} ${seconds(p.took)}`).join(", ")}; total ${seconds(Date.now() - started)}.`);
console.log(`All checks passed: ${passed.map((p) => p.name).join(", ")}${skipE2e ? " (build and e2e skipped: --skip-e2e)" : ""}`);
