/**
 * The production build served by remix-serve on a free port, with a fresh, seeded
 * database in a temporary folder: what `npm run perf` and `npm run bench` measure.
 * Optionally the large band too (scripts/lib/large-band.ts), and session cookies of
 * the demo user (leader of the demo band) and of the large band's leader.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureProductionBuild } from "./build.ts";
import { ROOT } from "./schema-engine.ts";

export type SignedInBand = { bandId: number; setlistId: number; eventId: number; cookie: string };
export type PerfServer = { origin: string; demo: SignedInBand; large: SignedInBand | null; pid: number; stop: () => void };

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

async function waitForServer(url: string, exited: () => number | null) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited() !== null) throw new Error(`The server exited with code ${exited()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${url} within 60 s`);
}

/** `name=value; name=value` for a user's fresh session with `bandId` as the current band. */
async function cookieFor(userId: string, bandId: number) {
  const { createSession } = await import("~/features/auth/session.server");
  const { currentBandCookieHeader } = await import("~/features/bands/bands.server");
  const session = await createSession(new Request("http://localhost/"), userId);
  return `${session.split(";")[0]}; ${(await currentBandCookieHeader(bandId)).split(";")[0]}`;
}

export async function startPerfServer(options: { largeBand?: boolean; demoContent?: boolean; nodeArgs?: string[] } = {}): Promise<PerfServer> {
  ensureProductionBuild("[perf]");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-perf-"));
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(tmp, "perf.db")}`,
    MAIL_OUTBOX_DIR: path.join(tmp, "outbox"),
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  });
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  const { deploy } = await import("../db.ts");
  await deploy();
  const { seed, DEMO_EMAIL } = await import("../../prisma/seed.ts");
  await seed();
  const { db } = await import("~/utils/db.server");
  const { addBandContent, seedLargeBand } = await import("./large-band.ts");
  const demoUser = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
  const demoBandId = demoUser.preferredBandId!;
  // The demo band with a little of everything, so its pages are not empty states.
  const demoContent = await addBandContent(demoBandId, { songs: 24, events: 12, setlists: 3 });
  const demo = { bandId: demoBandId, ...demoContent, cookie: await cookieFor(demoUser.id, demoBandId) };
  let large: SignedInBand | null = null;
  if (options.largeBand) {
    const leader = await db.user.create({ data: { email: "large-leader@example.com", firstName: "Lara", lastName: "Large", emailVerifiedAt: new Date() }, select: { id: true } });
    const band = await seedLargeBand(leader.id);
    large = { ...band, cookie: await cookieFor(leader.id, band.bandId) };
  }
  await db.$disconnect();

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  // node [nodeArgs] remix-serve ./build/index.js (nodeArgs: e.g. --cpu-prof for scripts/profile-pages.ts).
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), "./build/index.js"], {
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
  await waitForServer(`${origin}/`, () => server.exitCode);
  return { origin, demo, large, pid: server.pid!, stop };
}
