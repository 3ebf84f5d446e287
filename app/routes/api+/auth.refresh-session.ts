import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireSameSite } from "~/features/auth/auth.server";
import { getSession, refreshSession } from "~/features/auth/session.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/** POST /api/auth/refresh-session — the shell calls this every 6 days: 30 more days from now. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const session = await getSession(request);
  if (!session) return apiError(401, "Unauthorized", undefined, { "Cache-Control": "no-store" });
  const setCookie = await refreshSession(request, session);
  const refreshed = await getSession(request);
  const expiresAt = (refreshed ?? session).expiresAt.toISOString();
  return data({ expiresAt }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
});
