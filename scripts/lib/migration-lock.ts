import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const WAIT_MS = 120_000;

/**
 * Runs `fn` while holding an exclusive lock on `<database>.migrate-lock`, so that a
 * second `npm start` (or `db:deploy`) on the same database waits for the first one's
 * migration and seeding instead of racing it into SQLITE_BUSY. The lock is an SQLite
 * EXCLUSIVE transaction on a small side file: the operating system drops it when the
 * holder exits, even on `kill -9`, so a crashed start never leaves a stale lock.
 */
export async function withMigrationLock<T>(dbFile: string, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const lock = new Database(`${dbFile}.migrate-lock`, { timeout: 0 });
  try {
    try {
      lock.exec("BEGIN EXCLUSIVE");
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
      console.log("Another process is migrating this database: waiting for it to finish…");
      lock.pragma(`busy_timeout = ${WAIT_MS}`);
      try {
        lock.exec("BEGIN EXCLUSIVE");
      } catch (waitError) {
        if ((waitError as { code?: string }).code !== "SQLITE_BUSY") throw waitError;
        throw new Error(`Another process has held the migration lock on ${dbFile} for ${WAIT_MS / 1000} s; is a start stuck?`);
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec("ROLLBACK");
    }
  } finally {
    lock.close();
  }
}
