/**
 * Issue 13: state several app processes share lives in the database. Two-step code entry
 * (sign-in page, API, turning it on in /profile), the per-account sign-in lock and the
 * per-address mail cap count in the database, so a second process on the same file sees
 * the same count; concurrent counting loses no attempt.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, enableMfa, sessionCookieFor, TEST_PASSWORD, TEST_TOTP_SECRET } from "#tests/db-utils";
import { MFA_RATE_LIMIT } from "~/features/auth/mfa.server";
import { RATE_LIMITS } from "~/features/auth/auth.server";
import { action as profileAction, loader as profileLoader } from "~/routes/_app+/profile";
import { action as loginPageAction } from "~/routes/_auth+/login";
import { action as twoStepAction } from "~/routes/_auth+/two-step";
import { action as apiLogin } from "~/routes/api+/auth.login";
import { db } from "~/utils/db.server";
import { onClientStatementInTransaction } from "~/utils/db-adapter.server";
import { resetAllRateLimits } from "~/utils/rate-limit.server";
import { hitShared, peekShared } from "~/utils/shared-rate-limit.server";
import { body, cookiePair, sessionCookieOf } from "./auth-helpers";

const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")) }).generate();

/** Runs tests/helpers/shared-limit-hits.ts as a separate process on this test's database file. */
async function otherProcess(env: Record<string, string>) {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "tests/helpers/shared-limit-hits.ts"], { env: { ...process.env, ...env } });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as unknown[];
}

describe("two-step code entry is limited across app processes", () => {
  test("5 wrong codes typed in another process: this one answers the right code with 429 (page and API)", async () => {
    const user = await createUser();
    await enableMfa(user.id);
    const seen = await otherProcess({ USER_ID: user.id, WRONG_CODES: "5" });
    expect(seen).toEqual(Array(5).fill({ ok: false }));

    const challenge = cookiePair(
      await callRoute(loginPageAction, buildRequest("/login", { form: { intent: "login", email: user.email, password: TEST_PASSWORD, redirectTo: "/songs" }, peer: "203.0.113.41" })),
      "bandroom_mfa",
    )!;
    const page = await callRoute(twoStepAction, buildRequest("/two-step", { cookie: challenge, form: { code: codeAt(TEST_TOTP_SECRET) } }));
    expect(page.status).toBe(429);
    expect(sessionCookieOf(page)).toBeNull();

    const api = await callRoute(apiLogin, buildRequest("/api/auth/login", { method: "POST", json: { email: user.email, password: TEST_PASSWORD, code: codeAt(TEST_TOTP_SECRET) }, peer: "203.0.113.42" }));
    expect(api.status).toBe(429);
    expect(sessionCookieOf(api)).toBeNull();
  }, 60_000);

  test("the count survives this process forgetting its memory (it is not in memory)", async () => {
    const user = await createUser();
    for (let i = 0; i < MFA_RATE_LIMIT.limit; i++) await hitShared(MFA_RATE_LIMIT, user.id);
    resetAllRateLimits();
    expect((await peekShared(MFA_RATE_LIMIT, user.id)).ok).toBe(false);
  });

  test("turning it on in /profile: after 5 wrong setup codes even the right one waits (429), and it stays off", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const post = (form: Record<string, string>) => callRoute(profileAction, buildRequest("/profile", { cookie, form }));
    await post({ intent: "mfa-start" });
    const { key } = (await body<{ twoStep: { key: string } }>(await callRoute(profileLoader, buildRequest("/profile", { cookie })))).twoStep;
    for (let i = 0; i < 5; i++) expect((await post({ intent: "mfa-confirm", currentPassword: TEST_PASSWORD, code: `11111${i}` })).status).toBe(400);
    const limited = await post({ intent: "mfa-confirm", currentPassword: TEST_PASSWORD, code: codeAt(key) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect((await body<{ twoStep: { error: string } }>(limited)).twoStep.error).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    expect((await db.totpFactor.findUniqueOrThrow({ where: { userId: user.id } })).enabledAt).toBeNull();
  });
});

describe("the sign-in lock and the mail cap are shared too", () => {
  test("failed passwords and mails to an address are counted in the database", async () => {
    const user = await createUser();
    const login = (password: string, peer: string) =>
      callRoute(loginPageAction, buildRequest("/login", { form: { intent: "login", email: user.email, password, redirectTo: "/" }, peer }));
    for (let i = 0; i < RATE_LIMITS.accountFailures.limit; i++) await login("wrong-password-1", `203.0.113.${100 + i}`);
    resetAllRateLimits(); // as if the next request reached another process
    expect((await login(TEST_PASSWORD, "203.0.113.99")).status).toBe(429);

    for (let i = 0; i < RATE_LIMITS.emailMail.limit; i++) await hitShared(RATE_LIMITS.emailMail, "cap@example.com");
    resetAllRateLimits();
    const forgot = await callRoute(loginPageAction, buildRequest("/login", { form: { intent: "forgot", email: "cap@example.com" }, peer: "203.0.113.98" }));
    expect(forgot.status).toBe(429);
  });

  test("wrong passwords sent all at once still get ten checks, not more; the right one afterwards is locked out, and clears the count when the lock ends", async () => {
    const user = await createUser();
    const login = (password: string, peer: string) =>
      callRoute(loginPageAction, buildRequest("/login", { form: { intent: "login", email: user.email, password, redirectTo: "/" }, peer }));
    // Thirty at once from thirty addresses (each within its own address's cap): a 400 is a password checked, a 429 one refused unchecked.
    // (The tests' guard against `db` inside a transaction callback is off for this burst: Prisma
    // batches the thirty findUnique of the user and runs them in the async context of whichever
    // request queued first, which can be inside its counter's transaction; see Gate.statement.)
    const guard = onClientStatementInTransaction(undefined);
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => login("wrong-password-1", `203.0.113.${i + 1}`).then((response) => response.status))).finally(() =>
      onClientStatementInTransaction(guard),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(RATE_LIMITS.accountFailures.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - RATE_LIMITS.accountFailures.limit);
    expect((await login(TEST_PASSWORD, "203.0.113.99")).status).toBe(429);
    // The window over, the right password signs in and clears the count.
    await db.rateLimitBucket.updateMany({ where: { key: { startsWith: "account-failures:" } }, data: { resetAt: new Date(Date.now() - 1000) } });
    expect((await login(TEST_PASSWORD, "203.0.113.98")).status).toBe(302);
    expect(await db.rateLimitBucket.count({ where: { key: `account-failures:${user.email}` } })).toBe(0);
  });

  test("sign-ups, sign-ins and reset requests from one address are counted in the database: spread over processes they stay ten a minute", async () => {
    const peer = "198.51.100.7";
    const register = (i: number) =>
      callRoute(loginPageAction, buildRequest("/login", { form: { intent: "register", email: `spread${i}@example.com`, password: "Spread-out-1", firstName: "Spread", agreeToTerms: "on" }, peer }));
    for (let i = 0; i < RATE_LIMITS.ipRegister.limit; i++) {
      expect((await register(i)).status).not.toBe(429);
      resetAllRateLimits(); // each as if it reached another process
    }
    expect((await register(99)).status).toBe(429);
    expect(await db.user.count({ where: { email: { startsWith: "spread" } } })).toBe(RATE_LIMITS.ipRegister.limit);
    expect((await peekShared(RATE_LIMITS.ipLogin, peer)).remaining).toBe(RATE_LIMITS.ipLogin.limit);
  });
});

test("two processes counting one key at once lose no attempt", async () => {
  const [a, b] = await Promise.all([otherProcess({ HITS: "25" }), otherProcess({ HITS: "25" })]);
  expect([...a!, ...b!]).toHaveLength(50);
  const bucket = await db.rateLimitBucket.findUniqueOrThrow({ where: { key: "shared-test:one-key" } });
  expect(bucket.count).toBe(50);
  // Every attempt saw its own count: no two read the same value.
  expect(new Set([...a!, ...b!]).size).toBe(50);
}, 60_000);
