import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { listMigrations } from "./schema-engine.ts";

test("two starts migrating one fresh database at nearly the same moment both succeed (the second waits)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-migrate-lock-"));
  // Without the lock, a second deploy starting 20–80 ms into the first one's
  // migration fails with SQLITE_BUSY; try a few such gaps.
  const gaps = [0, 30, 60];
  const at = Date.now() + 4000;
  const runs = gaps.flatMap((gap, i) => {
    const url = `file:${path.join(dir, `db-${i}.sqlite`)}`;
    return [0, gap].map((offset) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "tests/helpers/deploy-at.ts", String(at + offset)], { env: { ...process.env, DATABASE_URL: url } })
        .then(({ stdout }) => stdout.trim().split("\n").at(-1))
        .catch((error: { stdout?: string }) => error.stdout?.trim() || String(error)),
    );
  });
  expect(await Promise.all(runs)).toEqual(gaps.flatMap(() => ["ok", "ok"]));
  for (const i of gaps.keys()) {
    const db = new Database(path.join(dir, `db-${i}.sqlite`), { readonly: true });
    const rows = db.prepare("select migration_name from _prisma_migrations where finished_at is not null").all();
    db.close();
    expect(rows).toHaveLength(listMigrations().length);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

test("a start beside a running one (the database open in another process) gets through the migration step", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-migrate-lock-"));
  const file = path.join(dir, "db.sqlite");
  const env = { ...process.env, DATABASE_URL: `file:${file}` };
  const deployNow = () =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "tests/helpers/deploy-at.ts", String(Date.now())], { env })
      .then(({ stdout }) => stdout.trim().split("\n").at(-1))
      .catch((error: { stdout?: string }) => error.stdout?.trim() || String(error));
  expect(await deployNow()).toBe("ok");
  // The running app: a connection that has read the database and stays open.
  const running = new Database(file, { timeout: 5000 });
  try {
    running.prepare("SELECT count(*) FROM User").get();
    expect(await deployNow()).toBe("ok");
  } finally {
    running.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
