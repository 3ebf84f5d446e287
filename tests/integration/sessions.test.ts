/**
 * Sessions: an absolute lifetime no refresh extends, the list of one's sessions on
 * /profile with "sign out" per session and "sign out everywhere" (plain form posts), and
 * a mail whenever the password changes.
 */
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, sessionCookieFor, TEST_PASSWORD } from "#tests/db-utils";
import { hashToken } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS } from "~/features/auth/session.server";
import { action as profileAction, loader as profileLoader } from "~/routes/_app+/profile";
import { action as refreshAction } from "~/routes/api+/auth.refresh-session";
import { loader as currentUserLoader } from "~/routes/api+/auth.user";
import { action as loginPageAction } from "~/routes/_auth+/login";
import { action as resetPageAction } from "~/routes/_auth+/reset-password";
import { body, clearsCookie, expectRedirect, mailedToken, mailsTo, SESSION_COOKIE } from "./auth-helpers";

const DAY = 24 * 60 * 60 * 1000;
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Listed = { id: string; device: string; lastSeen: string; signedIn: string; current: boolean };

const rawIdOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!);
async function sessionIdOf(cookie: string) {
  // The cookie holds the signed raw id; the row is keyed by its hash.
  const signed = rawIdOf(cookie);
  const raw = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
  return hashToken(raw);
}
async function isSignedIn(cookie: string) {
  return (await callRoute(currentUserLoader, buildRequest("/api/auth/user", { cookie }))).status === 200;
}
async function signInWith(userId: string, userAgent: string) {
  const { createSession } = await import("~/features/auth/session.server");
  return (await createSession(new Request("http://localhost:3000", { headers: { "user-agent": userAgent } }), userId)).split(";")[0]!;
}

describe("absolute session lifetime", () => {
  test("a refresh never extends a session past 90 days from sign-in", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const id = await sessionIdOf(cookie);
    const createdAt = new Date(Date.now() - 85 * DAY);
    await db.session.update({ where: { id }, data: { createdAt, lastSeenAt: new Date(Date.now() - 7 * DAY) } });

    const response = await callRoute(refreshAction, buildRequest("/api/auth/refresh-session", { method: "POST", cookie }));
    expect(response.status).toBe(200);
    const { expiresAt } = await body<{ expiresAt: string }>(response);
    expect(new Date(expiresAt).getTime()).toBe(createdAt.getTime() + SESSION_MAX_AGE_MS);
    expect(new Date(expiresAt).getTime()).toBeLessThan(Date.now() + SESSION_TTL_MS - DAY);
    // The cookie ends then too.
    const maxAge = Number(/Max-Age=(\d+)/.exec(response.headers.get("set-cookie") ?? "")?.[1]);
    expect(maxAge).toBeLessThanOrEqual(5 * 24 * 60 * 60);
    expect(maxAge).toBeGreaterThan(4 * 24 * 60 * 60);
  });

  test("a session older than 90 days is over even when its sliding expiry is still ahead", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await db.session.update({
      where: { id: await sessionIdOf(cookie) },
      data: { createdAt: new Date(Date.now() - 91 * DAY), expiresAt: new Date(Date.now() + 20 * DAY) },
    });
    expect(await isSignedIn(cookie)).toBe(false);
    expect((await callRoute(refreshAction, buildRequest("/api/auth/refresh-session", { method: "POST", cookie }))).status).toBe(401);
  });
});

describe("the sessions on /profile", () => {
  test("lists each device with when it was last seen, this one marked", async () => {
    const user = await createUser();
    const laptop = await signInWith(user.id, FIREFOX);
    await signInWith(user.id, IPHONE);
    const response = await callRoute(profileLoader, buildRequest("/profile", { cookie: laptop }));
    const { sessions } = await body<{ sessions: Listed[] }>(response);
    expect(sessions.map((s) => [s.device, s.current]).sort()).toEqual([
      ["Firefox on Windows", true],
      ["Safari on iPhone", false],
    ]);
    expect(sessions.every((s) => /\d/.test(s.lastSeen))).toBe(true);
  });

  test("“Sign out” ends that session only; another account's session cannot be named", async () => {
    const user = await createUser();
    const laptop = await signInWith(user.id, FIREFOX);
    const phone = await signInWith(user.id, IPHONE);
    const stranger = await createUser();
    const strangersCookie = await sessionCookieFor(stranger.id);

    const response = await callRoute(profileAction, buildRequest("/profile", { cookie: laptop, form: { intent: "sign-out-session", sessionId: await sessionIdOf(phone) } }));
    expectRedirect(response, "/profile");
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);

    const foreign = await callRoute(profileAction, buildRequest("/profile", { cookie: laptop, form: { intent: "sign-out-session", sessionId: await sessionIdOf(strangersCookie) } }));
    expectRedirect(foreign, "/profile");
    expect(await isSignedIn(strangersCookie)).toBe(true);

    expect((await callRoute(profileAction, buildRequest("/profile", { cookie: laptop, form: { intent: "sign-out-session" } }))).status).toBe(400);
  });

  test("“Sign out everywhere” ends every session, this one included", async () => {
    const user = await createUser();
    const laptop = await signInWith(user.id, FIREFOX);
    const phone = await signInWith(user.id, IPHONE);
    const response = await callRoute(profileAction, buildRequest("/profile", { cookie: laptop, form: { intent: "sign-out-everywhere" } }));
    expectRedirect(response, "/login");
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(true);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("a mail after a password change", () => {
  test("from the profile", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const response = await callRoute(
      profileAction,
      buildRequest("/profile", { cookie, form: { intent: "change-password", currentPassword: TEST_PASSWORD, newPassword: "Brand-New-Pass-7", confirmPassword: "Brand-New-Pass-7" } }),
    );
    expectRedirect(response, "/profile");
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual(["Your Bandroom password was changed"]);
  });

  test("by a reset link", async () => {
    const user = await createUser();
    await callRoute(loginPageAction, buildRequest("/login?mode=forgot", { form: { intent: "forgot", email: user.email } }));
    const token = mailedToken(user.email, "/reset-password");
    const response = await callRoute(resetPageAction, buildRequest(`/reset-password?token=${token}`, { form: { token, password: "New-Setlist-2025", confirmPassword: "New-Setlist-2025" } }));
    expectRedirect(response, "/login");
    expect(mailsTo(user.email).map((mail) => mail.subject).at(-1)).toBe("Your Bandroom password was changed");
  });
});
