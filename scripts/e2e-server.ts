/**
 * The server Playwright tests against (see playwright.config.ts): a fresh SQLite
 * database under data/e2e/ with the migrations and the demo data, a mail outbox the
 * tests read, and the production build (rebuilt first when missing or stale) served by
 * remix-serve on port E2E_PORT (3100 unless set), with the metadata partners answered by
 * a local stand-in (tests/mocks/partner-stand-in.ts).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { E2E_APP_ENV, E2E_DIR, E2E_PORT, ROOT } from "../tests/e2e/e2e-env.ts";
import { startPartnerStandIn } from "../tests/mocks/partner-stand-in.ts";
import { ensureProductionBuild } from "./lib/build.ts";

// Before any app module is imported: they read the environment once, at import.
Object.assign(process.env, E2E_APP_ENV);
delete process.env.SMTP_URL;
delete process.env.APP_URL;
delete process.env.TRUST_PROXY;

fs.rmSync(E2E_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_DIR, { recursive: true });

const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

ensureProductionBuild("[e2e]");

const { deploy } = await import("./db.ts");
await deploy();
const { seed } = await import("../prisma/seed.ts");
await seed();
const { db } = await import("~/utils/db.server");
await db.$disconnect();
console.log(`[e2e] Fresh database with the demo data at ${path.relative(ROOT, E2E_DIR)}/`);

// MusicBrainz and Deezer are a local stand-in serving the msw fixtures: no test reaches the internet.
const partners = await startPartnerStandIn();

const server = spawn(bin("remix-serve"), ["./build/index.js"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, ...partners.env, NODE_ENV: "production", PORT: String(E2E_PORT) },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
