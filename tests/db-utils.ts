/**
 * Factories and request builders for loader/action/API tests against the real test
 * database (see tests/setup-test-env.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { db } from "~/utils/db.server";
import { refreshMemberOrder } from "~/features/members/member-order.server";
import { hashPassword } from "~/features/auth/password.server";
import { createSession } from "~/features/auth/session.server";
import { sealTotpSecret } from "~/features/auth/totp-secret.server";
import { currentBandCookieHeader } from "~/features/bands/bands.server";

export const ORIGIN = "http://localhost:3000";
export const TEST_PASSWORD = "Correct-Horse-9";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

let cachedHash: Promise<string> | undefined;
function passwordHash() {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

export async function createUser(overrides: Partial<{ email: string; firstName: string; lastName: string | null; verified: boolean; isPlatformAdmin: boolean }> = {}) {
  const { verified = true, ...fields } = overrides;
  return db.user.create({
    data: {
      email: fields.email ?? `user-${unique()}@example.com`,
      firstName: fields.firstName ?? "Test",
      lastName: fields.lastName === undefined ? "User" : fields.lastName,
      isPlatformAdmin: fields.isPlatformAdmin ?? false,
      emailVerifiedAt: verified ? new Date() : null,
      password: { create: { hash: await passwordHash() } },
    },
    select: { id: true, email: true, firstName: true, lastName: true, preferredBandId: true },
  });
}

export async function createBand(options: { name?: string; subscriptionTier?: string; timeZone?: string; members?: { userId: string; role: string; displayName?: string }[] } = {}) {
  const band = await db.band.create({
    data: {
      name: options.name ?? `Band ${unique()}`,
      subscriptionTier: options.subscriptionTier ?? "free",
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      memberships: { create: (options.members ?? []).map((m) => ({ userId: m.userId, role: m.role, displayName: m.displayName ?? null })) },
    },
    select: { id: true, name: true, subscriptionTier: true },
  });
  // As the app's own membership writes do: the stored member list order and initials.
  await refreshMemberOrder(db, band.id);
  return band;
}

/** The Cookie pair that makes `bandId` the browser's current band (null: the cleared cookie). */
export async function bandCookie(bandId: number | null) {
  return (await currentBandCookieHeader(bandId)).split(";")[0]!;
}

/** A Cookie header value for a fresh session of `userId`. */
export async function sessionCookieFor(userId: string) {
  const setCookie = await createSession(new Request(ORIGIN), userId);
  return setCookie.split(";")[0]!;
}

type RequestOptions = {
  method?: string;
  cookie?: string;
  json?: unknown;
  form?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  peer?: string;
};

/** A same-origin browser-like request (Sec-Fetch-Site: same-origin) unless headers say otherwise. */
export function buildRequest(pathname: string, options: RequestOptions = {}) {
  const headers = new Headers({ "sec-fetch-site": "same-origin", "x-bandroom-peer": options.peer ?? "127.0.0.1", ...options.headers });
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) for (const v of [value].flat()) form.append(key, v);
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = form;
  }
  const method = options.method ?? (body ? "POST" : "GET");
  return new Request(new URL(pathname, ORIGIN), { method, headers, body });
}

/** Route arguments for calling a loader or action directly. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} };
}

/**
 * Runs a loader/action and returns a plain Response, whether it returned data(),
 * a Response, a plain object, or threw one of those.
 */
export async function callRoute(
  fn: (args: ReturnType<typeof routeArgs>) => unknown,
  request: Request,
  params: Record<string, string> = {},
  options: { resource?: boolean } = {},
): Promise<Response> {
  let result: unknown;
  try {
    result = await fn(routeArgs(request, params));
  } catch (thrown) {
    result = thrown;
  }
  // Under single fetch a resource route's data() loses its status and headers in the
  // real server, and a thrown one its message ("Unexpected Server Error"), so /api routes
  // and other resource routes (no page) must answer with a Response (see apiRoute, resourceRoute).
  if ((options.resource || new URL(request.url).pathname.startsWith("/api/")) && !(result instanceof Response)) {
    throw new Error(`${request.method} ${new URL(request.url).pathname} answered without a Response: wrap the route in apiRoute() or resourceRoute()`);
  }
  return toResponse(result);
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    const headers = new Headers(init?.headers);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    return new Response(JSON.stringify(data), { ...init, headers });
  }
  if (result instanceof Error) throw result;
  return new Response(JSON.stringify(result ?? null), { status: 200, headers: { "content-type": "application/json" } });
}

/** Messages written to the test outbox, oldest first. */
export function readOutbox(): Array<{ to: string; subject: string; text: string; link?: string }> {
  const dir = process.env.MAIL_OUTBOX_DIR!;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
}

export function clearOutbox() {
  fs.rmSync(process.env.MAIL_OUTBOX_DIR!, { recursive: true, force: true });
}

/** The base32 TOTP secret `enableMfa` gives a user; tests compute codes from it with otpauth. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Turns two-step sign-in on for a user, as if they had set it up from /profile. */
export async function enableMfa(userId: string) {
  await db.totpFactor.create({ data: { userId, secret: sealTotpSecret(TEST_TOTP_SECRET), enabledAt: new Date() } });
}
