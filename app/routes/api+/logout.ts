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
  // This address is reached without the shell's script (the phone menu's plain link, a
  // page without JavaScript): the browser clears this site's local storage and caches
  // itself, as signOut() does with JavaScript, so a shared phone keeps nothing of the user.
  headers.set("Clear-Site-Data", '"storage"');
  return redirect("/", { headers });
}

/**
 * GET /api/logout is a data change on GET, on purpose: the spec's small-screen menu
 * (and the shell's fallback when POST /api/auth/logout fails) navigates here with a
 * plain link. A link or redirect from another site (Sec-Fetch-Site: cross-site, or a
 * foreign Origin) goes home without signing out: a Lax cookie travels on top-level
 * navigations, so otherwise any page could sign its visitors out of Bandroom. A browser
 * that sends no Sec-Fetch-Site sends no Origin on a navigation either: there, only a
 * Referer on this site counts as ours (a foreign or missing one does not sign out).
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  if (isCrossSiteRequest(request) || !isPageNavigation(request) || !(request.headers.get("sec-fetch-site") || refererIsOurs(request))) return redirect("/");
  return logout(request);
});

/**
 * Only a page opening this address signs out, not an image, script or frame that names
 * it: a member's profile picture set to /api/logout is fetched same-origin from our own
 * pages (Sec-Fetch-Dest: image) and signed out everyone who opened /members. Browsers
 * without Fetch Metadata ask for an image without text/html in Accept.
 */
function isPageNavigation(request: Request) {
  const dest = request.headers.get("sec-fetch-dest");
  if (dest) return dest === "document";
  const accept = request.headers.get("accept");
  return !accept || accept.includes("text/html");
}

function refererIsOurs(request: Request) {
  try {
    return new URL(request.headers.get("referer") ?? "").host === new URL(request.url).host;
  } catch {
    return false;
  }
}

/** POST /api/logout: the Sign Out form of the shell, which works without JavaScript. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  requireSameSite(request);
  return logout(request);
});
