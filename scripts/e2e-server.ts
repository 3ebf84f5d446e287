/**
 * The server Playwright tests against (see playwright.config.ts): a fresh SQLite
 * database under data/e2e/ with the migrations and the demo data, a mail outbox the
 * tests read, and the production build (rebuilt first when missing or stale) served by
 * remix-serve on port E2E_PORT (3100 unless set).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { E2E_APP_ENV, E2E_DIR, E2E_PORT, ROOT } from "../tests/e2e/e2e-env.ts";

// Before any app module is imported: they read the environment once, at import.
Object.assign(process.env, E2E_APP_ENV);
delete process.env.SMTP_URL;
delete process.env.APP_URL;
delete process.env.TRUST_PROXY;

fs.rmSync(E2E_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_DIR, { recursive: true });

const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Missing, a development build, or older than the sources: tests would run old code. */
function needsBuild() {
  const built = path.join(ROOT, "build/index.js");
  if (!fs.existsSync(built) || !fs.existsSync(path.join(ROOT, "public/build"))) return true;
  // `npm run dev` leaves a development build behind.
  if (!fs.readFileSync(built, "utf8").includes('mode = "production"')) return true;
  const sources = ["app", "content"].map((dir) => path.join(ROOT, dir)).filter((dir) => fs.existsSync(dir));
  const configs = ["remix.config.js", "tailwind.config.ts"].map((file) => fs.statSync(path.join(ROOT, file)).mtimeMs);
  return Math.max(...sources.map(newestMtime), ...configs) > fs.statSync(built).mtimeMs;
}

if (needsBuild()) {
  console.log("[e2e] The build is missing or older than the sources: building the app…");
  const result = spawnSync(bin("remix"), ["build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { deploy } = await import("./db.ts");
await deploy();
const { seed } = await import("../prisma/seed.ts");
await seed();
const { db } = await import("~/utils/db.server");
await db.$disconnect();
console.log(`[e2e] Fresh database with the demo data at ${path.relative(ROOT, E2E_DIR)}/`);

const server = spawn(bin("remix-serve"), ["./build/index.js"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", PORT: String(E2E_PORT) },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
