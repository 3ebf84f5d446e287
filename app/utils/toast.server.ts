import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "./env.server";

export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["default", "destructive"]).default("default"),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

// A flash cookie (not the session) so a toast also follows signed-out redirects.
const toastCookie = createCookie("bandroom_toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: env.sessionSecrets,
  maxAge: 60,
});

export async function toastHeader(toast: ToastInput) {
  return toastCookie.serialize(ToastSchema.parse(toast));
}

/** A redirect that shows `toast` on the next page; `cookies` are other Set-Cookie values to send with it. */
export async function redirectWithToast(url: string, toast: ToastInput, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { headers });
}

/** Reads the flash toast and returns the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(value);
  if (!parsed.success) return { toast: null, setCookie: null };
  return { toast: parsed.data, setCookie: await toastCookie.serialize("", { maxAge: 0, expires: new Date(0) }) };
}

/**
 * A redirect that passes the pending flash toast on to the next page. The root loader
 * consumes the toast on every request, and a redirect renders nothing, so a hop such as
 * "/" → "/getting-started" right after signing in would otherwise swallow it.
 */
export async function redirectKeepingToast(request: Request, url: string) {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(value);
  return redirect(url, parsed.success ? { headers: { "Set-Cookie": await toastCookie.serialize(parsed.data) } } : undefined);
}

/** The status of what a loader or action threw: a Response, or Remix's `data(…, { status })`. */
export function thrownStatus(thrown: unknown) {
  return thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } | null } | null)?.init?.status;
}

/**
 * A page form for a row that is gone while the page was open (deleted in another tab or
 * by someone else, or no longer the person's to see: the same words, which tell nothing of
 * another band's rows): back to `to` with a toast saying so, instead of a bare "Page Not
 * Found" that leaves the person wondering whether their change was saved. /api keeps its 404.
 */
export async function unlessGone<T>(work: () => Promise<T>, to: string, what: string): Promise<T> {
  try {
    return await work();
  } catch (thrown) {
    if (thrownStatus(thrown) !== 404) throw thrown;
    throw await redirectWithToast(to, { title: "Nothing was changed", description: `${what} no longer exists: someone may have deleted it.`, type: "destructive" });
  }
}
