/**
 * The one way tests count database work. Import FIRST in a test file (before anything
 * imports ~/utils/db.server): installs the app's database client over a driver adapter
 * that records every SQL statement, in a transaction or not, so a test can hold a page
 * to a number of queries. db.server.ts reuses the client it finds on globalThis, so the
 * app's own code runs unchanged against the same database. Deterministic, unlike timings.
 */
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "~/generated/prisma/client";
// The app's own adapter (immediate transactions, reused statements, the parameter limit):
// tests count and run exactly what the server sends.
import { scopeTransactions, sqliteAdapter, TRANSACTION_OPTIONS } from "~/utils/db-adapter.server";

const statements: string[] = [];

/** Records what `queryRaw` and `executeRaw` send, on the connection and on each transaction it starts. */
function counting<T extends SqlDriverAdapter | Transaction>(adapter: T): T {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "queryRaw" || property === "executeRaw") {
        return (query: SqlQuery) => {
          statements.push(query.sql);
          return (value as (query: SqlQuery) => Promise<unknown>).call(target, query);
        };
      }
      if (property === "startTransaction") {
        return async (...args: unknown[]) => counting(await (value as (...args: unknown[]) => Promise<Transaction>).apply(target, args));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const factory = sqliteAdapter(process.env.DATABASE_URL!);
const countingFactory: SqlMigrationAwareDriverAdapterFactory = {
  provider: factory.provider,
  adapterName: factory.adapterName,
  connect: async () => counting(await factory.connect()),
  connectToShadowDb: () => factory.connectToShadowDb(),
};

const globalForDb = globalThis as unknown as { __bandroomDb?: unknown };
if (globalForDb.__bandroomDb) throw new Error("tests/query-counter.ts must be imported before ~/utils/db.server");
const operations: string[] = [];
// Each Prisma call the app makes ("Session.findUnique") is one query as the app sees it;
// Prisma may send it as more than one SQL statement (a relation is a second SELECT).
globalForDb.__bandroomDb = scopeTransactions(new PrismaClient({ adapter: countingFactory, transactionOptions: TRANSACTION_OPTIONS })).$extends({
  query: {
    $allModels: {
      $allOperations({ model, operation, args, query }) {
        operations.push(`${model}.${operation}`);
        return query(args);
      },
    },
  },
});

/** Runs `fn` and returns the Prisma queries and the SQL statements it sent to the database. */
export async function recordQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[]; statements: string[] }> {
  const [opStart, sqlStart] = [operations.length, statements.length];
  const result = await fn();
  return { result, queries: operations.slice(opStart), statements: statements.slice(sqlStart) };
}

/** The statements that write (INSERT, UPDATE, DELETE) to `table`. */
export function writesTo(sql: string[], table: string) {
  return sql.filter((statement) => new RegExp(`^\\s*(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+[\`"]?(main[\`"]?\\.[\`"]?)?${table}[\`"]?\\b`, "i").test(statement));
}
