/**
 * The production build, rebuilt when it would serve old code: missing, a development
 * build (`npm run dev` leaves one behind), or older than the sources and configs.
 * Shared by `npm start`, the end-to-end server and the performance script.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./schema-engine.ts";

const BUILT = path.join(ROOT, "build/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function needsBuild() {
  if (!fs.existsSync(BUILT) || !fs.existsSync(path.join(ROOT, "public/build"))) return true;
  if (!fs.readFileSync(BUILT, "utf8").includes('mode = "production"')) return true;
  const sources = ["app", "content"].map((dir) => path.join(ROOT, dir)).filter((dir) => fs.existsSync(dir));
  const configs = ["remix.config.js", "tailwind.config.ts", "package.json"].map((file) => fs.statSync(path.join(ROOT, file)).mtimeMs);
  return Math.max(...sources.map(newestMtime), ...configs) > fs.statSync(BUILT).mtimeMs;
}

/** Builds for production when needed; exits the process when the build fails. */
export function ensureProductionBuild(label: string) {
  if (!needsBuild()) return;
  console.log(`${label} The build is missing or older than the sources: building the app…`);
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/remix"), ["build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
