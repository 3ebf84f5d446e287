import { expect, test } from "vitest";
import { db } from "./db.server";

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
