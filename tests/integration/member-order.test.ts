/**
 * One member order everywhere members are listed (members page, GET
 * /api/bands/{id}/members, dashboard preview): by role (leader, admin, member, sub,
 * unknown), then by display name.
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { compareMembers, roleRank } from "~/features/members/order";
import { removeMember, transferLeadership, updateMembership } from "~/features/members/members.server";
import { deleteAccount, updateProfile } from "~/features/auth/account.server";
import { requireBandAccess } from "~/features/bands/access.server";
import { resolveInitials } from "~/utils/names";
import { db } from "~/utils/db.server";
import * as membersApi from "~/routes/api+/bands.$id.members";
import * as membersPage from "~/routes/_app+/members";
import * as dashboardPage from "~/routes/_app+/dashboard";

// Joining order puts a sub before an admin, and names alone would too.
const JOINED = [
  { firstName: "Mia", role: "band_member" },
  { firstName: "Aaron", role: "sub" },
  { firstName: "Zed", role: "band_admin" },
  { firstName: "Lee", role: "band_leader" },
  { firstName: "Bob", role: "roadie" },
  { firstName: "Abe", role: "band_admin" },
];
const EXPECTED = ["Lee", "Abe", "Zed", "Mia", "Aaron", "Bob"];

async function band() {
  const users: Awaited<ReturnType<typeof createUser>>[] = [];
  for (const member of JOINED) users.push(await createUser({ firstName: member.firstName, lastName: null }));
  const created = await createBand({ members: JOINED.map((member, index) => ({ userId: users[index]!.id, role: member.role })) });
  const leader = users[JOINED.findIndex((member) => member.role === "band_leader")]!;
  const cookie = `${await sessionCookieFor(leader.id)}; ${await bandCookie(created.id)}`;
  return { band: created, cookie };
}

describe("member order", () => {
  test("roleRank: leader, admin, member, sub, then any other role", () => {
    expect(["roadie", "sub", "band_member", "band_admin", "band_leader"].map(roleRank)).toEqual([4, 3, 2, 1, 0]);
    const member = (role: string, firstName: string, position = 0) => ({ position, membership: { role, displayName: null }, user: { firstName, lastName: null, email: "" } });
    expect(compareMembers(member("band_admin", "Zed"), member("sub", "Aaron"))).toBeLessThan(0);
    expect(compareMembers(member("sub", "aaron"), member("sub", "Bea"))).toBeLessThan(0);
  });

  test("the API lists members by role, then by name", async () => {
    const { band: created, cookie } = await band();
    const response = await callRoute(membersApi.loader, buildRequest(`/api/bands/${created.id}/members`, { cookie }), { id: String(created.id) });
    expect(response.status).toBe(200);
    const list = (await response.json()) as { user: { firstName: string } }[];
    expect(list.map((member) => member.user.firstName)).toEqual(EXPECTED);
  });

  test("the members page lists members by role, then by name", async () => {
    const { cookie } = await band();
    const response = await callRoute(membersPage.loader, buildRequest("/members", { cookie }));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { members: { person: { firstName: string } }[] };
    expect(data.members.map((member) => member.person.firstName)).toEqual(EXPECTED);
  });

  test("the dashboard preview shows the first members in the same order, with their joining position", async () => {
    const { cookie } = await band();
    const response = await callRoute(dashboardPage.loader, buildRequest("/dashboard", { cookie }));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { members: { position: number; user: { firstName: string } }[] };
    expect(data.members.map((member) => member.user.firstName)).toEqual(EXPECTED);
    // Avatar colours still come from the joining order.
    expect(data.members.map((member) => member.position)).toEqual([3, 5, 2, 0, 1, 4]);
  });

  // /members reads a page by the order stored on each membership (listRank, joinRank,
  // initials), which every membership write refreshes; it must always be what sorting
  // everyone in memory gives (the API's order, compareMembers) with the initials
  // resolveInitials settles over the band in joining order.
  test("/members pages by the stored order, and renames, role changes, removals and deleted accounts keep it exact", async () => {
    const names = ["Zoë Adams", "zoe adams", "Álvaro 10", "Alvaro 9", "John Smith", "Jane Smith", "Jo Smith", "Mary-Jane", "Mary Jane", "O'Neil", "oneil", "Émile", "emile"];
    const people = Array.from({ length: 56 }, (_, i) => names[i % names.length]! + (i >= names.length ? ` ${i}` : ""));
    const users: Awaited<ReturnType<typeof createUser>>[] = [];
    for (const name of people) users.push(await createUser({ firstName: name.split(" ")[0]!, lastName: name.split(" ").slice(1).join(" ") || null }));
    const roles = ["band_member", "sub", "band_admin", "band_member"];
    const created = await createBand({ members: users.map((user, i) => ({ userId: user.id, role: i === 0 ? "band_leader" : roles[i % roles.length]!, displayName: i % 11 === 5 ? `DJ ${i}` : undefined })) });
    const cookie = `${await sessionCookieFor(users[0]!.id)}; ${await bandCookie(created.id)}`;
    const access = () => requireBandAccess(buildRequest("/members", { cookie }), { band: "current", permission: "band:view" });

    type Row = { id: number; position: number; initials: string };
    const shown = async () => {
      const rows: Row[] = [];
      for (const page of [1, 2]) {
        const response = await callRoute(membersPage.loader, buildRequest(`/members?page=${page}`, { cookie }));
        rows.push(...((await response.json()) as { members: Row[] }).members.map(({ id, position, initials }) => ({ id, position, initials })));
      }
      return rows;
    };
    const expected = async () => {
      const response = await callRoute(membersApi.loader, buildRequest(`/api/bands/${created.id}/members`, { cookie }), { id: String(created.id) });
      const list = ((await response.json()) as { membership: { id: number } }[]).map((member) => member.membership);
      const rows = await db.bandMembership.findMany({ where: { bandId: created.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, displayName: true, user: { select: { firstName: true, lastName: true, email: true } } } });
      const initials = resolveInitials(rows.map((row) => ({ ...row.user, displayName: row.displayName, id: row.id })));
      const position = new Map(rows.map((row, index) => [row.id, index]));
      return list.map((member) => ({ id: member.id, position: position.get(member.id)!, initials: initials.get(member.id)! }));
    };
    const check = async () => expect(await shown()).toEqual(await expected());

    await check();
    expect(new Set((await shown()).map((row) => row.initials)).size).toBe(people.length);
    // A profile name change (every band of the user), a display name, a role.
    await updateProfile(users[30]!.id, { firstName: "Aaliyah", lastName: "", profileImageUrl: "" });
    await check();
    const memberships = await db.bandMembership.findMany({ where: { bandId: created.id }, orderBy: { id: "asc" }, select: { id: true, userId: true } });
    const membershipOf = (index: number) => memberships.find((row) => row.userId === users[index]!.id)!.id;
    await updateMembership(await access(), membershipOf(40), { displayName: "Jane Smith" });
    await check();
    await updateMembership(await access(), membershipOf(41), { role: "band_admin" });
    await check();
    // Someone who joined early leaves: everyone after them moves up in joining order.
    await removeMember(await access(), membershipOf(1));
    await check();
    expect(await deleteAccount(users[2]!.id)).toMatchObject({ status: "deleted" });
    await check();
    await transferLeadership(await access(), membershipOf(3));
    await check();
    expect((await shown()).length).toBe(people.length - 2);
  });

  test("a band whose stored order is missing (rows a script wrote) is sorted in memory, the same page", async () => {
    const { band: created, cookie } = await band();
    await db.bandMembership.updateMany({ where: { bandId: created.id }, data: { listRank: null } });
    const response = await callRoute(membersPage.loader, buildRequest("/members", { cookie }));
    const data = (await response.json()) as { members: { position: number; initials: string; person: { firstName: string } }[] };
    expect(data.members.map((member) => member.person.firstName)).toEqual(EXPECTED);
    expect(data.members.map((member) => member.position)).toEqual([3, 5, 2, 0, 1, 4]);
    // Aaron joined before Abe, so he keeps "A" and Abe gets his first alternative.
    expect(data.members.map((member) => member.initials)).toEqual(["L", "AB", "Z", "M", "A", "B"]);
  });
});
