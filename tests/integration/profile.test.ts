/**
 * /profile: name and picture, changing the password (other sessions end), and deleting
 * the account. Driven like a browser without JavaScript.
 */
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createBand, createUser, sessionCookieFor, TEST_PASSWORD } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { displayName } from "~/utils/names";
import { verifyPassword } from "~/features/auth/password.server";
import { hashToken } from "~/utils/crypto.server";
import { action, loader } from "~/routes/_app+/profile";
import * as changeEmailPage from "~/routes/_auth+/change-email";
import { EMAIL_CHANGE_MESSAGES } from "~/features/auth/auth.server";
import * as loginPage from "~/routes/_auth+/login";
import * as resetPage from "~/routes/_auth+/reset-password";
import { loader as currentUserLoader } from "~/routes/api+/auth.user";
import { body, clearsCookie, CROSS_SITE, expectRateLimited, expectRedirect, mailsTo, SESSION_COOKIE, sessionCookieOf, toastOf } from "./auth-helpers";

type FormReply = { intent: string; result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
type ProfileData = {
  profile: { email: string; firstName: string; lastName: string | null; profileImageUrl: string | null };
  passwordChanged: string | null;
  deletion: { blocking: { id: number; name: string }[]; blockingMessage: string | null; lastAdminMessage: string | null; deleted: { name: string }[]; left: { name: string }[] };
};

const NEW_PASSWORD = "Brand-New-Pass-7";

async function signedIn(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser({ firstName: "Dana", lastName: "Reyes", ...overrides });
  return { user, cookie: await sessionCookieFor(user.id) };
}

function post(cookie: string, form: Record<string, string>, options: { headers?: Record<string, string>; peer?: string } = {}) {
  return callRoute(action, buildRequest("/profile", { cookie, form, ...options }));
}

async function isSignedIn(cookie: string) {
  return (await callRoute(currentUserLoader, buildRequest("/api/auth/user", { cookie }))).status === 200;
}

const userRow = (id: string) =>
  db.user.findUnique({ where: { id }, select: { firstName: true, lastName: true, profileImageUrl: true, email: true } });

describe("/profile loader", () => {
  test("signed-out visitors are sent to sign in", async () => {
    expectRedirect(await callRoute(loader, buildRequest("/profile")), `/api/login?${new URLSearchParams({ redirectTo: "/profile" })}`);
  });

  test("shows the user's own profile and what deleting the account would do", async () => {
    const { user, cookie } = await signedIn();
    const response = await callRoute(loader, buildRequest("/profile", { cookie }));
    expect(response.status).toBe(200);
    const data = await body<ProfileData>(response);
    expect(data.profile).toEqual({ id: user.id, email: user.email, firstName: "Dana", lastName: "Reyes", profileImageUrl: null });
    expect(data.passwordChanged).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(data.deletion).toEqual({ blocking: [], blockingMessage: null, lastAdminMessage: null, deleted: [], endsSubscription: false, left: [] });
  });
});

test("the sessions' times are in the current band's time zone, as every page shows times", async () => {
  const { user, cookie } = await signedIn();
  await createBand({ timeZone: "Asia/Tokyo", members: [{ userId: user.id, role: "band_leader" }] });
  const seen = (await db.session.findFirstOrThrow({ where: { userId: user.id }, select: { lastSeenAt: true } })).lastSeenAt;
  const inTokyo = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "Asia/Tokyo" }).format(seen);
  const data = await body<{ sessions: { lastSeen: string; signedIn: string }[] }>(await callRoute(loader, buildRequest("/profile", { cookie })));
  expect(data.sessions[0]!.lastSeen).toBe(`${inTokyo({ month: "short", day: "numeric", year: "numeric" })}, ${inTokyo({ hour: "numeric", minute: "2-digit" })} GMT+9`);
});

describe("updating the profile", () => {
  const profile = (overrides: Record<string, string> = {}) => ({
    intent: "update-profile",
    firstName: "Robin",
    lastName: "Marsh",
    profileImageUrl: "https://images.example.com/robin.jpg",
    ...overrides,
  });

  test("saves names and picture, trimmed", async () => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, profile({ firstName: "  Robin ", lastName: " Marsh " }));
    expectRedirect(response, "/profile");
    expect(await toastOf(response)).toMatchObject({ title: "Profile saved" });
    expect(await userRow(user.id)).toEqual({ firstName: "Robin", lastName: "Marsh", profileImageUrl: "https://images.example.com/robin.jpg", email: user.email });
  });

  test("the last name and picture are optional: empty clears them", async () => {
    const { user, cookie } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { profileImageUrl: "https://images.example.com/old.png" } });
    expectRedirect(await post(cookie, profile({ lastName: "", profileImageUrl: "" })), "/profile");
    expect(await userRow(user.id)).toMatchObject({ firstName: "Robin", lastName: null, profileImageUrl: null });
    // Only spaces (a phone's keyboard leaves one) is empty too.
    await db.user.update({ where: { id: user.id }, data: { profileImageUrl: "https://images.example.com/old.png" } });
    expectRedirect(await post(cookie, profile({ profileImageUrl: "   " })), "/profile");
    expect(await userRow(user.id)).toMatchObject({ profileImageUrl: null });
  });

  test("the first name is required", async () => {
    const { user, cookie } = await signedIn();
    // A zero-width space alone is no name either; a control character is no letter.
    for (const [firstName, message] of [["", "First name is required"], ["   ", "First name is required"], ["\u200b", "First name is required"], ["Le\u0001na", "First name can only hold characters you can type"]]) {
      const response = await post(cookie, profile({ firstName: firstName! }));
      expect(response.status).toBe(400);
      const reply = await body<FormReply>(response);
      expect(reply.intent).toBe("update-profile");
      expect(reply.result.error?.firstName).toEqual([message]);
    }
    expect((await userRow(user.id))!.firstName).toBe("Dana");
  });

  test.each([
    ["plain http", "http://images.example.com/robin.jpg"],
    ["no scheme", "images.example.com/robin.jpg"],
    ["a script", "javascript:alert(1)"],
    ["a data URL", "data:image/png;base64,AAAA"],
    ["no host", "https://"],
    ["credentials", "https://user:secret@images.example.com/a.png"],
    ["over 2048 characters", `https://images.example.com/${"a".repeat(2040)}`],
  ])("the picture must be a full https address (%s)", async (_case, url) => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, profile({ profileImageUrl: url }));
    expect(response.status).toBe(400);
    // Too long is told as too long: it may well be a full https address.
    const message = url.length > 2048 ? "The image address can be at most 2048 characters" : "Enter a full https:// image address";
    expect((await body<FormReply>(response)).result.error?.profileImageUrl).toEqual([message]);
    expect((await userRow(user.id))!.profileImageUrl).toBeNull();
  });

  test("an address of exactly 2048 characters is accepted", async () => {
    const { user, cookie } = await signedIn();
    const url = `https://images.example.com/${"a".repeat(2048 - "https://images.example.com/".length)}`;
    expect(url).toHaveLength(2048);
    expectRedirect(await post(cookie, profile({ profileImageUrl: url })), "/profile");
    expect((await userRow(user.id))!.profileImageUrl).toBe(url);
  });

  test("the email is not changed by the form", async () => {
    const { user, cookie } = await signedIn();
    expectRedirect(await post(cookie, { ...profile(), email: "someone-else@example.com" }), "/profile");
    expect((await userRow(user.id))!.email).toBe(user.email);
  });

  test("unknown intents are 400, cross-site posts 403, signed-out posts go to sign in", async () => {
    const { cookie } = await signedIn();
    expect((await post(cookie, { intent: "nope" })).status).toBe(400);
    expect((await post(cookie, profile(), { headers: CROSS_SITE })).status).toBe(403);
    const response = await callRoute(action, buildRequest("/profile", { form: profile() }));
    expectRedirect(response, `/api/login?${new URLSearchParams({ redirectTo: "/profile" })}`);
  });
});

describe("changing the password", () => {
  const change = (overrides: Record<string, string> = {}) => ({
    intent: "change-password",
    currentPassword: TEST_PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...overrides,
  });
  const passwordMatches = async (userId: string, password: string) =>
    verifyPassword((await db.password.findUniqueOrThrow({ where: { userId } })).hash, password);

  test("ends every other session, keeps this one, and stops earlier reset links", async () => {
    const { user, cookie } = await signedIn();
    const otherPhone = await sessionCookieFor(user.id);
    const otherLaptop = await sessionCookieFor(user.id);
    await db.userToken.create({
      data: { userId: user.id, purpose: "reset-password", tokenHash: hashToken("old-reset-token"), expiresAt: new Date(Date.now() + 3_600_000) },
    });

    const response = await post(cookie, change());
    expectRedirect(response, "/profile");
    expect(await toastOf(response)).toEqual({ title: "Password changed", description: "You've been signed out everywhere else.", type: "default" });
    expect(response.headers.getSetCookie().some((header) => header.startsWith(`${SESSION_COOKIE}=`))).toBe(false);

    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(otherPhone)).toBe(false);
    expect(await isSignedIn(otherLaptop)).toBe(false);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.userToken.count({ where: { userId: user.id, purpose: "reset-password" } })).toBe(0);
    expect(await passwordMatches(user.id, NEW_PASSWORD)).toBe(true);
  });

  test("a wrong current password is refused and nothing changes", async () => {
    const { user, cookie } = await signedIn();
    const other = await sessionCookieFor(user.id);
    const response = await post(cookie, change({ currentPassword: "Wrong-password-1" }));
    expect(response.status).toBe(400);
    const reply = await body<FormReply>(response);
    expect(reply.intent).toBe("change-password");
    expect(reply.result.error?.currentPassword).toEqual(["Current password is incorrect"]);
    // Passwords never come back in the reply.
    expect(reply.result.initialValue).not.toHaveProperty("currentPassword");
    expect(reply.result.initialValue).not.toHaveProperty("newPassword");
    expect(await passwordMatches(user.id, TEST_PASSWORD)).toBe(true);
    expect(await isSignedIn(other)).toBe(true);
  });

  test("the new password follows the registration rules, and must be confirmed", async () => {
    const { user, cookie } = await signedIn();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ currentPassword: "" }, { currentPassword: ["Current password is required"] }],
      [{ newPassword: "Short1", confirmPassword: "Short1" }, { newPassword: ["Password must be at least 8 characters"] }],
      [{ newPassword: "lowercase-only-1", confirmPassword: "lowercase-only-1" }, { newPassword: ["Password must contain an uppercase letter"] }],
      [{ newPassword: "UPPERCASE-ONLY-1", confirmPassword: "UPPERCASE-ONLY-1" }, { newPassword: ["Password must contain a lowercase letter"] }],
      [{ newPassword: "No-Digits-Here", confirmPassword: "No-Digits-Here" }, { newPassword: ["Password must contain a number"] }],
      [{ confirmPassword: "Brand-New-Pass-8" }, { confirmPassword: ["Passwords do not match"] }],
      [{ confirmPassword: "" }, { confirmPassword: ["Please confirm your new password"] }],
      // The same password again would change nothing but mail a warning and sign out the other devices.
      [{ newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, { newPassword: ["Choose a new password, not your current one"] }],
      [
        { currentPassword: "", newPassword: "Brand-New-Pass-7", confirmPassword: "Brand-New-Pass-9" },
        { currentPassword: ["Current password is required"], confirmPassword: ["Passwords do not match"] },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const response = await post(cookie, change(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      const reported = (await body<FormReply>(response)).result.error ?? {};
      expect(Object.fromEntries(Object.entries(reported).filter(([, messages]) => messages?.length)), JSON.stringify(overrides)).toEqual(errors);
    }
    expect(await passwordMatches(user.id, TEST_PASSWORD)).toBe(true);
  });

  test("guessing is rate limited per account, from any address, like signing in", async () => {
    const { user, cookie } = await signedIn();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await post(cookie, change({ currentPassword: `Wrong-${attempt}` }), { peer: `10.0.0.${attempt}` });
      expect(response.status).toBe(400);
    }
    // The right password from yet another address is refused now too.
    const response = await post(cookie, change(), { peer: "10.0.1.1" });
    expectRateLimited(response);
    const reply = await body<FormReply>(response);
    expect(reply.result.error?.[""]?.[0]).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    expect(await passwordMatches(user.id, TEST_PASSWORD)).toBe(true);
  });

  test("a client address trying too often is stopped as on the login form", async () => {
    const { cookie } = await signedIn();
    for (let attempt = 0; attempt < 10; attempt++) {
      await post(cookie, change({ currentPassword: `Wrong-${attempt}`, newPassword: "weak", confirmPassword: "weak" }));
      await post(cookie, change({ currentPassword: `Wrong-${attempt}` }), { peer: "10.9.9.9" });
    }
    expectRateLimited(await post(cookie, change(), { peer: "10.9.9.9" }));
  });
});

describe("deleting the account", () => {
  const remove = (cookie: string, overrides: Record<string, string> = {}) =>
    post(cookie, { intent: "delete-account", confirm: "DELETE", currentPassword: TEST_PASSWORD, ...overrides });

  test("needs DELETE (or the email) and the current password", async () => {
    const { user, cookie } = await signedIn();
    let response = await remove(cookie, { confirm: "delete me", currentPassword: "" });
    expect(response.status).toBe(400);
    expect((await body<FormReply>(response)).result.error).toMatchObject({
      confirm: ["Type DELETE or your email address to confirm"],
      currentPassword: ["Current password is required"],
    });
    response = await remove(cookie, { currentPassword: "Wrong-password-1" });
    expect(response.status).toBe(400);
    expect((await body<FormReply>(response)).result.error?.currentPassword).toEqual(["Current password is incorrect"]);
    expect(await userRow(user.id)).not.toBeNull();
  });

  test("is refused to Bandroom's last platform admin (nobody could open /admin again), and allowed once there is another", async () => {
    const { user, cookie } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { isPlatformAdmin: true } });
    // Other admins that are disabled do not count.
    const disabled = await createUser({ isPlatformAdmin: true });
    await db.user.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    // Nor does one who never verified their address (they cannot sign in either).
    const unverified = await createUser({ isPlatformAdmin: true, verified: false });
    await db.user.updateMany({ where: { isPlatformAdmin: true, id: { notIn: [user.id, disabled.id, unverified.id] } }, data: { isPlatformAdmin: false } });

    const page = await body<ProfileData>(await callRoute(loader, buildRequest("/profile", { cookie })));
    expect(page.deletion.lastAdminMessage).toBe("You’re Bandroom’s only platform admin: make someone else a platform admin first");
    const refused = await remove(cookie);
    expect(refused.status).toBe(400);
    expect((await body<FormReply>(refused)).result.error?.[""]).toEqual(["You’re Bandroom’s only platform admin: make someone else a platform admin first"]);
    expect(await userRow(user.id)).not.toBeNull();

    await createUser({ isPlatformAdmin: true });
    expect((await body<ProfileData>(await callRoute(loader, buildRequest("/profile", { cookie })))).deletion.lastAdminMessage).toBeNull();
    expect((await remove(cookie)).status).toBe(302);
    expect(await userRow(user.id)).toBeNull();
  });

  test("is refused to the only leader of a band with other members, naming the bands", async () => {
    const { user, cookie } = await signedIn();
    const bandmate = await createUser();
    const late = await createBand({ name: "The Late Shift", members: [{ userId: user.id, role: "band_leader" }, { userId: bandmate.id, role: "band_member" }] });
    const tapes = await createBand({ name: "Basement Tapes", members: [{ userId: user.id, role: "band_leader" }, { userId: bandmate.id, role: "sub" }] });
    // With a second leader the band carries on, so it does not block.
    await createBand({ name: "Co-led", members: [{ userId: user.id, role: "band_leader" }, { userId: bandmate.id, role: "band_leader" }] });

    const page = await body<ProfileData>(await callRoute(loader, buildRequest("/profile", { cookie })));
    expect(page.deletion.blocking).toEqual([
      { id: tapes.id, name: "Basement Tapes" },
      { id: late.id, name: "The Late Shift" },
    ]);
    expect(page.deletion.blockingMessage).toBe("Hand over leadership or delete Basement Tapes and The Late Shift first");

    const response = await remove(cookie);
    expect(response.status).toBe(400);
    expect((await body<FormReply>(response)).result.error?.[""]).toEqual(["Hand over leadership or delete Basement Tapes and The Late Shift first"]);
    expect(await userRow(user.id)).not.toBeNull();
    expect(await isSignedIn(cookie)).toBe(true);
  });

  test("deletes the user, their sessions and the bands only they were in; other bands carry on", async () => {
    const { user, cookie } = await signedIn();
    const otherSession = await sessionCookieFor(user.id);
    const leader = await createUser();
    const solo = await createBand({ name: "Solo Project", members: [{ userId: user.id, role: "band_leader" }] });
    await db.song.create({ data: { bandId: solo.id, title: "Demo" } });
    const shared = await createBand({ name: "Big Band", members: [{ userId: leader.id, role: "band_leader" }, { userId: user.id, role: "band_member" }] });
    await db.invitation.create({
      data: { bandId: shared.id, email: "x@example.com", role: "sub", tokenHash: "invite-hash", invitedById: user.id, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    await db.analyticsEvent.create({ data: { name: "create_band", userId: user.id, bandId: solo.id } });
    // They played the Big Band's gig last week: the band keeps that lineup, by name.
    const playedGig = await db.event.create({ data: { bandId: shared.id, title: "Last week", kind: "gig", startsAt: new Date(Date.now() - 7 * 86_400_000) } });
    const membership = await db.bandMembership.findFirstOrThrow({ where: { bandId: shared.id, userId: user.id } });
    await db.eventBooking.create({ data: { eventId: playedGig.id, membershipId: membership.id, instrument: "Bass" } });

    const page = await body<ProfileData>(await callRoute(loader, buildRequest("/profile", { cookie })));
    expect(page.deletion.deleted.map((band) => band.name)).toEqual(["Solo Project"]);
    expect(page.deletion.left.map((band) => band.name)).toEqual(["Big Band"]);

    const response = await remove(cookie, { confirm: user.email.toUpperCase() });
    expectRedirect(response, "/");
    expect(await toastOf(response)).toEqual({ title: "Your account has been deleted", description: "Solo Project was deleted with it.", type: "default" });
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(true);
    expect(clearsCookie(response, "bandroom_band")).toBe(true);

    expect(await userRow(user.id)).toBeNull();
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.password.count({ where: { userId: user.id } })).toBe(0);
    expect(await isSignedIn(otherSession)).toBe(false);
    expect(await db.band.findUnique({ where: { id: solo.id } })).toBeNull();
    expect(await db.song.count({ where: { bandId: solo.id } })).toBe(0);
    expect(await db.band.findUnique({ where: { id: shared.id } })).not.toBeNull();
    expect(await db.bandMembership.count({ where: { bandId: shared.id } })).toBe(1);
    expect((await db.invitation.findUniqueOrThrow({ where: { tokenHash: "invite-hash" } })).invitedById).toBeNull();
    expect(await db.analyticsEvent.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.formerBooking.findMany({ where: { eventId: playedGig.id }, select: { name: true, instrument: true } })).toEqual([{ name: displayName(user), instrument: "Bass" }]);
    // The audit log keeps it: the band deleted with the account, the band left (its leader sees it), the account.
    const entries = await db.auditEntry.findMany({ where: { actorId: user.id }, orderBy: { id: "asc" }, select: { action: true, bandId: true, targetLabel: true } });
    expect(entries).toEqual([
      { action: "band.delete", bandId: solo.id, targetLabel: "Solo Project" },
      { action: "member.leave", bandId: shared.id, targetLabel: `${displayName(user)} (account deleted)` },
      { action: "account.delete", bandId: null, targetLabel: displayName(user) },
    ]);
  });

  test("a user with no bands can delete their account with DELETE", async () => {
    const { user, cookie } = await signedIn();
    const response = await remove(cookie);
    expectRedirect(response, "/");
    expect(await toastOf(response)).toMatchObject({ title: "Your account has been deleted" });
    expect(await userRow(user.id)).toBeNull();
  });
});

describe("changing the sign-in address", () => {
  const fresh = () => `new-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const linkTo = (to: string) => {
    const mail = mailsTo(to).filter((m) => m.link).at(-1);
    return mail ? new URL(mail.link!).searchParams.get("token") : null;
  };
  const confirm = (token: string, cookie?: string) => callRoute(changeEmailPage.action, buildRequest("/change-email", { cookie, form: { token } }));

  test("the password first; the new address gets a link, and nothing changes until it is opened and confirmed", async () => {
    const { user, cookie } = await signedIn();
    const to = fresh();
    const wrong = await post(cookie, { intent: "change-email", newEmail: to, currentPassword: "not-it-at-all" });
    expect(wrong.status).toBe(400);
    expect((await body<FormReply>(wrong)).result.error?.currentPassword).toEqual(["Current password is incorrect"]);
    const same = await post(cookie, { intent: "change-email", newEmail: user.email.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect((await body<FormReply>(same)).result.error?.newEmail).toEqual([EMAIL_CHANGE_MESSAGES.same]);
    const invalid = await post(cookie, { intent: "change-email", newEmail: "nope", currentPassword: TEST_PASSWORD });
    expect((await body<FormReply>(invalid)).result.error?.newEmail).toEqual(["Invalid email address"]);
    expect(mailsTo(to)).toEqual([]);

    const asked = await post(cookie, { intent: "change-email", newEmail: ` ${to.toUpperCase()} `, currentPassword: TEST_PASSWORD });
    expect(asked.status).toBe(200);
    expect(await body(asked)).toMatchObject({ intent: "change-email", sentTo: to });
    expect((await userRow(user.id))!.email).toBe(user.email);
    const token = linkTo(to)!;
    expect(token).toBeTruthy();

    // Opening the link shows the change and changes nothing (mail scanners open links).
    expect(await body(await callRoute(changeEmailPage.loader, buildRequest(`/change-email?token=${token}`)))).toEqual({ token, newEmail: to, currentEmail: user.email });
    expect((await userRow(user.id))!.email).toBe(user.email);

    const done = await confirm(token, cookie);
    expectRedirect(done, "/profile#email");
    expect(await toastOf(done)).toMatchObject({ title: "Email changed", description: `You sign in with ${to} from now on.` });
    expect((await userRow(user.id))!.email).toBe(to);
    // The old address is told; the link works once.
    expect(mailsTo(user.email).at(-1)!.subject).toBe("Your Bandroom email was changed");
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await body(again)).toEqual({ problem: EMAIL_CHANGE_MESSAGES.invalidLink });
    expect(await body(await callRoute(changeEmailPage.loader, buildRequest(`/change-email?token=${token}`)))).toEqual({ token: null, newEmail: null, currentEmail: null });

    // Signing in takes the new address, not the old one.
    const signIn = (email: string) => callRoute(loginPage.action, buildRequest("/login", { form: { intent: "login", email, password: TEST_PASSWORD } }));
    expect(sessionCookieOf(await signIn(user.email))).toBeNull();
    expect(sessionCookieOf(await signIn(to))).toBeTruthy();
  });

  test("the old address is told at once; a password change or reset ends the link; a disabled account's link does nothing", async () => {
    const { user, cookie } = await signedIn();
    const to = fresh();
    await post(cookie, { intent: "change-email", newEmail: to, currentPassword: TEST_PASSWORD });
    expect(mailsTo(user.email).at(-1)!.subject).toBe("A change of your Bandroom email was asked for");
    const token = linkTo(to)!;
    // The owner, warned, changes the password: whoever asked for the move cannot finish it.
    const changed = await post(cookie, { intent: "change-password", currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.status).toBeLessThan(400);
    expect((await confirm(token)).status).toBe(400);
    expect((await userRow(user.id))!.email).toBe(user.email);

    const disabled = await signedIn();
    const away = fresh();
    await post(disabled.cookie, { intent: "change-email", newEmail: away, currentPassword: TEST_PASSWORD });
    const late = linkTo(away)!;
    await db.user.update({ where: { id: disabled.user.id }, data: { disabledAt: new Date() } });
    expect(await body(await callRoute(changeEmailPage.loader, buildRequest(`/change-email?token=${late}`)))).toEqual({ token: null, newEmail: null, currentEmail: null });
    expect((await confirm(late)).status).toBe(400);
    expect((await userRow(disabled.user.id))!.email).toBe(disabled.user.email);
  });

  test("once moved, links mailed to the old address stop working, the other devices are signed out, and the change is in the audit log", async () => {
    const { user, cookie } = await signedIn();
    const laptop = await sessionCookieFor(user.id);
    await callRoute(loginPage.action, buildRequest("/login?mode=forgot", { form: { intent: "forgot", email: user.email } }));
    const resetToken = new URL(mailsTo(user.email).filter((m) => m.link).at(-1)!.link!).searchParams.get("token")!;
    const to = fresh();
    await post(cookie, { intent: "change-email", newEmail: to, currentPassword: TEST_PASSWORD });
    expectRedirect(await confirm(linkTo(to)!, cookie), "/profile#email");
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(laptop)).toBe(false);
    const reset = await callRoute(resetPage.action, buildRequest("/reset-password", { form: { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }));
    expect(reset.status).toBe(400);
    expect(await db.auditEntry.findFirst({ where: { action: "user.email", targetId: user.id }, select: { before: true, after: true } })).toEqual({ before: JSON.stringify({ email: user.email }), after: JSON.stringify({ email: to }) });
  });

  test("confirmed in a browser signed in as someone else: that account moves, and the toast says whose", async () => {
    const { user, cookie } = await signedIn();
    const other = await signedIn();
    const to = fresh();
    await post(cookie, { intent: "change-email", newEmail: to, currentPassword: TEST_PASSWORD });
    const done = await confirm(linkTo(to)!, other.cookie);
    expectRedirect(done, "/login");
    expect(await toastOf(done)).toMatchObject({ description: `That account signs in with ${to} from now on.` });
    expect((await userRow(user.id))!.email).toBe(to);
    expect(await isSignedIn(other.cookie)).toBe(true);
  });

  test("an address another account has: the same answer, no link, and that address is told; taken before the link is opened: refused", async () => {
    const { user, cookie } = await signedIn();
    const other = await createUser();
    const asked = await post(cookie, { intent: "change-email", newEmail: other.email, currentPassword: TEST_PASSWORD });
    expect(await body(asked)).toMatchObject({ intent: "change-email", sentTo: other.email });
    expect(linkTo(other.email)).toBeNull();
    expect(mailsTo(other.email).at(-1)!.subject).toBe("This address already has a Bandroom account");

    const to = fresh();
    await post(cookie, { intent: "change-email", newEmail: to, currentPassword: TEST_PASSWORD });
    const token = linkTo(to)!;
    await createUser({ email: to });
    const taken = await confirm(token, cookie);
    expect(taken.status).toBe(409);
    expect(await body(taken)).toEqual({ problem: EMAIL_CHANGE_MESSAGES.taken });
    expect((await userRow(user.id))!.email).toBe(user.email);
  });

  test("a sign-up abandoned unconfirmed does not own its address: the link goes out, and opening it moves the account there in its place; one still waiting for its link keeps it", async () => {
    const { user, cookie } = await signedIn();
    // Signed up with the address, never verified, its link run out (abandoned, or someone else's squat).
    const before = fresh();
    const pending = await createUser({ email: before, verified: false });
    await db.userToken.create({ data: { userId: pending.id, purpose: "verify-email", tokenHash: `expired-${before}`, expiresAt: new Date(Date.now() - 1000) } });
    await post(cookie, { intent: "change-email", newEmail: before, currentPassword: TEST_PASSWORD });
    expect(mailsTo(before).map((mail) => mail.subject)).not.toContain("This address already has a Bandroom account");
    const done = await confirm(linkTo(before)!, cookie);
    expectRedirect(done, "/profile#email");
    expect((await userRow(user.id))!.email).toBe(before);
    expect(await db.user.findUnique({ where: { id: pending.id } })).toBeNull();

    // The same when the sign-up came after the link was mailed and was abandoned since.
    const { user: second, cookie: secondCookie } = await signedIn();
    const after = fresh();
    await post(secondCookie, { intent: "change-email", newEmail: after, currentPassword: TEST_PASSWORD });
    const token = linkTo(after)!;
    await createUser({ email: after, verified: false });
    expectRedirect(await confirm(token, secondCookie), "/profile#email");
    expect((await userRow(second.id))!.email).toBe(after);

    // A sign-up still waiting for its verification link keeps the address: its owner,
    // expecting a confirmation mail, could be led to press the other link instead.
    const { user: third, cookie: thirdCookie } = await signedIn();
    const waiting = fresh();
    await post(thirdCookie, { intent: "change-email", newEmail: waiting, currentPassword: TEST_PASSWORD });
    const waitingToken = linkTo(waiting)!;
    const signUp = await createUser({ email: waiting, verified: false });
    await db.userToken.create({ data: { userId: signUp.id, purpose: "verify-email", tokenHash: `live-${waiting}`, expiresAt: new Date(Date.now() + 3_600_000) } });
    const refused = await confirm(waitingToken, thirdCookie);
    expect(refused.status).toBe(409);
    expect(await body(refused)).toEqual({ problem: EMAIL_CHANGE_MESSAGES.taken });
    expect((await userRow(third.id))!.email).toBe(third.email);
    expect(await db.user.findUnique({ where: { id: signUp.id }, select: { email: true } })).toEqual({ email: waiting });
    // Asked for while it waits: the note, not a link.
    await post(thirdCookie, { intent: "change-email", newEmail: waiting, currentPassword: TEST_PASSWORD });
    expect(mailsTo(waiting).at(-1)!.subject).toBe("This address already has a Bandroom account");
  });

});

