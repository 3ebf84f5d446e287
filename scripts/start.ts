/**
 * `npm start`: build when the sources are newer than the build, create and migrate the
 * SQLite database, seed the demo data on first start, then serve with remix-serve.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { deploy, databaseFile } from "./db.ts";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const BUILD = path.join(ROOT, "build/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(BUILD) || !fs.existsSync(path.join(ROOT, "public/build"))) return true;
  const built = fs.statSync(BUILD).mtimeMs;
  const sources = [path.join(ROOT, "app"), path.join(ROOT, "content")].filter((dir) => fs.existsSync(dir));
  const configs = ["remix.config.js", "tailwind.config.ts", "package.json"].map((file) => fs.statSync(path.join(ROOT, file)).mtimeMs);
  return Math.max(...sources.map(newestMtime), ...configs) > built;
}

if (process.env.SKIP_BUILD !== "1" && needsBuild()) {
  console.log("Building the app…");
  const result = spawnSync("npx", ["remix", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const firstStart = !fs.existsSync(databaseFile());
await deploy();
if (firstStart || process.env.SEED === "1") {
  const { seed } = await import("../prisma/seed.ts");
  await seed();
  console.log("Seeded the demo data.");
}

const { DEMO_EMAIL, DEMO_PASSWORD } = await import("../prisma/seed.ts");
const port = process.env.PORT || "3000";
console.log(`\nBandroom is starting on http://localhost:${port}`);
console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n`);

const server = spawn("npx", ["remix-serve", "./build/index.js"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", PORT: port },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
