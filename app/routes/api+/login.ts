import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { safeRedirect } from "~/utils/request.server";

/**
 * GET /api/login — where signed-out visits to signed-in pages are sent (requireUser).
 * Hands over to the sign-in page, carrying the page to return to when it is safe.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  throw redirect(redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`);
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
