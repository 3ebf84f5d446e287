/**
 * Counts the SQL statements the app runs, at the driver: every statement better-sqlite3
 * prepares while `run` runs (transaction control aside). Deterministic, unlike timings.
 */
import Database from "better-sqlite3";
import { vi } from "vitest";

export async function countQueries(run: () => Promise<unknown>) {
  const statements: string[] = [];
  const prepare = Database.prototype.prepare;
  const spy = vi.spyOn(Database.prototype, "prepare").mockImplementation(function (this: Database.Database, source: string) {
    if (!/^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(source)) statements.push(source);
    return prepare.call(this, source);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

/** The statements that write (INSERT, UPDATE, DELETE) to `table`. */
export function writesTo(statements: string[], table: string) {
  return statements.filter((sql) => new RegExp(`^\\s*(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+[\`"]?(main[\`"]?\\.[\`"]?)?${table}[\`"]?\\b`, "i").test(sql));
}
