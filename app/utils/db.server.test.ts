import { expect, test } from "vitest";
import { db } from "./db.server";
import { BUSY_NOW, BUSY_TIMEOUT_MS } from "./db-adapter.server";

test("the app's connection runs in WAL mode with foreign keys enforced", async () => {
  expect(await db.$queryRawUnsafe("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
  expect(await db.$queryRawUnsafe("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1n }]);
  await expect(db.bandMembership.create({ data: { bandId: 999_999, userId: "nobody", role: "band_member" } })).rejects.toThrow();
});

test("two processes on one database file run concurrent read-then-write transactions with no errors and no lost update", async () => {
  const { createBand } = await import("#tests/db-utils");
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  const band = await createBand();
  const counter = await createBand({ name: "0" });
  const rounds = 40;
  const run = (label: string) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "tests/helpers/concurrent-writer.ts"], {
      env: { ...process.env, BAND_ID: String(band.id), COUNTER_BAND_ID: String(counter.id), ROUNDS: String(rounds), LABEL: label },
    });
  const results = (await Promise.all([run("a"), run("b")])).map(({ stdout }) => JSON.parse(stdout.trim().split("\n").at(-1)!) as { saved: number; errors: string[] });
  expect(results.flatMap((r) => r.errors)).toEqual([]);
  expect(results.map((r) => r.saved)).toEqual([rounds * 2, rounds * 2]);
  // Every increment happened on the value the other process last committed.
  expect((await db.band.findUniqueOrThrow({ where: { id: counter.id } })).name).toBe(String(rounds * 2));
}, 60_000);

test("reused prepared statements run with each call's own arguments, in and out of transactions, after errors too", async () => {
  const { createBand } = await import("#tests/db-utils");
  const bands = await Promise.all(["Alpha", "Beta", "Gamma"].map((name) => createBand({ name })));
  // The same query shape (one SQL text) with different arguments, many times.
  for (let round = 0; round < 3; round++) {
    for (const band of bands) {
      expect(await db.band.findUnique({ where: { id: band.id }, select: { name: true } })).toEqual({ name: band.name });
    }
  }
  // A failing write leaves its cached statement usable.
  const membership = { bandId: bands[0]!.id, userId: "nobody", role: "band_member" };
  await expect(db.bandMembership.create({ data: membership })).rejects.toThrow();
  await expect(db.bandMembership.create({ data: membership })).rejects.toThrow();
  const renamed = await db.$transaction(async (tx) => {
    await tx.band.update({ where: { id: bands[1]!.id }, data: { name: "Beta Two" } });
    return tx.band.findUnique({ where: { id: bands[1]!.id }, select: { name: true } });
  });
  expect(renamed).toEqual({ name: "Beta Two" });
  expect(await db.band.findUnique({ where: { id: bands[2]!.id }, select: { name: true } })).toEqual({ name: "Gamma" });
  // More distinct statements than the cache holds (IN lists of every length) all answer right.
  for (let length = 1; length <= 520; length += 1) {
    const ids = [bands[0]!.id, ...Array.from({ length }, (_, i) => -1 - i)];
    expect(await db.band.count({ where: { id: { in: ids } } })).toBe(1);
  }
}, 60_000);

test("a statement binds up to the bundled SQLite's 32,766 parameters, so Prisma reads a long id list or a nested relation of thousands in one go", async () => {
  const { SQLITE_MAX_VARIABLES } = await import("./db.server");
  // The limit the connection reports is the real one: one more and SQLite refuses.
  const placeholders = (n: number) => `SELECT 1 AS one WHERE 1 IN (${Array.from({ length: n }, () => "?").join(",")})`;
  await expect(db.$queryRawUnsafe(placeholders(SQLITE_MAX_VARIABLES), ...Array.from({ length: SQLITE_MAX_VARIABLES }, () => 1))).resolves.toHaveLength(1);
  await expect(db.$queryRawUnsafe(placeholders(SQLITE_MAX_VARIABLES + 1), ...Array.from({ length: SQLITE_MAX_VARIABLES + 1 }, () => 1))).rejects.toThrow();
  // Prisma, told the limit, no longer refuses a read with more than 999 ids (P2029 before).
  const ids = Array.from({ length: 2000 }, (_, i) => `no-such-user-${i}`);
  await expect(db.user.findMany({ where: { OR: [{ id: { in: ids } }, { email: "nobody@example.com" }] }, select: { id: true } })).resolves.toEqual([]);
});

test("a transaction has the connection to itself: another request's write waits for it and is not lost when it rolls back, and no read sees its uncommitted rows", async () => {
  const { createBand } = await import("#tests/db-utils");
  const band = await createBand({ name: "Before" });
  const other = await createBand({ name: "Other" });
  let inside!: () => void;
  const opened = new Promise<void>((resolve) => (inside = resolve));
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  // One request's transaction writes, then waits (as on a slow step), then fails.
  const failing = db.$transaction(async (tx) => {
    await tx.band.update({ where: { id: band.id }, data: { name: "Uncommitted" } });
    inside();
    await held;
    throw new Error("refused");
  });
  await opened;
  // Meanwhile, other requests read and write on their own (`then` sends a Prisma query now).
  const read = db.band.findUniqueOrThrow({ where: { id: band.id }, select: { name: true } }).then((row) => row);
  const written = db.band.update({ where: { id: other.id }, data: { name: "Written meanwhile" } }).then((row) => row);
  setTimeout(finish, 20);
  await expect(failing).rejects.toThrow("refused");
  expect(await read).toEqual({ name: "Before" });
  await written;
  expect(await db.band.findUnique({ where: { id: other.id }, select: { name: true } })).toEqual({ name: "Written meanwhile" });
  expect(await db.band.findUnique({ where: { id: band.id }, select: { name: true } })).toEqual({ name: "Before" });
});

test("a read Prisma batches (findUnique) from another request waits for an open transaction too, even when Prisma runs the batch in that transaction's async context", async () => {
  const { AsyncResource } = await import("node:async_hooks");
  const { onClientStatementInTransaction } = await import("./db-adapter.server");
  const { createBand } = await import("#tests/db-utils");
  const band = await createBand({ name: "Committed" });
  // Here the outside read is another request's, not a misuse of `db` in the callback: the
  // tests' check would refuse it, so it is off for this test.
  const check = onClientStatementInTransaction(undefined);
  try {
    const seen: string[] = [];
    // Bound to the test's own context, as a continuation of another request would be.
    const outsideRead = AsyncResource.bind((delay: number) =>
      (async () => {
        for (let i = 0; i < delay; i++) await null;
        const row = await db.band.findUnique({ where: { id: band.id }, select: { name: true } });
        seen.push(row!.name);
      })(),
    );
    const reads: Promise<void>[] = [];
    for (const delay of [0, 1, 2, 3, 5, 8]) {
      await db
        .$transaction(async (tx) => {
          await tx.band.update({ where: { id: band.id }, data: { name: "Uncommitted" } });
          const pending = tx.band.findFirst({ where: { id: band.id }, select: { id: true } }).then(() => undefined);
          reads.push(outsideRead(delay));
          await pending;
          await tx.band.findFirst({ where: { id: band.id }, select: { id: true } });
          throw new Error("roll back");
        })
        .catch((error: Error) => expect(error.message).toBe("roll back"));
    }
    await Promise.all(reads);
    expect(seen).toEqual(Array.from({ length: 6 }, () => "Committed"));
  } finally {
    onClientStatementInTransaction(check);
  }
});

test("a transaction that cannot begin (another process holds the write lock past the busy timeout) fails alone: the next statements and transactions run", async () => {
  const Database = (await import("better-sqlite3")).default;
  const { createBand } = await import("#tests/db-utils");
  const band = await createBand({ name: "Before the lock" });
  const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
  try {
    other.prepare("BEGIN IMMEDIATE").run();
    // Refused as busy (a 503 the forms and /api show), not a 500: nothing was saved.
    await expect(db.$transaction(async (tx) => tx.band.update({ where: { id: band.id }, data: { name: "Locked out" } }))).rejects.toMatchObject({ status: 503, message: BUSY_NOW });
  } finally {
    other.prepare("ROLLBACK").run();
    other.close();
  }
  // Reads, writes and transactions go on (a failed BEGIN used to leave the adapter's lock taken).
  await expect(db.band.count()).resolves.toBeGreaterThan(0);
  await db.$transaction(async (tx) => tx.band.update({ where: { id: band.id }, data: { name: "After the lock" } }));
  expect(await db.band.findUnique({ where: { id: band.id }, select: { name: true } })).toEqual({ name: "After the lock" });
}, 30_000);

test("a transaction waiting for another process's write lock does not hold up the process: other work runs meanwhile, and it saves once the lock is let go", async () => {
  const Database = (await import("better-sqlite3")).default;
  const { createBand } = await import("#tests/db-utils");
  const band = await createBand({ name: "Before" });
  const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
  other.prepare("BEGIN IMMEDIATE").run();
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  // The other process lets go after 400 ms: a timer of this process, which must get to run.
  // (Waiting inside SQLite, the process stood still for the whole busy timeout, 5 s, and the write failed.)
  setTimeout(() => other.prepare("COMMIT").run(), 400);
  const started = Date.now();
  try {
    await db.$transaction(async (tx) => tx.band.update({ where: { id: band.id }, data: { name: "After" } }));
  } finally {
    clearInterval(timer);
    other.close();
  }
  expect(Date.now() - started).toBeLessThan(BUSY_TIMEOUT_MS);
  expect(ticks).toBeGreaterThan(10);
  expect(await db.band.findUnique({ where: { id: band.id }, select: { name: true } })).toEqual({ name: "After" });
}, 30_000);

test("a transaction nested in another (tx.$transaction) runs inside it, as Prisma's savepoints do", async () => {
  const { createBand } = await import("#tests/db-utils");
  const band = await createBand({ name: "Outer" });
  const names = await db.$transaction(async (tx) => {
    await tx.band.update({ where: { id: band.id }, data: { name: "Outer, then" } });
    const inner = await tx.$transaction(async (nested) => {
      await nested.band.update({ where: { id: band.id }, data: { name: "Inner" } });
      return nested.band.findUniqueOrThrow({ where: { id: band.id }, select: { name: true } });
    });
    return [inner.name, (await tx.band.findUniqueOrThrow({ where: { id: band.id }, select: { name: true } })).name];
  });
  expect(names).toEqual(["Inner", "Inner"]);
  expect(await db.band.findUnique({ where: { id: band.id }, select: { name: true } })).toEqual({ name: "Inner" });
});

test("a query sent through `db` instead of `tx` inside a transaction's callback fails in tests rather than waiting for its own transaction", async () => {
  (globalThis as { __expectClientInTransaction?: boolean }).__expectClientInTransaction = true;
  await expect(db.$transaction(async () => db.band.count())).rejects.toThrow("went through `db` instead of the callback's `tx`");
  // Even when the code swallows the error, the test fails (tests/setup-test-env.ts).
  await db.$transaction(async () => db.band.count().catch(() => 0));
  // The connection is free again afterwards.
  await expect(db.band.count()).resolves.toBeGreaterThanOrEqual(0);
});
