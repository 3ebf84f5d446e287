import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { server } from "./mocks/server";

// Each test file runs in its own worker thread (pool: threads), with its own copy of
// process.env, on its own copy of the migrated base database, set before any app module reads DATABASE_URL.
const dir = process.env.BANDROOM_TEST_TMP ?? path.resolve("tests/.tmp");
// Threads share the process id: the random part tells the files apart.
const id = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
const dbFile = path.join(dir, `test-${id}.db`);
fs.copyFileSync(path.join(dir, "base.db"), dbFile);
process.env.DATABASE_URL = `file:${dbFile}`;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-secret-not-for-production";
process.env.MAIL_OUTBOX_DIR = path.join(dir, `outbox-${id}`);
delete process.env.SMTP_URL;

// Any request to the network without a handler fails the test; a data: URL is no network
// (the PDF renderer's layout engine loads its WebAssembly from one).
server.listen({
  onUnhandledRequest: (request, print) => {
    if (!request.url.startsWith("data:")) print.error();
  },
});

// A query sent through the app's client (`db.…`) inside a `$transaction` callback, instead
// of through its `tx`, fails, and fails the test even if the code catches it
// (app/utils/db-adapter.server.ts).
const { onClientStatementInTransaction } = await import("~/utils/db-adapter.server");
const CLIENT_IN_TRANSACTION = "A query inside a $transaction callback went through `db` instead of the callback's `tx`";
let clientInTransaction: string[] = [];
onClientStatementInTransaction(() => {
  const error = new Error(CLIENT_IN_TRANSACTION);
  clientInTransaction.push(error.stack ?? CLIENT_IN_TRANSACTION);
  throw error;
});

// A stray console.error fails the test unless the test expects it (vi.spyOn + mockImplementation).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(async () => {
  server.resetHandlers();
  const { resetAllRateLimits } = await import("~/utils/rate-limit.server");
  resetAllRateLimits();
  // The shared (database) counters too, when this test file has opened the database.
  await (globalThis as { __bandroomDb?: { rateLimitBucket: { deleteMany(): Promise<unknown> } } }).__bandroomDb?.rateLimitBucket.deleteMany();
  const misplaced = clientInTransaction;
  clientInTransaction = [];
  const expected = globalThis as { __expectClientInTransaction?: boolean };
  if (misplaced.length && !expected.__expectClientInTransaction) throw new Error(misplaced.join("\n\n"));
  expected.__expectClientInTransaction = false;
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length && !(console.error as unknown as { __expected?: boolean }).__expected) {
    throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
afterAll(() => {
  server.close();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${dbFile}${suffix}`, { force: true });
  fs.rmSync(process.env.MAIL_OUTBOX_DIR!, { recursive: true, force: true });
});
