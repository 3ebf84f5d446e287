import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

export function sqliteFile(url: string) {
  return url.replace(/^file:/, "");
}

function createClient() {
  // better-sqlite3's `timeout` is SQLite's busy timeout; foreign keys are on by default
  // in better-sqlite3, set again below so the rule does not rest on a build flag.
  const adapter = new PrismaBetterSqlite3({ url: env.DATABASE_URL, timeout: 5000 });
  const client = new PrismaClient({ adapter });
  return client;
}

type Db = ReturnType<typeof createClient>;

// One client per process; survives dev rebuilds.
const globalForDb = globalThis as unknown as { __bandroomDb?: Db; __bandroomDbReady?: Promise<void> };

export const db: Db = (globalForDb.__bandroomDb ??= createClient());

globalForDb.__bandroomDbReady ??= (async () => {
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$queryRawUnsafe("PRAGMA foreign_keys = ON");
  await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
})();

export const dbReady = globalForDb.__bandroomDbReady;
