import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { applyMigrations, diffSchemaAgainstMigrations, listMigrations } from "./schema-engine.ts";

function scratchFile() {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-engine-")), "db.sqlite");
}

test("prisma/schema.prisma and prisma/migrations agree (run `npm run db:migrate -- --name <name>` when this fails)", async () => {
  const sql = await diffSchemaAgainstMigrations(scratchFile());
  expect(sql).toContain("This is an empty migration");
}, 60_000);

test("migrations are recorded in _prisma_migrations and applying twice is a no-op", async () => {
  const file = scratchFile();
  expect(await applyMigrations(file)).toEqual(listMigrations());
  expect(await applyMigrations(file)).toEqual([]);
  const db = new Database(file, { readonly: true });
  const rows = db.prepare("select migration_name, finished_at from _prisma_migrations order by migration_name").all() as { migration_name: string; finished_at: string | null }[];
  db.close();
  expect(rows.map((r) => r.migration_name)).toEqual(listMigrations());
  expect(rows.every((r) => r.finished_at)).toBe(true);
}, 60_000);
