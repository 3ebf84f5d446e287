import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, sessionCookieFor, TEST_PASSWORD } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { MFA_MESSAGES } from "~/features/auth/mfa.server";
import { INVALID_CREDENTIALS, UNVERIFIED_MESSAGE } from "~/features/auth/auth.server";
import { SESSION_TTL_MS } from "~/features/auth/session.server";
import * as userRoute from "~/routes/api+/auth.user";
import * as refreshRoute from "~/routes/api+/auth.refresh-session";
import * as loginRoute from "~/routes/api+/auth.login";
import * as registerRoute from "~/routes/api+/auth.register";
import * as forgotRoute from "~/routes/api+/auth.forgot-password";
import * as resendRoute from "~/routes/api+/auth.resend-verification";
import * as logoutRoute from "~/routes/api+/auth.logout";
import * as profileRoute from "~/routes/api+/user.profile";
import { body, clearsCookie, CROSS_SITE, mailedToken, mailsTo, SESSION_COOKIE, sessionCookieOf } from "./auth-helpers";
import { loader as verifyEmailLoader } from "~/routes/_auth+/verify-email";

function post(path: string, json: unknown, options: { cookie?: string; peer?: string; headers?: Record<string, string> } = {}) {
  return buildRequest(path, { method: "POST", json, ...options });
}

async function currentUser(cookie: string) {
  return callRoute(userRoute.loader, buildRequest("/api/auth/user", { cookie }));
}

describe("GET /api/auth/user", () => {
  test("answers the signed-in user's fields, never cached", async () => {
    const user = await createUser({ firstName: "Ada", lastName: "Lovelace" });
    const response = await currentUser(await sessionCookieFor(user.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await body(response)).toEqual({
      id: user.id,
      email: user.email,
      firstName: "Ada",
      lastName: "Lovelace",
      profileImageUrl: null,
      preferredBandId: null,
      isPlatformAdmin: false,
    });
  });

  test("401 Unauthorized without a session or with a forged cookie", async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=not-a-signed-value`]) {
      const response = await callRoute(userRoute.loader, buildRequest("/api/auth/user", { cookie }));
      expect(response.status).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await body(response)).toEqual({ message: "Unauthorized" });
    }
  });

  test("an expired session is 401", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await db.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await currentUser(cookie)).status).toBe(401);
  });

  test("other methods are 405", async () => {
    const response = await callRoute(userRoute.action, buildRequest("/api/auth/user", { method: "POST" }));
    expect(response.status).toBe(405);
    expect(await body(response)).toEqual({ message: "Method not allowed" });
  });
});

describe("POST /api/auth/refresh-session", () => {
  test("extends the session by 30 days and re-sets the cookie", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await db.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    const before = Date.now();
    const response = await callRoute(refreshRoute.action, post("/api/auth/refresh-session", undefined, { cookie }));
    expect(response.status).toBe(200);
    const { expiresAt } = await body<{ expiresAt: string }>(response);
    expect(new Date(expiresAt).getTime()).toBeGreaterThanOrEqual(before + SESSION_TTL_MS - 1000);
    expect(sessionCookieOf(response)).toBe(cookie);
    const [row] = await db.session.findMany({ where: { userId: user.id }, select: { expiresAt: true } });
    expect(row!.expiresAt.toISOString()).toBe(expiresAt);
  });

  test("401 without a session", async () => {
    const response = await callRoute(refreshRoute.action, post("/api/auth/refresh-session", undefined));
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ message: "Unauthorized" });
  });

  test("403 cross-site, 405 for GET", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const crossSite = await callRoute(refreshRoute.action, post("/api/auth/refresh-session", undefined, { cookie, headers: CROSS_SITE }));
    expect(crossSite.status).toBe(403);
    expect((await callRoute(refreshRoute.loader, buildRequest("/api/auth/refresh-session", { cookie }))).status).toBe(405);
  });
});

describe("POST /api/auth/login", () => {
  test("signs in with a new session id; the pre-login session stops working", async () => {
    const user = await createUser();
    const oldCookie = await sessionCookieFor(user.id);
    const response = await callRoute(loginRoute.action, post("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, { cookie: oldCookie }));
    expect(response.status).toBe(200);
    const { user: signedIn } = await body<{ user: { id: string; email: string } }>(response);
    expect(signedIn).toMatchObject({ id: user.id, email: user.email });
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeTruthy();
    expect(cookie).not.toBe(oldCookie);
    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect((await currentUser(cookie!)).status).toBe(200);
    expect((await currentUser(oldCookie)).status).toBe(401);
  });

  test("email is matched case-insensitively", async () => {
    const user = await createUser({ email: "mixed@example.com" });
    const response = await callRoute(loginRoute.action, post("/api/auth/login", { email: "  Mixed@Example.COM ", password: TEST_PASSWORD }));
    expect(response.status).toBe(200);
    expect((await body<{ user: { id: string } }>(response)).user.id).toBe(user.id);
  });

  test("an unknown email and a wrong password get the same 401", async () => {
    const user = await createUser();
    const wrong = await callRoute(loginRoute.action, post("/api/auth/login", { email: user.email, password: "Not-the-password-1" }));
    const unknown = await callRoute(loginRoute.action, post("/api/auth/login", { email: "nobody@example.com", password: "Not-the-password-1" }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await body(wrong)).toEqual({ message: INVALID_CREDENTIALS });
    expect(await body(unknown)).toEqual({ message: INVALID_CREDENTIALS });
    expect(sessionCookieOf(wrong)).toBeNull();
  });

  test("an unverified account is 403 with the verify message", async () => {
    const user = await createUser({ verified: false });
    const response = await callRoute(loginRoute.action, post("/api/auth/login", { email: user.email, password: TEST_PASSWORD }));
    expect(response.status).toBe(403);
    expect(await body(response)).toEqual({ message: UNVERIFIED_MESSAGE });
    expect(sessionCookieOf(response)).toBeNull();
  });

  test("400 with field errors for bad bodies and unknown keys", async () => {
    const invalid = await callRoute(loginRoute.action, post("/api/auth/login", { email: "not-an-email", password: "" }));
    expect(invalid.status).toBe(400);
    expect(await body(invalid)).toEqual({
      message: "Invalid request",
      errors: { email: ["Invalid email address"], password: ["Password is required"] },
    });

    // A two-step code sent as a number (its leading zero would be lost): the code's own message, not zod's.
    const numeric = await callRoute(loginRoute.action, post("/api/auth/login", { email: "a@example.com", password: "x", code: 123456 }));
    expect((await body<{ errors: Record<string, string[]> }>(numeric)).errors).toEqual({ code: [MFA_MESSAGES.codeRequired] });
    // Longer than any password may be: the answer for a wrong password, not "Password is required".
    const long = await callRoute(loginRoute.action, post("/api/auth/login", { email: "a@example.com", password: "A".repeat(513) }));
    expect(long.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(long)).errors).toEqual({ password: ["Invalid email or password"] });

    // A password sent as a number or a list is not text, rather than missing.
    for (const password of [123, ["x"]]) {
      const typed = await callRoute(loginRoute.action, post("/api/auth/login", { email: "a@example.com", password }));
      expect((await body<{ errors: Record<string, string[]> }>(typed)).errors).toEqual({ password: ["Password must be text"] });
    }
    const missing = await callRoute(loginRoute.action, post("/api/auth/login", { email: "a@example.com", password: null }));
    expect((await body<{ errors: Record<string, string[]> }>(missing)).errors).toEqual({ password: ["Password is required"] });

    const extra = await callRoute(loginRoute.action, post("/api/auth/login", { email: "a@example.com", password: "x", remember: true }));
    expect(extra.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(extra)).errors).toEqual({ remember: ["Unknown field"] });

    const notJson = buildRequest("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" } });
    const broken = await callRoute(loginRoute.action, new Request(notJson, { body: "{email:", duplex: "half" } as RequestInit));
    expect(broken.status).toBe(400);
    expect(await body(broken)).toEqual({ message: "Request body must be valid JSON", errors: { body: ["Request body must be valid JSON"] } });
  });

  test("403 for a cross-site request, by Sec-Fetch-Site or by Origin", async () => {
    const user = await createUser();
    const credentials = { email: user.email, password: TEST_PASSWORD };
    const bySecFetch = await callRoute(loginRoute.action, post("/api/auth/login", credentials, { headers: CROSS_SITE }));
    expect(bySecFetch.status).toBe(403);
    expect(await body(bySecFetch)).toEqual({ message: "Cross-site requests are not allowed" });

    const request = post("/api/auth/login", credentials);
    request.headers.delete("sec-fetch-site");
    request.headers.set("origin", "https://evil.example");
    expect((await callRoute(loginRoute.action, request)).status).toBe(403);
  });

  test("GET is 405", async () => {
    const response = await callRoute(loginRoute.loader, buildRequest("/api/auth/login"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  test("passwords of 64+ characters work end to end", async () => {
    const email = "passphrase@example.com";
    const password = "Correct horse battery staple, 2024 edition: a long passphrase of 90 chars!!".padEnd(90, "x");
    expect(password.length).toBeGreaterThanOrEqual(64);
    const registered = await callRoute(registerRoute.action, post("/api/auth/register", { email, password, firstName: "Long", agreeToTerms: true }));
    expect(registered.status).toBe(201);
    await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${mailedToken(email, "/verify-email")}`));
    const response = await callRoute(loginRoute.action, post("/api/auth/login", { email, password }));
    expect(response.status).toBe(200);
  });
});

describe("POST /api/auth/register", () => {
  const valid = { email: "new.member@example.com", password: "Gig-Night-42", firstName: "Nina", lastName: "Park", agreeToTerms: true };

  test("lastName may be left out, empty or null", async () => {
    for (const [i, lastName] of [undefined, "", null].entries()) {
      const email = `no.last.name.${i}@example.com`;
      const response = await callRoute(registerRoute.action, post("/api/auth/register", { ...valid, email, lastName }));
      expect(response.status, String(lastName)).toBe(201);
      expect((await db.user.findUniqueOrThrow({ where: { email } })).lastName).toBeNull();
    }
  });

  test("a second sign-up for an address not yet verified replaces the first one's password and name: whoever signed up first with someone else's address cannot take the account", async () => {
    const email = "claimed.first@example.com";
    expect((await callRoute(registerRoute.action, post("/api/auth/register", { email, password: "Attacker-pass-1", firstName: "Mallory", agreeToTerms: true }))).status).toBe(201);
    const firstLink = mailedToken(email, "/verify-email");
    expect((await callRoute(registerRoute.action, post("/api/auth/register", { email, password: "Owner-pass-22", firstName: "Victoria", lastName: "Vale", agreeToTerms: true }))).status).toBe(201);
    const ownerLink = mailedToken(email, "/verify-email");
    expect(mailsTo(email).at(-1)!.text).toContain("Hi Victoria");
    // Only the newest link verifies, with the newest sign-up's password.
    expect((await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${firstLink}`))).headers.get("location")).toBe("/login?error=invalid-token");
    expect((await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${ownerLink}`))).headers.get("location")).toBe("/login?verified=true");
    expect((await callRoute(loginRoute.action, post("/api/auth/login", { email, password: "Attacker-pass-1" }))).status).toBe(401);
    expect((await callRoute(loginRoute.action, post("/api/auth/login", { email, password: "Owner-pass-22" }))).status).toBe(200);
    expect(await db.user.findUnique({ where: { email }, select: { firstName: true, lastName: true } })).toEqual({ firstName: "Victoria", lastName: "Vale" });
  });

  test("creates the account, mails a verification link, answers 201", async () => {
    const response = await callRoute(registerRoute.action, post("/api/auth/register", valid));
    expect(response.status).toBe(201);
    expect(await body(response)).toEqual({ message: "Check your email to verify your account", email: valid.email });
    const user = await db.user.findUnique({ where: { email: valid.email }, select: { firstName: true, lastName: true, emailVerifiedAt: true, password: { select: { hash: true } } } });
    expect(user).toMatchObject({ firstName: "Nina", lastName: "Park", emailVerifiedAt: null });
    // argon2id at OWASP's parameters (m=19456 KiB, t=2, p=1).
    expect(user!.password!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(mailedToken(valid.email, "/verify-email")).toMatch(/^[\w-]{40,}$/);
  });

  test("an email that already has an account gets the same answer, and no second account", async () => {
    const existing = await createUser();
    const response = await callRoute(registerRoute.action, post("/api/auth/register", { ...valid, email: existing.email }));
    expect(response.status).toBe(201);
    expect(await body(response)).toEqual({ message: "Check your email to verify your account", email: existing.email });
    expect(await db.user.count({ where: { email: existing.email } })).toBe(1);
    expect(mailsTo(existing.email).map((m) => m.subject)).toEqual(["You already have a Bandroom account"]);
  });

  test("400 with every validation message of the spec", async () => {
    const empty = await callRoute(registerRoute.action, post("/api/auth/register", {}));
    expect(empty.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(empty)).errors).toEqual({
      email: ["Invalid email address"],
      password: ["Password must be at least 8 characters"],
      firstName: ["First name is required"],
      agreeToTerms: ["You must agree to the Terms of Service and Privacy Policy"],
    });

    const typed = await callRoute(registerRoute.action, post("/api/auth/register", { ...valid, password: 12345678, firstName: ["Ann"] }));
    expect((await body<{ errors: Record<string, string[]> }>(typed)).errors).toEqual({ password: ["Password must be text"], firstName: ["First name must be text"] });

    const weak = await callRoute(registerRoute.action, post("/api/auth/register", { ...valid, password: "short", agreeToTerms: false }));
    expect((await body<{ errors: Record<string, string[]> }>(weak)).errors).toEqual({
      password: ["Password must be at least 8 characters", "Password must contain an uppercase letter", "Password must contain a number"],
      agreeToTerms: ["You must agree to the Terms of Service and Privacy Policy"],
    });

    const email = "rejected@example.com";
    const noLower = await callRoute(registerRoute.action, post("/api/auth/register", { ...valid, email, password: "SHOUTING123" }));
    expect((await body<{ errors: Record<string, string[]> }>(noLower)).errors).toEqual({ password: ["Password must contain a lowercase letter"] });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  test("400 for an unknown key", async () => {
    const response = await callRoute(registerRoute.action, post("/api/auth/register", { ...valid, isPlatformAdmin: true }));
    expect(response.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(response)).errors).toEqual({ isPlatformAdmin: ["Unknown field"] });
  });

  test("403 cross-site, 405 for GET", async () => {
    const email = "cross.site@example.com";
    expect((await callRoute(registerRoute.action, post("/api/auth/register", { ...valid, email }, { headers: CROSS_SITE }))).status).toBe(403);
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect((await callRoute(registerRoute.loader, buildRequest("/api/auth/register"))).status).toBe(405);
  });
});

describe("POST /api/auth/forgot-password", () => {
  const MESSAGE = { message: "If the email exists, a password reset link has been sent." };

  test("mails a reset link to a known email", async () => {
    const user = await createUser();
    const response = await callRoute(forgotRoute.action, post("/api/auth/forgot-password", { email: user.email }));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual(MESSAGE);
    expect(mailedToken(user.email, "/reset-password")).toBeTruthy();
  });

  test("an unknown email gets the same answer and no mail", async () => {
    const response = await callRoute(forgotRoute.action, post("/api/auth/forgot-password", { email: "ghost@example.com" }));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual(MESSAGE);
    expect(mailsTo("ghost@example.com")).toEqual([]);
  });

  test("400 for a bad email or an unknown key, 403 cross-site, 405 for GET", async () => {
    const bad = await callRoute(forgotRoute.action, post("/api/auth/forgot-password", { email: "nope" }));
    expect(bad.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(bad)).errors).toEqual({ email: ["Invalid email address"] });
    const extra = await callRoute(forgotRoute.action, post("/api/auth/forgot-password", { email: "a@example.com", redirect: "/x" }));
    expect(extra.status).toBe(400);
    expect((await callRoute(forgotRoute.action, post("/api/auth/forgot-password", { email: "a@example.com" }, { headers: CROSS_SITE }))).status).toBe(403);
    expect((await callRoute(forgotRoute.loader, buildRequest("/api/auth/forgot-password"))).status).toBe(405);
  });
});

describe("POST /api/auth/resend-verification", () => {
  const MESSAGE = { message: "If the email is waiting to be verified, a new verification link has been sent." };

  test("mails a fresh link to an unverified account; the older link stops working", async () => {
    const user = await createUser({ verified: false });
    await callRoute(resendRoute.action, post("/api/auth/resend-verification", { email: user.email }));
    const first = mailedToken(user.email, "/verify-email");
    const response = await callRoute(resendRoute.action, post("/api/auth/resend-verification", { email: user.email }));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual(MESSAGE);
    const second = mailedToken(user.email, "/verify-email");
    expect(second).not.toBe(first);
    expect((await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${first}`))).headers.get("location")).toBe("/login?error=invalid-token");
    expect((await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${second}`))).headers.get("location")).toBe("/login?verified=true");
  });

  test("verified and unknown emails get the same answer and no mail", async () => {
    const verified = await createUser();
    for (const email of [verified.email, "ghost@example.com"]) {
      const response = await callRoute(resendRoute.action, post("/api/auth/resend-verification", { email }));
      expect(response.status).toBe(200);
      expect(await body(response)).toEqual(MESSAGE);
      expect(mailsTo(email)).toEqual([]);
    }
  });

  test("400 for a bad body, 403 cross-site, 405 for GET", async () => {
    const bad = await callRoute(resendRoute.action, post("/api/auth/resend-verification", { email: "" }));
    expect(bad.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(bad)).errors).toEqual({ email: ["Invalid email address"] });
    expect((await callRoute(resendRoute.action, post("/api/auth/resend-verification", { email: "a@example.com", x: 1 }))).status).toBe(400);
    expect((await callRoute(resendRoute.action, post("/api/auth/resend-verification", { email: "a@example.com" }, { headers: CROSS_SITE }))).status).toBe(403);
    expect((await callRoute(resendRoute.loader, buildRequest("/api/auth/resend-verification"))).status).toBe(405);
  });
});

describe("POST /api/auth/logout", () => {
  test("deletes the session and clears the cookie; a replayed cookie is 401", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const response = await callRoute(logoutRoute.action, post("/api/auth/logout", undefined, { cookie }));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ ok: true });
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(true);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    const replay = await currentUser(cookie);
    expect(replay.status).toBe(401);
  });

  test("without a session it still answers ok", async () => {
    const response = await callRoute(logoutRoute.action, post("/api/auth/logout", undefined));
    expect(response.status).toBe(200);
  });

  test("403 cross-site (the session survives), 405 for GET", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    expect((await callRoute(logoutRoute.action, post("/api/auth/logout", undefined, { cookie, headers: CROSS_SITE }))).status).toBe(403);
    expect((await currentUser(cookie)).status).toBe(200);
    expect((await callRoute(logoutRoute.loader, buildRequest("/api/auth/logout", { cookie }))).status).toBe(405);
  });
});

describe("GET /api/user/profile", () => {
  test("answers the profile fields", async () => {
    const user = await createUser({ isPlatformAdmin: true, firstName: "Pat", lastName: null });
    const response = await callRoute(profileRoute.loader, buildRequest("/api/user/profile", { cookie: await sessionCookieFor(user.id) }));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      id: user.id,
      email: user.email,
      firstName: "Pat",
      lastName: null,
      profileImageUrl: null,
      preferredBandId: null,
      isPlatformAdmin: true,
    });
  });

  test("401 when signed out, 405 for POST", async () => {
    const response = await callRoute(profileRoute.loader, buildRequest("/api/user/profile"));
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ message: "Unauthorized" });
    expect((await callRoute(profileRoute.action, buildRequest("/api/user/profile", { method: "POST" }))).status).toBe(405);
  });
});

describe("a whole account over the JSON API", () => {
  test("register, verify from the outbox, log in, log out, ask for a reset link", async () => {
    const email = "whole.flow@example.com";
    expect((await callRoute(registerRoute.action, post("/api/auth/register", { email, password: "Band-Practice-7", firstName: "Wes", agreeToTerms: true }))).status).toBe(201);
    expect((await callRoute(loginRoute.action, post("/api/auth/login", { email, password: "Band-Practice-7" }))).status).toBe(403);
    await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${mailedToken(email, "/verify-email")}`));
    const login = await callRoute(loginRoute.action, post("/api/auth/login", { email, password: "Band-Practice-7" }));
    expect(login.status).toBe(200);
    const cookie = sessionCookieOf(login)!;
    expect((await callRoute(logoutRoute.action, post("/api/auth/logout", undefined, { cookie }))).status).toBe(200);
    expect((await currentUser(cookie)).status).toBe(401);

    await callRoute(forgotRoute.action, post("/api/auth/forgot-password", { email }));
    expect(mailedToken(email, "/reset-password")).toBeTruthy();
  });
});
