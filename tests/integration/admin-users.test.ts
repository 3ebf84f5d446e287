/**
 * /admin/users: what a platform admin can do to accounts, and the rules that hold
 * whatever the form says (issue 10).
 */
import { afterEach, describe, expect, test } from "vitest";
import { buildRequest, callRoute, createBand, createUser, enableMfa, readOutbox, sessionCookieFor, TEST_PASSWORD } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { action as adminUsersAction, loader as adminUsersLoader } from "~/routes/_app+/admin.users";
import { loader as profileLoader } from "~/routes/_app+/profile";
import { action as apiLoginAction } from "~/routes/api+/auth.login";
import { ADMIN_MESSAGES } from "~/features/admin/schema";
import { STRIPE_OWNS_TIER } from "~/features/billing/billing.server";
import { DISABLED_MESSAGE, INVALID_CREDENTIALS } from "~/features/auth/auth.server";
import { body, expectRedirect, toastOf } from "./auth-helpers";

type Loader = Parameters<typeof callRoute>[0];

async function signedInAdmin(firstName = "Ada") {
  const admin = await createUser({ firstName, lastName: "Admin", isPlatformAdmin: true });
  await enableMfa(admin.id);
  return { admin, cookie: await sessionCookieFor(admin.id) };
}

function post(cookie: string, form: Record<string, string | string[]>) {
  return callRoute(adminUsersAction as Loader, buildRequest("/admin/users", { cookie, form: { back: "q=x&sort=name&dir=asc&evil=1", ...form } }));
}

async function listJson(cookie: string, search: string) {
  const response = await callRoute(adminUsersLoader as Loader, buildRequest(`/admin/users${search}`, { cookie }));
  return { status: response.status, data: await body<{ users: { id: string; email: string; bands: { name: string; role: string; plan: string }[] }[]; total: number; searchError: string | null }>(response) };
}

let peer = 0;
function apiLogin(email: string, password: string) {
  // A different client address per attempt keeps the per-IP sign-in limit out of the way.
  return callRoute(apiLoginAction as Loader, buildRequest("/api/auth/login", { json: { email, password }, peer: `10.9.${Math.floor(peer / 250)}.${(peer++ % 250) + 1}` }));
}

async function auditOf(targetId: string) {
  return db.auditEntry.findMany({ where: { targetId }, orderBy: { id: "asc" } });
}

afterEach(async () => {
  // Each test names its own admins; keep the platform-wide admin count from leaking between tests.
  await db.user.updateMany({ where: { isPlatformAdmin: true }, data: { isPlatformAdmin: false } });
});

describe("platform admin rights", () => {
  test("granting and revoking are audited with before and after; the list goes back where it was", async () => {
    const { admin, cookie } = await signedInAdmin();
    const user = await createUser({ firstName: "Grace" });

    const granted = await post(cookie, { intent: "grant-admin", userId: user.id });
    expectRedirect(granted, "/admin/users?q=x&sort=name&dir=asc");
    expect(await toastOf(granted)).toMatchObject({ title: "Grace User is now a platform admin" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isPlatformAdmin).toBe(true);

    expectRedirect(await post(cookie, { intent: "revoke-admin", userId: user.id }), "/admin/users?q=x&sort=name&dir=asc");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isPlatformAdmin).toBe(false);

    const entries = await auditOf(user.id);
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.before, entry.after])).toEqual([
      ["admin.grant", admin.id, JSON.stringify({ isPlatformAdmin: false }), JSON.stringify({ isPlatformAdmin: true })],
      ["admin.revoke", admin.id, JSON.stringify({ isPlatformAdmin: true }), JSON.stringify({ isPlatformAdmin: false })],
    ]);
  });

  test("the last platform admin cannot be revoked, not even by themselves; with another admin they can step down", async () => {
    const { admin, cookie } = await signedInAdmin();

    const refused = await post(cookie, { intent: "revoke-admin", userId: admin.id });
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ message: ADMIN_MESSAGES.lastAdmin, userId: admin.id });
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).isPlatformAdmin).toBe(true);
    expect(await auditOf(admin.id)).toEqual([]);

    // A disabled admin cannot sign in, so they do not count as the one who is left.
    const disabledAdmin = await createUser({ isPlatformAdmin: true });
    await db.user.update({ where: { id: disabledAdmin.id }, data: { disabledAt: new Date() } });
    expect((await post(cookie, { intent: "revoke-admin", userId: admin.id })).status).toBe(409);
    // Nor does one whose address was never verified (sign-in refuses it), or one without a password.
    await createUser({ isPlatformAdmin: true, verified: false });
    const noPassword = await createUser({ isPlatformAdmin: true });
    await db.password.delete({ where: { userId: noPassword.id } });
    expect((await post(cookie, { intent: "revoke-admin", userId: admin.id })).status).toBe(409);

    const other = await createUser({ isPlatformAdmin: true });
    const stepped = await post(cookie, { intent: "revoke-admin", userId: admin.id });
    expectRedirect(stepped, "/dashboard");
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).isPlatformAdmin).toBe(false);
    // And the admin area is closed to them from now on.
    expect((await callRoute(adminUsersLoader as Loader, buildRequest("/admin/users", { cookie }))).status).toBe(403);
    expect(other).toBeTruthy();
  });

  test("two admins disabling each other at once cannot both succeed: the second finds no other admin who can sign in", async () => {
    const first = await signedInAdmin("Ada");
    const second = await signedInAdmin("Bea");
    // Both pressed Disable at the same moment; the first one's transaction commits first.
    const [one, two] = await Promise.all([
      post(first.cookie, { intent: "disable", userId: second.admin.id }),
      post(second.cookie, { intent: "disable", userId: first.admin.id }),
    ]);
    expect([one.status, two.status].sort()).toEqual([302, 409].sort());
    const admins = await db.user.count({ where: { isPlatformAdmin: true, disabledAt: null, id: { in: [first.admin.id, second.admin.id] } } });
    expect(admins).toBe(1);
    // Straight through the rule, as a request already past its sign-in check would reach it.
    const { disableUser } = await import("~/features/admin/admin.server");
    const [left, gone] = (await db.user.findUniqueOrThrow({ where: { id: first.admin.id } })).disabledAt ? [second.admin, first.admin] : [first.admin, second.admin];
    await expect(disableUser(gone, left.id)).rejects.toMatchObject({ status: 409, message: ADMIN_MESSAGES.lastAdmin });
  });

  test("a field sent twice is refused, not picked by its order (grant-admin then disable ran the disable)", async () => {
    const { cookie } = await signedInAdmin();
    const user = await createUser();
    const refused = await post(cookie, { intent: ["grant-admin", "disable"], userId: user.id });
    expect(refused.status).toBe(400);
    expect(await body(refused)).toMatchObject({ message: "The form was sent with a field twice. Reload the page and try again." });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { disabledAt: true, isPlatformAdmin: true } })).toEqual({ disabledAt: null, isPlatformAdmin: false });
  });

  test("a disabled account is not made an admin", async () => {
    const { cookie } = await signedInAdmin();
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    const refused = await post(cookie, { intent: "grant-admin", userId: user.id });
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ message: ADMIN_MESSAGES.grantDisabled });
  });
});

describe("disabling an account", () => {
  test("their sessions end at once (next request signed out), sign-in is refused, and re-enabling lets them back", async () => {
    const { admin, cookie } = await signedInAdmin();
    const user = await createUser({ firstName: "Dora" });
    const userCookie = await sessionCookieFor(user.id);
    expect((await callRoute(profileLoader as Loader, buildRequest("/profile", { cookie: userCookie }))).status).toBe(200);

    const disabled = await post(cookie, { intent: "disable", userId: user.id });
    expectRedirect(disabled, "/admin/users?q=x&sort=name&dir=asc");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expectRedirect(await callRoute(profileLoader as Loader, buildRequest("/profile", { cookie: userCookie })), `/api/login?${new URLSearchParams({ redirectTo: "/profile" })}`);

    // The right password learns it is disabled; a wrong one gets the usual answer, so nobody else learns anything.
    const refused = await apiLogin(user.email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ message: DISABLED_MESSAGE });
    const wrong = await apiLogin(user.email, "Wrong-Password-1");
    expect(wrong.status).toBe(401);
    expect(await body(wrong)).toMatchObject({ message: INVALID_CREDENTIALS });

    // A session that somehow outlived the change (made before it, written after) is worthless too.
    const stray = await sessionCookieFor(user.id);
    expect((await callRoute(profileLoader as Loader, buildRequest("/profile", { cookie: stray }))).status).toBe(302);

    expectRedirect(await post(cookie, { intent: "enable", userId: user.id }), "/admin/users?q=x&sort=name&dir=asc");
    expect((await apiLogin(user.email, TEST_PASSWORD)).status).toBe(200);

    const entries = await auditOf(user.id);
    expect(entries.map((entry) => entry.action)).toEqual(["user.disable", "user.enable"]);
    expect(entries[0]).toMatchObject({ actorId: admin.id, before: JSON.stringify({ disabledAt: null }) });
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({ sessionsEnded: 1 });
    expect(JSON.parse(entries[1]!.after!)).toEqual({ disabledAt: null });
  });

  test("an admin cannot disable their own account, whatever the form says", async () => {
    const { admin, cookie } = await signedInAdmin();
    const refused = await post(cookie, { intent: "disable", userId: admin.id });
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ message: ADMIN_MESSAGES.disableSelf });
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).disabledAt).toBeNull();
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(1);
  });

  test("an unknown user, an unknown intent and a missing id are clear 4xx answers that change nothing", async () => {
    const { cookie } = await signedInAdmin();
    const unknown = await post(cookie, { intent: "disable", userId: "no-such-user" });
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toMatchObject({ message: ADMIN_MESSAGES.userNotFound });
    expect((await post(cookie, { intent: "explode", userId: "x" })).status).toBe(400);
    expect((await post(cookie, { intent: "disable" })).status).toBe(400);
  });
});

describe("resending verification", () => {
  test("mails a fresh link to an unverified account (audited) and refuses a verified one", async () => {
    const { cookie } = await signedInAdmin();
    const unverified = await createUser({ verified: false });
    const sent = await post(cookie, { intent: "resend-verification", userId: unverified.id });
    expect(sent.status).toBe(302);
    expect(readOutbox().filter((mail) => mail.to === unverified.email).at(-1)?.subject).toBe("Confirm your email for Bandroom");
    expect((await auditOf(unverified.id)).map((entry) => entry.action)).toEqual(["user.resend-verification"]);
    // Pressed again at once (a double tap, two admins): one mail, whose link still works.
    const mails = readOutbox().filter((mail) => mail.to === unverified.email).length;
    const again = await Promise.all([1, 2, 3].map(() => post(cookie, { intent: "resend-verification", userId: unverified.id })));
    expect(again.map((response) => response.status)).toEqual([409, 409, 409]);
    expect(await body(again[0]!)).toMatchObject({ message: ADMIN_MESSAGES.resentRecently(unverified.email) });
    expect(readOutbox().filter((mail) => mail.to === unverified.email).length).toBe(mails);

    const verified = await createUser();
    const refused = await post(cookie, { intent: "resend-verification", userId: verified.id });
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ message: ADMIN_MESSAGES.alreadyVerified });
  });
});

describe("a band's plan in manual billing", () => {
  test("set from a member's row, audited; a band that does not exist is refused", async () => {
    const { cookie } = await signedInAdmin();
    const user = await createUser();
    const band = await createBand({ name: "Manual Tier Band", members: [{ userId: user.id, role: "band_leader" }] });

    const set = await post(cookie, { intent: "set-tier", userId: user.id, bandId: String(band.id), tier: "pro" });
    expect(await toastOf(set)).toMatchObject({ title: "Manual Tier Band is now on Pro" });
    expect((await db.band.findUniqueOrThrow({ where: { id: band.id } })).subscriptionTier).toBe("pro");
    expect((await db.auditEntry.findFirstOrThrow({ where: { bandId: band.id } })).after).toBe(JSON.stringify({ tier: "pro" }));

    const missing = await post(cookie, { intent: "set-tier", bandId: "987654321", tier: "pro" });
    expect(missing.status).toBe(404);
    expect(await body(missing)).toMatchObject({ message: "That band does not exist" });
    expect((await post(cookie, { intent: "set-tier", bandId: String(band.id), tier: "platinum" })).status).toBe(400);
    expect((await post(cookie, { intent: "set-tier", bandId: "abc", tier: "pro" })).status).toBe(400);
  });

  test("with Stripe set up, Stripe manages plans and the admin control is refused", async () => {
    const { cookie } = await signedInAdmin();
    const user = await createUser();
    const band = await createBand({ members: [{ userId: user.id, role: "band_leader" }] });
    process.env.STRIPE_SECRET_KEY = "sk_test_x";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_x";
    try {
      const refused = await post(cookie, { intent: "set-tier", bandId: String(band.id), tier: "pro" });
      expect(refused.status).toBe(409);
      expect(await body(refused)).toMatchObject({ message: STRIPE_OWNS_TIER });
      expect((await db.band.findUniqueOrThrow({ where: { id: band.id } })).subscriptionTier).toBe("free");

      // A band paying through Stripe: its plan is Stripe's, and the list offers no control.
      const paying = await createBand({ subscriptionTier: "pro", members: [{ userId: user.id, role: "band_leader" }] });
      await db.bandSubscription.create({ data: { bandId: paying.id, stripeCustomerId: `cus_${paying.id}`, stripeSubscriptionId: `sub_${paying.id}`, status: "active" } });
      const kept = await post(cookie, { intent: "set-tier", bandId: String(paying.id), tier: "free" });
      expect(kept.status).toBe(409);
      expect(await body(kept)).toMatchObject({ message: STRIPE_OWNS_TIER });
      expect((await db.band.findUniqueOrThrow({ where: { id: paying.id } })).subscriptionTier).toBe("pro");

      // Pro granted by hand (no subscription pays for it) can be ended: nobody else could.
      const granted = await createBand({ subscriptionTier: "pro", members: [{ userId: user.id, role: "band_leader" }] });
      const listed = (await listJson(cookie, `?q=${encodeURIComponent(user.email)}`)).data as unknown as { users: { id: string; bands: { id: number; handGranted: boolean }[] }[] };
      const bands = listed.users.find((row) => row.id === user.id)!.bands;
      expect(Object.fromEntries(bands.map((row) => [row.id, row.handGranted]))).toEqual({ [band.id]: false, [paying.id]: false, [granted.id]: true });
      const ended = await post(cookie, { intent: "set-tier", bandId: String(granted.id), tier: "free" });
      expect(ended.status).toBe(302);
      expect((await db.band.findUniqueOrThrow({ where: { id: granted.id } })).subscriptionTier).toBe("free");
      expect((await db.auditEntry.findFirstOrThrow({ where: { bandId: granted.id, action: "band.tier" } })).after).toBe(JSON.stringify({ tier: "free" }));
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
    }
  });
});

describe("finding users", () => {
  test("by name or email, each with their bands and roles", async () => {
    const { cookie } = await signedInAdmin();
    const tag = Date.now().toString(36);
    const ada = await createUser({ firstName: "Adelina", lastName: `Lovelace${tag}` });
    await createUser({ firstName: "Bob", lastName: `Other${tag}`, email: `bob-${tag}@example.com` });
    await createBand({ name: "Zebra Band", members: [{ userId: ada.id, role: "band_member" }] });
    await createBand({ name: "Alpha Band", members: [{ userId: ada.id, role: "band_leader" }] });

    const byName = await listJson(cookie, `?q=${encodeURIComponent(`adelina lovelace${tag}`)}`);
    expect(byName.data.users.map((user) => user.id)).toEqual([ada.id]);
    expect(byName.data.users[0]!.bands).toEqual([
      expect.objectContaining({ name: "Alpha Band", role: "band_leader", plan: "Free" }),
      expect.objectContaining({ name: "Zebra Band", role: "band_member", plan: "Free" }),
    ]);
    expect((await listJson(cookie, `?q=bob-${tag}`)).data.users).toHaveLength(1);
    expect((await listJson(cookie, `?q=${tag}&sort=name&dir=desc`)).data.users.map((user) => user.email)[0]).toBe(`bob-${tag}@example.com`);
  });

  test("% and _ are literal characters, not wildcards", async () => {
    const { cookie } = await signedInAdmin();
    const tag = Date.now().toString(36);
    const underscored = await createUser({ firstName: `Under_${tag}` });
    await createUser({ firstName: `UnderX${tag}` });
    expect((await listJson(cookie, `?q=${encodeURIComponent(`Under_${tag}`)}`)).data.users.map((user) => user.id)).toEqual([underscored.id]);
    expect((await listJson(cookie, `?q=${encodeURIComponent("%")}`)).data.total).toBe(0);
    expect((await listJson(cookie, `?q=${encodeURIComponent("_")}`)).data.users.map((user) => user.id)).toEqual([underscored.id]);
  });

  test("a control character in the search (?q=%00) reads as a space: searched for and shown back without it", async () => {
    const { cookie } = await signedInAdmin();
    const tag = Date.now().toString(36);
    const user = await createUser({ firstName: `Nul${tag}` });
    const response = await callRoute(adminUsersLoader as Loader, buildRequest(`/admin/users?q=%00Nul${tag}%07`, { cookie }));
    const data = await body<{ users: { id: string }[]; query: { q: string } }>(response);
    expect(response.status).toBe(200);
    expect(data.query.q).toBe(`Nul${tag}`);
    expect(data.users.map((found) => found.id)).toEqual([user.id]);
  });

  test("a 1,000-character search gets a clear message and a 400, not a 500", async () => {
    const { cookie } = await signedInAdmin();
    const { status, data } = await listJson(cookie, `?q=${"a".repeat(1000)}`);
    expect(status).toBe(400);
    expect(data.searchError).toBe(ADMIN_MESSAGES.searchTooLong);
    expect(data.users).toEqual([]);
  });

  test("pages hold 25 users; a page past the end shows the last one; odd sort values fall back", async () => {
    const { cookie } = await signedInAdmin();
    const tag = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < 27; i++) await createUser({ firstName: `${tag}${String(i).padStart(2, "0")}` });
    const first = await listJson(cookie, `?q=${tag}&sort=name&dir=asc`);
    expect(first.data.total).toBe(27);
    expect(first.data.users).toHaveLength(25);
    const last = await listJson(cookie, `?q=${tag}&sort=name&dir=asc&page=99`);
    expect(last.data.users).toHaveLength(2);
    expect((await listJson(cookie, `?q=${tag}&sort=bogus&dir=sideways`)).status).toBe(200);
  });
});
