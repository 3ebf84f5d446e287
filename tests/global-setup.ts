import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../scripts/lib/schema-engine.ts";

export const BASE_DB = path.resolve("tests/.tmp/base.db");

/** Migrates one base database per run; each test file copies it (tests/setup-test-env.ts). */
export default async function setup() {
  fs.rmSync(path.dirname(BASE_DB), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(BASE_DB), { recursive: true });
  await applyMigrations(BASE_DB);
  return () => fs.rmSync(path.dirname(BASE_DB), { recursive: true, force: true });
}
