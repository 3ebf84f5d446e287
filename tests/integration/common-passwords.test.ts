/**
 * ASVS 6.2.4: every place a new password is chosen (sign-up page and API, reset,
 * change) refuses one of the common passwords, with a clear message, after the spec's
 * own rules, which keep their messages. Long passphrases are welcome.
 */
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, sessionCookieFor, TEST_PASSWORD } from "#tests/db-utils";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/features/auth/common-passwords.server";
import { verifyPassword } from "~/features/auth/password.server";
import { action as apiRegister } from "~/routes/api+/auth.register";
import { action as loginPageAction } from "~/routes/_auth+/login";
import { action as resetPageAction } from "~/routes/_auth+/reset-password";
import { action as profileAction } from "~/routes/_app+/profile";
import { db } from "~/utils/db.server";
import { body, mailedToken } from "./auth-helpers";

type FormReply = { result: { error?: Record<string, string[] | null> } };
type ApiError = { message: string; errors?: Record<string, string[]> };

const PASSPHRASE = "Our van broke down near Leeds in 2019 and we still played the gig";

test("the list holds at least the 10,000 most common passwords, compared without case", () => {
  for (const password of ["123456", "password", "qwerty", "dragon", "Password1", "Qwerty123", "iloveyou1", "TRUSTNO1"]) {
    expect(isCommonPassword(password)).toBe(true);
  }
  expect(isCommonPassword(TEST_PASSWORD)).toBe(false);
  expect(isCommonPassword(PASSPHRASE)).toBe(false);
});

describe("sign-up", () => {
  const register = (password: string, email = `common-${Math.random().toString(36).slice(2)}@example.com`) =>
    callRoute(apiRegister, buildRequest("/api/auth/register", { method: "POST", json: { email, password, firstName: "Sam", agreeToTerms: true } }));

  test("the API refuses a common password that meets every composition rule, and creates no account", async () => {
    const response = await register("Password1", "common-api@example.com");
    expect(response.status).toBe(400);
    expect(JSON.stringify(await body<ApiError>(response))).toContain(COMMON_PASSWORD_MESSAGE);
    expect(await db.user.count({ where: { email: "common-api@example.com" } })).toBe(0);
  });

  test("the spec's messages still come first, and a long passphrase is welcome", async () => {
    expect(JSON.stringify(await body(await register("short")))).toContain("Password must be at least 8 characters");
    expect(JSON.stringify(await body(await register("password1")))).toContain("Password must contain an uppercase letter");
    expect((await register(PASSPHRASE)).status).toBe(201);
  });

  test("it shows with the other fields' errors, not only once they are fixed", async () => {
    const response = await callRoute(apiRegister, buildRequest("/api/auth/register", { method: "POST", json: { email: "common-all@example.com", password: "Password1", firstName: 123, agreeToTerms: false } }));
    expect(response.status).toBe(400);
    const { errors } = await body<{ errors: Record<string, string[]> }>(response);
    expect(errors.password).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(errors.agreeToTerms).toEqual(["You must agree to the Terms of Service and Privacy Policy"]);
    expect(Object.keys(errors)).toContain("firstName");
    const form = await callRoute(loginPageAction, buildRequest("/login?mode=register", { form: { intent: "register", email: "not-an-email", password: "Qwerty123", firstName: "Sam" } }));
    const reply = (await body<FormReply>(form)).result.error;
    expect(reply?.password).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(reply?.email).toEqual(["Invalid email address"]);
  });

  test("the form shows the message under the password field", async () => {
    const response = await callRoute(
      loginPageAction,
      buildRequest("/login?mode=register", { form: { intent: "register", email: "common-form@example.com", password: "Qwerty123", firstName: "Sam", agreeToTerms: "on" } }),
    );
    expect(response.status).toBe(400);
    expect((await body<FormReply>(response)).result.error?.password).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(await db.user.count({ where: { email: "common-form@example.com" } })).toBe(0);
  });
});

test("a password reset refuses a common password and keeps the old one", async () => {
  const user = await createUser();
  await callRoute(loginPageAction, buildRequest("/login?mode=forgot", { form: { intent: "forgot", email: user.email } }));
  const token = mailedToken(user.email, "/reset-password");
  const response = await callRoute(resetPageAction, buildRequest(`/reset-password?token=${token}`, { form: { token, password: "Iloveyou1", confirmPassword: "Iloveyou1" } }));
  expect(response.status).toBe(400);
  expect((await body<FormReply>(response)).result.error?.password).toEqual([COMMON_PASSWORD_MESSAGE]);
  expect(await verifyPassword((await db.password.findUniqueOrThrow({ where: { userId: user.id } })).hash, TEST_PASSWORD)).toBe(true);
});

test("changing the password on /profile refuses a common one and keeps the old one", async () => {
  const user = await createUser();
  const cookie = await sessionCookieFor(user.id);
  const response = await callRoute(
    profileAction,
    buildRequest("/profile", { cookie, form: { intent: "change-password", currentPassword: TEST_PASSWORD, newPassword: "Football1", confirmPassword: "Football1" } }),
  );
  expect(response.status).toBe(400);
  expect((await body<FormReply>(response)).result.error?.newPassword).toEqual([COMMON_PASSWORD_MESSAGE]);
  expect(await verifyPassword((await db.password.findUniqueOrThrow({ where: { userId: user.id } })).hash, TEST_PASSWORD)).toBe(true);
});
