import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, readOutbox, sessionCookieFor, TEST_PASSWORD } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { action as invitationAction, loader as invitationLoader } from "~/routes/invitations+/$token";
import { action as loginAction, loader as loginLoader } from "~/routes/_auth+/login";
import { action as membersAction } from "~/routes/_app+/members";
import { body, cookiePair, expectRedirect, sessionCookieOf, toastOf } from "./auth-helpers";
import { bandWithEveryRole, mailedInvite, membersForm, trackedEvents, type World } from "./members-helpers";

type InvitationPage = {
  problem: string | null;
  invitation: { bandName: string; inviter: string; role: string; email: string; expires: string } | null;
  viewer: { email: string; isMember: boolean } | null;
  links: { register: string; signIn: string } | null;
};

let counter = 0;

/** The leader of a fresh band invites a fresh address; answers the mailed token. */
async function invite(role = "band_member") {
  const world = await bandWithEveryRole(`Band ${++counter}`);
  const email = `invitee-${counter}-${Date.now().toString(36)}@example.com`;
  const response = await callRoute(membersAction, membersForm(world.cookies.band_leader, { intent: "invite", bandId: String(world.band.id), email, role }));
  expect(response.status).toBe(200);
  return { world, email, token: mailedInvite(email).token };
}

/** The invitation page; its status says whether the link can still be used (200), is unknown (404) or is spent (410). */
async function openLink(token: string, cookie?: string, status = 200) {
  const response = await callRoute(invitationLoader, buildRequest(`/invitations/${token}`, { cookie }), { token });
  expect(response.status).toBe(status);
  return body<InvitationPage>(response);
}

async function accept(token: string, cookie?: string) {
  return callRoute(invitationAction, buildRequest(`/invitations/${token}`, { method: "POST", cookie, form: { intent: "accept" } }), { token });
}

async function signedIn(email?: string) {
  const user = await createUser(email ? { email } : {});
  return { user, cookie: await sessionCookieFor(user.id) };
}

const membership = (world: World, userId: string) =>
  db.bandMembership.findUnique({ where: { bandId_userId: { bandId: world.band.id, userId } }, select: { role: true } });

describe("the invitation page", () => {
  test("signed out: who invited whom to what, and the ways in", async () => {
    const { token, email } = await invite("sub");
    const data = await openLink(token);
    expect(data.problem).toBeNull();
    expect(data.invitation).toMatchObject({ bandName: `Band ${counter}`, inviter: "Lena Leader", role: "Sub", email });
    expect(data.viewer).toBeNull();
    const here = `/invitations/${token}`;
    expect(data.links).toEqual({
      register: `/login?${new URLSearchParams({ mode: "register", invite: token, email, redirectTo: here })}`,
      signIn: `/login?${new URLSearchParams({ redirectTo: here })}`,
    });
  });

  test("the inviter is named as the mail names them: by their name in the band when they set one", async () => {
    const world = await bandWithEveryRole(`Band ${++counter}`);
    await db.bandMembership.update({ where: { bandId_userId: { bandId: world.band.id, userId: world.users.band_leader.id } }, data: { displayName: "Lena from the band" } });
    const email = `named-${counter}-${Date.now().toString(36)}@example.com`;
    await callRoute(membersAction, membersForm(world.cookies.band_leader, { intent: "invite", bandId: String(world.band.id), email, role: "sub" }));
    const { mail, token } = mailedInvite(email);
    expect(mail.subject).toBe(`Lena from the band invited you to join Band ${counter} on Bandroom`);
    expect((await openLink(token)).invitation).toMatchObject({ inviter: "Lena from the band" });
  });

  test("signed in: accepting joins with the invited role, makes the band current and preferred, and is tracked", async () => {
    const { world, token, email } = await invite("sub");
    const { user, cookie } = await signedIn(email);
    expect((await openLink(token, cookie)).viewer).toEqual({ email, isMember: false });

    const response = await accept(token, cookie);
    expectRedirect(response, "/dashboard");
    expect(await toastOf(response)).toEqual({ title: `Welcome to ${world.band.name}`, description: "You joined as Sub.", type: "default" });
    expect(cookiePair(response, "bandroom_band")).toBeTruthy();
    expect(await membership(world, user.id)).toEqual({ role: "sub" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).preferredBandId).toBe(world.band.id);
    expect(await trackedEvents("join_band", user.id)).toEqual([
      { name: "join_band", userId: user.id, bandId: world.band.id, properties: JSON.stringify({ role: "sub" }) },
    ]);
    const invitation = await db.invitation.findFirstOrThrow({ where: { email } });
    expect(invitation.acceptedAt).not.toBeNull();
  });

  test("the link works once", async () => {
    const { world, token } = await invite();
    const first = await signedIn();
    expectRedirect(await accept(token, first.cookie), "/dashboard");
    const second = await signedIn();
    const response = await accept(token, second.cookie);
    expect(response.status).toBe(409);
    expect(await body(response)).toEqual({ message: "This invitation has already been used." });
    expect(await membership(world, second.user.id)).toBeNull();
    expect((await openLink(token, second.cookie, 410)).problem).toBe("This invitation has already been used.");
  });

  test("its expiry day is the band's: a link that runs out at 8:24 PM in Chicago says Dec 2, not UTC's Dec 3 (page and mail)", async () => {
    const { world, email, token } = await invite();
    await db.band.update({ where: { id: world.band.id }, data: { timeZone: "America/Chicago" } });
    await db.invitation.updateMany({ where: { email }, data: { expiresAt: new Date("2036-12-03T02:24:00Z") } });
    expect((await openLink(token)).invitation!.expires).toBe("Dec 2, 2036");
    // A new link for the same address, mailed by the band in Chicago.
    const resent = await callRoute(membersAction, membersForm(world.cookies.band_leader, { intent: "invite", bandId: String(world.band.id), email: `chicago-${email}`, role: "band_member" }));
    expect(resent.status).toBe(200);
    const { expires } = (await body<{ created: { expires: string } }>(resent)).created;
    const inChicago = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "America/Chicago" });
    const expiresAt = (await db.invitation.findFirstOrThrow({ where: { email: `chicago-${email}` } })).expiresAt;
    expect(expires).toBe(inChicago.format(expiresAt));
    expect(mailedInvite(`chicago-${email}`).mail.text).toContain(`expires on ${inChicago.format(expiresAt)}`);
  });

  test("an invitation expires after 7 days", async () => {
    const { world, token, email } = await invite();
    await db.invitation.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const { user, cookie } = await signedIn();
    const page = await openLink(token, cookie, 410);
    expect(page.problem).toMatch(/^This invitation expired on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Ask Lena Leader to send a new one\.$/);
    const response = await accept(token, cookie);
    expect(response.status).toBe(409);
    expect(await membership(world, user.id)).toBeNull();
  });

  test("a link replaced by a resend says so, and cannot be used; the new one can", async () => {
    const { world, token, email } = await invite();
    const invitation = await db.invitation.findFirstOrThrow({ where: { email } });
    // Sent a while ago (a resend a moment after the first mail is refused as a double tap).
    await db.invitation.update({ where: { id: invitation.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    await callRoute(membersAction, membersForm(world.cookies.band_leader, { intent: "resend", bandId: String(world.band.id), invitationId: String(invitation.id) }));
    const fresh = mailedInvite(email).token;
    expect(fresh).not.toBe(token);
    const { cookie } = await signedIn();
    expect((await openLink(token, cookie, 410)).problem).toBe("This invitation link was replaced by a newer one. Use the link in the latest mail from Lena Leader, or ask them to send it again.");
    expect((await accept(token, cookie)).status).toBe(409);
    expect((await openLink(fresh, cookie)).problem).toBeNull();
    // Withdrawn afterwards, the old link says so too, not "use the latest mail" (whose link is dead as well).
    await callRoute(membersAction, membersForm(world.cookies.band_leader, { intent: "revoke", bandId: String(world.band.id), invitationId: String(invitation.id) }));
    expect((await openLink(token, cookie, 410)).problem).toBe("This invitation was withdrawn or replaced by a newer one. Check your mail for a newer link, or ask Lena Leader.");
  });

  test("a revoked invitation says so", async () => {
    const { world, token, email } = await invite();
    const invitation = await db.invitation.findFirstOrThrow({ where: { email } });
    await callRoute(membersAction, membersForm(world.cookies.band_leader, { intent: "revoke", bandId: String(world.band.id), invitationId: String(invitation.id) }));
    const { cookie } = await signedIn();
    expect((await openLink(token, cookie, 410)).problem).toBe("This invitation was withdrawn or replaced by a newer one. Check your mail for a newer link, or ask Lena Leader.");
    expect((await accept(token, cookie)).status).toBe(409);
  });

  test("an unknown link says it is not valid", async () => {
    const page = await openLink("not-a-real-token", undefined, 404);
    expect(page.invitation).toBeNull();
    expect(page.problem).toMatch(/^This invitation link is not valid\./);
    const { cookie } = await signedIn();
    expect((await accept("not-a-real-token", cookie)).status).toBe(404);
  });

  test("an existing member is told they are already in the band", async () => {
    const { world, token } = await invite();
    const cookie = world.cookies.band_member;
    expect((await openLink(token, cookie)).viewer).toMatchObject({ isMember: true });
    // Back to the page, which says so (once) and opens the band: with JavaScript too, its data is then drawn anew.
    const response = await accept(token, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/invitations/${token}`);
    // Not consumed: it was meant for someone else.
    expect((await openLink(token)).problem).toBeNull();
  });

  test("someone signed in with another address may still accept; the page names the invited address", async () => {
    const { world, token, email } = await invite();
    const { user, cookie } = await signedIn();
    const page = await openLink(token, cookie);
    expect(page.invitation!.email).toBe(email);
    expect(page.viewer!.email).not.toBe(email);
    expectRedirect(await accept(token, cookie), "/dashboard");
    expect(await membership(world, user.id)).toEqual({ role: "band_member" });
  });

  test("accepting signed out goes through sign-in and back to the link; reading the page changes nothing", async () => {
    const { token, email } = await invite();
    await openLink(token);
    expect((await db.invitation.findFirstOrThrow({ where: { email } })).acceptedAt).toBeNull();
    expectRedirect(await accept(token), `/api/login?${new URLSearchParams({ redirectTo: `/invitations/${token}` })}`);
  });
});

function register(token: string | null, fields: Record<string, string>) {
  return callRoute(
    loginAction,
    buildRequest("/login?mode=register", {
      method: "POST",
      form: { intent: "register", firstName: "Nina", lastName: "New", password: TEST_PASSWORD, agreeToTerms: "on", ...(token ? { invite: token } : {}), ...fields },
    }),
  );
}

describe("signing up from an invitation", () => {
  test("the sign-up page knows the invitation", async () => {
    const { world, token, email } = await invite();
    const response = await callRoute(loginLoader, buildRequest(`/login?${new URLSearchParams({ mode: "register", invite: token, email })}`));
    expect(await body(response)).toMatchObject({ mode: "register", invite: { token, bandName: world.band.name, email } });
    const unknown = await callRoute(loginLoader, buildRequest("/login?mode=register&invite=nope"));
    expect(await body(unknown)).not.toHaveProperty("invite");
  });

  test("with the invited address: verified, signed in, in the band, welcomed, no verification mail", async () => {
    const { world, token, email } = await invite("sub");
    const response = await register(token, { email: email.toUpperCase() });
    expectRedirect(response, "/getting-started");
    expect(sessionCookieOf(response)).toBeTruthy();
    expect(cookiePair(response, "bandroom_band")).toBeTruthy();
    expect(await toastOf(response)).toEqual({ title: `Welcome to ${world.band.name}`, type: "default" });
    const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, emailVerifiedAt: true, preferredBandId: true, firstName: true } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user).toMatchObject({ firstName: "Nina", preferredBandId: world.band.id });
    expect(await membership(world, user.id)).toEqual({ role: "sub" });
    expect(readOutbox().filter((mail) => mail.to === email && /Confirm your email/.test(mail.subject))).toEqual([]);
    expect(await trackedEvents("join_band", user.id)).toHaveLength(1);
  });

  test("with another address: the ordinary sign-up, verification mail and no band", async () => {
    const { world, token } = await invite();
    const other = `someone-else-${counter}@example.com`;
    const response = await register(token, { email: other });
    expectRedirect(response, `/verification-pending?${new URLSearchParams({ email: other })}`);
    expect(sessionCookieOf(response)).toBeNull();
    const user = await db.user.findUniqueOrThrow({ where: { email: other }, select: { id: true, emailVerifiedAt: true } });
    expect(user.emailVerifiedAt).toBeNull();
    expect(await membership(world, user.id)).toBeNull();
    expect((await openLink(token)).problem).toBeNull();
  });

  test("an address that already has an account gets the ordinary answer, not a session", async () => {
    const { world, token, email } = await invite();
    const existing = await createUser({ email });
    const response = await register(token, { email });
    expectRedirect(response, `/verification-pending?${new URLSearchParams({ email })}`);
    expect(sessionCookieOf(response)).toBeNull();
    expect(await membership(world, existing.id)).toBeNull();
  });

  test("a used or expired invitation falls back to the ordinary sign-up", async () => {
    const { token, email } = await invite();
    await db.invitation.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await register(token, { email });
    expectRedirect(response, `/verification-pending?${new URLSearchParams({ email })}`);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
  });
});
