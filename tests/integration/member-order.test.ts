/**
 * One member order everywhere members are listed (members page, GET
 * /api/bands/{id}/members, dashboard preview): by role (leader, admin, member, sub,
 * unknown), then by display name.
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { compareMembers, roleRank } from "~/features/members/order";
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
});
