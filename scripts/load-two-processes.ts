/**
 * `npm run load:two-processes`: serves the production build from TWO app processes on
 * ONE SQLite file and hammers both with concurrent writes from real sessions (band
 * settings saves, which read then write in one transaction, and profile updates),
 * then reports the status codes. Any 5xx or failed request is an error; the script
 * exits non-zero when there is one.
 *
 *   ROUNDS=1500 CONCURRENCY=16 npm run load:two-processes
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureProductionBuild } from "./lib/build.ts";
import { ROOT } from "./lib/schema-engine.ts";

const ROUNDS = Number(process.env.ROUNDS) || 1000;
const CONCURRENCY = Number(process.env.CONCURRENCY) || 16;
const USERS = 8;
const PORTS = [Number(process.env.LOAD_PORT) || 3700, (Number(process.env.LOAD_PORT) || 3700) + 1];
const ORIGIN = (port: number) => `http://localhost:${port}`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-load-"));
// Before any app module is imported: they read the environment once, at import.
Object.assign(process.env, {
  DATABASE_URL: `file:${path.join(dir, "load.db")}`,
  MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
  SESSION_SECRET: "load-test-secret",
});
delete process.env.APP_URL;
delete process.env.TRUST_PROXY;

ensureProductionBuild("[load]");
const { deploy } = await import("./db.ts");
await deploy();

// Real users, bands and sessions, written the way the app writes them.
const { db } = await import("~/utils/db.server");
const { hashPassword } = await import("~/features/auth/password.server");
const { createSession } = await import("~/features/auth/session.server");
const hash = await hashPassword("Load-test-password-1");
const actors: { cookie: string; bandId: number }[] = [];
for (let i = 0; i < USERS; i++) {
  const user = await db.user.create({
    data: { email: `load-${i}@example.com`, firstName: `Load ${i}`, emailVerifiedAt: new Date(), password: { create: { hash } } },
  });
  // Two users per band, so saves to one band race each other too.
  const bandId =
    i % 2 === 0
      ? (await db.band.create({ data: { name: `Load band ${i}`, memberships: { create: { userId: user.id, role: "band_leader" } } } })).id
      : actors[i - 1]!.bandId;
  if (i % 2 === 1) await db.bandMembership.create({ data: { bandId, userId: user.id, role: "band_admin" } });
  const setCookie = await createSession(new Request(ORIGIN(PORTS[0]!)), user.id);
  actors.push({ cookie: setCookie.split(";")[0]!, bandId });
}
await db.$disconnect();

const servers: ChildProcess[] = PORTS.map((port) =>
  spawn(path.join(ROOT, "node_modules/.bin/remix-serve"), ["./build/index.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
  }),
);
const stop = () => servers.forEach((server) => server.kill("SIGTERM"));
process.on("exit", stop);

async function waitUntilUp(port: number) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${ORIGIN(port)}/login`)).status < 600) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`The server on port ${port} did not start`);
}
await Promise.all(PORTS.map(waitUntilUp));

const statuses = new Map<string, number>();
const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
let errors = 0;

async function one(n: number) {
  const actor = actors[n % actors.length]!;
  const port = PORTS[n % PORTS.length]!;
  const settings = n % 3 !== 2;
  const form = settings
    ? new URLSearchParams({ intent: "update-band", bandId: String(actor.bandId), name: `Load band ${n}`, timeZone: n % 2 ? "Europe/London" : "UTC", currency: "USD" })
    : new URLSearchParams({ intent: "update-profile", firstName: `Load ${n}`, lastName: "Tester" });
  const label = settings ? "settings save" : "profile update";
  try {
    const response = await fetch(`${ORIGIN(port)}${settings ? "/settings" : "/profile"}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: actor.cookie, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", origin: ORIGIN(port) },
      body: form,
    });
    await response.arrayBuffer();
    count(`${label} → ${response.status}`);
    if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) errors++;
  } catch (error) {
    count(`${label} → ${error instanceof Error ? error.message : String(error)}`);
    errors++;
  }
}

const started = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < ROUNDS) await one(next++);
  }),
);
const seconds = (Date.now() - started) / 1000;

console.log(`\n${ROUNDS} writes, ${CONCURRENCY} at a time, to two app processes (ports ${PORTS.join(", ")}) on one database file, in ${seconds.toFixed(1)} s:`);
for (const [key, n] of [...statuses].sort()) console.log(`  ${key}: ${n}`);
console.log(`Errors: ${errors}`);
stop();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(errors ? 1 : 0);
