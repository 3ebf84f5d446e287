/**
 * /admin's figures against a database whose true counts this test knows: it starts
 * empty (each test file has its own copy of the migrated base database) and every row
 * is written here with its date.
 */
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createBand, createUser, enableMfa, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { loader as adminLoader } from "~/routes/_app+/admin._index";
import { body } from "./auth-helpers";

type Loader = Parameters<typeof callRoute>[0];
const DAY = 24 * 60 * 60 * 1000;

type Dashboard = {
  users: Record<string, number>;
  bands: Record<string, number>;
  mrr: { amountMinor: number; formatted: string; source: string };
  signups: { day: string; count: number }[];
  funnel: { key: string; count: number; conversion: number | null }[];
  audit: { total: number };
};

describe("/admin figures", () => {
  test("users, bands, MRR, sign-ups per day and the funnel match the seeded truth; the visit counts as view analytics", async () => {
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    async function person(created: number, verified: number | null, active: number | null) {
      const user = await createUser();
      await db.user.update({ where: { id: user.id }, data: { createdAt: ago(created), emailVerifiedAt: verified === null ? null : ago(verified), lastActiveAt: active === null ? null : ago(active) } });
      return user;
    }
    const admin = await createUser({ firstName: "Ada", isPlatformAdmin: true });
    await db.user.update({ where: { id: admin.id }, data: { createdAt: ago(100), emailVerifiedAt: ago(100) } });
    await enableMfa(admin.id);
    const cookie = await sessionCookieFor(admin.id); // signing in makes the admin active now

    const u1 = await person(2, 2, 1);
    const u2 = await person(5, null, null);
    const u3 = await person(10, 9, 40);
    await person(20, 19, 3);
    await person(45, 44, null);
    await person(200, 199, 150);

    const pro1 = await createBand({ subscriptionTier: "pro", members: [{ userId: u1.id, role: "band_leader" }] });
    const pro2 = await createBand({ subscriptionTier: "pro", members: [{ userId: u2.id, role: "band_leader" }] });
    const free = await createBand({ members: [{ userId: u3.id, role: "band_leader" }] });
    await db.band.update({ where: { id: pro1.id }, data: { createdAt: ago(5) } });
    await db.band.update({ where: { id: pro2.id }, data: { createdAt: ago(60) } });
    await db.band.update({ where: { id: free.id }, data: { createdAt: ago(1) } });

    const event = (name: string, userId: string | null, daysAgo: number, path: string | null = null) => ({ name, userId, path, createdAt: ago(daysAgo) });
    await db.analyticsEvent.createMany({
      data: [
        ...Array.from({ length: 10 }, (_, i) => event("page_view", null, i + 1, "/")),
        ...Array.from({ length: 3 }, () => event("page_view", null, 31, "/")), // before the window
        ...Array.from({ length: 4 }, () => event("page_view", null, 1, "/blog")), // not the landing page
        event("create_band", u1.id, 2),
        event("create_band", u1.id, 1), // the same person twice counts once
        event("create_band", u3.id, 8),
        event("create_band", u2.id, 40), // before the window
        event("invite_member", u1.id, 2),
        event("invite_member", u1.id, 2),
        event("invite_member", u1.id, 1),
        event("checkout", u1.id, 1),
      ],
    });

    const response = await callRoute(adminLoader as Loader, buildRequest("/admin", { cookie }));
    expect(response.status).toBe(200);
    const data = await body<Dashboard>(response);

    expect(data.users).toEqual({ total: 7, verified: 6, new7: 2, new30: 4, active30: 3 });
    expect(data.bands).toEqual({ total: 3, pro: 2, new30: 2 });
    expect(data.mrr).toMatchObject({ amountMinor: 1600, formatted: "$16.00" });
    expect(data.mrr.source).toContain("Manual billing");

    expect(data.signups).toHaveLength(90);
    expect(data.signups.at(-1)!.day).toBe(new Date(now).toISOString().slice(0, 10));
    const byDay = Object.fromEntries(data.signups.filter((day) => day.count).map((day) => [day.day, day.count]));
    const dayOf = (days: number) => ago(days).toISOString().slice(0, 10);
    expect(byDay).toEqual({ [dayOf(2)]: 1, [dayOf(5)]: 1, [dayOf(10)]: 1, [dayOf(20)]: 1, [dayOf(45)]: 1 });

    expect(data.funnel.map((step) => [step.key, step.count, step.conversion])).toEqual([
      ["landing_view", 10, null],
      ["register", 4, 40],
      ["verify", 3, 75],
      ["create_band", 2, 66.7],
      ["invite_member", 1, 50],
      ["checkout", 1, 100],
      ["purchase", 0, 0],
    ]);

    expect(await db.analyticsEvent.count({ where: { name: "view_analytics", userId: admin.id } })).toBe(1);
  });
});
