import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API:
 * it reads committed pages (the WAL's included) through a connection, so writers can
 * keep going and the copy is one point in time. Copying the file would miss whatever
 * sits in `-wal` and can catch a page mid-write. Returns the integrity check's verdict.
 */
export async function backupDatabase(source: string, destination: string) {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists; pick a new name`);
  const live = new Database(source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    // Every remaining page in one step, under one read transaction: a stepwise copy
    // restarts each time another process writes, and may never finish on a busy site.
    await live.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  // One self-contained file: the copy inherits WAL mode, which would leave -wal and -shm
  // files beside it; restore switches the restored database back to WAL.
  const copy = new Database(destination);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  return integrityCheck(destination);
}

/**
 * Replaces the database at `destination` with the backup at `source`, page by page
 * through the backup API (so a WAL left beside the destination cannot resurrect old
 * pages). Refuses a backup that fails SQLite's integrity check. Stop the app first.
 */
export async function restoreDatabase(source: string, destination: string) {
  const verdict = integrityCheck(source);
  if (verdict !== "ok") throw new Error(`${source} fails SQLite's integrity check (${verdict}); not restoring it`);
  const backup = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(destination);
  } finally {
    backup.close();
  }
  const restored = new Database(destination);
  try {
    restored.pragma("journal_mode = WAL");
  } finally {
    restored.close();
  }
}

export function integrityCheck(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check).join("; ");
  } finally {
    db.close();
  }
}
