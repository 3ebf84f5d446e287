import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { backupDatabase, integrityCheck, restoreDatabase } from "./backup.ts";
import { applyMigrations } from "./schema-engine.ts";

// Another process writes two bands per transaction, as fast as it can, until killed.
const WRITER = `
const Database = require("better-sqlite3");
const db = new Database(process.argv[1], { timeout: 5000 });
const insert = db.prepare("INSERT INTO Band (name, updatedAt) VALUES (?, CURRENT_TIMESTAMP)");
const pair = db.transaction((n) => { insert.run("a" + n); insert.run("b" + n); });
for (let n = 0; ; n++) pair(n);
`;

test("a backup taken while another process writes restores to a database that passes the integrity check, with whole transactions only", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-backup-"));
  const live = path.join(dir, "live.db");
  await applyMigrations(live);
  const writer = spawn(process.execPath, ["-e", WRITER, live], { cwd: process.cwd(), stdio: "inherit" });
  try {
    const bands = () => {
      const db = new Database(live, { readonly: true });
      try {
        return (db.prepare("SELECT count(*) AS n FROM Band").get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    while (bands() < 2000) await new Promise((resolve) => setTimeout(resolve, 20));

    expect(await backupDatabase(live, path.join(dir, "backup.db"))).toBe("ok");
    const restored = path.join(dir, "restored.db");
    await restoreDatabase(path.join(dir, "backup.db"), restored);
    expect(integrityCheck(restored)).toBe("ok");
    const db = new Database(restored, { readonly: true });
    const count = (db.prepare("SELECT count(*) AS n FROM Band").get() as { n: number }).n;
    const migrations = (db.prepare("SELECT count(*) AS n FROM _prisma_migrations").get() as { n: number }).n;
    db.close();
    expect(count).toBeGreaterThanOrEqual(2000);
    expect(count % 2).toBe(0);
    expect(migrations).toBeGreaterThan(0);
    // The writer kept going: the backup is a point in time, not the live file.
    expect(bands()).toBeGreaterThan(count);
  } finally {
    writer.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test("a backup never overwrites an existing file and restore refuses a damaged backup", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-backup-"));
  const live = path.join(dir, "live.db");
  await applyMigrations(live);
  fs.writeFileSync(path.join(dir, "taken.db"), "x");
  await expect(backupDatabase(live, path.join(dir, "taken.db"))).rejects.toThrow("already exists");
  const damaged = path.join(dir, "damaged.db");
  expect(await backupDatabase(live, damaged)).toBe("ok");
  const bytes = fs.readFileSync(damaged);
  bytes.fill(0x55, 4096, 8192);
  fs.writeFileSync(damaged, bytes);
  await expect(restoreDatabase(damaged, live)).rejects.toThrow(/integrity check|malformed/);
  expect(integrityCheck(live)).toBe("ok");
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);
