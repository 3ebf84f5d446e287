import { expect, test } from "vitest";
import { createUser } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { createBand } from "~/features/bands/bands.server";
import { applyAnalyticsRetention, track } from "./analytics.server";

test("creating a band records one create_band event with the user and band", async () => {
  const user = await createUser();
  const band = await createBand(user.id, "Counted Band");
  const events = await db.analyticsEvent.findMany({ where: { name: "create_band", userId: user.id } });
  expect(events).toEqual([expect.objectContaining({ name: "create_band", userId: user.id, bandId: band.id })]);
});

test("properties are stored as JSON", async () => {
  await track("page_view", { path: "/blog", props: { referrer: "direct" } });
  const event = await db.analyticsEvent.findFirstOrThrow({ where: { name: "page_view", path: "/blog" } });
  expect(JSON.parse(event.properties!)).toEqual({ referrer: "direct" });
});

test("retention deletes raw events older than 13 months and keeps the rest", async () => {
  const now = new Date("2026-11-22T00:00:00Z");
  await db.analyticsEvent.createMany({
    data: [
      { name: "page_view", path: "/old", createdAt: new Date("2025-10-01T00:00:00Z") },
      { name: "page_view", path: "/recent", createdAt: new Date("2026-01-01T00:00:00Z") },
    ],
  });
  expect(await applyAnalyticsRetention(now)).toBe(1);
  expect(await db.analyticsEvent.count({ where: { path: "/old" } })).toBe(0);
  expect(await db.analyticsEvent.count({ where: { path: "/recent" } })).toBe(1);
});
