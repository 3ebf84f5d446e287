/** Small readers for the auth integration tests (cookies, toasts, mail links). */
import { expect } from "vitest";
import { ORIGIN, readOutbox } from "#tests/db-utils";
import { getToast } from "~/utils/toast.server";

export const SESSION_COOKIE = "bandroom_session";

/** The `name=value` pair a response sets for `name`, or null (also when it clears the cookie). */
export function cookiePair(response: Response, name: string) {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const [cookieName, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    if (cookieName === name) return value ? pair : null;
  }
  return null;
}

/** True when the response clears `name` (empty value, expired). */
export function clearsCookie(response: Response, name: string) {
  return response.headers.getSetCookie().some((header) => header.startsWith(`${name}=;`) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header));
}

export function sessionCookieOf(response: Response) {
  return cookiePair(response, SESSION_COOKIE);
}

/** The flash toast a response sets, as the next page would read it. */
export async function toastOf(response: Response) {
  const pair = cookiePair(response, "bandroom_toast");
  if (!pair) return null;
  const { toast } = await getToast(new Request(ORIGIN, { headers: { cookie: pair } }));
  return toast ? { title: toast.title, description: toast.description, type: toast.type } : null;
}

export async function body<T = Record<string, unknown>>(response: Response) {
  return (await response.json()) as T;
}

export function expectRedirect(response: Response, location: string) {
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  expect(response.headers.get("location")).toBe(location);
}

/** A page form naming a band the user is not in: nothing done, home (`location`) with a message naming no band. */
export async function expectNotInBand(response: Response, location = "/dashboard") {
  expectRedirect(response, location);
  expect(await toastOf(response)).toEqual({ title: "Nothing was changed", description: "That form was for a band you are no longer a member of.", type: "default" });
}

export function expectRateLimited(response: Response, limit = 10) {
  expect(response.status).toBe(429);
  expect(response.headers.get("RateLimit-Limit")).toBe(String(limit));
  expect(response.headers.get("RateLimit-Remaining")).toBe("0");
  expect(Number(response.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
  expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
}

/** Mails sent to `to`, oldest first. */
export function mailsTo(to: string) {
  return readOutbox().filter((mail) => mail.to === to);
}

/** The token in the newest mailed link to `to` with this path. */
export function mailedToken(to: string, pathname: "/verify-email" | "/reset-password") {
  const mail = mailsTo(to)
    .filter((m) => m.link && new URL(m.link).pathname === pathname)
    .at(-1);
  expect(mail, `a ${pathname} mail to ${to}`).toBeTruthy();
  const url = new URL(mail!.link!);
  expect(url.origin).toBe(ORIGIN);
  return url.searchParams.get("token")!;
}

export const CROSS_SITE = { "sec-fetch-site": "cross-site" };
