import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../scripts/lib/schema-engine.ts";

/**
 * Migrates one base database per run; each test file copies it
 * (tests/setup-test-env.ts). The folder is per run, so two runs at once (two
 * developers' terminals, an editor's watcher) never delete each other's files.
 */
export default async function setup() {
  const dir = path.resolve("tests/.tmp", `run-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await applyMigrations(path.join(dir, "base.db"));
  process.env.BANDROOM_TEST_TMP = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
