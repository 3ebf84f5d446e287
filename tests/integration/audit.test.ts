import { describe, expect, test } from "vitest";
import { createBand, createUser } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { listAuditEntries, recordAudit } from "~/features/audit/audit.server";

describe("the audit log", () => {
  test("an entry keeps who, what, the target and the values before and after, newest first", async () => {
    const admin = await createUser({ firstName: "Ada", lastName: "Admin" });
    const band = await createBand({ members: [{ userId: admin.id, role: "band_leader" }] });
    await recordAudit(db, { actor: admin, action: "band.tier", bandId: band.id, target: { type: "band", id: band.id, label: "The Testers" }, before: { tier: "free" }, after: { tier: "pro" } });
    await recordAudit(db, { actor: { system: "Stripe" }, action: "band.tier", bandId: band.id, target: { type: "band", id: band.id, label: "The Testers" }, before: { tier: "pro" }, after: { tier: "free" } });

    const { entries, total } = await listAuditEntries({ bandId: band.id });
    expect(total).toBe(2);
    expect(entries[0]).toMatchObject({ actorLabel: "Stripe", before: { tier: "pro" }, after: { tier: "free" }, description: "Changed the band's plan" });
    expect(entries[1]).toMatchObject({ actorLabel: `Ada Admin <${admin.email}>`, targetType: "band", targetId: String(band.id), before: { tier: "free" }, after: { tier: "pro" } });
  });

  test("an entry written in a transaction that fails is not kept", async () => {
    const admin = await createUser();
    const band = await createBand({ members: [{ userId: admin.id, role: "band_leader" }] });
    await expect(
      db.$transaction(async (tx) => {
        await recordAudit(tx, { actor: admin, action: "band.tier", bandId: band.id, target: { type: "band", id: band.id, label: "x" }, after: { tier: "pro" } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.auditEntry.count({ where: { bandId: band.id } })).toBe(0);
  });

  test("one band's entries are not another's", async () => {
    const admin = await createUser();
    const a = await createBand({ members: [{ userId: admin.id, role: "band_leader" }] });
    const b = await createBand({ members: [{ userId: admin.id, role: "band_leader" }] });
    await recordAudit(db, { actor: admin, action: "member.role", bandId: a.id, target: { type: "membership", id: 1, label: "Someone" }, before: { role: "band_member" }, after: { role: "band_admin" } });
    expect((await listAuditEntries({ bandId: b.id })).total).toBe(0);
    expect((await listAuditEntries({ bandId: a.id })).total).toBe(1);
  });
});

describe("manual billing: a platform admin sets a band's tier", () => {
  test("the tier changes with one audit entry; the same tier again changes nothing", async () => {
    const { setBandTierManually } = await import("~/features/billing/billing.server");
    const admin = await createUser({ isPlatformAdmin: true });
    const band = await createBand({ members: [{ userId: admin.id, role: "band_leader" }] });
    expect((await setBandTierManually(admin, band.id, "pro")).changed).toBe(true);
    expect((await db.band.findUniqueOrThrow({ where: { id: band.id } })).subscriptionTier).toBe("pro");
    expect((await setBandTierManually(admin, band.id, "pro")).changed).toBe(false);
    const { entries } = await listAuditEntries({ bandId: band.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "band.tier", before: { tier: "free" }, after: { tier: "pro" } });
  });

  test("a band that does not exist is refused with a message", async () => {
    const { setBandTierManually } = await import("~/features/billing/billing.server");
    const admin = await createUser({ isPlatformAdmin: true });
    await expect(setBandTierManually(admin, 987_654_321, "pro")).rejects.toThrow("That band does not exist");
  });
});
