/**
 * The audit log of members' changes (issue 10): every change of role and membership
 * writes one entry in its own transaction, and a band's leader reads the band's entries
 * in /settings; nobody else in the band does.
 */
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import * as membershipRoute from "~/routes/api+/band-memberships.$id";
import * as membersRoute from "~/routes/api+/bands.$id.members";
import * as acceptRoute from "~/routes/api+/invitations.accept";
import * as transferRoute from "~/routes/api+/bands.$id.transfer-leadership";
import { loader as settingsLoader } from "~/routes/_app+/settings";
import { body } from "./auth-helpers";
import { bandWithEveryRole, mailedInvite } from "./members-helpers";

type Handler = Parameters<typeof callRoute>[0];
const call = (handler: Handler, method: string, path: string, params: Record<string, string>, cookie: string, json?: unknown) =>
  callRoute(handler, buildRequest(path, { method, cookie, json }), params);

async function entries(bandId: number) {
  const rows = await db.auditEntry.findMany({ where: { bandId }, orderBy: { id: "asc" } });
  return rows.map((row) => ({ action: row.action, actorId: row.actorId, target: row.targetLabel, before: row.before && JSON.parse(row.before), after: row.after && JSON.parse(row.after) }));
}

describe("members' changes are audited", () => {
  test("role change, removal, leaving, leadership transfer and joining by invitation each write one entry with before and after", async () => {
    const world = await bandWithEveryRole("Audit Band");
    const { band, users, memberships, cookies } = world;

    // A role change (and a change that is not one writes nothing).
    expect((await call(membershipRoute.action, "PATCH", `/api/band-memberships/${memberships.band_member}`, { id: String(memberships.band_member) }, cookies.band_leader, { role: "band_admin" })).status).toBe(200);
    expect((await call(membershipRoute.action, "PATCH", `/api/band-memberships/${memberships.band_member}`, { id: String(memberships.band_member) }, cookies.band_leader, { displayName: "Bee" })).status).toBe(200);
    // A refused change writes nothing either: an admin cannot touch the leader.
    expect((await call(membershipRoute.action, "PATCH", `/api/band-memberships/${memberships.band_leader}`, { id: String(memberships.band_leader) }, cookies.band_admin, { role: "sub" })).status).toBe(403);
    // A removal.
    expect((await call(membershipRoute.action, "DELETE", `/api/band-memberships/${memberships.sub}`, { id: String(memberships.sub) }, cookies.band_leader)).status).toBeLessThan(300);
    // Leaving (removing yourself).
    expect((await call(membershipRoute.action, "DELETE", `/api/band-memberships/${memberships.band_admin}`, { id: String(memberships.band_admin) }, cookies.band_admin)).status).toBeLessThan(300);
    // Leadership handed over.
    expect((await call(transferRoute.action, "POST", `/api/bands/${band.id}/transfer-leadership`, { id: String(band.id) }, cookies.band_leader, { membershipId: memberships.band_member })).status).toBe(200);
    // Joining by invitation.
    const newcomer = await createUser({ firstName: "Nia", lastName: "New" });
    expect((await call(membersRoute.action, "POST", `/api/bands/${band.id}/members`, { id: String(band.id) }, cookies.band_member, { email: newcomer.email, role: "sub" })).status).toBe(201);
    const { token } = mailedInvite(newcomer.email);
    expect((await call(acceptRoute.action, "POST", "/api/invitations/accept", {}, await sessionCookieFor(newcomer.id), { token })).status).toBe(200);

    expect(await entries(band.id)).toEqual([
      { action: "member.role", actorId: users.band_leader.id, target: "Bea Member", before: { role: "band_member" }, after: { role: "band_admin" } },
      { action: "member.remove", actorId: users.band_leader.id, target: "Cy Sub", before: { role: "sub" }, after: null },
      { action: "member.leave", actorId: users.band_admin.id, target: "Adam Admin", before: { role: "band_admin" }, after: null },
      {
        action: "member.leadership",
        actorId: users.band_leader.id,
        target: "Bee",
        before: { role: "band_admin", formerLeader: "Lena Leader", formerLeaderRole: "band_leader" },
        after: { role: "band_leader", formerLeader: "Lena Leader", formerLeaderRole: "band_admin" },
      },
      { action: "member.join", actorId: newcomer.id, target: "Nia New", before: null, after: { role: "sub", invitation: expect.any(Number) } },
    ]);
  });

  test("a change refused inside its transaction (the last leader) leaves no entry", async () => {
    const { band, memberships, cookies } = await bandWithEveryRole("Lonely Leader Band");
    const refused = await call(membershipRoute.action, "PATCH", `/api/band-memberships/${memberships.band_leader}`, { id: String(memberships.band_leader) }, cookies.band_leader, { role: "band_member" });
    expect(refused.status).toBe(409);
    expect(await entries(band.id)).toEqual([]);
  });
});

describe("a band's audit log in /settings", () => {
  test("its leader sees the band's entries, newest first; admins and members do not get them", async () => {
    const { band, memberships, cookies } = await bandWithEveryRole("Settings Audit Band");
    await call(membershipRoute.action, "PATCH", `/api/band-memberships/${memberships.sub}`, { id: String(memberships.sub) }, cookies.band_leader, { role: "band_member" });
    await call(membershipRoute.action, "PATCH", `/api/band-memberships/${memberships.sub}`, { id: String(memberships.sub) }, cookies.band_leader, { role: "band_admin" });
    // Another band's entry never shows here.
    const other = await bandWithEveryRole("Another Band");
    await call(membershipRoute.action, "PATCH", `/api/band-memberships/${other.memberships.sub}`, { id: String(other.memberships.sub) }, other.cookies.band_leader, { role: "band_member" });

    type Settings = { audit: { total: number; entries: { description: string; actorLabel: string; targetLabel: string; changes: string[] }[] } | null };
    const leader = await body<Settings>(await callRoute(settingsLoader as Handler, buildRequest("/settings", { cookie: cookies.band_leader })));
    expect(leader.audit?.total).toBe(2);
    expect(leader.audit?.entries.map((entry) => [entry.description, entry.targetLabel, entry.changes])).toEqual([
      ["Changed a member's role", "Cy Sub", ["Role: Band Member → Band Admin"]],
      ["Changed a member's role", "Cy Sub", ["Role: Sub → Band Member"]],
    ]);
    expect(leader.audit?.entries[0]?.actorLabel).toContain("Lena Leader");

    for (const cookie of [cookies.band_admin, cookies.band_member]) {
      expect((await body<Settings>(await callRoute(settingsLoader as Handler, buildRequest("/settings", { cookie })))).audit).toBeNull();
    }
    expect(band.id).not.toBe(other.band.id);
  });
});
