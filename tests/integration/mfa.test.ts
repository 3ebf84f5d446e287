/**
 * Two-step sign-in (ASVS 6.3.3): set up from /profile with a server-rendered QR code and
 * a manual key, recovery codes shown once, sign-in asks for the code after the password
 * (page and API), codes cannot be replayed, code entry is rate-limited, mails when it is
 * turned on or off. Driven like a browser without JavaScript.
 */
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, enableMfa, sessionCookieFor, TEST_PASSWORD, TEST_TOTP_SECRET } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { action as profileAction, loader as profileLoader } from "~/routes/_app+/profile";
import { action as loginPageAction } from "~/routes/_auth+/login";
import { action as twoStepAction, loader as twoStepLoader } from "~/routes/_auth+/two-step";
import { action as apiLogin } from "~/routes/api+/auth.login";
import { loader as currentUserLoader } from "~/routes/api+/auth.user";
import { body, cookiePair, expectRedirect, mailsTo, SESSION_COOKIE, sessionCookieOf } from "./auth-helpers";

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

type TwoStepData = { twoStep: { state: string; key?: string; qrSvg?: string; recoveryCodesLeft?: number; required: boolean } };
type TwoStepAnswer = { twoStep: { error?: string; field?: string; recoveryCodes?: string[] } };

const profilePost = (cookie: string, form: Record<string, string>) => callRoute(profileAction, buildRequest("/profile", { cookie, form }));
const twoStepOf = async (cookie: string, query = "") => (await body<TwoStepData>(await callRoute(profileLoader, buildRequest(`/profile${query}`, { cookie })))).twoStep;

async function passwordStep(email: string, password = TEST_PASSWORD, peer = "203.0.113.40") {
  return callRoute(loginPageAction, buildRequest("/login", { form: { intent: "login", email, password, redirectTo: "/songs" }, peer }));
}
async function isSignedIn(cookie: string) {
  return (await callRoute(currentUserLoader, buildRequest("/api/auth/user", { cookie }))).status === 200;
}

describe("setting it up from /profile", () => {
  test("QR code and key, a wrong code refused, the right one turns it on with 10 recovery codes and a mail, and signs out the other sessions", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    // Signed in elsewhere with the password alone (perhaps not by the owner).
    const elsewhere = await sessionCookieFor(user.id);
    expect((await twoStepOf(cookie)).state).toBe("off");

    expectRedirect(await profilePost(cookie, { intent: "mfa-start" }), "/profile#two-step");
    const setup = await twoStepOf(cookie);
    expect(setup.state).toBe("setting-up");
    expect(setup.qrSvg).toMatch(/^<svg [^>]*viewBox/);
    expect(setup.qrSvg).not.toMatch(/<script|on\w+=/i);
    expect(setup.key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);

    // The password first: a borrowed session must not turn it on and lock the owner out.
    for (const [password, message] of [["", "Enter your password to turn on two-step sign-in"], ["Wrong-password-1", "Current password is incorrect"]] as const) {
      const refused = await profilePost(cookie, { intent: "mfa-confirm", currentPassword: password, code: codeAt(setup.key!) });
      expect(refused.status).toBe(400);
      expect((await body<TwoStepAnswer>(refused)).twoStep).toEqual({ error: message, field: "currentPassword" });
      expect((await twoStepOf(cookie)).state).toBe("setting-up");
    }

    const wrong = await profilePost(cookie, { intent: "mfa-confirm", currentPassword: TEST_PASSWORD, code: "000000" });
    expect(wrong.status).toBe(400);
    expect((await body<TwoStepAnswer>(wrong)).twoStep.error).toMatch(/didn’t match/);
    expect((await twoStepOf(cookie)).state).toBe("setting-up");

    const right = await profilePost(cookie, { intent: "mfa-confirm", currentPassword: TEST_PASSWORD, code: codeAt(setup.key!) });
    expect(right.status).toBe(200);
    const codes = (await body<TwoStepAnswer>(right)).twoStep.recoveryCodes!;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await db.recoveryCode.count({ where: { userId: user.id, codeHash: { in: codes } } })).toBe(0); // stored hashed
    expect((await twoStepOf(cookie)).state).toBe("on");
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual(["Two-step sign-in is on for your Bandroom account"]);
    // This session stays; the password-only one elsewhere is signed out.
    expect((await callRoute(profileLoader, buildRequest("/profile", { cookie }))).status).toBe(200);
    const signedOut = await callRoute(profileLoader, buildRequest("/profile", { cookie: elsewhere }));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/login\?redirectTo=%2Fprofile$/);
  });

  test("turning it off needs the password and sends a mail", async () => {
    const user = await createUser();
    await enableMfa(user.id);
    const cookie = await sessionCookieFor(user.id);
    const wrong = await profilePost(cookie, { intent: "mfa-disable", currentPassword: "Wrong-password-1" });
    expect(wrong.status).toBe(400);
    expect((await twoStepOf(cookie)).state).toBe("on");
    expectRedirect(await profilePost(cookie, { intent: "mfa-disable", currentPassword: TEST_PASSWORD }), "/profile#two-step");
    expect((await twoStepOf(cookie)).state).toBe("off");
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual(["Two-step sign-in is off for your Bandroom account"]);
  });
});

describe("signing in", () => {
  test("the password alone signs nobody in; the code does, once, and goes where the user was heading", async () => {
    const user = await createUser();
    await enableMfa(user.id);
    const afterPassword = await passwordStep(user.email);
    expectRedirect(afterPassword, "/two-step");
    expect(sessionCookieOf(afterPassword)).toBeNull();
    const challenge = cookiePair(afterPassword, "bandroom_mfa")!;
    expect(challenge).toBeTruthy();
    expect((await callRoute(twoStepLoader, buildRequest("/two-step", { cookie: challenge }))).status).toBe(200);

    const wrong = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: challenge, form: { code: "123456" } }));
    expect(wrong.status).toBe(400);
    expect(sessionCookieOf(wrong)).toBeNull();

    const code = codeAt(TEST_TOTP_SECRET);
    const right = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: challenge, form: { code } }));
    expectRedirect(right, "/songs");
    const session = cookiePair(right, SESSION_COOKIE)!;
    expect(await isSignedIn(session)).toBe(true);

    // The challenge works once: a copy of the cookie opens no second session, with any code.
    const replay = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: challenge, form: { code } }));
    expectRedirect(replay, "/login");
    expect(sessionCookieOf(replay)).toBeNull();
    expectRedirect(await callRoute(twoStepLoader, buildRequest("/two-step", { cookie: challenge })), "/login");
    // And the same code cannot be used again on a fresh challenge either.
    const fresh = cookiePair(await passwordStep(user.email), "bandroom_mfa")!;
    const again = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: fresh, form: { code } }));
    expect(again.status).toBe(400);
    expect(sessionCookieOf(again)).toBeNull();
  });

  test("a newer sign-in or signing out everywhere ends a challenge waiting for its code", async () => {
    const user = await createUser();
    await enableMfa(user.id);
    const first = cookiePair(await passwordStep(user.email), "bandroom_mfa")!;
    const second = cookiePair(await passwordStep(user.email), "bandroom_mfa")!;
    expectRedirect(await callRoute(twoStepLoader, buildRequest("/two-step", { cookie: first })), "/login");
    expect((await callRoute(twoStepLoader, buildRequest("/two-step", { cookie: second }))).status).toBe(200);

    await profilePost(await sessionCookieFor(user.id), { intent: "sign-out-everywhere" });
    expectRedirect(await callRoute(twoStepAction, buildRequest("/two-step", { cookie: second, form: { code: codeAt(TEST_TOTP_SECRET) } })), "/login");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  test("without the password step, /two-step sends back to /login", async () => {
    expectRedirect(await callRoute(twoStepLoader, buildRequest("/two-step")), "/login");
    expectRedirect(await callRoute(twoStepAction, buildRequest("/two-step", { form: { code: "123456" } })), "/login");
  });

  test("a recovery code works once", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await profilePost(cookie, { intent: "mfa-start" });
    const { key } = await twoStepOf(cookie);
    const codes = (await body<TwoStepAnswer>(await profilePost(cookie, { intent: "mfa-confirm", currentPassword: TEST_PASSWORD, code: codeAt(key!) }))).twoStep.recoveryCodes!;

    const challenge = cookiePair(await passwordStep(user.email), "bandroom_mfa")!;
    const used = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: challenge, form: { code: codes[3]!.toLowerCase() } }));
    expect(sessionCookieOf(used)).toBeTruthy();
    const next = cookiePair(await passwordStep(user.email), "bandroom_mfa")!;
    const again = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: next, form: { code: codes[3]! } }));
    expect(again.status).toBe(400);
    expect((await twoStepOf(cookie)).recoveryCodesLeft).toBe(9);
  });

  test("code entry is rate-limited per account: after 5 wrong codes even the right one waits", async () => {
    const user = await createUser();
    await enableMfa(user.id);
    const challenge = cookiePair(await passwordStep(user.email), "bandroom_mfa")!;
    for (let i = 0; i < 5; i++) {
      expect((await callRoute(twoStepAction, buildRequest("/two-step", { cookie: challenge, form: { code: `00000${i}` } }))).status).toBe(400);
    }
    const limited = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: challenge, form: { code: codeAt(TEST_TOTP_SECRET) } }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect(sessionCookieOf(limited)).toBeNull();
  });

  test("the JSON API asks for the code with the password and never signs in without it", async () => {
    const user = await createUser();
    await enableMfa(user.id);
    const login = (json: Record<string, string>) => callRoute(apiLogin, buildRequest("/api/auth/login", { method: "POST", json }));
    const noCode = await login({ email: user.email, password: TEST_PASSWORD });
    expect(noCode.status).toBe(401);
    expect(await body(noCode)).toEqual({ message: "Enter the 6-digit code from your authenticator app, or a recovery code", mfaRequired: true });
    expect(sessionCookieOf(noCode)).toBeNull();
    const badCode = await login({ email: user.email, password: TEST_PASSWORD, code: "999999" });
    expect(badCode.status).toBe(401);
    expect(sessionCookieOf(badCode)).toBeNull();
    const ok = await login({ email: user.email, password: TEST_PASSWORD, code: codeAt(TEST_TOTP_SECRET) });
    expect(ok.status).toBe(200);
    expect(sessionCookieOf(ok)).toBeTruthy();
  });
});

test("a platform admin is sent to set it up before /admin opens", async () => {
  const admin = await createUser({ isPlatformAdmin: true });
  const cookie = await sessionCookieFor(admin.id);
  const status = await twoStepOf(cookie, "?mfa=required");
  expect(status.required).toBe(true);
  // Not for someone who is not a platform admin.
  const other = await createUser();
  expect((await twoStepOf(await sessionCookieFor(other.id), "?mfa=required")).required).toBe(false);
});
