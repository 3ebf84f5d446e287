import { describe, expect, test } from "vitest";
import { createUser } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { applyAdminEmails, grantAdminByEmail, parseAdminEmails } from "~/features/admin/bootstrap.server";

describe("the first platform admin", () => {
  test("ADMIN_EMAILS grants the named accounts once, audited as the system, and reports the rest", async () => {
    const first = await createUser();
    const second = await createUser({ email: `Second-${Date.now()}@example.com`.toLowerCase() });
    const value = ` ${first.email.toUpperCase()}, ${second.email},nobody-${Date.now()}@example.com, not-an-email `;

    const outcome = await applyAdminEmails(value);
    expect(outcome.granted.sort()).toEqual([first.email, second.email].sort());
    expect(outcome.unknown).toHaveLength(1);
    expect(outcome.invalid).toEqual(["not-an-email"]);
    for (const user of [first, second]) {
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isPlatformAdmin).toBe(true);
    }
    const entries = await db.auditEntry.findMany({ where: { targetId: { in: [first.id, second.id] } } });
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.action === "admin.grant" && entry.actorId === null && entry.actorLabel.startsWith("ADMIN_EMAILS"))).toBe(true);

    // Applied again at the next start: nothing changes, no new entry.
    const again = await applyAdminEmails(value);
    expect(again.granted).toEqual([]);
    expect(again.already.sort()).toEqual([first.email, second.email].sort());
    expect(await db.auditEntry.count({ where: { targetId: { in: [first.id, second.id] } } })).toBe(2);
  });

  test("admin:grant says so for an unknown address and grants a known one", async () => {
    const user = await createUser();
    expect(await grantAdminByEmail(`missing-${Date.now()}@example.com`, "npm run admin:grant")).toBe("unknown");
    expect(await grantAdminByEmail(user.email, "npm run admin:grant")).toBe("granted");
    expect(await grantAdminByEmail(user.email, "npm run admin:grant")).toBe("already");
    const entry = await db.auditEntry.findFirstOrThrow({ where: { targetId: user.id } });
    expect(entry).toMatchObject({ actorLabel: "npm run admin:grant", before: JSON.stringify({ isPlatformAdmin: false }), after: JSON.stringify({ isPlatformAdmin: true }) });
  });

  test("an empty or unset ADMIN_EMAILS names nobody", () => {
    expect(parseAdminEmails(undefined)).toEqual({ valid: [], invalid: [] });
    expect(parseAdminEmails(" , ")).toEqual({ valid: [], invalid: [] });
  });
});
