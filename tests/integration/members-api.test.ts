import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, ORIGIN, readOutbox, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { hashToken } from "~/utils/crypto.server";
import { getInvitationByToken, MESSAGES, REPEAT_INVITATION_MS } from "~/features/members/members.server";
import * as membersRoute from "~/routes/api+/bands.$id.members";
import * as membershipRoute from "~/routes/api+/band-memberships.$id";
import * as invitationsRoute from "~/routes/api+/bands.$id.invitations";
import * as invitationRoute from "~/routes/api+/invitations.$id";
import * as resendRoute from "~/routes/api+/invitations.$id.resend";
import * as acceptRoute from "~/routes/api+/invitations.accept";
import * as transferRoute from "~/routes/api+/bands.$id.transfer-leadership";
import { body, cookiePair, CROSS_SITE } from "./auth-helpers";
import { bandWithEveryRole, mailedInvite, otherBand, roleOf, trackedEvents, type World } from "./members-helpers";

const UNAUTHORIZED = { message: "Unauthorized" };
const FORBIDDEN = { message: "You do not have permission to do that" };

type Handler = Parameters<typeof callRoute>[0];

function call(handler: Handler, method: string, path: string, params: Record<string, string>, options: { cookie?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  return callRoute(handler, buildRequest(path, { method, ...options }), params);
}

const listMembers = (bandId: number, cookie?: string) => call(membersRoute.loader, "GET", `/api/bands/${bandId}/members`, { id: String(bandId) }, { cookie });
const inviteApi = (bandId: number, json: unknown, cookie?: string, headers?: Record<string, string>) =>
  call(membersRoute.action, "POST", `/api/bands/${bandId}/members`, { id: String(bandId) }, { cookie, json, headers });
const patch = (id: number | string, json: unknown, cookie?: string) => call(membershipRoute.action, "PATCH", `/api/band-memberships/${id}`, { id: String(id) }, { cookie, json });
const remove = (id: number | string, cookie?: string) => call(membershipRoute.action, "DELETE", `/api/band-memberships/${id}`, { id: String(id) }, { cookie });
const pending = (bandId: number, cookie?: string) => call(invitationsRoute.loader, "GET", `/api/bands/${bandId}/invitations`, { id: String(bandId) }, { cookie });
const revoke = (id: number, cookie?: string) => call(invitationRoute.action, "DELETE", `/api/invitations/${id}`, { id: String(id) }, { cookie });
const resend = (id: number, cookie?: string) => call(resendRoute.action, "POST", `/api/invitations/${id}/resend`, { id: String(id) }, { cookie });
const acceptApi = (json: unknown, cookie?: string) => call(acceptRoute.action, "POST", "/api/invitations/accept", {}, { cookie, json });
const transfer = (bandId: number, json: unknown, cookie?: string) =>
  call(transferRoute.action, "POST", `/api/bands/${bandId}/transfer-leadership`, { id: String(bandId) }, { cookie, json });

let counter = 0;
const freshEmail = () => `api-invitee-${++counter}-${Date.now().toString(36)}@example.com`;

async function invited(world: World, role = "band_member") {
  const email = freshEmail();
  const response = await inviteApi(world.band.id, { email, role }, world.cookies.band_leader);
  expect(response.status).toBe(201);
  const created = await body<{ id: number; inviteUrl: string }>(response);
  return { email, id: created.id, token: mailedInvite(email).token };
}

describe("GET /api/bands/{id}/members", () => {
  test("every member as the spec's member list item, with instruments; any role may read it", async () => {
    const world = await bandWithEveryRole();
    await db.membershipInstrument.create({ data: { membershipId: world.memberships.sub, instrument: "Bass" } });
    for (const cookie of Object.values(world.cookies)) {
      const response = await listMembers(world.band.id, cookie);
      expect(response.status).toBe(200);
      const list = await body<{ membership: { role: string }; user: { email: string } }[]>(response);
      expect(list.map((item) => item.membership.role)).toEqual(["band_leader", "band_admin", "band_member", "sub"]);
    }
    const list = await body<unknown[]>(await listMembers(world.band.id, world.cookies.sub));
    const sub = world.users.sub;
    expect(list[3]).toEqual({
      membership: { id: world.memberships.sub, userId: sub.id, displayName: null, role: "sub", instruments: ["Bass"], version: 1 },
      user: { id: sub.id, firstName: "Cy", lastName: "Sub", email: sub.email },
    });
  });

  test("401 signed out, 404 for another band or a bad id", async () => {
    const world = await bandWithEveryRole();
    expect(await body(await listMembers(world.band.id))).toEqual(UNAUTHORIZED);
    const other = await otherBand();
    expect((await listMembers(other.band.id, world.cookies.band_leader)).status).toBe(404);
    const bad = await call(membersRoute.loader, "GET", "/api/bands/abc/members", { id: "abc" }, { cookie: world.cookies.band_leader });
    expect(bad.status).toBe(404);
  });
});

describe("POST /api/bands/{id}/members (invite)", () => {
  test("201 with the invitation and its one-time link; mailed and tracked", async () => {
    const world = await bandWithEveryRole();
    const email = freshEmail();
    const response = await inviteApi(world.band.id, { email: email.toUpperCase(), role: "sub" }, world.cookies.band_admin);
    expect(response.status).toBe(201);
    const created = await body<Record<string, unknown>>(response);
    expect(created).toEqual({ id: expect.any(Number), email, role: "sub", expiresAt: expect.any(String), inviteUrl: expect.stringMatching(`^${ORIGIN}/invitations/`) });
    expect(mailedInvite(email).url).toBe(created.inviteUrl);
    expect(await trackedEvents("invite_member", world.users.band_admin.id)).toHaveLength(1);
  });

  test("the same invitation sent again within seconds (parallel calls, a retry) is sent once: one link, one mail, 409 for the rest", async () => {
    const world = await bandWithEveryRole();
    const email = freshEmail();
    const responses = await Promise.all(Array.from({ length: 5 }, () => inviteApi(world.band.id, { email, role: "sub" }, world.cookies.band_leader)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const refused = responses.find((r) => r.status === 409)!;
    expect(await body(refused)).toEqual({ message: MESSAGES.justInvited(email) });
    expect(readOutbox().filter((m) => m.to === email)).toHaveLength(1);
    const created = await body<{ inviteUrl: string }>(responses.find((r) => r.status === 201)!);
    expect((await getInvitationByToken(mailedInvite(email).token))?.status).toBe("pending");
    expect(mailedInvite(email).url).toBe(created.inviteUrl);
    // Another role is a new decision: it replaces the invitation. So is the same one later on.
    expect((await inviteApi(world.band.id, { email, role: "band_member" }, world.cookies.band_leader)).status).toBe(201);
    await db.invitation.updateMany({ where: { email }, data: { createdAt: new Date(Date.now() - REPEAT_INVITATION_MS - 1000) } });
    expect((await inviteApi(world.band.id, { email, role: "band_member" }, world.cookies.band_leader)).status).toBe(201);
    expect(readOutbox().filter((m) => m.to === email)).toHaveLength(3);
  });

  test("a band sends an address at most 5 invitations an hour, resends included; another band is not held up by it; the refused ones mail nothing", async () => {
    const world = await bandWithEveryRole();
    const email = freshEmail();
    for (const role of ["sub", "band_member", "sub", "band_member", "sub"]) expect((await inviteApi(world.band.id, { email, role }, world.cookies.band_leader)).status).toBe(201);
    const refused = await inviteApi(world.band.id, { email, role: "band_member" }, world.cookies.band_leader);
    expect(refused.status).toBe(429);
    expect((await body<{ message: string }>(refused)).message).toMatch(new RegExp(`^Too many invitations have gone to ${email.replace(/[.+]/g, "\\$&")} this hour\\. Please wait \\d+ minutes and try again\\.$`));
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    const { id } = await db.invitation.findFirstOrThrow({ where: { email, revokedAt: null }, select: { id: true } });
    // Mailed a minute ago, not "a moment": the resend meets the hourly limit.
    await db.invitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() + 7 * 86_400_000 - 60_000) } });
    expect((await resend(id, world.cookies.band_leader)).status).toBe(429);
    expect(readOutbox().filter((m) => m.to === email)).toHaveLength(5);
    // The live invitation is the fifth, untouched; another address is not held up, nor is
    // another band inviting the same person (a throwaway band's five cannot block a real one).
    expect(await db.invitation.findUniqueOrThrow({ where: { id }, select: { role: true } })).toEqual({ role: "sub" });
    expect((await inviteApi(world.band.id, { email: freshEmail(), role: "sub" }, world.cookies.band_leader)).status).toBe(201);
    const real = await bandWithEveryRole("The Real Band");
    expect((await inviteApi(real.band.id, { email, role: "sub" }, real.cookies.band_leader)).status).toBe(201);
  });

  test("an address gets at most 20 invitations an hour from all bands together", async () => {
    const email = freshEmail();
    const bands = await Promise.all(Array.from({ length: 5 }, (_, i) => bandWithEveryRole(`Band ${i}`)));
    let sent = 0;
    for (const world of bands) {
      for (const role of ["sub", "band_member", "sub", "band_member"]) {
        expect((await inviteApi(world.band.id, { email, role }, world.cookies.band_leader)).status).toBe(201);
        sent++;
      }
    }
    expect(sent).toBe(20);
    const sixth = await bandWithEveryRole("One Too Many");
    expect((await inviteApi(sixth.band.id, { email, role: "sub" }, sixth.cookies.band_leader)).status).toBe(429);
    expect(readOutbox().filter((m) => m.to === email)).toHaveLength(20);
  });

  test.each([
    ["a bad email and role", { email: "nope", role: "owner" }, { email: ["Invalid email address"], role: ["Choose a role"] }],
    ["missing fields", {}, { email: ["Invalid email address"], role: ["Choose a role"] }],
    ["an unknown field", { email: "x@example.com", role: "sub", note: "hi" }, { note: ["Unknown field"] }],
  ])("400 with field errors for %s", async (_, json, errors) => {
    const world = await bandWithEveryRole();
    const response = await inviteApi(world.band.id, json, world.cookies.band_leader);
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message: "Invalid request", errors });
  });

  test("400 for someone already in the band", async () => {
    const world = await bandWithEveryRole();
    const email = world.users.sub.email;
    const response = await inviteApi(world.band.id, { email, role: "sub" }, world.cookies.band_leader);
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message: "Invalid request", errors: { email: [`${email} is already a member of this band`] } });
  });

  test("401 signed out, 403 for members, subs and an admin inviting a leader, 404 for another band, 403 cross-site", async () => {
    const world = await bandWithEveryRole();
    const json = { email: freshEmail(), role: "band_member" };
    expect((await inviteApi(world.band.id, json)).status).toBe(401);
    for (const as of ["band_member", "sub"] as const) {
      const response = await inviteApi(world.band.id, json, world.cookies[as]);
      expect(response.status).toBe(403);
      expect(await body(response)).toEqual(FORBIDDEN);
    }
    const leader = await inviteApi(world.band.id, { ...json, role: "band_leader" }, world.cookies.band_admin);
    expect(leader.status).toBe(403);
    expect(await body(leader)).toEqual({ message: MESSAGES.onlyLeadersMakeLeaders });
    const other = await otherBand();
    expect((await inviteApi(other.band.id, json, world.cookies.band_leader)).status).toBe(404);
    expect((await inviteApi(world.band.id, json, world.cookies.band_leader, CROSS_SITE)).status).toBe(403);
    expect(await db.invitation.count({ where: { email: json.email } })).toBe(0);
  });

  test("405 for other methods", async () => {
    const world = await bandWithEveryRole();
    const response = await call(membersRoute.action, "PUT", `/api/bands/${world.band.id}/members`, { id: String(world.band.id) }, { cookie: world.cookies.band_leader });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
  });
});

describe("PATCH /api/band-memberships/{id}", () => {
  test("an admin's change already on its way when they are demoted is not applied after the demotion", async () => {
    const world = await bandWithEveryRole();
    const { updateMembership, removeMember } = await import("~/features/members/members.server");
    const band = await db.band.findUniqueOrThrow({ where: { id: world.band.id } });
    const user = await db.user.findUniqueOrThrow({ where: { id: world.users.band_admin.id } });
    // The request read the admin's role, then the leader's demotion landed before its write.
    const actor = { user, band, membership: { id: world.memberships.band_admin, role: "band_admin" } } as unknown as Parameters<typeof updateMembership>[0];
    expect((await patch(world.memberships.band_admin, { role: "band_member" }, world.cookies.band_leader)).status).toBe(200);
    await expect(updateMembership(actor, world.memberships.sub, { role: "band_member" })).rejects.toMatchObject({ status: 403 });
    await expect(removeMember(actor, world.memberships.sub)).rejects.toMatchObject({ status: 403 });
    expect(await roleOf(world.memberships.sub)).toBe("sub");
  });

  test("200 with the updated member; your own name and instruments are yours", async () => {
    const world = await bandWithEveryRole();
    const response = await patch(world.memberships.sub, { displayName: " Cy ", instruments: ["drums", "Percussion", ""] }, world.cookies.sub);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      membership: { id: world.memberships.sub, userId: world.users.sub.id, displayName: "Cy", role: "sub", instruments: ["Drums", "Percussion"], version: 2 },
      user: { id: world.users.sub.id, firstName: "Cy", lastName: "Sub", email: world.users.sub.email },
    });
    // Only what is sent changes; null clears the display name.
    const cleared = await body<{ membership: { displayName: string | null; instruments: string[] } }>(await patch(world.memberships.sub, { displayName: null }, world.cookies.sub));
    expect(cleared.membership).toMatchObject({ displayName: null, instruments: ["Drums", "Percussion"] });
    // The member as read, sent back with a new name: your own role unchanged is no change of role.
    const asRead = await patch(world.memberships.band_member, { role: "band_member", displayName: "Caz" }, world.cookies.band_member);
    expect(asRead.status).toBe(200);
    expect((await body<{ membership: { displayName: string; role: string } }>(asRead)).membership).toMatchObject({ displayName: "Caz", role: "band_member" });
    // Another role is still refused, and nothing of that change is saved.
    expect((await patch(world.memberships.band_member, { role: "band_admin", displayName: "Boss" }, world.cookies.band_member)).status).toBe(403);
    expect(await db.bandMembership.findUniqueOrThrow({ where: { id: world.memberships.band_member }, select: { role: true, displayName: true } })).toEqual({ role: "band_member", displayName: "Caz" });
  });

  test("a leader changes roles; an admin may not touch a leader or make one; members may not", async () => {
    const world = await bandWithEveryRole();
    expect((await patch(world.memberships.band_member, { role: "band_admin" }, world.cookies.band_leader)).status).toBe(200);
    expect(await roleOf(world.memberships.band_member)).toBe("band_admin");

    const touch = await patch(world.memberships.band_leader, { displayName: "Boss" }, world.cookies.band_admin);
    expect(touch.status).toBe(403);
    expect(await body(touch)).toEqual({ message: MESSAGES.adminTouchesLeader });
    expect((await patch(world.memberships.sub, { role: "band_leader" }, world.cookies.band_admin)).status).toBe(403);
    expect((await patch(world.memberships.band_admin, { role: "sub" }, world.cookies.sub)).status).toBe(403);
    expect((await patch(world.memberships.sub, { role: "band_admin" }, world.cookies.sub)).status).toBe(403);
    expect(await roleOf(world.memberships.sub)).toBe("sub");
  });

  test("409 for demoting the last leader", async () => {
    const world = await bandWithEveryRole();
    const response = await patch(world.memberships.band_leader, { role: "band_member" }, world.cookies.band_leader);
    expect(response.status).toBe(409);
    expect(await body(response)).toEqual({ message: MESSAGES.lastLeader });
  });

  test("409 for a change made from an older version: the member as someone else saved them stays", async () => {
    const world = await bandWithEveryRole();
    const read = await body<{ membership: { version: number } }>(await patch(world.memberships.band_member, { instruments: ["Bass"] }, world.cookies.band_leader));
    // The leader makes them a sub; the admin, still on the version before, changes their instruments.
    expect((await patch(world.memberships.band_member, { role: "sub", version: read.membership.version }, world.cookies.band_leader)).status).toBe(200);
    const stale = await patch(world.memberships.band_member, { role: "band_member", instruments: ["Bass guitar"], version: read.membership.version }, world.cookies.band_admin);
    expect(stale.status).toBe(409);
    // "Here they are as saved now": the member as saved comes with it, version and all, to make the change again from.
    expect(await body(stale)).toEqual({
      message: MESSAGES.stale,
      member: expect.objectContaining({ membership: expect.objectContaining({ id: world.memberships.band_member, role: "sub", instruments: ["Bass"], version: read.membership.version + 1 }) }),
    });
    const now = await db.bandMembership.findUniqueOrThrow({ where: { id: world.memberships.band_member }, include: { instruments: true } });
    expect(now).toMatchObject({ role: "sub", version: read.membership.version + 1 });
    expect(now.instruments.map((row) => row.instrument)).toEqual(["Bass"]);
    expect((await patch(world.memberships.band_member, { version: "x" }, world.cookies.band_admin)).status).toBe(400);
  });

  test("400 for an empty or unknown body, with field errors", async () => {
    const world = await bandWithEveryRole();
    const empty = await patch(world.memberships.sub, {}, world.cookies.sub);
    expect(empty.status).toBe(400);
    expect(await body(empty)).toEqual({ message: "Invalid request", errors: { body: ["Send at least one of role, displayName or instruments"] } });
    const unknown = await patch(world.memberships.sub, { nickname: "Cy" }, world.cookies.sub);
    expect(await body(unknown)).toEqual({ message: "Invalid request", errors: { nickname: ["Unknown field"] } });
    const bad = await patch(world.memberships.sub, { role: "owner", instruments: "Bass" }, world.cookies.sub);
    expect(await body(bad)).toEqual({ message: "Invalid request", errors: { role: ["Choose a role"], instruments: ["Instruments must be a list"] } });
  });

  test("401 signed out; 404 for another band's membership, an unknown or malformed id", async () => {
    const world = await bandWithEveryRole();
    expect(await body(await patch(world.memberships.sub, { displayName: "x" }))).toEqual(UNAUTHORIZED);
    const other = await otherBand();
    for (const id of [other.membershipId, 999_999, "abc"]) {
      const response = await patch(id, { displayName: "Hijacked" }, world.cookies.band_leader);
      expect(response.status, String(id)).toBe(404);
      expect(await body(response)).toEqual({ message: "Member not found" });
    }
    expect((await db.bandMembership.findUniqueOrThrow({ where: { id: other.membershipId } })).displayName).toBeNull();
  });
});

describe("DELETE /api/band-memberships/{id}", () => {
  test("204 removing a member; 403 when the role may not; 404 outside the band", async () => {
    const world = await bandWithEveryRole();
    expect((await remove(world.memberships.band_leader, world.cookies.band_admin)).status).toBe(403);
    expect((await remove(world.memberships.sub, world.cookies.band_member)).status).toBe(403);
    const other = await otherBand();
    expect((await remove(other.membershipId, world.cookies.band_leader)).status).toBe(404);
    expect((await remove(world.memberships.sub)).status).toBe(401);
    const response = await remove(world.memberships.sub, world.cookies.band_admin);
    expect(response.status).toBe(204);
    expect(await roleOf(world.memberships.sub)).toBeNull();
  });

  test("your own membership is leaving; the only leader gets 409", async () => {
    const world = await bandWithEveryRole();
    expect((await remove(world.memberships.band_member, world.cookies.band_member)).status).toBe(204);
    expect(await roleOf(world.memberships.band_member)).toBeNull();
    const refused = await remove(world.memberships.band_leader, world.cookies.band_leader);
    expect(refused.status).toBe(409);
    expect(await body(refused)).toEqual({ message: MESSAGES.soleLeaderLeaves });
  });

  test("405 for GET", async () => {
    const world = await bandWithEveryRole();
    const response = await call(membershipRoute.loader, "GET", `/api/band-memberships/${world.memberships.sub}`, { id: String(world.memberships.sub) }, { cookie: world.cookies.sub });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("PATCH, DELETE");
  });
});

describe("invitations", () => {
  test("GET lists pending invitations for leaders and admins; 403 for members; 404 outside", async () => {
    const world = await bandWithEveryRole();
    const { email, id } = await invited(world, "sub");
    const response = await pending(world.band.id, world.cookies.band_admin);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual([
      { id, email, role: "sub", expiresAt: expect.any(String), createdAt: expect.any(String), invitedBy: "Lena Leader" },
    ]);
    // The inviter by the name the band knows them by, as the invitation mail named them.
    await db.bandMembership.update({ where: { id: world.memberships.band_leader }, data: { displayName: "Lena on keys" } });
    expect(await body(await pending(world.band.id, world.cookies.band_admin))).toMatchObject([{ id, invitedBy: "Lena on keys" }]);
    expect((await pending(world.band.id, world.cookies.band_member)).status).toBe(403);
    expect((await pending(world.band.id)).status).toBe(401);
    const other = await otherBand();
    expect((await pending(other.band.id, world.cookies.band_leader)).status).toBe(404);
  });

  test("DELETE revokes (204), then 409; 404 for another band's; 403 for an admin and a leader's invitation", async () => {
    const world = await bandWithEveryRole();
    const { id, token } = await invited(world);
    expect((await revoke(id, world.cookies.band_member)).status).toBe(403);
    expect((await revoke(id, world.cookies.band_admin)).status).toBe(204);
    expect((await getInvitationByToken(token))?.status).toBe("revoked");
    const again = await revoke(id, world.cookies.band_admin);
    expect(again.status).toBe(409);
    expect(await body(again)).toEqual({ message: MESSAGES.invitationNotPending });

    const leaderInvite = await invited(world, "band_leader");
    expect((await revoke(leaderInvite.id, world.cookies.band_admin)).status).toBe(403);
    const other = await otherBand();
    const theirs = await db.invitation.create({
      data: { bandId: other.band.id, email: freshEmail(), role: "sub", tokenHash: hashToken(`t-${counter}`), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const response = await revoke(theirs.id, world.cookies.band_leader);
    expect(response.status).toBe(404);
    expect(await body(response)).toEqual({ message: "Invitation not found" });
  });

  test("POST resend: a fresh link, the old one dead", async () => {
    const world = await bandWithEveryRole();
    const { id, email, token } = await invited(world);
    // Straight after the invitation's mail: refused, and the first link keeps working.
    const early = await resend(id, world.cookies.band_leader);
    expect(early.status).toBe(409);
    expect((await body<{ message: string }>(early)).message).toBe(`A link was mailed to ${email} a moment ago: that mail's link works. Try again in half a minute for a new one.`);
    expect((await getInvitationByToken(token))?.status).toBe("pending");
    // Mailed a minute ago.
    await db.invitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() + 7 * 86_400_000 - 60_000) } });
    const response = await resend(id, world.cookies.band_leader);
    expect(response.status).toBe(200);
    const created = await body<{ inviteUrl: string; email: string }>(response);
    expect(created.email).toBe(email);
    expect(mailedInvite(email).url).toBe(created.inviteUrl);
    expect((await getInvitationByToken(token))?.status).toBe("replaced");
    expect((await resend(id, world.cookies.sub)).status).toBe(403);
  });

  test("POST accept: joins (200), sets the band; 409 used or already a member; 404 unknown; 400 without a token; 401 signed out", async () => {
    const world = await bandWithEveryRole();
    const { token } = await invited(world, "sub");
    const newcomer = await createUser();
    const cookie = await sessionCookieFor(newcomer.id);
    expect((await acceptApi({ token })).status).toBe(401);
    const missing = await acceptApi({}, cookie);
    expect(missing.status).toBe(400);
    expect(await body(missing)).toEqual({ message: "Invalid request", errors: { token: ["Token is required"] } });
    expect((await acceptApi({ token: "unknown" }, cookie)).status).toBe(404);

    const response = await acceptApi({ token }, cookie);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ band: { id: world.band.id, name: world.band.name }, membership: { id: expect.any(Number), role: "sub" } });
    expect(cookiePair(response, "bandroom_band")).toBeTruthy();
    expect(await trackedEvents("join_band", newcomer.id)).toHaveLength(1);

    const twice = await acceptApi({ token }, cookie);
    expect(twice.status).toBe(409);
    expect(await body(twice)).toEqual({ message: `You're already a member of ${world.band.name}` });
    const late = await createUser();
    expect((await acceptApi({ token }, await sessionCookieFor(late.id))).status).toBe(409);
  });

  test("revoked and accepted at the same moment: one of them wins, and the other is told (never withdrawn after the person joined)", async () => {
    for (let round = 0; round < 4; round++) {
      const world = await bandWithEveryRole();
      const { token, id } = await invited(world);
      const newcomer = await createUser();
      const [revoked, accepted] = await Promise.all([revoke(id, world.cookies.band_leader), acceptApi({ token }, await sessionCookieFor(newcomer.id))]);
      expect([revoked.status, accepted.status].sort()).toEqual(revoked.status === 204 ? [204, 409] : [200, 409]);
      const row = await db.invitation.findUniqueOrThrow({ where: { id }, select: { acceptedAt: true, revokedAt: true } });
      const joined = await db.bandMembership.count({ where: { bandId: world.band.id, userId: newcomer.id } });
      expect(row.acceptedAt !== null && row.revokedAt !== null, "both accepted and withdrawn").toBe(false);
      expect(joined).toBe(row.acceptedAt ? 1 : 0);
    }
  });

  test("POST accept: 409 after 7 days", async () => {
    const world = await bandWithEveryRole();
    const { token, id } = await invited(world);
    await db.invitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const user = await createUser();
    const response = await acceptApi({ token }, await sessionCookieFor(user.id));
    expect(response.status).toBe(409);
    expect((await body<{ message: string }>(response)).message).toMatch(/^This invitation expired on /);
  });
});

describe("POST /api/bands/{id}/transfer-leadership", () => {
  test("200: the member leads, the old leader is an admin", async () => {
    const world = await bandWithEveryRole();
    const response = await transfer(world.band.id, { membershipId: world.memberships.band_member }, world.cookies.band_leader);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ membership: { id: world.memberships.band_member, role: "band_leader" } });
    expect(await roleOf(world.memberships.band_leader)).toBe("band_admin");
  });

  test("403 for an admin, 400 for a bad body or yourself, 404 for another band's member, 401 signed out", async () => {
    const world = await bandWithEveryRole();
    expect((await transfer(world.band.id, { membershipId: world.memberships.sub }, world.cookies.band_admin)).status).toBe(403);
    expect((await transfer(world.band.id, { membershipId: world.memberships.sub })).status).toBe(401);
    const bad = await transfer(world.band.id, { membershipId: "x" }, world.cookies.band_leader);
    expect(await body(bad)).toEqual({ message: "Invalid request", errors: { membershipId: ["Choose a member"] } });
    const self = await transfer(world.band.id, { membershipId: world.memberships.band_leader }, world.cookies.band_leader);
    expect(self.status).toBe(400);
    expect(await body(self)).toEqual({ message: "Invalid request", errors: { membershipId: [MESSAGES.transferToSelf] } });
    const other = await otherBand();
    expect((await transfer(world.band.id, { membershipId: other.membershipId }, world.cookies.band_leader)).status).toBe(404);
    expect(await roleOf(world.memberships.band_leader)).toBe("band_leader");
  });
});
