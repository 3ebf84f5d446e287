/**
 * Issue 13: two-step secrets are sealed at rest (AES-256-GCM). What the database holds
 * never contains the secret; rows written in the clear before sealing keep working and
 * are sealed on first read (and by `npm start`); rotating the key keeps old rows working.
 */
import { Secret, TOTP } from "otpauth";
import { describe, expect, test, vi } from "vitest";
import { buildRequest, callRoute, createUser, sessionCookieFor, TEST_PASSWORD, TEST_TOTP_SECRET } from "#tests/db-utils";
import { openTotpSecret, resealTotpSecrets, sealTotpSecret } from "~/features/auth/totp-secret.server";
import { action as profileAction, loader as profileLoader } from "~/routes/_app+/profile";
import { action as apiLogin } from "~/routes/api+/auth.login";
import { db } from "~/utils/db.server";
import { body, sessionCookieOf } from "./auth-helpers";

const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")) }).generate();
const apiSignIn = (email: string, secret: string) =>
  callRoute(apiLogin, buildRequest("/api/auth/login", { method: "POST", json: { email, password: TEST_PASSWORD, code: codeAt(secret) } }));

describe("sealed at rest", () => {
  test("setting it up from /profile stores no readable secret, and codes from the shown key still work", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    await callRoute(profileAction, buildRequest("/profile", { cookie, form: { intent: "mfa-start" } }));
    const { key } = (await body<{ twoStep: { key: string } }>(await callRoute(profileLoader, buildRequest("/profile", { cookie })))).twoStep;
    const plain = key.replace(/\s/g, "");
    const stored = (await db.totpFactor.findUniqueOrThrow({ where: { userId: user.id } })).secret;
    expect(stored).not.toContain(plain);
    expect(stored).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);

    expect((await callRoute(profileAction, buildRequest("/profile", { cookie, form: { intent: "mfa-confirm", currentPassword: TEST_PASSWORD, code: codeAt(key) } }))).status).toBe(200);
    await db.totpFactor.update({ where: { userId: user.id }, data: { lastStep: null } }); // the same code again, as a fresh sign-in
    expect(sessionCookieOf(await apiSignIn(user.email, key))).toBeTruthy();
  });

  test("sealing twice gives different text (random IV), and a changed byte is refused, not read", () => {
    const a = sealTotpSecret(TEST_TOTP_SECRET);
    expect(a).not.toBe(sealTotpSecret(TEST_TOTP_SECRET));
    expect(openTotpSecret(a)).toEqual({ secret: TEST_TOTP_SECRET, stale: false });
    const parts = a.split(".");
    const tampered = [...parts.slice(0, 4), (parts[4]![0] === "A" ? "B" : "A") + parts[4]!.slice(1)].join(".");
    expect(() => openTotpSecret(tampered)).toThrow();
  });
});

describe("existing rows", () => {
  test("a secret stored in the clear before sealing still signs in, and is sealed on that read", async () => {
    const user = await createUser();
    await db.totpFactor.create({ data: { userId: user.id, secret: TEST_TOTP_SECRET, enabledAt: new Date() } });
    expect(sessionCookieOf(await apiSignIn(user.email, TEST_TOTP_SECRET))).toBeTruthy();
    const stored = (await db.totpFactor.findUniqueOrThrow({ where: { userId: user.id } })).secret;
    expect(stored).not.toContain(TEST_TOTP_SECRET);
    expect(openTotpSecret(stored).secret).toBe(TEST_TOTP_SECRET);
  });

  test("resealTotpSecrets (run by npm start) seals every row still in the clear", async () => {
    const users = [await createUser(), await createUser()];
    for (const user of users) await db.totpFactor.create({ data: { userId: user.id, secret: TEST_TOTP_SECRET } });
    expect(await resealTotpSecrets()).toBeGreaterThanOrEqual(2);
    const rows = await db.totpFactor.findMany({ where: { userId: { in: users.map((u) => u.id) } } });
    expect(rows.map((r) => r.secret.startsWith("v1.") && !r.secret.includes(TEST_TOTP_SECRET))).toEqual([true, true]);
    expect(await resealTotpSecrets()).toBe(0);
  });

  test("key rotation: with the new key first and the old one after it, old rows open and are resealed with the new key", async () => {
    const oldSealed = sealTotpSecret(TEST_TOTP_SECRET); // sealed under SESSION_SECRET (no TOTP_ENCRYPTION_KEY)
    vi.resetModules();
    vi.stubEnv("TOTP_ENCRYPTION_KEY", `a-brand-new-key-of-enough-length, ${process.env.SESSION_SECRET}`);
    const rotated = await import("~/features/auth/totp-secret.server");
    expect(rotated.openTotpSecret(oldSealed)).toEqual({ secret: TEST_TOTP_SECRET, stale: true });
    const resealed = rotated.sealTotpSecret(TEST_TOTP_SECRET);
    expect(resealed.split(".")[1]).not.toBe(oldSealed.split(".")[1]);
    vi.resetModules();
    vi.stubEnv("TOTP_ENCRYPTION_KEY", "a-brand-new-key-of-enough-length");
    const dropped = await import("~/features/auth/totp-secret.server");
    expect(dropped.openTotpSecret(resealed).secret).toBe(TEST_TOTP_SECRET);
    expect(() => dropped.openTotpSecret(oldSealed)).toThrow(/keep the old key/);
    vi.unstubAllEnvs();
  });
});
