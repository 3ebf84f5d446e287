import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import type BetterSqlite3 from "better-sqlite3";
import { RuleError } from "~/utils/rule-error";

/**
 * The app's SQLite driver adapter: Prisma's better-sqlite3 adapter with immediate
 * transactions, transactions that have the connection to themselves, reused prepared
 * statements and the real parameter limit (below). The
 * app's client (db.server.ts) and the tests' counting client (tests/query-counter.ts)
 * both run on it, so tests count and run exactly what the server does.
 */
export function sqliteAdapter(url: string): SqlMigrationAwareDriverAdapterFactory {
  // The database file is in WAL mode from the moment it is migrated (scripts/lib/
  // schema-engine.ts). better-sqlite3 opens connections with foreign keys on, and its
  // `timeout` is SQLite's busy timeout. Both are asserted by db.server.test.ts.
  return new ImmediateTransactions(new PrismaBetterSqlite3({ url, timeout: BUSY_TIMEOUT_MS }));
}

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
  // The adapter keeps its better-sqlite3 connection in `client`, starts a transaction with
  // `client.prepare("BEGIN")` and runs every statement as `client.prepare(sql).bind(args)`.
  // Fail loudly if an upgrade changes that shape; db.server.test.ts also fails if
  // concurrent writers ever see SQLITE_BUSY again.
  const client = (adapter as unknown as { client?: BetterSqlite3.Database }).client;
  if (!client || typeof client.prepare !== "function") {
    throw new Error("@prisma/adapter-better-sqlite3 changed: cannot make its transactions BEGIN IMMEDIATE (app/utils/db.server.ts)");
  }
  const prepare = client.prepare.bind(client);
  const statements = new StatementCache(prepare);
  // The adapter's own BEGIN does nothing: ownTransactions (below) has begun the transaction
  // already, IMMEDIATE, before the adapter takes its lock. (A BEGIN that fails inside the
  // adapter, SQLITE_BUSY behind another process's write, leaves its lock taken for good.)
  const begun = { run: () => ({ changes: 0, lastInsertRowid: 0 }) };
  client.prepare = ((source: string) => (source === "BEGIN" ? begun : statements.get(source))) as unknown as typeof client.prepare;
  // The adapter does not say how many parameters a statement may bind, so Prisma assumes
  // SQLite's old limit of 999 and refuses (P2029) a read it cannot split below it, such
  // as the nested lineup of an event with a thousand people booked. The SQLite that
  // better-sqlite3 bundles takes 32,766 (the default since SQLite 3.32), which
  // db.server.test.ts checks; PostgreSQL's adapter has the same limit.
  adapter.getConnectionInfo = () => ({ supportsRelationJoins: false, maxBindValues: SQLITE_MAX_VARIABLES });
  // Behind another process's write lock SQLite would wait out the busy timeout inside BEGIN,
  // holding up the whole process (every request, even /robots.txt) for up to 5 s: this try
  // does not wait, and takeWriteLock waits between tries without blocking. Prepared once.
  const [noWait, beginLocked, wait] = ["PRAGMA busy_timeout = 0", "BEGIN IMMEDIATE", `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`].map((sql) => prepare(sql));
  const begin = () => {
    noWait!.get();
    try {
      beginLocked!.run();
    } finally {
      wait!.get();
    }
  };
  return ownTransactions(adapter, { run: (sql) => prepare(sql).run(), begin, inTransaction: () => client.inTransaction });
}

/**
 * Code running inside a `$transaction` callback: set by `scopeTransactions` (below) on
 * the app's client, read by the connection's gate.
 */
const transactionScope = new AsyncLocalStorage<true>();

/**
 * The adapter has one connection, and a transaction is open on it from its BEGIN to its
 * COMMIT, across the awaits in between. Prisma's adapter queues transactions behind one
 * another but not the statements of other requests: a session row written by one request
 * while another request's transaction was open became part of that transaction, and was
 * lost with it when it rolled back (a refused invitation, a stale edit); a read saw
 * another request's uncommitted writes. Now a statement from outside waits, in order with
 * the transactions queued, until the open transaction has finished. Without one open, a
 * statement runs at once, as before.
 *
 * A statement sent through the app's client (`db.…`) from inside a `$transaction`
 * callback, instead of through its `tx`, waits for its own transaction, which Prisma ends
 * after its timeout (5 s); the tests refuse it at once (`transactionScope`,
 * `db.server.test.ts`). Nothing in the app does it: every callback uses its `tx`.
 */
function ownTransactions(adapter: SqlDriverAdapter, connection: { run: (sql: string) => void; begin: () => void; inTransaction: () => boolean }) {
  const gate = new Gate();
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  const executeScript = adapter.executeScript.bind(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  /** Throws what the adapter throws for a failed statement (a DriverAdapterError Prisma maps), else the error itself. */
  const fail = (error: unknown): never => {
    const onError = (adapter as unknown as { onError?: (error: unknown) => never }).onError;
    if (typeof onError === "function") onError.call(adapter, error);
    throw error;
  };
  /** Leaves nothing open behind the gate: a failed COMMIT or BEGIN can leave SQLite inside the transaction. */
  const release = () => {
    try {
      if (connection.inTransaction()) connection.run("ROLLBACK");
    } finally {
      gate.release();
    }
  };
  adapter.queryRaw = (query) => gate.statement(() => queryRaw(query));
  adapter.executeRaw = (query) => gate.statement(() => executeRaw(query));
  adapter.executeScript = (script) => gate.statement(() => executeScript(script));
  adapter.startTransaction = async (isolationLevel) => {
    await gate.acquire();
    let transaction: Transaction;
    try {
      // BEGIN IMMEDIATE takes the write lock up front (see ImmediateTransactions); behind
      // another process's write it waits (takeWriteLock) up to the busy timeout, then fails
      // here, where the gate is let go and the next request finds the connection as it was.
      await takeWriteLock(connection.begin);
    } catch (error) {
      release();
      return fail(error);
    }
    try {
      transaction = await startTransaction(isolationLevel);
    } catch (error) {
      release();
      throw error;
    }
    // Prisma sends COMMIT or ROLLBACK through the transaction, then calls one of these.
    let open = true;
    const finish = (end: () => Promise<void>) => async () => {
      try {
        await end();
      } finally {
        if (open) {
          open = false;
          release();
        }
      }
    };
    transaction.commit = finish(transaction.commit.bind(transaction));
    transaction.rollback = finish(transaction.rollback.bind(transaction));
    return transaction;
  };
  return adapter;
}

/** How long a write waits for another process's write lock (SQLite's busy timeout). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * How long a transaction may wait to begin: behind this process's own transactions (the
 * gate) and then another process's write lock. Prisma's default, 2 s, refused writes in a
 * burst that would have been saved a moment later (200 at once over two processes).
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000 };

const isBusy = (error: unknown) => typeof error === "object" && error !== null && /^SQLITE_BUSY/.test(String((error as { code?: unknown }).code));

/**
 * Takes the write lock with `begin` (which does not wait), trying again while another
 * process holds it: after 1 ms, then twice as long each time up to 25 ms, until the busy
 * timeout. The process goes on serving other requests in between.
 */
export async function takeWriteLock(begin: () => void, timeoutMs = BUSY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
    try {
      return begin();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** First come, first served: a transaction holds the connection until it ends; a statement holds it while it runs. */
class Gate {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  async statement<T>(run: () => Promise<T>): Promise<T> {
    if (!this.#held) return run();
    // Sent through `db` from inside a `$transaction` callback, it would wait for its own
    // transaction (until Prisma's timeout ends it): the tests refuse it at once. It waits
    // all the same, never joining the open transaction: Prisma runs the queries it batches
    // (findUnique) in the async context of whichever request queued first, so this scope
    // can be another request's transaction's, and running at once leaked its uncommitted rows.
    if (transactionScope.getStore()) onStatementInTransaction?.();
    await this.acquire();
    try {
      return await run();
    } finally {
      this.release();
    }
  }
}

/** Called when the app's client sends a statement from inside a `$transaction` callback; the tests make it fail. */
let onStatementInTransaction: (() => void) | undefined;
/** Sets the callback; returns the one it replaces. */
export function onClientStatementInTransaction(callback: (() => void) | undefined) {
  const previous = onStatementInTransaction;
  onStatementInTransaction = callback;
  return previous;
}

type TransactionFn = (...args: never[]) => unknown;

export const CHANGED_MEANWHILE = "Something this change refers to was changed or removed a moment ago. Reload the page and try again.";

/**
 * A write transaction that failed because a row it refers to went between the area
 * module's checks and its write (a member removed, a song deleted, by another request or
 * process): Prisma's P2003 (foreign key) or P2025 (the row to change is gone). The modules
 * read again under the write lock where a race is likely; this is the net under the rest,
 * a 409 the forms and /api show (RuleError) rather than a 500.
 */
function refusedWrite(error: unknown): never {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const answer =
    code === "P2003" || code === "P2025"
      ? new RuleError(409, CHANGED_MEANWHILE)
      : // Could not begin in time (P2028), or the write lock stayed taken past the busy timeout
        // (P1008, SQLITE_BUSY): this transaction saved nothing, and a moment later it would.
        code === "P2028" || code === "P1008" || isBusy(error)
        ? new RuleError(503, BUSY_NOW)
        : null;
  if (!answer) throw error;
  // Said in the log too: a P2025 or a P2028 may also be a bug (a wrong `where`, a callback past its timeout).
  console.warn(`A write transaction was refused (${String(code ?? "SQLITE_BUSY")}): ${error instanceof Error ? error.message.split("\n").at(-1) : String(error)}`);
  throw answer;
}

export const BUSY_NOW = "So much is being saved right now that this could not be. Nothing changed: try again in a moment.";

/** Marks the callbacks of `client.$transaction(callback)` (see `ownTransactions`). Call before `$extends`. */
export function scopeTransactions<T extends { $transaction: TransactionFn }>(client: T): T {
  const transaction = client.$transaction as unknown as (...args: unknown[]) => Promise<unknown>;
  // Called on the client Prisma hands a callback too (`tx.$transaction`, a nested one): on
  // that client, as Prisma's own method would be, or it would open a second transaction
  // that waits for the first.
  (client as { $transaction: unknown }).$transaction = function (this: unknown, ...args: unknown[]) {
    const self = this ?? client;
    return typeof args[0] === "function" ? transactionScope.run(true, () => transaction.apply(self, args).catch(refusedWrite)) : transaction.apply(self, args);
  };
  return client;
}

/** Parameters one statement may bind in the bundled SQLite (SQLITE_MAX_VARIABLE_NUMBER). */
export const SQLITE_MAX_VARIABLES = 32_766;

/**
 * The adapter prepares every statement afresh: SQLite parses and plans the SQL each time,
 * about a third of the database's CPU time on a signed-in page (issue 11). Prisma sends
 * the same SQL text with `?` parameters for the same query shape, so the connection keeps
 * its most recent prepared statements and reuses them. A better-sqlite3 statement can be
 * bound only once, so what the adapter gets is a light wrapper that passes the arguments
 * on each run instead. better-sqlite3 is synchronous: a statement finishes before the
 * next one starts, and SQLite re-prepares a cached statement itself after a schema change.
 */
class StatementCache {
  static readonly SIZE = 500;
  readonly #prepare: (source: string) => BetterSqlite3.Statement;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  /**
   * Each statement's result columns, read once: better-sqlite3 builds them afresh on every
   * call, and the adapter asks on every read (a tenth of a millisecond on a page). They
   * change only with the schema, which a running server never migrates.
   */
  readonly #columns = new WeakMap<BetterSqlite3.Statement, BetterSqlite3.ColumnDefinition[]>();

  constructor(prepare: (source: string) => BetterSqlite3.Statement) {
    this.#prepare = prepare;
  }

  get(source: string) {
    let statement = this.#statements.get(source);
    if (statement) {
      // Most recently used last, so the oldest is the first key.
      this.#statements.delete(source);
    } else {
      statement = this.#prepare(source);
      if (this.#statements.size >= StatementCache.SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(source, statement);
    return new ReusableStatement(statement, this.#columns);
  }
}

/** What the adapter uses of a statement: `bind(args)`, then `reader`, `run()`, `columns()` and `raw().all()`. */
class ReusableStatement {
  readonly #statement: BetterSqlite3.Statement;
  readonly #columns: WeakMap<BetterSqlite3.Statement, BetterSqlite3.ColumnDefinition[]>;
  #args: unknown[] = [];

  constructor(statement: BetterSqlite3.Statement, columns: WeakMap<BetterSqlite3.Statement, BetterSqlite3.ColumnDefinition[]>) {
    this.#statement = statement;
    this.#columns = columns;
  }

  get reader() {
    return this.#statement.reader;
  }

  bind(args: unknown[]) {
    this.#args = args;
    return this;
  }

  run() {
    return this.#statement.run(...this.#args);
  }

  columns() {
    let columns = this.#columns.get(this.#statement);
    if (!columns) this.#columns.set(this.#statement, (columns = this.#statement.columns()));
    return columns;
  }

  raw() {
    const statement = this.#statement.raw(true);
    return { all: () => statement.all(...this.#args) };
  }
}

