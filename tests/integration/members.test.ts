import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, clearOutbox, createBand, createUser, ORIGIN, readOutbox, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { hashToken } from "~/utils/crypto.server";
import { getInvitationByToken, invitationProblem, MESSAGES } from "~/features/members/members.server";
import { action, loader } from "~/routes/_app+/members";
import { action as invitationAction } from "~/routes/invitations+/$token";
import { loader as eventLoader } from "~/routes/_app+/events.$id";
import { loader as eventApiLoader } from "~/routes/api+/events.$id";
import { body, clearsCookie, expectNotInBand, expectRedirect, mailsTo, toastOf } from "./auth-helpers";
import { bandWithEveryRole, mailedInvite, membersForm, otherBand, roleOf, trackedEvents, type World } from "./members-helpers";

type ActionBody = {
  intent: string;
  targetId?: number;
  result: { status?: string; error?: Record<string, string[] | null> };
  created?: { email: string; url: string; expires: string; mailed: boolean; resent: boolean };
};

type LoaderBody = {
  manage: number | null;
  revoke: number | null;
  viewer: { manager: boolean; grantableRoles: string[] };
  members: { id: number; role: string; isYou: boolean; initials: string; instruments: string[]; person: { email: string }; can: Record<string, boolean> }[];
  groups: { instrument: string; label: string; memberIds: number[] }[] | null;
  invitations: { id: number; email: string; role: string; manageable: boolean }[];
};

async function post(world: World, as: keyof World["cookies"], form: Record<string, string | string[]>) {
  // The edit panel always sends the version it was opened at: a post here without one
  // sends the current one, as the page would.
  if (form.intent === "update" && !("version" in form) && typeof form.membershipId === "string" && /^\d+$/.test(form.membershipId)) {
    const current = await db.bandMembership.findUnique({ where: { id: Number(form.membershipId) }, select: { version: true } });
    if (current) form = { ...form, version: String(current.version) };
  }
  return callRoute(action, membersForm(world.cookies[as], { bandId: String(world.band.id), ...form }));
}

async function page(cookie: string, search = "") {
  const response = await callRoute(loader, buildRequest(`/members${search}`, { cookie }));
  expect(response.status).toBe(200);
  return body<LoaderBody>(response);
}

const errorsOf = async (response: Response) => (await body<ActionBody>(response)).result.error;

describe("inviting", () => {
  test("a leader invites: a hashed single-use token valid 7 days, a mail with the link, the link shown once, tracked", async () => {
    const world = await bandWithEveryRole();
    const response = await post(world, "band_leader", { intent: "invite", email: " New.Player@Example.com ", role: "sub" });
    expect(response.status).toBe(200);
    const data = await body<ActionBody>(response);
    expect(data.created).toMatchObject({ email: "new.player@example.com", mailed: true, resent: false });
    expect(data.created!.url).toMatch(new RegExp(`^${ORIGIN}/invitations/[A-Za-z0-9_-]{43}$`));

    const { mail, url, token } = mailedInvite("new.player@example.com");
    expect(url).toBe(data.created!.url);
    expect(mail.subject).toBe("Lena Leader invited you to join The Late Shift on Bandroom");
    expect(mail.text).toContain("as Sub");

    const invitation = await db.invitation.findFirstOrThrow({ where: { email: "new.player@example.com" } });
    expect(invitation.tokenHash).toBe(hashToken(token));
    expect(invitation.tokenHash).not.toContain(token);
    expect(invitation).toMatchObject({ role: "sub", bandId: world.band.id, invitedById: world.users.band_leader.id, acceptedAt: null, revokedAt: null });
    const days = (invitation.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    expect(await trackedEvents("invite_member", world.users.band_leader.id)).toEqual([
      { name: "invite_member", userId: world.users.band_leader.id, bandId: world.band.id, properties: JSON.stringify({ role: "sub" }) },
    ]);
  });

  test("an admin invites members, admins and subs but never a leader", async () => {
    const world = await bandWithEveryRole();
    expect((await post(world, "band_admin", { intent: "invite", email: "ok@example.com", role: "band_admin" })).status).toBe(200);
    const refused = await post(world, "band_admin", { intent: "invite", email: "boss@example.com", role: "band_leader" });
    expect(refused.status).toBe(403);
    expect(await errorsOf(refused)).toEqual({ role: ["Only a Band Leader can make someone a Band Leader"] });
    expect(await db.invitation.count({ where: { email: "boss@example.com" } })).toBe(0);
    expect((await page(world.cookies.band_admin)).viewer.grantableRoles).toEqual(["band_admin", "band_member", "sub"]);
    expect((await page(world.cookies.band_leader)).viewer.grantableRoles).toEqual(["band_leader", "band_admin", "band_member", "sub"]);
  });

  test("members and subs may not invite", async () => {
    const world = await bandWithEveryRole();
    for (const as of ["band_member", "sub"] as const) {
      const response = await post(world, as, { intent: "invite", email: `${as}-friend@example.com`, role: "sub" });
      expect(response.status).toBe(403);
      expect((await page(world.cookies[as])).viewer.manager).toBe(false);
    }
    expect(await db.invitation.count({ where: { bandId: world.band.id } })).toBe(0);
  });

  test("someone already in the band is a field error, and a bad address has the spec's message", async () => {
    const world = await bandWithEveryRole();
    clearOutbox();
    const email = world.users.band_member.email;
    const response = await post(world, "band_leader", { intent: "invite", email: email.toUpperCase(), role: "sub" });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({ email: [`${email} is already a member of this band`] });

    const bad = await post(world, "band_leader", { intent: "invite", email: "not-an-email", role: "sub" });
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toEqual({ email: ["Invalid email address"] });
    expect(readOutbox()).toEqual([]);
  });

  test("the invite form sent twice (a double tap without JavaScript) invites once and says so under the address", async () => {
    const world = await bandWithEveryRole();
    const form = { intent: "invite", email: "double@example.com", role: "band_member" };
    expect((await post(world, "band_leader", form)).status).toBe(200);
    const again = await post(world, "band_leader", form);
    expect(again.status).toBe(409);
    expect(await errorsOf(again)).toEqual({ email: [MESSAGES.justInvited("double@example.com")] });
    expect(readOutbox().filter((m) => m.to === "double@example.com")).toHaveLength(1);
    expect((await getInvitationByToken(mailedInvite("double@example.com").token))?.status).toBe("pending");
  });

  test("inviting a pending address again replaces the old invitation and its link", async () => {
    const world = await bandWithEveryRole();
    await post(world, "band_leader", { intent: "invite", email: "twice@example.com", role: "sub" });
    const first = mailedInvite("twice@example.com").token;
    await post(world, "band_leader", { intent: "invite", email: "twice@example.com", role: "band_member" });
    const second = mailedInvite("twice@example.com").token;
    expect(second).not.toBe(first);
    expect((await getInvitationByToken(first))?.status).toBe("revoked");
    expect((await getInvitationByToken(second))?.status).toBe("pending");
    const pending = (await page(world.cookies.band_leader)).invitations;
    expect(pending.map((i) => [i.email, i.role])).toEqual([["twice@example.com", "band_member"]]);
  });

  test("pending invitations are listed for those who manage, never for members", async () => {
    const world = await bandWithEveryRole();
    await post(world, "band_leader", { intent: "invite", email: "future-boss@example.com", role: "band_leader" });
    await post(world, "band_admin", { intent: "invite", email: "future-sub@example.com", role: "sub" });
    const expired = await db.invitation.create({
      data: { bandId: world.band.id, email: "old@example.com", role: "sub", tokenHash: hashToken("old"), expiresAt: new Date(Date.now() - 1000) },
    });
    const leaderView = (await page(world.cookies.band_leader)).invitations;
    expect(leaderView.map((i) => i.email)).toEqual(["future-sub@example.com", "future-boss@example.com"]);
    expect(leaderView.every((i) => i.manageable)).toBe(true);
    expect(leaderView.some((i) => i.id === expired.id)).toBe(false);
    // An admin sees the leader invitation but cannot touch it.
    expect((await page(world.cookies.band_admin)).invitations.map((i) => [i.email, i.manageable])).toEqual([
      ["future-sub@example.com", true],
      ["future-boss@example.com", false],
    ]);
    expect((await page(world.cookies.band_member)).invitations).toEqual([]);
  });
});

describe("revoke and resend", () => {
  async function invited(world: World, role = "sub") {
    const email = `pending-${role}-${world.band.id}@example.com`;
    await post(world, "band_leader", { intent: "invite", email, role });
    const { token } = mailedInvite(email);
    const invitation = await db.invitation.findFirstOrThrow({ where: { email } });
    return { token, invitation, email };
  }

  test("revoking stops the link and takes it off the list", async () => {
    const world = await bandWithEveryRole();
    const { token, invitation, email } = await invited(world);
    const response = await post(world, "band_admin", { intent: "revoke", invitationId: String(invitation.id) });
    expectRedirect(response, "/members#pending");
    expect(await toastOf(response)).toEqual({ title: "Invitation withdrawn", description: `The link sent to ${email} no longer works.`, type: "default" });
    expect((await getInvitationByToken(token))?.status).toBe("revoked");
    expect((await page(world.cookies.band_leader)).invitations).toEqual([]);
    // Twice (a double tap, another tab): its row is gone, so the page says so in a toast, and nothing changes.
    const again = await post(world, "band_admin", { intent: "revoke", invitationId: String(invitation.id) });
    expectRedirect(again, "/members#pending");
    expect(await toastOf(again)).toEqual({ title: "Nothing changed", description: `${MESSAGES.invitationNotPending}: it was accepted or withdrawn since this page was opened.`, type: "destructive" });
    const resent = await post(world, "band_admin", { intent: "resend", invitationId: String(invitation.id) });
    expect(await toastOf(resent)).toMatchObject({ title: "Nothing was sent", type: "destructive" });
    expect(mailsTo(email)).toHaveLength(1);
  });

  test("resending mails a fresh link valid 7 more days; the old link stops working", async () => {
    const world = await bandWithEveryRole();
    const { token, invitation, email } = await invited(world);
    await db.invitation.update({ where: { id: invitation.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    const response = await post(world, "band_leader", { intent: "resend", invitationId: String(invitation.id) });
    expect(response.status).toBe(200);
    const data = await body<ActionBody>(response);
    expect(data.created).toMatchObject({ email, resent: true, mailed: true });
    const fresh = mailedInvite(email);
    expect(fresh.url).toBe(data.created!.url);
    expect(fresh.token).not.toBe(token);
    // The old link is told apart from a mistyped one: its page says a newer one was sent.
    const replaced = await getInvitationByToken(token);
    expect(replaced?.status).toBe("replaced");
    expect(invitationProblem(replaced)).toBe("This invitation link was replaced by a newer one. Use the link in the latest mail from Lena Leader, or ask them to send it again.");
    const renewed = await getInvitationByToken(fresh.token);
    expect(renewed?.status).toBe("pending");
    expect(renewed!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
    // Pressed again a moment later (a double tap, two tabs): no second mail, so the link
    // just mailed keeps working.
    const twice = await post(world, "band_leader", { intent: "resend", invitationId: String(invitation.id) });
    expect(twice.status).toBe(409);
    expect(await errorsOf(twice)).toEqual({ "": [MESSAGES.justSent(email)] });
    expect((await getInvitationByToken(fresh.token))?.status).toBe("pending");
  });

  test("an admin cannot revoke or resend a leader's invitation; members cannot at all; other bands' are not found", async () => {
    const world = await bandWithEveryRole();
    const { invitation } = await invited(world, "band_leader");
    for (const intent of ["revoke", "resend"]) {
      const response = await post(world, "band_admin", { intent, invitationId: String(invitation.id) });
      expect(response.status, intent).toBe(403);
      expect(await errorsOf(response)).toEqual({ "": [MESSAGES.adminTouchesLeaderInvitation] });
      expect((await post(world, "band_member", { intent, invitationId: String(invitation.id) })).status).toBe(403);
    }
    // Nor withdraw it by inviting the same address again, as anything.
    const again = await post(world, "band_admin", { intent: "invite", email: invitation.email, role: "sub" });
    expect(again.status).toBe(403);
    expect(await errorsOf(again)).toEqual({ "": [MESSAGES.adminTouchesLeaderInvitation] });
    expect(await db.invitation.findMany({ where: { bandId: world.band.id, email: invitation.email }, select: { role: true, revokedAt: true } })).toEqual([
      { role: "band_leader", revokedAt: null },
    ]);
    const other = await otherBand();
    const theirs = await db.invitation.create({
      data: { bandId: other.band.id, email: "x@example.com", role: "sub", tokenHash: hashToken("theirs"), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect((await post(world, "band_leader", { intent: "revoke", invitationId: String(theirs.id) })).status).toBe(404);
    expect((await db.invitation.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeNull();
  });
});

describe("changing members", () => {
  test("anyone edits their own display name and instruments, but not their role", async () => {
    const world = await bandWithEveryRole();
    const id = String(world.memberships.sub);
    const response = await post(world, "sub", {
      intent: "update",
      membershipId: id,
      displayName: "  Cy  the Sub ",
      "instruments[0]": "bass",
      "instruments[1]": "",
      "instruments[2]": "Keytar",
      "instruments[3]": "BASS",
    });
    expectRedirect(response, `/members#member-${id}`);
    expect(await toastOf(response)).toEqual({ title: "Changes saved", description: "Your details are up to date.", type: "default" });
    const me = (await page(world.cookies.sub)).members.find((m) => m.isYou)!;
    expect(me.instruments).toEqual(["Bass", "Keytar"]);
    expect((await db.bandMembership.findUniqueOrThrow({ where: { id: world.memberships.sub } })).displayName).toBe("Cy the Sub");

    const promote = await post(world, "sub", { intent: "update", membershipId: id, role: "band_leader" });
    expect(promote.status).toBe(403);
    expect(await roleOf(world.memberships.sub)).toBe("sub");

    // An emptied form clears the display name and the instruments.
    expectRedirect(await post(world, "sub", { intent: "update", membershipId: id, displayName: "" }), `/members#member-${id}`);
    const cleared = await db.bandMembership.findUniqueOrThrow({ where: { id: world.memberships.sub }, select: { displayName: true, instruments: true } });
    expect(cleared).toEqual({ displayName: null, instruments: [] });
  });

  test("a manage panel saved after someone else's change to that member is refused; the panel shows what is saved now", async () => {
    const world = await bandWithEveryRole();
    const id = String(world.memberships.band_member);
    const opened = (await page(world.cookies.band_leader, `?manage=${id}`)).members.find((m) => m.id === world.memberships.band_member)! as unknown as { version: number };
    // The leader makes them a sub; the admin, on the panel opened before, changes only the instrument.
    expectRedirect(await post(world, "band_leader", { intent: "update", membershipId: id, role: "sub", version: String(opened.version) }), `/members#member-${id}`);
    const stale = await post(world, "band_admin", { intent: "update", membershipId: id, role: "band_member", "instruments[0]": "Bass guitar", version: String(opened.version) });
    expect(stale.status).toBe(409);
    const reply = await body<ActionBody>(stale);
    expect(reply.result.error?.[""]).toEqual([MESSAGES.stale]);
    expect((reply.result as { initialValue?: unknown }).initialValue).toBeNull();
    expect(await roleOf(world.memberships.band_member)).toBe("sub");
    // A version that is not one (a tampered form) is refused as stale, not a pass.
    expect((await post(world, "band_leader", { intent: "update", membershipId: id, role: "band_member", version: "abc" })).status).toBe(409);
    // Nor is a post without one: it would have skipped the check and, its fields missing, cleared the name and instruments.
    const withoutVersion = membersForm(world.cookies.band_leader, { bandId: String(world.band.id), intent: "update", membershipId: id, role: "band_member" });
    expect((await callRoute(action, withoutVersion)).status).toBe(409);
    expect(await roleOf(world.memberships.band_member)).toBe("sub");
  });

  test("members cannot edit anyone else", async () => {
    const world = await bandWithEveryRole();
    const response = await post(world, "band_member", { intent: "update", membershipId: String(world.memberships.sub), displayName: "Renamed" });
    expect(response.status).toBe(403);
    expect((await body<ActionBody>(response)).targetId).toBe(world.memberships.sub);
    expect((await db.bandMembership.findUniqueOrThrow({ where: { id: world.memberships.sub } })).displayName).toBeNull();
  });

  test("instrument and display name limits are field errors", async () => {
    const world = await bandWithEveryRole();
    const id = String(world.memberships.band_member);
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`instruments[${i}]`, `Horn ${i}`]));
    const tooMany = await post(world, "band_member", { intent: "update", membershipId: id, ...nine });
    expect(tooMany.status).toBe(400);
    expect(await errorsOf(tooMany)).toEqual({ instruments: ["List up to 8 instruments"] });
    const tooLong = await post(world, "band_member", { intent: "update", membershipId: id, "instruments[1]": "x".repeat(41), displayName: "y".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect(await errorsOf(tooLong)).toEqual({
      "instruments[1]": ["Keep each instrument to 40 characters or fewer"],
      displayName: ["Display name must be 50 characters or fewer"],
    });
  });

  test("a leader changes roles, including making another leader", async () => {
    const world = await bandWithEveryRole();
    const response = await post(world, "band_leader", { intent: "update", membershipId: String(world.memberships.band_member), role: "band_admin" });
    expectRedirect(response, `/members#member-${world.memberships.band_member}`);
    expect(await roleOf(world.memberships.band_member)).toBe("band_admin");
    expectRedirect(await post(world, "band_leader", { intent: "update", membershipId: String(world.memberships.sub), role: "band_leader" }), `/members#member-${world.memberships.sub}`);
    expect(await roleOf(world.memberships.sub)).toBe("band_leader");
  });

  test("an admin never touches a leader nor makes one", async () => {
    const world = await bandWithEveryRole();
    const leader = String(world.memberships.band_leader);
    for (const form of [{ role: "band_member" }, { displayName: "Boss" }] as Record<string, string>[]) {
      const response = await post(world, "band_admin", { intent: "update", membershipId: leader, ...form });
      expect(response.status).toBe(403);
      expect(await errorsOf(response)).toEqual({ "": [MESSAGES.adminTouchesLeader] });
    }
    const makeLeader = await post(world, "band_admin", { intent: "update", membershipId: String(world.memberships.sub), role: "band_leader" });
    expect(makeLeader.status).toBe(403);
    expect(await errorsOf(makeLeader)).toEqual({ role: [MESSAGES.onlyLeadersMakeLeaders] });
    expect(await roleOf(world.memberships.sub)).toBe("sub");
    // Between themselves and below, admins manage freely.
    expectRedirect(await post(world, "band_admin", { intent: "update", membershipId: String(world.memberships.sub), role: "band_member", displayName: "Cyrus" }), `/members#member-${world.memberships.sub}`);
    expect(await roleOf(world.memberships.sub)).toBe("band_member");

    const view = await page(world.cookies.band_admin);
    const leaderRow = view.members.find((m) => m.role === "band_leader")!;
    expect(leaderRow.can).toEqual({ edit: false, changeRole: false, remove: false, transfer: false });
    expect(view.members.find((m) => m.id === world.memberships.sub)!.can).toEqual({ edit: true, changeRole: true, remove: true, transfer: false });
  });

  test("the last leader cannot be demoted; with a second leader they can step down", async () => {
    const world = await bandWithEveryRole();
    const leader = String(world.memberships.band_leader);
    const refused = await post(world, "band_leader", { intent: "update", membershipId: leader, role: "band_admin" });
    expect(refused.status).toBe(409);
    // At the Role box that asked for it; the rest of what was typed stays on the form.
    expect(await errorsOf(refused)).toEqual({ role: [MESSAGES.lastLeader] });
    expect(await roleOf(world.memberships.band_leader)).toBe("band_leader");
    const kept = await post(world, "band_leader", { intent: "update", membershipId: leader, role: "band_admin", displayName: "Dana R" });
    expect(((await kept.json()) as { result: { initialValue: Record<string, unknown> | null } }).result.initialValue).toMatchObject({ displayName: "Dana R", role: "band_admin" });

    await post(world, "band_leader", { intent: "update", membershipId: String(world.memberships.band_admin), role: "band_leader" });
    expectRedirect(await post(world, "band_leader", { intent: "update", membershipId: leader, role: "band_member" }), `/members#member-${leader}`);
    expect(await roleOf(world.memberships.band_leader)).toBe("band_member");
  });
});

describe("removing and leaving", () => {
  test("a leader removes a member; the band stops being their preferred band", async () => {
    const world = await bandWithEveryRole();
    await db.user.update({ where: { id: world.users.band_member.id }, data: { preferredBandId: world.band.id } });
    const response = await post(world, "band_leader", { intent: "remove", membershipId: String(world.memberships.band_member) }, );
    expectRedirect(response, "/members#members");
    expect(await toastOf(response)).toEqual({ title: "Member removed", description: "Bea Member is no longer in The Late Shift.", type: "default" });
    expect(await roleOf(world.memberships.band_member)).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: world.users.band_member.id } })).preferredBandId).toBeNull();
  });

  test("past gigs keep who played: a member removed, or one who leaves, stays on the lineups of events already held, by name, and comes off those to come", async () => {
    const world = await bandWithEveryRole();
    const hour = 3_600_000;
    const [past, coming] = await Promise.all(
      [-48, 48].map((hours) => db.event.create({ data: { bandId: world.band.id, title: hours < 0 ? "Last week's gig" : "Next week's gig", kind: "gig", startsAt: new Date(Date.now() + hours * hour) } })),
    );
    for (const event of [past!, coming!]) {
      for (const [role, instrument] of [["band_member", "Drums"], ["sub", null]] as const) {
        const booking = await db.eventBooking.create({ data: { eventId: event.id, membershipId: world.memberships[role], instrument } });
        if (role === "band_member") await db.rsvp.create({ data: { bookingId: booking.id, answer: "going", note: "Bringing the small kit" } });
      }
    }
    expectRedirect(await post(world, "band_leader", { intent: "remove", membershipId: String(world.memberships.band_member) }), "/members#members");
    expectRedirect(await post(world, "sub", { intent: "leave" }), "/");
    const eventPage = async (id: number) => body<{ lineup: unknown[]; former: { name: string; instrument: string | null; answer: string | null; note: string | null }[] }>(
      await callRoute(eventLoader, buildRequest(`/events/${id}`, { cookie: world.cookies.band_leader }), { id: String(id) }),
    );
    const held = await eventPage(past!.id);
    expect(held.lineup).toEqual([]);
    expect(held.former).toEqual([
      { id: expect.any(Number), name: "Bea Member", instrument: "Drums", answer: "going", note: "Bringing the small kit" },
      { id: expect.any(Number), name: expect.any(String), instrument: null, answer: null, note: null },
    ]);
    expect((await eventPage(coming!.id)).former).toEqual([]);
    const api = await body<{ formerLineup: unknown[] }>(await callRoute(eventApiLoader, buildRequest(`/api/events/${past!.id}`, { cookie: world.cookies.band_leader }), { id: String(past!.id) }));
    expect(api.formerLineup).toEqual([
      { name: "Bea Member", instrument: "Drums", answer: "going", note: "Bringing the small kit" },
      { name: expect.any(String), instrument: null, answer: null, note: null },
    ]);
    // Nothing is kept of events still to come: they were not played.
    expect(await db.formerBooking.count({ where: { eventId: coming!.id } })).toBe(0);

    // Invited back, Bea is on that gig's lineup as a member again, with her answer; no longer "no longer in the band".
    expect((await post(world, "band_leader", { intent: "invite", email: world.users.band_member.email, role: "band_member" })).status).toBe(200);
    const { token } = mailedInvite(world.users.band_member.email);
    const accepted = await callRoute(invitationAction, buildRequest(`/invitations/${token}`, { method: "POST", cookie: await sessionCookieFor(world.users.band_member.id), form: { intent: "accept" } }), { token });
    expect(accepted.status).toBe(302);
    const back = await eventPage(past!.id);
    expect(back.former.map((row) => row.instrument)).toEqual([null]);
    expect(back.lineup).toEqual([expect.objectContaining({ name: "Bea Member", instrument: "Drums", answer: "going", note: "Bringing the small kit" })]);
    // Removed again: kept once more, once.
    const membershipId = (await db.bandMembership.findFirstOrThrow({ where: { bandId: world.band.id, userId: world.users.band_member.id } })).id;
    expectRedirect(await post(world, "band_leader", { intent: "remove", membershipId: String(membershipId) }), "/members#members");
    expect((await eventPage(past!.id)).former.filter((row) => row.name === "Bea Member")).toHaveLength(1);
  });

  test("admins remove others but never a leader; members remove nobody; another band's member is not found", async () => {
    const world = await bandWithEveryRole();
    const leader = await post(world, "band_admin", { intent: "remove", membershipId: String(world.memberships.band_leader) });
    expect(leader.status).toBe(403);
    expect(await roleOf(world.memberships.band_leader)).toBe("band_leader");
    expect((await post(world, "band_member", { intent: "remove", membershipId: String(world.memberships.sub) })).status).toBe(403);
    expectRedirect(await post(world, "band_admin", { intent: "remove", membershipId: String(world.memberships.sub) }), "/members#members");
    const other = await otherBand();
    expect((await post(world, "band_leader", { intent: "remove", membershipId: String(other.membershipId) })).status).toBe(404);
    expect(await roleOf(other.membershipId)).toBe("band_leader");
  });

  test("anyone may leave: back home, the band cookie cleared, a toast", async () => {
    const world = await bandWithEveryRole();
    const response = await post(world, "sub", { intent: "leave" });
    expectRedirect(response, "/");
    expect(clearsCookie(response, "bandroom_band")).toBe(true);
    expect(await toastOf(response)).toEqual({ title: "You left The Late Shift", type: "default" });
    expect(await roleOf(world.memberships.sub)).toBeNull();
  });

  test("the only leader cannot leave, whether or not others remain", async () => {
    const world = await bandWithEveryRole();
    const refused = await post(world, "band_leader", { intent: "leave" });
    expect(refused.status).toBe(409);
    expect(await errorsOf(refused)).toEqual({ "": [MESSAGES.soleLeaderLeaves] });
    expect(MESSAGES.soleLeaderLeaves).toBe("You’re the only Band Leader. Make another member Band Leader or delete the band in Settings before you leave.");

    const solo = await createUser();
    const band = await createBand({ members: [{ userId: solo.id, role: "band_leader" }] });
    const cookie = `${await sessionCookieFor(solo.id)}; ${await bandCookie(band.id)}`;
    const alone = await callRoute(action, membersForm(cookie, { intent: "leave", bandId: String(band.id) }));
    expect(alone.status).toBe(409);
    expect(await db.bandMembership.count({ where: { bandId: band.id } })).toBe(1);

    // Removing yourself is leaving, with the same rule.
    const self = await post(world, "band_leader", { intent: "remove", membershipId: String(world.memberships.band_leader) });
    expect(self.status).toBe(409);
  });

  test("a removed member's form still open on their screen (leave, their own details) goes home with a message, not a bare Page Not Found; another band's id says the same", async () => {
    const world = await bandWithEveryRole();
    await post(world, "band_leader", { intent: "remove", membershipId: String(world.memberships.sub) });
    const forms: Record<string, string>[] = [{ intent: "leave" }, { intent: "update", membershipId: String(world.memberships.sub), displayName: "Cy on keys", version: "1" }];
    for (const form of forms) {
      await expectNotInBand(await post(world, "sub", form), "/getting-started");
    }
    const other = await otherBand();
    await expectNotInBand(await callRoute(action, membersForm(world.cookies.band_member, { intent: "invite", email: "x@example.com", role: "sub", bandId: String(other.band.id) })));
    expect(await db.invitation.count({ where: { bandId: other.band.id } })).toBe(0);
  });

  test("a leader may leave while another leader remains", async () => {
    const world = await bandWithEveryRole();
    await post(world, "band_leader", { intent: "update", membershipId: String(world.memberships.band_member), role: "band_leader" });
    expectRedirect(await post(world, "band_leader", { intent: "leave" }), "/");
    expect(await db.bandMembership.count({ where: { bandId: world.band.id, role: "band_leader" } })).toBe(1);
  });
});

describe("transferring leadership", () => {
  test("the leader hands over: the member leads, the old leader becomes an admin", async () => {
    const world = await bandWithEveryRole();
    const response = await post(world, "band_leader", { intent: "transfer", membershipId: String(world.memberships.sub) });
    expectRedirect(response, `/members#member-${world.memberships.sub}`);
    expect(await toastOf(response)).toEqual({ title: "Leadership transferred", description: "Cy Sub now leads The Late Shift. You are a Band Admin.", type: "default" });
    expect(await roleOf(world.memberships.sub)).toBe("band_leader");
    expect(await roleOf(world.memberships.band_leader)).toBe("band_admin");

    // Sent twice (a double tap without JavaScript): the second finds them an admin, and is answered as done, not with a 403 screen.
    const again = await post(world, "band_leader", { intent: "transfer", membershipId: String(world.memberships.sub) });
    expectRedirect(again, `/members#member-${world.memberships.sub}`);
    expect(await toastOf(again)).toEqual({ title: "Leadership transferred", description: "Cy Sub now leads The Late Shift. You are a Band Admin.", type: "default" });
    expect(await roleOf(world.memberships.sub)).toBe("band_leader");
  });

  test("a form its sender's role no longer allows is refused (403) on the page, with the reason, not on an error screen", async () => {
    const world = await bandWithEveryRole();
    await db.bandMembership.update({ where: { id: world.memberships.band_admin }, data: { role: "band_member" } });
    const refused = await post(world, "band_admin", { intent: "remove", membershipId: String(world.memberships.sub) });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ roleRefused: true, result: { error: { "": ["Your role in this band does not allow this (it may have changed since this page was opened)."] } } });
    expect(await roleOf(world.memberships.sub)).toBe("sub");
  });

  test("only a leader may, and never to themselves or outside the band", async () => {
    const world = await bandWithEveryRole();
    expect((await post(world, "band_admin", { intent: "transfer", membershipId: String(world.memberships.sub) })).status).toBe(403);
    const self = await post(world, "band_leader", { intent: "transfer", membershipId: String(world.memberships.band_leader) });
    expect(self.status).toBe(400);
    expect(await errorsOf(self)).toEqual({ membershipId: [MESSAGES.transferToSelf] });
    const other = await otherBand();
    expect((await post(world, "band_leader", { intent: "transfer", membershipId: String(other.membershipId) })).status).toBe(404);
    expect(await roleOf(world.memberships.band_leader)).toBe("band_leader");
    const view = await page(world.cookies.band_leader);
    expect(view.members.filter((m) => m.can.transfer).map((m) => m.role).sort()).toEqual(["band_admin", "band_member", "sub"]);
  });

  test("not to someone who already leads: the page offers no button and the action refuses, as one rule", async () => {
    const world = await bandWithEveryRole();
    await db.bandMembership.update({ where: { id: world.memberships.band_admin }, data: { role: "band_leader" } });
    const view = await page(world.cookies.band_leader);
    expect(view.members.find((m) => m.id === world.memberships.band_admin)!.can.transfer).toBe(false);
    const response = await post(world, "band_leader", { intent: "transfer", membershipId: String(world.memberships.band_admin) });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({ membershipId: [MESSAGES.transferToLeader] });
    expect(await roleOf(world.memberships.band_leader)).toBe("band_leader");
  });
});

describe("the page", () => {
  test("answers 400 to an unknown intent", async () => {
    const world = await bandWithEveryRole();
    expect((await post(world, "band_leader", { intent: "dance" })).status).toBe(400);
    // Names every object has are no intents either (they were a 500).
    for (const intent of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect((await post(world, "band_leader", { intent })).status, intent).toBe(400);
      expect((await post(world, "sub", { intent })).status, intent).toBe(400);
    }
  });

  test("?manage= and ?revoke= name the one panel to open; anything else opens none", async () => {
    const world = await bandWithEveryRole();
    const id = world.memberships.band_member;
    expect(await page(world.cookies.band_leader, `?manage=${id}`)).toMatchObject({ manage: id, revoke: null });
    expect(await page(world.cookies.band_leader, "?revoke=7")).toMatchObject({ manage: null, revoke: 7 });
    // One panel at a time: a member's panel wins over an invitation's.
    expect(await page(world.cookies.band_leader, `?manage=${id}&revoke=7`)).toMatchObject({ manage: id, revoke: null });
    // Ids are digits only, as everywhere.
    for (const search of ["", "?manage=abc&revoke=-1", "?manage=1.5", `?manage=0x${id.toString(16)}`, `?manage=%2B${id}`, `?manage=%20${id}`, `?group=instrument&manage=${id}`]) {
      expect(await page(world.cookies.band_leader, search)).toMatchObject({ manage: null, revoke: null });
    }
  });

  test("signed-out posts go through sign-in and come back", async () => {
    const world = await bandWithEveryRole();
    const response = await callRoute(action, membersForm(undefined, { intent: "leave", bandId: String(world.band.id) }));
    expectRedirect(response, `/api/login?${new URLSearchParams({ redirectTo: "/members" })}`);
  });

  test("clashing initials are resolved, the first to join keeping theirs", async () => {
    const first = await createUser({ firstName: "John", lastName: "Smith" });
    const second = await createUser({ firstName: "Jane", lastName: "Sutton" });
    const band = await createBand({ members: [{ userId: first.id, role: "band_leader" }, { userId: second.id, role: "band_member" }] });
    const cookie = `${await sessionCookieFor(second.id)}; ${await bandCookie(band.id)}`;
    const view = await page(cookie);
    expect(view.members.map((m) => [m.person.email, m.initials])).toEqual([
      [first.email, "JS"],
      [second.email, "JU"],
    ]);
  });

  test("grouped by instrument: a section each, several instruments under each, counts with subs, the rest last", async () => {
    const world = await bandWithEveryRole();
    const set = (as: keyof World["memberships"], ...instruments: string[]) =>
      post(world, as, { intent: "update", membershipId: String(world.memberships[as]), ...Object.fromEntries(instruments.map((v, i) => [`instruments[${i}]`, v])) });
    await set("band_leader", "Vocals", "Bass");
    await set("band_member", "Drums");
    await set("sub", "Bass");
    const view = await page(world.cookies.band_member, "?group=instrument");
    expect(view.groups!.map((g) => [g.instrument, g.label, g.memberIds])).toEqual([
      ["Bass", "2 players, 1 of them a sub", [world.memberships.band_leader, world.memberships.sub]],
      ["Drums", "1 player", [world.memberships.band_member]],
      ["Vocals", "1 player", [world.memberships.band_leader]],
      ["No instrument yet", "1 person", [world.memberships.band_admin]],
    ]);
    expect((await page(world.cookies.band_member)).groups).toBeNull();
    // A form posted from the grouped view comes back to it.
    const response = await callRoute(
      action,
      membersForm(
        world.cookies.band_member,
        { bandId: String(world.band.id), intent: "update", membershipId: String(world.memberships.band_member), version: String((await db.bandMembership.findUniqueOrThrow({ where: { id: world.memberships.band_member } })).version) },
        "?group=instrument",
      ),
    );
    expectRedirect(response, `/members?group=instrument#member-${world.memberships.band_member}`);
    // From a later page of the list (its panel open), back to that page at the saved row.
    const version = String((await db.bandMembership.findUniqueOrThrow({ where: { id: world.memberships.band_member } })).version);
    const fromPage = membersForm(world.cookies.band_member, { bandId: String(world.band.id), intent: "update", membershipId: String(world.memberships.band_member), version }, `?page=2&manage=${world.memberships.band_member}`);
    expectRedirect(await callRoute(action, fromPage), `/members?page=2#member-${world.memberships.band_member}`);
  });
});
