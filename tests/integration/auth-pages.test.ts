/**
 * The account pages' loaders and actions, driven like a browser without JavaScript:
 * form posts, redirects, cookies and the mail outbox.
 */
import { describe, expect, test, vi } from "vitest";
import { buildRequest, callRoute, createUser, ORIGIN, sessionCookieFor, TEST_PASSWORD } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { UNKNOWN_FORM_FIELD } from "~/utils/submission";
import { INVALID_CREDENTIALS, UNVERIFIED_MESSAGE } from "~/features/auth/auth.server";
import * as loginPage from "~/routes/_auth+/login";
import * as pendingPage from "~/routes/_auth+/verification-pending";
import * as resetPage from "~/routes/_auth+/reset-password";
import { loader as verifyEmailLoader } from "~/routes/_auth+/verify-email";
import * as apiLogin from "~/routes/api+/login";
import * as apiLogout from "~/routes/api+/logout";
import { loader as currentUserLoader } from "~/routes/api+/auth.user";
import { body, clearsCookie, CROSS_SITE, expectRedirect, mailedToken, mailsTo, SESSION_COOKIE, sessionCookieOf, toastOf } from "./auth-helpers";

type FormReply = {
  intent: string;
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  unverifiedEmail?: string;
};

function submit(path: string, form: Record<string, string>, options: { cookie?: string; headers?: Record<string, string>; peer?: string } = {}) {
  return callRoute(loginPage.action, buildRequest(path, { form, ...options }));
}

async function loginPageData(path: string, cookie?: string) {
  return callRoute(loginPage.loader, buildRequest(path, { cookie }));
}

async function isSignedIn(cookie: string) {
  return (await callRoute(currentUserLoader, buildRequest("/api/auth/user", { cookie }))).status === 200;
}

describe("/login loader", () => {
  test.each([
    ["/login", "login"],
    ["/login?mode=register", "register"],
    ["/login?mode=forgot", "forgot"],
    ["/login?mode=nonsense", "login"],
  ])("%s opens the %s mode", async (path, mode) => {
    const response = await loginPageData(path);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ mode, redirectTo: "", notice: null, origin: expect.stringMatching(/^https?:\/\//) });
  });

  test.each([
    ["verified=true", { tone: "success", title: "Email Verified!", message: "Your email has been verified successfully. You can now log in." }],
    ["error=invalid-token", { tone: "error", title: "Verification Error", message: "Invalid or expired verification link" }],
    ["error=verification-failed", { tone: "error", title: "Verification Error", message: "Email verification failed. Please try again." }],
    ["error=something-else", { tone: "error", title: "Verification Error", message: "Verification failed." }],
    // Names every object has are no known error either (__proto__ was a 500, toString an empty message).
    ["error=__proto__", { tone: "error", title: "Verification Error", message: "Verification failed." }],
    ["error=toString", { tone: "error", title: "Verification Error", message: "Verification failed." }],
    ["error=constructor", { tone: "error", title: "Verification Error", message: "Verification failed." }],
    ["error=", { tone: "error", title: "Verification Error", message: "Verification failed." }],
  ])("?%s shows the spec's notice", async (query, notice) => {
    const response = await loginPageData(`/login?${query}`);
    expect((await body(response)).notice).toEqual(notice);
  });

  test("keeps only a safe redirectTo", async () => {
    expect((await body(await loginPageData("/login?redirectTo=%2Fsetlists%3Fview%3Dall"))).redirectTo).toBe("/setlists?view=all");
    for (const unsafe of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/\t/evil.example", "/\n/evil.example", "/\r\nSet-Cookie: a=b", "/\u0000x"]) {
      expect((await body(await loginPageData(`/login?${new URLSearchParams({ redirectTo: unsafe })}`))).redirectTo).toBe("");
    }
  });

  test("a signed-in visitor goes to /", async () => {
    const user = await createUser();
    expectRedirect(await loginPageData("/login", await sessionCookieFor(user.id)), "/");
  });
});

describe("/login action", () => {
  test("refuses a cross-site post with 403", async () => {
    const user = await createUser();
    const response = await submit("/login", { intent: "login", email: user.email, password: TEST_PASSWORD }, { headers: CROSS_SITE });
    expect(response.status).toBe(403);
    expect(sessionCookieOf(response)).toBeNull();
  });

  test("answers 400 to an unknown or missing intent", async () => {
    expect((await submit("/login", { intent: "delete-everything", email: "a@example.com" })).status).toBe(400);
    expect((await submit("/login", { email: "a@example.com" })).status).toBe(400);
  });

  describe("login", () => {
    test("signs in: a new session cookie, the welcome toast, and /", async () => {
      const user = await createUser();
      const response = await submit("/login", { intent: "login", email: user.email, password: TEST_PASSWORD });
      expectRedirect(response, "/");
      const cookie = sessionCookieOf(response)!;
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
      expect(await isSignedIn(cookie)).toBe(true);
      expect(await toastOf(response)).toEqual({ title: "Login successful", description: "Welcome back!", type: "default" });
    });

    test("replaces the session the browser had before", async () => {
      const user = await createUser();
      const before = await sessionCookieFor(user.id);
      const response = await submit("/login", { intent: "login", email: user.email, password: TEST_PASSWORD }, { cookie: before });
      const after = sessionCookieOf(response)!;
      expect(after).not.toBe(before);
      expect(await isSignedIn(before)).toBe(false);
      expect(await isSignedIn(after)).toBe(true);
    });

    test("returns to a safe redirectTo, never to another site", async () => {
      const user = await createUser();
      const back = await submit("/login?redirectTo=%2Fcalendar", { intent: "login", redirectTo: "/calendar", email: user.email, password: TEST_PASSWORD });
      expectRedirect(back, "/calendar");
      const away = await submit("/login", { intent: "login", redirectTo: "//evil.example/steal", email: user.email, password: TEST_PASSWORD });
      expectRedirect(away, "/");
      // A TAB or newline that browsers strip would turn "/\t/evil.example" into "//evil.example".
      for (const redirectTo of ["/\t/evil.example", "/\n/evil.example"]) {
        expectRedirect(await submit("/login", { intent: "login", redirectTo, email: user.email, password: TEST_PASSWORD }), "/");
      }
    });

    test("a redirectTo with CR/LF signs in and goes home instead of failing after the session is written", async () => {
      const user = await createUser();
      const response = await submit("/login", { intent: "login", redirectTo: "/calendar\r\nSet-Cookie: stolen=1", email: user.email, password: TEST_PASSWORD });
      expectRedirect(response, "/");
      expect(response.headers.get("set-cookie")).not.toContain("stolen");
    });

    test("a wrong password and an unknown email fail the same way, with a 400 and no password echoed", async () => {
      const user = await createUser();
      const replies: FormReply[] = [];
      for (const email of [user.email, "nobody@example.com"]) {
        const response = await submit("/login", { intent: "login", email, password: "Wrong-pass-1" });
        expect(response.status).toBe(400);
        expect(sessionCookieOf(response)).toBeNull();
        replies.push(await body<FormReply>(response));
      }
      for (const reply of replies) {
        expect(reply.intent).toBe("login");
        expect(reply.result.error).toEqual({ "": [INVALID_CREDENTIALS] });
        expect(reply.result.initialValue).not.toHaveProperty("password");
        expect(reply.unverifiedEmail).toBeUndefined();
      }
    });

    test("validation messages of the spec, each once", async () => {
      const response = await submit("/login", { intent: "login", email: "not-an-email", password: "" });
      expect(response.status).toBe(400);
      expect((await body<FormReply>(response)).result.error).toEqual({ email: ["Invalid email address"], password: ["Password is required"] });
    });

    test("a post with a field the form does not have says so in words, not zod's 'Unrecognized key'", async () => {
      const response = await submit("/login", { intent: "login", email: "someone@example.com", password: "x", x: "1" });
      expect(response.status).toBe(400);
      expect((await body<FormReply>(response)).result.error).toEqual({ "": [UNKNOWN_FORM_FIELD] });
    });

    test("an unverified account is told to verify and offered a resend", async () => {
      const user = await createUser({ verified: false });
      const response = await submit("/login", { intent: "login", email: user.email, password: TEST_PASSWORD });
      expect(response.status).toBe(400);
      const reply = await body<FormReply>(response);
      expect(reply.result.error).toEqual({ "": [UNVERIFIED_MESSAGE] });
      expect(reply.unverifiedEmail).toBe(user.email);
      expect(sessionCookieOf(response)).toBeNull();

      const resend = await submit("/login", { intent: "resend", email: user.email });
      expectRedirect(resend, `/verification-pending?${new URLSearchParams({ email: user.email })}`);
      expect((await toastOf(resend))?.title).toBe("Verification email sent");
      expect(mailedToken(user.email, "/verify-email")).toBeTruthy();
    });
  });

  describe("register", () => {
    const form = { intent: "register", firstName: "Robin", lastName: "", email: "robin@example.com", password: "Stage-Left-9", agreeToTerms: "on" };

    test("every validation message of spec section 5 appears, each once", async () => {
      const empty = await submit("/login?mode=register", { intent: "register", firstName: "", lastName: "", email: "", password: "" });
      expect(empty.status).toBe(400);
      const emptyReply = await body<FormReply>(empty);
      expect(emptyReply.intent).toBe("register");
      expect(emptyReply.result.error).toEqual({
        email: ["Invalid email address"],
        password: ["Password must be at least 8 characters"],
        firstName: ["First name is required"],
        agreeToTerms: ["You must agree to the Terms of Service and Privacy Policy"],
      });

      const weak = await submit("/login?mode=register", { ...form, email: "bad@", password: "lowercase" });
      expect((await body<FormReply>(weak)).result.error).toEqual({
        email: ["Invalid email address"],
        password: ["Password must contain an uppercase letter", "Password must contain a number"],
      });
      const noLower = await submit("/login?mode=register", { ...form, password: "UPPER-CASE-1" });
      const noLowerReply = await body<FormReply>(noLower);
      expect(noLowerReply.result.error).toEqual({ password: ["Password must contain a lowercase letter"] });
      expect(noLowerReply.result.initialValue).not.toHaveProperty("password");
      expect(await db.user.count({ where: { email: form.email } })).toBe(0);
    });

    test("register → mail → verify → log in → log out: the replayed cookie is signed out", async () => {
      const registered = await submit("/login?mode=register", form);
      expectRedirect(registered, "/verification-pending?email=robin%40example.com");
      const created = await db.user.findUniqueOrThrow({ where: { email: form.email }, select: { lastName: true, emailVerifiedAt: true } });
      expect(created).toEqual({ lastName: null, emailVerifiedAt: null });

      const pending = await callRoute(pendingPage.loader, buildRequest("/verification-pending?email=robin%40example.com"));
      expect(await body(pending)).toEqual({ email: form.email });
      // Only an address is shown: a crafted message in the link gets the wording for none.
      for (const text of ["Your account is locked, call 555-0100", "<b>x</b>", "a".repeat(300) + "@example.com"]) {
        const crafted = await callRoute(pendingPage.loader, buildRequest(`/verification-pending?${new URLSearchParams({ email: text })}`));
        expect(await body(crafted), text).toEqual({ email: "" });
      }

      // Not verified yet: no session.
      expect(sessionCookieOf(await submit("/login", { intent: "login", email: form.email, password: form.password }))).toBeNull();

      const token = mailedToken(form.email, "/verify-email");
      expectRedirect(await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${token}`)), "/login?verified=true");
      expect((await db.user.findUniqueOrThrow({ where: { email: form.email }, select: { emailVerifiedAt: true } })).emailVerifiedAt).toBeInstanceOf(Date);
      // Opened again (a second click, or a mail scanner opened it first): the address is
      // verified, and the page says so rather than "Invalid or expired verification link".
      expectRedirect(await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${token}`)), "/login?verified=true");
      // A link made void by a newer one stays void.
      await db.userToken.deleteMany({ where: { user: { email: form.email } } });
      expectRedirect(await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${token}`)), "/login?error=invalid-token");

      const login = await submit("/login", { intent: "login", email: form.email, password: form.password });
      expectRedirect(login, "/");
      const cookie = sessionCookieOf(login)!;
      expect(await isSignedIn(cookie)).toBe(true);

      const logout = await callRoute(apiLogout.action, buildRequest("/api/logout", { method: "POST", cookie }));
      expectRedirect(logout, "/");
      expect(clearsCookie(logout, SESSION_COOKIE)).toBe(true);
      const replay = await callRoute(currentUserLoader, buildRequest("/api/auth/user", { cookie }));
      expect(replay.status).toBe(401);
    });

    test("a filled honeypot looks like success and does nothing", async () => {
      const response = await submit("/login?mode=register", { ...form, email: "bot@example.com", website: "https://spam.example" });
      expectRedirect(response, "/verification-pending?email=bot%40example.com");
      expect(await db.user.count({ where: { email: "bot@example.com" } })).toBe(0);
      expect(mailsTo("bot@example.com")).toEqual([]);
    });

    test("an existing email gets the same redirect and no second account", async () => {
      const user = await createUser();
      expectRedirect(await submit("/login?mode=register", { ...form, email: user.email }), `/verification-pending?${new URLSearchParams({ email: user.email })}`);
      expect(await db.user.count({ where: { email: user.email } })).toBe(1);
    });

    test("a 64+ character password is accepted", async () => {
      const password = `${"Long-passphrase-for-the-whole-band-".repeat(3)}9`;
      expect(password.length).toBeGreaterThan(64);
      const email = "long.pass@example.com";
      expectRedirect(await submit("/login?mode=register", { ...form, email, password }), "/verification-pending?email=long.pass%40example.com");
      await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${mailedToken(email, "/verify-email")}`));
      expectRedirect(await submit("/login", { intent: "login", email, password }), "/");
    });
  });

  describe("forgot", () => {
    test("a known email gets a reset link; back to login with the toast", async () => {
      const user = await createUser();
      const response = await submit("/login?mode=forgot", { intent: "forgot", email: user.email });
      expectRedirect(response, "/login");
      expect(await toastOf(response)).toEqual({ title: "Reset link sent", description: "If the email exists, a password reset link has been sent.", type: "default" });
      expect(mailedToken(user.email, "/reset-password")).toBeTruthy();
    });

    test("an unknown email gets the same response and nothing is sent", async () => {
      const response = await submit("/login?mode=forgot", { intent: "forgot", email: "ghost@example.com" });
      expectRedirect(response, "/login");
      expect(await toastOf(response)).toEqual({ title: "Reset link sent", description: "If the email exists, a password reset link has been sent.", type: "default" });
      expect(mailsTo("ghost@example.com")).toEqual([]);
    });

    test("a filled honeypot looks like success and sends nothing", async () => {
      const user = await createUser();
      const response = await submit("/login?mode=forgot", { intent: "forgot", email: user.email, website: "x" });
      expectRedirect(response, "/login");
      expect(mailsTo(user.email)).toEqual([]);
    });

    test("an invalid email is a 400 with the spec message", async () => {
      const response = await submit("/login?mode=forgot", { intent: "forgot", email: "nope" });
      expect(response.status).toBe(400);
      expect((await body<FormReply>(response)).result.error).toEqual({ email: ["Invalid email address"] });
    });
  });
});

describe("/verify-email", () => {
  test("a missing or unknown token lands on the invalid-token notice", async () => {
    expectRedirect(await callRoute(verifyEmailLoader, buildRequest("/verify-email")), "/login?error=invalid-token");
    expectRedirect(await callRoute(verifyEmailLoader, buildRequest("/verify-email?token=made-up")), "/login?error=invalid-token");
  });

  test("an expired token lands on the invalid-token notice", async () => {
    const user = await createUser({ verified: false });
    await submit("/login", { intent: "resend", email: user.email });
    await db.userToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectRedirect(await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${mailedToken(user.email, "/verify-email")}`)), "/login?error=invalid-token");
  });

  test("an unexpected error lands on verification-failed and is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(db.userToken, "updateMany").mockRejectedValueOnce(new Error("database is locked"));
    const user = await createUser({ verified: false });
    await submit("/login", { intent: "resend", email: user.email });
    const response = await callRoute(verifyEmailLoader, buildRequest(`/verify-email?token=${mailedToken(user.email, "/verify-email")}`));
    expectRedirect(response, "/login?error=verification-failed");
    expect(logged).toHaveBeenCalled();
  });
});

describe("/verification-pending", () => {
  test("resend: a generic toast whether or not the account exists", async () => {
    const user = await createUser({ verified: false });
    for (const email of [user.email, "ghost@example.com"]) {
      const response = await callRoute(pendingPage.action, buildRequest("/verification-pending", { form: { email } }));
      expectRedirect(response, `/verification-pending?${new URLSearchParams({ email })}`);
      expect(await toastOf(response)).toEqual({
        title: "Verification email sent",
        description: "If this address is waiting to be verified, a new link is on its way.",
        type: "default",
      });
    }
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo("ghost@example.com")).toEqual([]);
  });

  test("400 for a bad email, 403 cross-site, honeypot sends nothing", async () => {
    const bad = await callRoute(pendingPage.action, buildRequest("/verification-pending", { form: { email: "nope" } }));
    expect(bad.status).toBe(400);
    expect((await body<FormReply>(bad)).result.error).toEqual({ email: ["Invalid email address"] });
    const user = await createUser({ verified: false });
    expect((await callRoute(pendingPage.action, buildRequest("/verification-pending", { form: { email: user.email }, headers: CROSS_SITE }))).status).toBe(403);
    expectRedirect(
      await callRoute(pendingPage.action, buildRequest("/verification-pending", { form: { email: user.email, website: "spam" } })),
      `/verification-pending?${new URLSearchParams({ email: user.email })}`,
    );
    expect(mailsTo(user.email)).toEqual([]);
  });
});

describe("/reset-password", () => {
  async function resetToken(email: string) {
    await submit("/login?mode=forgot", { intent: "forgot", email });
    return mailedToken(email, "/reset-password");
  }
  const NEW_PASSWORD = "New-Setlist-2025";

  test("sets the new password, ends every session, and the token works once", async () => {
    const user = await createUser();
    const phone = await sessionCookieFor(user.id);
    const laptop = await sessionCookieFor(user.id);
    const token = await resetToken(user.email);

    expect(await body(await callRoute(resetPage.loader, buildRequest(`/reset-password?token=${token}`)))).toEqual({ token });

    const response = await callRoute(
      resetPage.action,
      buildRequest(`/reset-password?token=${token}`, { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, cookie: phone }),
    );
    expectRedirect(response, "/login");
    expect(await toastOf(response)).toEqual({ title: "Password updated", description: "Sign in with your new password.", type: "default" });
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);

    expect(sessionCookieOf(await submit("/login", { intent: "login", email: user.email, password: TEST_PASSWORD }))).toBeNull();
    expect(sessionCookieOf(await submit("/login", { intent: "login", email: user.email, password: NEW_PASSWORD }))).toBeTruthy();

    // Used: the page shows the invalid state and a second post fails.
    expect(await body(await callRoute(resetPage.loader, buildRequest(`/reset-password?token=${token}`)))).toEqual({ token: null });
    const again = await callRoute(resetPage.action, buildRequest("/reset-password", { form: { token, password: "Another-One-1", confirmPassword: "Another-One-1" } }));
    expect(again.status).toBe(400);
    expect(await body(again)).toMatchObject({ linkBroken: true });
    expect(sessionCookieOf(await submit("/login", { intent: "login", email: user.email, password: "Another-One-1" }))).toBeNull();
  });

  test("a disabled account gets no link, only a mail saying why; a link sent before it was disabled changes nothing", async () => {
    const user = await createUser();
    const earlier = await resetToken(user.email);
    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });

    const response = await submit("/login?mode=forgot", { intent: "forgot", email: user.email });
    // The same answer as for any address: nothing to tell a stranger.
    expect(await toastOf(response)).toEqual({ title: "Reset link sent", description: "If the email exists, a password reset link has been sent.", type: "default" });
    const last = mailsTo(user.email).at(-1)!;
    expect(last.subject).toBe("Your Bandroom account is disabled");
    expect(last.link).toBeUndefined();
    expect(last.text).toContain("no reset link was sent");

    // The page says at once that the link is no good, rather than after a new password is typed.
    expect(await body(await callRoute(resetPage.loader, buildRequest(`/reset-password?token=${earlier}`)))).toEqual({ token: null });
    const before = await db.password.findUniqueOrThrow({ where: { userId: user.id }, select: { hash: true } });
    const reset = await callRoute(resetPage.action, buildRequest("/reset-password", { form: { token: earlier, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }));
    expect(reset.status).toBe(400);
    expect((await db.password.findUniqueOrThrow({ where: { userId: user.id }, select: { hash: true } })).hash).toBe(before.hash);
  });

  test("a link opened in a browser signed in as someone else leaves that person signed in", async () => {
    const user = await createUser();
    const other = await createUser();
    const otherCookie = await sessionCookieFor(other.id);
    const mine = await sessionCookieFor(user.id);
    const token = await resetToken(user.email);
    const response = await callRoute(resetPage.action, buildRequest(`/reset-password?token=${token}`, { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, cookie: otherCookie }));
    expectRedirect(response, "/login");
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(false);
    expect(await isSignedIn(otherCookie)).toBe(true);
    expect(await isSignedIn(mine)).toBe(false);
  });

  test("the link expires after an hour", async () => {
    const user = await createUser();
    const requested = Date.now();
    const token = await resetToken(user.email);
    const [record] = await db.userToken.findMany({ where: { userId: user.id, purpose: "reset-password" }, select: { id: true, expiresAt: true } });
    const ttl = record!.expiresAt.getTime() - requested;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 1000);

    await db.userToken.update({ where: { id: record!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await body(await callRoute(resetPage.loader, buildRequest(`/reset-password?token=${token}`)))).toEqual({ token: null });
    const response = await callRoute(resetPage.action, buildRequest("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }));
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ linkBroken: true });
  });

  test("an unknown token shows the invalid state", async () => {
    expect(await body(await callRoute(resetPage.loader, buildRequest("/reset-password?token=guess")))).toEqual({ token: null });
    expect(await body(await callRoute(resetPage.loader, buildRequest("/reset-password")))).toEqual({ token: null });
  });

  test("the same password rules, a confirmation, 403 cross-site", async () => {
    const user = await createUser();
    const token = await resetToken(user.email);
    const weak = await callRoute(resetPage.action, buildRequest("/reset-password", { form: { token, password: "short", confirmPassword: "short" } }));
    expect(weak.status).toBe(400);
    const weakReply = await body<{ result: FormReply["result"]; linkBroken: boolean }>(weak);
    expect(weakReply.linkBroken).toBe(false);
    expect(weakReply.result.error).toEqual({
      password: ["Password must be at least 8 characters", "Password must contain an uppercase letter", "Password must contain a number"],
    });
    expect(weakReply.result.initialValue).not.toHaveProperty("password");

    const mismatch = await callRoute(resetPage.action, buildRequest("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: "Something-else-1" } }));
    expect((await body<{ result: FormReply["result"] }>(mismatch)).result.error).toEqual({ confirmPassword: ["Passwords do not match"] });

    const crossSite = await callRoute(
      resetPage.action,
      buildRequest("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, headers: CROSS_SITE }),
    );
    expect(crossSite.status).toBe(403);
    // Nothing above used the token up.
    expect(await body(await callRoute(resetPage.loader, buildRequest(`/reset-password?token=${token}`)))).toEqual({ token });
  });
});

describe("a form sent after signing out", () => {
  test("goes to sign in saying nothing was saved (a page's GET goes there quietly)", async () => {
    const { action: newEventAction, loader: newEventLoader } = await import("~/routes/_app+/events.new");
    const user = await createUser();
    const signedOut = `${await sessionCookieFor(user.id)}`;
    await db.session.deleteMany({ where: { userId: user.id } });
    const sent = await callRoute(newEventAction, buildRequest("/events/new", { cookie: signedOut, form: { title: "Typed", kind: "gig" } }));
    expectRedirect(sent, "/api/login?redirectTo=%2Fevents%2Fnew");
    expect(await toastOf(sent)).toEqual({ title: "Nothing was saved", description: "You were signed out. Sign in, then send it again.", type: "destructive" });
    const opened = await callRoute(newEventLoader, buildRequest("/events/new", { cookie: signedOut }));
    expectRedirect(opened, "/api/login?redirectTo=%2Fevents%2Fnew");
    expect(await toastOf(opened)).toBeNull();
  });
});

describe("/api/login and /api/logout", () => {
  test("/api/login hands over to /login with a safe redirectTo", async () => {
    expectRedirect(await callRoute(apiLogin.loader, buildRequest("/api/login?redirectTo=%2Fsetlists%2F4")), "/login?redirectTo=%2Fsetlists%2F4");
    expectRedirect(await callRoute(apiLogin.loader, buildRequest("/api/login?redirectTo=https%3A%2F%2Fevil.example")), "/login");
    expectRedirect(await callRoute(apiLogin.loader, buildRequest("/api/login?redirectTo=/%09/evil.example")), "/login");
    expectRedirect(await callRoute(apiLogin.loader, buildRequest("/api/login")), "/login");
    expect((await callRoute(apiLogin.action, buildRequest("/api/login", { method: "POST" }))).status).toBe(405);
  });

  test("GET /api/logout ends the session and goes home", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const response = await callRoute(apiLogout.loader, buildRequest("/api/logout", { cookie }));
    expectRedirect(response, "/");
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(true);
    expect(clearsCookie(response, "bandroom_band")).toBe(true);
    // Without the shell's script, the browser clears local storage and caches itself.
    expect(response.headers.get("clear-site-data")).toBe('"storage"');
    expect(await isSignedIn(cookie)).toBe(false);
  });

  test("GET /api/logout from another site goes home without signing out", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    for (const headers of [CROSS_SITE, { "sec-fetch-site": "same-site" }, { "sec-fetch-site": "", origin: "https://evil.example" }]) {
      const response = await callRoute(apiLogout.loader, buildRequest("/api/logout", { cookie, headers }));
      expectRedirect(response, "/");
      expect(clearsCookie(response, SESSION_COOKIE)).toBe(false);
      expect(await isSignedIn(cookie)).toBe(true);
    }
  });

  test("GET /api/logout as an image, script or frame of our own pages (a profile picture set to it) does not sign out; a page opening it does", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const picture = { "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors", accept: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", referer: `${ORIGIN}/members` };
    for (const headers of [picture, { ...picture, "sec-fetch-dest": "iframe" }, { "sec-fetch-dest": "script" }, { "sec-fetch-dest": "empty" }, { "sec-fetch-site": "", accept: "image/webp,*/*", referer: `${ORIGIN}/members` }] as Record<string, string>[]) {
      const response = await callRoute(apiLogout.loader, buildRequest("/api/logout", { cookie, headers }));
      expectRedirect(response, "/");
      expect(clearsCookie(response, SESSION_COOKIE), JSON.stringify(headers)).toBe(false);
      expect(await isSignedIn(cookie)).toBe(true);
    }
    const link = await callRoute(apiLogout.loader, buildRequest("/api/logout", { cookie, headers: { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml,*/*;q=0.8" } }));
    expect(clearsCookie(link, SESSION_COOKIE)).toBe(true);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  test("GET /api/logout from a browser that sends no Sec-Fetch-Site signs out only when the Referer is ours", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    // A link on another site (navigations carry no Origin), with or without a Referer (no-referrer policy).
    for (const headers of [{ "sec-fetch-site": "", referer: "https://evil.example/page" }, { "sec-fetch-site": "" }] as Record<string, string>[]) {
      const response = await callRoute(apiLogout.loader, buildRequest("/api/logout", { cookie, headers }));
      expectRedirect(response, "/");
      expect(clearsCookie(response, SESSION_COOKIE)).toBe(false);
      expect(await isSignedIn(cookie)).toBe(true);
    }
    // The phone menu's Sign Out link in that same browser.
    const ours = await callRoute(apiLogout.loader, buildRequest("/api/logout", { cookie, headers: { "sec-fetch-site": "", referer: `${ORIGIN}/dashboard` } }));
    expect(clearsCookie(ours, SESSION_COOKIE)).toBe(true);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  test("POST /api/logout refuses cross-site posts", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    expect((await callRoute(apiLogout.action, buildRequest("/api/logout", { method: "POST", cookie, headers: CROSS_SITE }))).status).toBe(403);
    expect(await isSignedIn(cookie)).toBe(true);
  });
});
