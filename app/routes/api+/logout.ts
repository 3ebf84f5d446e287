import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireSameSite } from "~/features/auth/auth.server";
import { destroySession } from "~/features/auth/session.server";
import { currentBandCookieHeader } from "~/features/bands/bands.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { isCrossSiteRequest } from "~/utils/request.server";

/** Deletes the caller's session row (a replayed cookie is then signed out) and goes home. */
async function logout(request: Request) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  // The spec clears the browser's stored state on sign-out, the current band with it.
  headers.append("Set-Cookie", await currentBandCookieHeader(null));
  return redirect("/", { headers });
}

/**
 * GET /api/logout is a data change on GET, on purpose: the spec's small-screen menu
 * (and the shell's fallback when POST /api/auth/logout fails) navigates here with a
 * plain link. A link or redirect from another site (Sec-Fetch-Site: cross-site, or a
 * foreign Origin) goes home without signing out: a Lax cookie travels on top-level
 * navigations, so otherwise any page could sign its visitors out of Bandroom.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  if (isCrossSiteRequest(request)) return redirect("/");
  return logout(request);
});

/** POST /api/logout: the Sign Out form of the shell, which works without JavaScript. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  requireSameSite(request);
  return logout(request);
});
