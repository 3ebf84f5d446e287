import { PrismaClient } from "~/generated/prisma/client";
import { sqliteAdapter } from "./db-adapter.server";
import { env } from "./env.server";

export { SQLITE_MAX_VARIABLES } from "./db-adapter.server";

function createClient() {
  return new PrismaClient({ adapter: sqliteAdapter(env.DATABASE_URL) });
}

type Db = ReturnType<typeof createClient>;

// One client per process; survives dev rebuilds.
const globalForDb = globalThis as unknown as { __bandroomDb?: Db };

export const db: Db = (globalForDb.__bandroomDb ??= createClient());

/**
 * Largest list of ids one statement binds where a read's list grows with the band (its
 * people): far below SQLITE_MAX_VARIABLES, so no band, however large, meets the limit in
 * a statement Prisma cannot split, and SQLite never sorts a list of tens of thousands.
 */
export const IDS_PER_STATEMENT = 900;

/** `read` over `ids` in slices of IDS_PER_STATEMENT (one statement for most bands), the rows joined in order. */
export async function readInChunks<Id, Row>(ids: Id[], read: (chunk: Id[]) => Promise<Row[]>): Promise<Row[]> {
  if (ids.length <= IDS_PER_STATEMENT) return read(ids);
  const chunks: Id[][] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_STATEMENT) chunks.push(ids.slice(at, at + IDS_PER_STATEMENT));
  return (await Promise.all(chunks.map(read))).flat();
}
