import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type BetterSqlite3 from "better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

/**
 * Prisma's better-sqlite3 adapter opens every transaction with a plain `BEGIN`, which
 * SQLite runs DEFERRED: it takes no lock until the first statement, and a transaction
 * that reads first and writes later must upgrade its read snapshot to a write lock.
 * When another process committed in between, SQLite refuses the upgrade with
 * SQLITE_BUSY at once, without waiting out the busy timeout (waiting could deadlock), so
 * read-then-write transactions failed under two processes on one file. Starting them
 * with `BEGIN IMMEDIATE` takes the write lock up front, where the busy timeout applies:
 * writers queue instead of failing. (Prisma's own SQLite engine used IMMEDIATE too.)
 * Reads outside `$transaction` are unaffected and never wait for a writer (WAL).
 */
class ImmediateTransactions implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  constructor(inner: PrismaBetterSqlite3) {
    this.#inner = inner;
    this.adapterName = inner.adapterName;
  }

  async connect() {
    return beginImmediate(await this.#inner.connect());
  }

  async connectToShadowDb() {
    return beginImmediate(await this.#inner.connectToShadowDb());
  }
}

function beginImmediate(adapter: SqlDriverAdapter) {
  // The adapter keeps its better-sqlite3 connection in `client` and starts a transaction
  // with `client.prepare("BEGIN")`. Fail loudly if an upgrade changes that shape;
  // db.server.test.ts also fails if concurrent writers ever see SQLITE_BUSY again.
  const client = (adapter as unknown as { client?: BetterSqlite3.Database }).client;
  if (!client || typeof client.prepare !== "function") {
    throw new Error("@prisma/adapter-better-sqlite3 changed: cannot make its transactions BEGIN IMMEDIATE (app/utils/db.server.ts)");
  }
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => prepare(source === "BEGIN" ? "BEGIN IMMEDIATE" : source)) as typeof client.prepare;
  return adapter;
}

function createClient() {
  // The database file is in WAL mode from the moment it is migrated (scripts/lib/
  // schema-engine.ts). better-sqlite3 opens connections with foreign keys on, and its
  // `timeout` is SQLite's busy timeout. Both are asserted by db.server.test.ts.
  const adapter = new ImmediateTransactions(new PrismaBetterSqlite3({ url: env.DATABASE_URL, timeout: 5000 }));
  return new PrismaClient({ adapter });
}

type Db = ReturnType<typeof createClient>;

// One client per process; survives dev rebuilds.
const globalForDb = globalThis as unknown as { __bandroomDb?: Db };

export const db: Db = (globalForDb.__bandroomDb ??= createClient());
