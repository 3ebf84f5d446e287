import { PrismaClient } from "~/generated/prisma/client";
import { scopeTransactions, sqliteAdapter, TRANSACTION_OPTIONS } from "./db-adapter.server";
import { env } from "./env.server";

export { SQLITE_MAX_VARIABLES } from "./db-adapter.server";

function createClient() {
  return scopeTransactions(new PrismaClient({ adapter: sqliteAdapter(env.DATABASE_URL), transactionOptions: TRANSACTION_OPTIONS }));
}

type Db = ReturnType<typeof createClient>;

// One client per process; survives dev rebuilds.
const globalForDb = globalThis as unknown as { __bandroomDb?: Db };

export const db: Db = (globalForDb.__bandroomDb ??= createClient());

/** Whether a write failed on a unique key (Prisma's P2002): another request made that row first. */
export function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
