import { expect, test } from "vitest";
import { db } from "./db.server";

test("the app's connection runs in WAL mode with foreign keys enforced", async () => {
  expect(await db.$queryRawUnsafe("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
  expect(await db.$queryRawUnsafe("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1n }]);
  await expect(db.bandMembership.create({ data: { bandId: 999_999, userId: "nobody", role: "band_member" } })).rejects.toThrow();
});
