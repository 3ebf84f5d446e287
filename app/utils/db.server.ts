import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

function createClient() {
  // The database file is in WAL mode from the moment it is migrated (scripts/lib/
  // schema-engine.ts). better-sqlite3 opens connections with foreign keys on, and its
  // `timeout` is SQLite's busy timeout. Both are asserted by db.server.test.ts.
  const adapter = new PrismaBetterSqlite3({ url: env.DATABASE_URL, timeout: 5000 });
  return new PrismaClient({ adapter });
}

type Db = ReturnType<typeof createClient>;

// One client per process; survives dev rebuilds.
const globalForDb = globalThis as unknown as { __bandroomDb?: Db };

export const db: Db = (globalForDb.__bandroomDb ??= createClient());
