import { data, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db, isUniqueViolation } from "~/utils/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { EMAIL_CHANGE_MESSAGES } from "./limits";
import { hashToken, randomToken } from "~/utils/crypto.server";
import { escapeHtml } from "~/utils/html";
import { sendMail } from "~/utils/mail.server";
import { clientAddress, isCrossSiteMutation } from "~/utils/request.server";
import { requestMemo } from "~/utils/request-memo.server";
import { rateLimitHeaders, waitWords, type RateLimitResult, type RateLimitRule } from "~/utils/rate-limit.server";
import { hitShared, resetShared } from "~/utils/shared-rate-limit.server";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";

// For the sign-in pages' `headers` export, through the .server path they already import (issue 11).
export { actionRateLimitHeaders } from "~/utils/rate-limit.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";
import { destroyAllSessions, getSession, touchSession } from "./session.server";
import { LoginSchema } from "./schema";

export const USER_SELECT = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  profileImageUrl: true,
  preferredBandId: true,
  isPlatformAdmin: true,
} as const;

export type CurrentUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  profileImageUrl: string | null;
  preferredBandId: number | null;
  isPlatformAdmin: boolean;
};

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------
// Rate limits: per client address for every public auth form, per email for
// failures (login) and for mail we send on request (forgot, resend).

export const RATE_LIMITS = {
  ipLogin: { name: "ip-login", limit: 10, windowMs: 60_000 },
  ipRegister: { name: "ip-register", limit: 10, windowMs: 60_000 },
  ipForgot: { name: "ip-forgot", limit: 10, windowMs: 60_000 },
  ipResend: { name: "ip-resend", limit: 10, windowMs: 60_000 },
  accountFailures: { name: "account-failures", limit: 10, windowMs: 15 * 60_000 },
  emailMail: { name: "email-mail", limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export type AuthFlow = "login" | "register" | "forgot" | "resend";

const IP_RULE: Record<AuthFlow, RateLimitRule> = {
  login: RATE_LIMITS.ipLogin,
  register: RATE_LIMITS.ipRegister,
  forgot: RATE_LIMITS.ipForgot,
  resend: RATE_LIMITS.ipResend,
};

/** A refused attempt: 429 with RateLimit-* headers (apiRoute answers it as JSON). */
export class RateLimitedError extends RuleError {
  /** A refusal: the rule's limit and when it resets (nothing remains of it). */
  constructor(refused: Pick<RateLimitResult, "limit" | "resetSeconds">) {
    super(429, `Too many attempts. Please wait ${waitWords(refused.resetSeconds)} and try again.`, undefined, rateLimitHeaders({ ok: false, remaining: 0, ...refused }));
  }
}

/** Counts one attempt of `flow` from this client (and for this email) or throws RateLimitedError. */
export async function limitAuthAttempt(request: Request, flow: AuthFlow, email?: string) {
  // In the database, as the per-account counters: spread over several app processes, ten
  // sign-ups a minute from one address stay ten (docs/decisions/0004).
  const byIp = await hitShared(IP_RULE[flow], clientAddress(request));
  if (!byIp.ok) throw new RateLimitedError(byIp);
  if (!email) return byIp;
  if (flow === "login") {
    // Per-account counters live in the database: every app process sees the same lock and cap.
    // The attempt counts as a failure before its password is checked, in one write, and a
    // right password clears the count (verifyLogin): read first and counted after the check,
    // thirty guesses sent at once all passed the read and got checked, not ten.
    const failures = await hitShared(RATE_LIMITS.accountFailures, email);
    if (!failures.ok) throw new RateLimitedError(failures);
  }
  // Every flow that mails an address on request shares one per-address cap, sign-up
  // included: it mails an existing address ("you already have an account").
  if (flow === "forgot" || flow === "resend" || flow === "register") {
    const mails = await hitShared(RATE_LIMITS.emailMail, email);
    if (!mails.ok) throw new RateLimitedError(mails);
  }
  return byIp;
}

// ---------------------------------------------------------------------------
// Current user

/** The signed-in user and their session, looked up once per request (see request-memo.server.ts). */
export function getCurrentUser(request: Request) {
  return requestMemo(request, "current-user", async () => {
    const session = await getSession(request);
    if (!session) return null;
    // A disabled account is signed out on its next request, whatever session it still holds.
    const user = await db.user.findFirst({ where: { id: session.userId, disabledAt: null }, select: USER_SELECT });
    if (!user) return null;
    return { user, session };
  });
}

function isApiRequest(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** Refuses cookie-authenticated cross-site mutations (pages and /api alike). */
export function requireSameSite(request: Request) {
  if (isCrossSiteMutation(request)) {
    throw data({ message: "Cross-site requests are not allowed" }, { status: 403 });
  }
}

/**
 * The signed-in user, or: a redirect through /api/login (pages) or a 401 (JSON).
 * Every loader, action and endpoint behind sign-in starts here.
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  requireSameSite(request);
  const current = await getCurrentUser(request);
  if (current) return current.user;
  if (isApiRequest(request)) throw data({ message: "Unauthorized" }, { status: 401 });
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  const signIn = `/api/login?${new URLSearchParams({ redirectTo })}`;
  // A form sent after signing out (in another tab, "Sign out everywhere", an expired
  // session): said on the sign-in page, or the person would think it was saved.
  if (request.method !== "GET" && request.method !== "HEAD") throw await redirectWithToast(signIn, SIGNED_OUT_FORM);
  throw redirect(signIn);
}

const SIGNED_OUT_FORM = { title: "Nothing was saved", description: "You were signed out. Sign in, then send it again.", type: "destructive" } as const;

/** For the root loader: the user plus a refreshed cookie when the sliding expiry moved. */
export async function getUserForDocument(request: Request) {
  const current = await getCurrentUser(request);
  if (!current) return { user: null, setCookie: null };
  return { user: current.user, setCookie: await touchSession(request, current.session) };
}

// ---------------------------------------------------------------------------
// Registration and email verification

type TokenPurpose = "verify-email" | "reset-password" | "change-email";

async function issueToken(userId: string, purpose: TokenPurpose, ttlMs: number, newEmail?: string) {
  const token = randomToken(32);
  // Older tokens of the same purpose stop working: only the newest link is valid.
  await db.userToken.deleteMany({ where: { userId, purpose } });
  await db.userToken.create({
    data: { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs), newEmail: newEmail ?? null },
  });
  return token;
}

/** A stored token of `purpose` that is neither used nor expired. */
function isLive(record: { purpose: string; usedAt: Date | null; expiresAt: Date } | null, purpose: TokenPurpose): record is NonNullable<typeof record> {
  return record !== null && record.purpose === purpose && !record.usedAt && record.expiresAt.getTime() > Date.now();
}

/** Marks the token used and returns its user id, or null for an unknown, used or expired token. */
async function consumeToken(token: string, purpose: TokenPurpose) {
  if (!token || token.length > 200) return null;
  // Looking up by hash keeps the comparison off the raw token (no timing leak).
  const record = await db.userToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, purpose: true, expiresAt: true, usedAt: true },
  });
  if (!isLive(record, purpose)) return null;
  const updated = await db.userToken.updateMany({ where: { id: record.id, usedAt: null }, data: { usedAt: new Date() } });
  return updated.count === 1 ? record.userId : null;
}

async function sendVerificationEmail(user: { id: string; email: string; firstName: string }, origin: string) {
  const token = await issueToken(user.id, "verify-email", VERIFY_TTL_MS);
  const link = `${origin}/verify-email?${new URLSearchParams({ token })}`;
  await sendMail({
    to: user.email,
    subject: "Confirm your email for Bandroom",
    text: `Hi ${user.firstName},\n\nConfirm your email address to finish setting up Bandroom:\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>Confirm your email address to finish setting up Bandroom:</p><p><a href="${link}">Verify my email</a></p><p>The link works once and expires in 24 hours. If you did not sign up, ignore this message.</p>`,
    link,
  });
}

export type RegisterInput = { email: string; password: string; firstName: string; lastName?: string | null };

/**
 * Creates the account and sends the verification mail. An email that is already
 * registered gets a "you already have an account" mail instead, and the caller sees
 * the same answer either way, so sign-up does not reveal who has an account. A sign-up
 * for an address not yet verified starts it again with this sign-up's details.
 */
export async function registerUser(input: RegisterInput, origin: string) {
  // Hash first, whoever asks: skipping it for an existing address made that answer
  // three times faster than a new sign-up, which told a prober the address had an account.
  const hash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true, email: true, firstName: true, emailVerifiedAt: true } });
  if (existing) {
    if (!existing.emailVerifiedAt) {
      // Nobody has proved they own this address yet, so this sign-up is as good as the
      // last: its password and name replace the pending ones, and only its link (the
      // newest) verifies. Keeping the first sign-up's password let anyone who signed up
      // with someone else's address first own the account once its owner verified it.
      const pending = await db.user.update({
        where: { id: existing.id },
        data: { firstName: input.firstName, lastName: input.lastName || null, password: { upsert: { create: { hash }, update: { hash } } } },
        select: { id: true, email: true, firstName: true },
      });
      await sendVerificationEmail(pending, origin);
      return;
    }
    await sendMail({
      to: existing.email,
      subject: "You already have a Bandroom account",
      text: `Hi ${existing.firstName},\n\nSomeone (hopefully you) tried to sign up with this address, but it already has an account. Sign in at ${origin}/login or reset your password at ${origin}/login?mode=forgot.\n\nIf this was not you, no action is needed.`,
      link: `${origin}/login`,
    });
    return;
  }
  const user = await db.user.create({
    data: {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName || null,
      password: { create: { hash } },
    },
    select: { id: true, email: true, firstName: true },
  });
  await sendVerificationEmail(user, origin);
}

export async function resendVerification(email: string, origin: string) {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true, emailVerifiedAt: true } });
  if (user && !user.emailVerifiedAt) await sendVerificationEmail(user, origin);
}

export async function verifyEmail(token: string): Promise<"verified" | "invalid-token"> {
  const userId = await consumeToken(token, "verify-email");
  if (!userId) return (await alreadyVerifiedBy(token)) ? "verified" : "invalid-token";
  await db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
  return "verified";
}

/**
 * A verification link opened again after it worked: a second click, or the mail
 * provider's link scanner (or a HEAD request) that opened it first. The address is
 * verified, so the person is told so rather than "Invalid or expired".
 */
async function alreadyVerifiedBy(token: string) {
  if (!token || token.length > 200) return false;
  const record = await db.userToken.findUnique({ where: { tokenHash: hashToken(token) }, select: { purpose: true, usedAt: true, user: { select: { emailVerifiedAt: true } } } });
  return record?.purpose === "verify-email" && record.usedAt !== null && record.user.emailVerifiedAt !== null;
}

// ---------------------------------------------------------------------------
// Login

export type LoginResult =
  | { status: "ok"; user: CurrentUser }
  | { status: "invalid" }
  | { status: "unverified"; email: string }
  | { status: "disabled" };

export const INVALID_CREDENTIALS = "Invalid email or password";
export const UNVERIFIED_MESSAGE = "Please verify your email before signing in. Check your inbox for the link, or send a new one.";
/** Only shown after the right password, so it tells nobody else whether the address has an account. */
export const DISABLED_MESSAGE = "This account has been disabled. Contact support if you think this is a mistake.";

/**
 * Checks a password, after limitAuthAttempt(…, "login", email) has counted the attempt as
 * a failure; the right password clears that count. An unknown email is verified against a
 * dummy hash so both failures take the same time and give the same answer.
 */
export async function verifyLogin(email: string, password: string): Promise<LoginResult> {
  const user = await db.user.findUnique({
    where: { email },
    select: { ...USER_SELECT, emailVerifiedAt: true, disabledAt: true, password: { select: { hash: true } } },
  });
  const valid = await verifyPassword(user?.password?.hash ?? (await dummyPasswordHash()), password);
  if (!user || !user.password || !valid) return { status: "invalid" };
  await resetShared(RATE_LIMITS.accountFailures, email);
  if (user.disabledAt) return { status: "disabled" };
  if (!user.emailVerifiedAt) return { status: "unverified", email: user.email };
  const { emailVerifiedAt: _verified, disabledAt: _disabled, password: _password, ...current } = user;
  return { status: "ok", user: current };
}

const LOGIN_REFUSALS = {
  invalid: [401, INVALID_CREDENTIALS],
  unverified: [403, UNVERIFIED_MESSAGE],
  disabled: [403, DISABLED_MESSAGE],
} as const;

/** A refused sign-in: 401 for wrong credentials, 403 for an unverified email or a disabled account. */
export class LoginError extends RuleError {
  constructor(public readonly result: Exclude<LoginResult, { status: "ok" }>) {
    super(LOGIN_REFUSALS[result.status][0], LOGIN_REFUSALS[result.status][1]);
  }
}

/**
 * remix-auth's FormStrategy is the one sign-in path, for the sign-in form and for POST
 * /api/auth/login alike: it counts the attempt (429), checks the password (401, or 403
 * unverified) and answers the user. Refusals are RuleErrors. See
 * docs/decisions/0008-one-login-strategy.md.
 */
export const authenticator = new Authenticator<CurrentUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new LoginError({ status: "invalid" });
    await limitAuthAttempt(request, "login", parsed.data.email);
    const result = await verifyLogin(parsed.data.email, parsed.data.password);
    if (result.status !== "ok") throw new LoginError(result);
    return result.user;
  }),
  "form",
);

/**
 * Signs in through the strategy with credentials the caller has already parsed (the page
 * with conform, the API with parseJsonBody), so neither clones and re-reads its body:
 * the strategy gets a request carrying just the credentials, with the caller's headers
 * (the client address for the rate limit stays the same).
 */
export function signIn(request: Request, credentials: { email: string; password: string }) {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/x-www-form-urlencoded");
  const body = new URLSearchParams({ email: credentials.email, password: credentials.password });
  return authenticator.authenticate("form", new Request(request.url, { method: "POST", headers, body }));
}

// ---------------------------------------------------------------------------
// Password reset

/** A plain-text mail's paragraphs as HTML, escaped. */
const paragraphs = (text: string) => text.split("\n\n").map((part) => `<p>${escapeHtml(part)}</p>`).join("");

/**
 * Sends a reset link when the email has an account; says nothing either way. A disabled
 * account gets no link (a new password would not let it sign in): its owner is told why instead.
 */
export async function requestPasswordReset(email: string, origin: string) {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true, disabledAt: true } });
  if (!user) return;
  if (user.disabledAt) {
    const text = `Hi ${user.firstName},\n\nSomeone (hopefully you) asked to reset the password of this Bandroom account. The account has been disabled by a Bandroom admin, so a new password would not let you sign in, and no reset link was sent.\n\nContact support if you think this is a mistake.`;
    await sendMail({ to: user.email, subject: "Your Bandroom account is disabled", text, html: paragraphs(text) });
    return;
  }
  const token = await issueToken(user.id, "reset-password", RESET_TTL_MS);
  const link = `${origin}/reset-password?${new URLSearchParams({ token })}`;
  await sendMail({
    to: user.email,
    subject: "Reset your Bandroom password",
    text: `Hi ${user.firstName},\n\nChoose a new password here:\n${link}\n\nThe link works once and expires in one hour. If you did not ask for this, ignore this message; your password stays as it is.`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in one hour. If you did not ask for this, ignore this message; your password stays as it is.</p>`,
    link,
  });
}

/** Is this reset token still usable? (Shown before the form, not consumed.) */
export async function isResetTokenValid(token: string) {
  if (!token || token.length > 200) return false;
  const record = await db.userToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { purpose: true, expiresAt: true, usedAt: true, user: { select: { disabledAt: true } } },
  });
  // A disabled account's link would only be refused on saving: the page says so at once.
  return isLive(record, "reset-password") && !record.user.disabledAt;
}

/** Sets the new password and ends every session of the user. The user's id, or null for a bad token. */
export async function resetPassword(token: string, newPassword: string) {
  const userId = await consumeToken(token, "reset-password");
  if (!userId) return null;
  // A link sent before the account was disabled changes nothing now.
  if (!(await db.user.findFirst({ where: { id: userId, disabledAt: null }, select: { id: true } }))) return null;
  // A move to another address asked for by whoever knew the old password ends with it.
  await db.userToken.deleteMany({ where: { userId, purpose: "change-email" } });
  const hash = await hashPassword(newPassword);
  await db.password.upsert({ where: { userId }, update: { hash }, create: { userId, hash } });
  // Whoever can read the mailbox has proven control of the address.
  await db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
  await destroyAllSessions(userId);
  await notifyPasswordChanged(userId);
  return userId;
}

/**
 * Tells the owner their password changed (reset or from the profile), so a change they
 * did not make does not go unnoticed. Says how to get the account back.
 */
export async function notifyPasswordChanged(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true } });
  if (!user) return;
  await sendMail({
    to: user.email,
    subject: "Your Bandroom password was changed",
    text: `Hi ${user.firstName},\n\nThe password of your Bandroom account was just changed, and every other device was signed out.\n\nIf this was you, there is nothing to do. If it was not, reset your password right away from the sign-in page ("Forgot your password?") and check the sessions listed on your profile.`,
  });
}

// ---------------------------------------------------------------------------
// Changing the sign-in address

/** What tells an abandoned sign-up: never confirmed, and no verification link still good. */
const ABANDONED_SELECT = { id: true, emailVerifiedAt: true, tokens: { where: { purpose: "verify-email", usedAt: null }, select: { expiresAt: true } } } as const;

function isAbandonedSignUp(user: { emailVerifiedAt: Date | null; tokens: { expiresAt: Date }[] }) {
  const now = Date.now();
  return !user.emailVerifiedAt && !user.tokens.some((token) => token.expiresAt.getTime() > now);
}

const CHANGE_EMAIL_TTL_MS = 60 * 60 * 1000;

export { EMAIL_CHANGE_MESSAGES };

/**
 * Mails a link to `newEmail` that moves the account there once opened (proof that its owner
 * reads that mailbox); nothing changes until then, and the current address is told at once
 * (changing the password ends the link). An address another account uses gets a note
 * instead, and the answer is the same either way: whether it has an account is not told to
 * whoever asks.
 */
export async function requestEmailChange(user: { id: string; email: string; firstName: string }, newEmail: string, origin: string) {
  if (newEmail === user.email.toLowerCase()) throw new RuleError(400, EMAIL_CHANGE_MESSAGES.same, "newEmail");
  // A sign-up abandoned unconfirmed does not own the address: the link goes out, and whoever
  // opens it proves they read the mailbox (the sign-up gives way, confirmEmailChange).
  const owner = await db.user.findUnique({ where: { email: newEmail }, select: ABANDONED_SELECT });
  if (owner && !isAbandonedSignUp(owner)) {
    const text = `Hello,\n\nSomeone asked to move a Bandroom account to this address, but it already belongs to a Bandroom account, so nothing was changed.\n\nIf this was you, sign in with this address at ${origin}/login (or reset its password there). If not, no action is needed.`;
    await sendMail({ to: newEmail, subject: "This address already has a Bandroom account", text, html: paragraphs(text) });
    return;
  }
  const token = await issueToken(user.id, "change-email", CHANGE_EMAIL_TTL_MS, newEmail);
  const link = `${origin}/change-email?${new URLSearchParams({ token })}`;
  await sendMail({
    to: newEmail,
    subject: "Confirm your new email for Bandroom",
    text: `Hi ${user.firstName},\n\nTo sign in to Bandroom with this address from now on, confirm it here:\n${link}\n\nThe link works once and expires in one hour. Until then you sign in with ${user.email}. If you did not ask for this, ignore this message.`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>To sign in to Bandroom with this address from now on, <a href="${link}">confirm it here</a>.</p><p>The link works once and expires in one hour. Until then you sign in with ${escapeHtml(user.email)}. If you did not ask for this, ignore this message.</p>`,
    link,
  });
  const notice = `Hi ${user.firstName},\n\nSomeone signed in to your Bandroom account asked to move it to ${newEmail}. A link went to that address; the account moves only if it is opened within an hour.\n\nIf this was you, there is nothing to do. If it was not, change your password now (from your profile, or "Forgot your password?" at ${origin}/login): that ends the link and signs out every other device.`;
  await sendMail({ to: user.email, subject: "A change of your Bandroom email was asked for", text: notice, html: paragraphs(notice) });
}

/** The address a change-email link moves its account to, while the link is still good (and the account not disabled); else null. Shown before the confirm button: nothing is used up. */
export async function pendingEmailChange(token: string) {
  if (!token || token.length > 200) return null;
  const record = await db.userToken.findUnique({ where: { tokenHash: hashToken(token) }, select: { purpose: true, expiresAt: true, usedAt: true, newEmail: true, user: { select: { email: true, disabledAt: true } } } });
  if (!isLive(record, "change-email") || !record.newEmail || record.user.disabledAt) return null;
  return { newEmail: record.newEmail, currentEmail: record.user.email };
}

/**
 * Moves the account to the link's address: once (the token is used up), and only while no
 * other account has taken the address meanwhile. Links mailed to the old address (a reset,
 * a verification) stop working and the account's other sessions end, as after a password
 * change (`signedIn`: this browser's session, kept when it is the account's own). The old address
 * is told; the change is in the audit log. Pending invitations follow nobody: they name an address.
 */
export async function confirmEmailChange(token: string, signedIn?: { id: string; userId: string }): Promise<{ status: "changed"; email: string; userId: string } | { status: "invalid" } | { status: "taken" }> {
  if (!token || token.length > 200) return { status: "invalid" };
  const outcome = await db
    .$transaction(async (tx) => {
      const record = await tx.userToken.findUnique({
        where: { tokenHash: hashToken(token) },
        select: { id: true, userId: true, purpose: true, usedAt: true, expiresAt: true, newEmail: true, user: { select: { email: true, firstName: true, lastName: true, disabledAt: true } } },
      });
      if (!isLive(record, "change-email") || !record.newEmail || record.user.disabledAt) return { status: "invalid" as const };
      const holder = await tx.user.findUnique({ where: { email: record.newEmail }, select: ABANDONED_SELECT });
      if (holder) {
        // A sign-up with that address abandoned unconfirmed (it cannot sign in, has no band,
        // and its verification link has run out) gives way to the person who has just proved
        // they read the mailbox, as it gives way to a newer sign-up (registerUser). A
        // confirmed account keeps it, and so does a sign-up still waiting for its link: its
        // owner, expecting a confirmation mail, could be led to press this one instead.
        if (!isAbandonedSignUp(holder)) return { status: "taken" as const };
        // (Read in this transaction, which holds the write lock: only the band check is left.)
        const { count } = await tx.user.deleteMany({ where: { id: holder.id, memberships: { none: {} } } });
        if (!count) return { status: "taken" as const };
      }
      // Every other link of the account, this one included, ends here.
      await tx.userToken.deleteMany({ where: { userId: record.userId, purpose: { in: ["change-email", "reset-password", "verify-email"] } } });
      await tx.user.update({ where: { id: record.userId }, data: { email: record.newEmail, emailVerifiedAt: new Date() } });
      const { firstName, lastName, email: old } = record.user;
      await recordAudit(tx, { actor: { id: record.userId, firstName, lastName, email: old }, action: "user.email", target: { type: "user", id: record.userId, label: [firstName, lastName].filter(Boolean).join(" ") }, before: { email: old }, after: { email: record.newEmail } });
      return { status: "changed" as const, email: record.newEmail, old, firstName, userId: record.userId };
    })
    .catch((error: unknown) => {
      // Signed up with at the same moment, outside this transaction: the unique address refused it.
      if (isUniqueViolation(error)) return { status: "taken" as const };
      throw error;
    });
  if (outcome.status !== "changed") return outcome;
  await destroyAllSessions(outcome.userId, signedIn?.userId === outcome.userId ? signedIn.id : undefined);
  await sendMail({
    to: outcome.old,
    subject: "Your Bandroom email was changed",
    text: `Hi ${outcome.firstName},\n\nYour Bandroom account now signs in with ${outcome.email}, not this address, and its other devices were signed out.\n\nIf this was you, there is nothing to do. If it was not, someone who knew your password moved your account: contact the people who run this Bandroom at once, and tell them the address it was moved to.`,
  });
  return { status: "changed", email: outcome.email, userId: outcome.userId };
}
