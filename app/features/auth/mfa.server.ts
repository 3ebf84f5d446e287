import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { hashToken, randomToken } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import type { RateLimitRule } from "~/utils/rate-limit.server";
import { hitShared, resetShared } from "~/utils/shared-rate-limit.server";
import { isSecureRequest } from "~/utils/request.server";
import { destroyAllSessions, MFA_CHALLENGE_PURPOSE } from "./session.server";
import { readTotpSecret, sealTotpSecret } from "./totp-secret.server";

/**
 * Two-step sign-in (ASVS 6.3.3): a time-based one-time code (TOTP, RFC 6238, through
 * `otpauth`) from an authenticator app, with single-use recovery codes for a lost
 * phone. Any user can turn it on from /profile; platform admins must before /admin
 * opens. After the password, sign-in asks for a code (a short-lived signed cookie
 * remembers whose password was right); code entry is rate-limited per account, in the
 * database so every app process shares the count. Secrets are sealed at rest
 * (totp-secret.server.ts).
 */

const ISSUER = "Bandroom";
const RECOVERY_CODES = 10;

export const MFA_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  codeInvalid: "That code didn’t work. Enter the current 6-digit code from your authenticator app, or an unused recovery code.",
  setupCodeInvalid: "That code didn’t match. Enter the current 6-digit code your authenticator app shows for Bandroom.",
  adminRequired: "Platform admins must turn on two-step sign-in before the admin area opens.",
} as const;

/** Five wrong codes per account in 15 minutes, from any address and any app process; a right one clears the count. */
export const MFA_RATE_LIMIT = { name: "mfa-code", limit: 5, windowMs: 15 * 60_000 } satisfies RateLimitRule;

function totpFor(email: string, secret: string) {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

export async function isMfaEnabled(userId: string) {
  const factor = await db.totpFactor.findUnique({ where: { userId }, select: { enabledAt: true } });
  return Boolean(factor?.enabledAt);
}

export type MfaStatus =
  | { state: "off" }
  | { state: "setting-up"; key: string; uri: string; qrSvg: string }
  | { state: "on"; since: Date; recoveryCodesLeft: number };

export async function mfaStatus(user: { id: string; email: string }): Promise<MfaStatus> {
  const factor = await db.totpFactor.findUnique({ where: { userId: user.id }, select: { secret: true, enabledAt: true } });
  if (!factor) return { state: "off" };
  if (factor.enabledAt) {
    const recoveryCodesLeft = await db.recoveryCode.count({ where: { userId: user.id, usedAt: null } });
    return { state: "on", since: factor.enabledAt, recoveryCodesLeft };
  }
  const secret = await readTotpSecret(user.id, factor.secret);
  const uri = totpFor(user.email, secret).toString();
  // Server-rendered SVG (no script, no image request); the manual key is shown beside it.
  return { state: "setting-up", key: secret.replace(/(.{4})/g, "$1 ").trim(), uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** A fresh secret to scan; replaces an unfinished setup, never a factor that is on. */
export async function startMfaSetup(userId: string) {
  const secret = sealTotpSecret(new Secret({ size: 20 }).base32);
  await db.totpFactor.upsert({ where: { userId }, create: { userId, secret }, update: {} });
  await db.totpFactor.updateMany({ where: { userId, enabledAt: null }, data: { secret, lastStep: null } });
}

export async function cancelMfaSetup(userId: string) {
  await db.totpFactor.deleteMany({ where: { userId, enabledAt: null } });
}

const normalize = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();
const isTotpShape = (code: string) => /^\d{6}$/.test(code);

/**
 * Checks a TOTP code against the factor (one step of clock drift either way) and
 * records its time step, so the same code cannot be used twice.
 */
async function acceptTotp(userId: string, email: string, secret: string, code: string) {
  const delta = totpFor(email, secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 30_000) + delta;
  const { count } = await db.totpFactor.updateMany({
    where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] },
    data: { lastStep: step },
  });
  return count === 1;
}

export type ConfirmResult = { ok: true; recoveryCodes: string[] } | { ok: false; limited?: LimitedInfo };

/**
 * Turns the factor on once the user proves their app has it; returns the recovery codes
 * to show once. Rate-limited like sign-in. Every other session of the user ends
 * (`keepSessionId`, the hashed id of the session turning it on, stays): a session signed
 * in with the password alone, perhaps by someone else, must not keep what two-step now
 * guards (the admin area asks for it).
 */
export async function confirmMfaSetup(user: { id: string; email: string; firstName: string }, code: string, keepSessionId: string): Promise<ConfirmResult> {
  const factor = await db.totpFactor.findUnique({ where: { userId: user.id }, select: { secret: true, enabledAt: true } });
  if (!factor || factor.enabledAt) return { ok: false };
  const attempt = await hitShared(MFA_RATE_LIMIT, user.id);
  if (!attempt.ok) return { ok: false, limited: { resetSeconds: attempt.resetSeconds, limit: attempt.limit } };
  const typed = normalize(code);
  const secret = await readTotpSecret(user.id, factor.secret);
  if (!isTotpShape(typed) || !(await acceptTotp(user.id, user.email, secret, typed))) return { ok: false };
  await resetShared(MFA_RATE_LIMIT, user.id);
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = crypto.randomBytes(6).toString("hex").toUpperCase();
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
  await db.$transaction([
    db.totpFactor.update({ where: { userId: user.id }, data: { enabledAt: new Date() } }),
    db.recoveryCode.deleteMany({ where: { userId: user.id } }),
    db.recoveryCode.createMany({ data: codes.map((c) => ({ userId: user.id, codeHash: hashToken(normalize(c)) })) }),
  ]);
  await destroyAllSessions(user.id, keepSessionId);
  await sendMail({
    to: user.email,
    subject: "Two-step sign-in is on for your Bandroom account",
    text: `Hi ${user.firstName},\n\nTwo-step sign-in was just turned on for your Bandroom account: signing in now asks for a code from your authenticator app after your password, and your other devices were signed out. Keep your recovery codes somewhere safe.\n\nIf this was not you, reset your password from the sign-in page right away and sign out your other sessions from your profile.`,
  });
  return { ok: true, recoveryCodes: codes };
}

export async function disableMfa(user: { id: string; email: string; firstName: string }) {
  const { count } = await db.totpFactor.deleteMany({ where: { userId: user.id } });
  await db.recoveryCode.deleteMany({ where: { userId: user.id } });
  if (!count) return;
  await sendMail({
    to: user.email,
    subject: "Two-step sign-in is off for your Bandroom account",
    text: `Hi ${user.firstName},\n\nTwo-step sign-in was just turned off for your Bandroom account: signing in now asks only for your password.\n\nIf this was not you, reset your password from the sign-in page right away, then turn two-step sign-in back on from your profile.`,
  });
}

type LimitedInfo = { resetSeconds: number; limit: number };
export type SecondFactorResult = { ok: true; usedRecoveryCode: boolean } | { ok: false; limited?: LimitedInfo };

/** The code typed at sign-in: a current TOTP code or an unused recovery code (used up). Rate-limited per account. */
export async function verifySecondFactor(userId: string, code: string): Promise<SecondFactorResult> {
  const attempt = await hitShared(MFA_RATE_LIMIT, userId);
  if (!attempt.ok) return { ok: false, limited: { resetSeconds: attempt.resetSeconds, limit: attempt.limit } };
  const factor = await db.totpFactor.findUnique({
    where: { userId },
    select: { secret: true, enabledAt: true, user: { select: { email: true } } },
  });
  if (!factor?.enabledAt) return { ok: false };
  const typed = normalize(code);
  if (!typed || typed.length > 32) return { ok: false };
  let ok = false;
  let usedRecoveryCode = false;
  if (isTotpShape(typed)) {
    ok = await acceptTotp(userId, factor.user.email, await readTotpSecret(userId, factor.secret), typed);
  } else {
    const used = await db.recoveryCode.updateMany({ where: { userId, codeHash: hashToken(typed), usedAt: null }, data: { usedAt: new Date() } });
    ok = usedRecoveryCode = used.count === 1;
  }
  if (!ok) return { ok: false };
  await resetShared(MFA_RATE_LIMIT, userId);
  return { ok: true, usedRecoveryCode };
}

// ---------------------------------------------------------------------------
// The step between the password and the code: a signed, 10-minute cookie naming the
// user whose password was right (and where to go next). It signs nobody in. Its nonce is
// a row of UserToken (MFA_CHALLENGE_PURPOSE): the challenge works once, and a newer sign-in
// (or the account's deletion) ends the older one, so a copied cookie cannot be replayed
// for a second session.

const CHALLENGE_TTL_S = 10 * 60;
const challengeOptions = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: env.sessionSecrets, maxAge: CHALLENGE_TTL_S };
const secureChallenge = createCookie("__Host-bandroom_mfa", { ...challengeOptions, secure: true });
const plainChallenge = createCookie("bandroom_mfa", { ...challengeOptions, secure: false });
const challengeCookie = (request: Request) => (isSecureRequest(request) ? secureChallenge : plainChallenge);

export type MfaChallenge = { userId: string; redirectTo: string; nonce: string };

export async function startMfaChallenge(request: Request, challenge: Omit<MfaChallenge, "nonce">) {
  const nonce = randomToken(24);
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_S * 1000);
  await db.$transaction([
    db.userToken.deleteMany({ where: { userId: challenge.userId, purpose: MFA_CHALLENGE_PURPOSE } }),
    db.userToken.create({ data: { userId: challenge.userId, purpose: MFA_CHALLENGE_PURPOSE, tokenHash: hashToken(nonce), expiresAt } }),
  ]);
  return challengeCookie(request).serialize({ u: challenge.userId, r: challenge.redirectTo, e: expiresAt.getTime(), n: nonce });
}

/** The challenge of this browser, while it is the user's newest and unused. */
export async function readMfaChallenge(request: Request): Promise<MfaChallenge | null> {
  const value = (await challengeCookie(request).parse(request.headers.get("Cookie"))) as { u?: unknown; r?: unknown; e?: unknown; n?: unknown } | null;
  if (!value || typeof value.u !== "string" || typeof value.r !== "string" || typeof value.e !== "number" || typeof value.n !== "string" || value.e <= Date.now()) return null;
  const row = await db.userToken.findUnique({ where: { tokenHash: hashToken(value.n) }, select: { userId: true, purpose: true, usedAt: true, expiresAt: true } });
  if (!row || row.userId !== value.u || row.purpose !== MFA_CHALLENGE_PURPOSE || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return { userId: value.u, redirectTo: value.r, nonce: value.n };
}

/** Uses the challenge up; false when it was already used (a replay racing the first). */
export async function consumeMfaChallenge(challenge: MfaChallenge) {
  const used = await db.userToken.updateMany({ where: { tokenHash: hashToken(challenge.nonce), purpose: MFA_CHALLENGE_PURPOSE, usedAt: null }, data: { usedAt: new Date() } });
  return used.count === 1;
}

export function endMfaChallenge(request: Request) {
  return challengeCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}
