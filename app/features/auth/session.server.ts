import { createCookie } from "@remix-run/node";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { hashToken, randomToken } from "~/utils/crypto.server";
import { isSecureRequest } from "~/utils/request.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Absolute lifetime: no refresh extends a session past this age; then sign in again. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;

const cookieOptions = {
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secrets: env.sessionSecrets,
  maxAge: SESSION_TTL_MS / 1000,
};

// Over HTTPS the cookie is Secure with the __Host- prefix (no Domain, Path=/); plain
// http://localhost keeps a prefix-free name so a newcomer can still sign in.
const secureCookie = createCookie("__Host-bandroom_session", { ...cookieOptions, secure: true });
const plainCookie = createCookie("bandroom_session", { ...cookieOptions, secure: false });

function sessionCookie(request: Request) {
  return isSecureRequest(request) ? secureCookie : plainCookie;
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 22 ? value : null;
}

export type SessionRecord = { id: string; userId: string; createdAt: Date; expiresAt: Date; lastSeenAt: Date };

/** When the session ends at the latest, however often it is refreshed. */
function hardExpiry(session: { createdAt: Date }) {
  return session.createdAt.getTime() + SESSION_MAX_AGE_MS;
}

/** The live session behind the request's cookie, or null. */
export async function getSession(request: Request): Promise<(SessionRecord & { rawId: string }) | null> {
  const rawId = await readSessionId(request);
  if (!rawId) return null;
  const session = await db.session.findUnique({
    where: { id: hashToken(rawId) },
    select: { id: true, userId: true, createdAt: true, expiresAt: true, lastSeenAt: true },
  });
  if (!session) return null;
  if (session.expiresAt.getTime() <= Date.now() || hardExpiry(session) <= Date.now()) {
    await db.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  return { ...session, rawId };
}

/** Starts a fresh session (new random id: any pre-login id is worthless) and returns its cookie. */
export async function createSession(request: Request, userId: string) {
  const rawId = randomToken(32);
  // Signing in is activity (/admin's "active in 30 days"). A disabled account's session
  // would be worthless: getCurrentUser ignores sessions of disabled accounts.
  await db.user.updateMany({ where: { id: userId }, data: { lastActiveAt: new Date() } });
  await db.session.create({
    data: {
      id: hashToken(rawId),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    },
  });
  return sessionCookie(request).serialize(rawId);
}

/** Extends a session by the full TTL, never past its absolute lifetime, and returns the refreshed cookie. */
export async function refreshSession(request: Request, session: SessionRecord & { rawId: string }) {
  const now = new Date();
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, hardExpiry(session)));
  await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now, expiresAt, user: { update: { lastActiveAt: now } } } });
  return sessionCookie(request).serialize(session.rawId, { maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) });
}

/** Sliding expiry on ordinary use, written at most once a day; returns a cookie when it slid. */
export async function touchSession(request: Request, session: SessionRecord & { rawId: string }) {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_AFTER_MS) return null;
  return refreshSession(request, session);
}

/** Deletes the session row (a replayed cookie is then signed out) and clears the cookie. */
export async function destroySession(request: Request) {
  const rawId = await readSessionId(request);
  if (rawId) await db.session.deleteMany({ where: { id: hashToken(rawId) } });
  return sessionCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function destroyAllSessions(userId: string, exceptId?: string) {
  await db.$transaction((tx) => endSignIns(tx, userId, exceptId));
}

/** The UserToken purpose of a sign-in waiting for its two-step code (features/auth/mfa.server). */
export const MFA_CHALLENGE_PURPOSE = "mfa-challenge";

/**
 * Ends the user's sessions (all but `exceptId`) and any sign-in waiting for its two-step
 * code, with `client` (a transaction of the caller's); the number of sessions ended.
 */
export async function endSignIns(client: Pick<typeof db, "session" | "userToken">, userId: string, exceptId?: string) {
  const { count } = await client.session.deleteMany({ where: { userId, ...(exceptId ? { id: { not: exceptId } } : {}) } });
  await client.userToken.deleteMany({ where: { userId, purpose: MFA_CHALLENGE_PURPOSE } });
  return count;
}

export type ActiveSession = { id: string; userAgent: string | null; createdAt: Date; lastSeenAt: Date; current: boolean };

/** The user's live sessions, most recently used first; `currentId` is the hashed id of this one. */
export async function listActiveSessions(userId: string, currentId: string): Promise<ActiveSession[]> {
  const now = new Date();
  const sessions = await db.session.findMany({
    where: { userId, expiresAt: { gt: now }, createdAt: { gt: new Date(now.getTime() - SESSION_MAX_AGE_MS) } },
    select: { id: true, userAgent: true, createdAt: true, lastSeenAt: true },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
  });
  return sessions.map((session) => ({ ...session, current: session.id === currentId }));
}

/** Ends one of the user's sessions by its (hashed) id; someone else's id changes nothing. */
export async function destroyUserSession(userId: string, sessionId: string) {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } });
  return count === 1;
}

export async function purgeExpiredSessions() {
  await db.session.deleteMany({ where: { expiresAt: { lte: new Date() } } });
}
