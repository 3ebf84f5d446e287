import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getUserForDocument } from "~/features/auth/auth.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /api/auth/user — the signed-in user, or 401 (which the client reads as "no user"). */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { user, setCookie } = await getUserForDocument(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!user) return apiError(401, "Unauthorized", undefined, headers);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data(user, { headers });
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
