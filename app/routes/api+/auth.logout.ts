import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireSameSite } from "~/features/auth/auth.server";
import { destroySession } from "~/features/auth/session.server";
import { currentBandCookieHeader } from "~/features/bands/bands.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/** POST /api/auth/logout — deletes the session row, so a replayed cookie is signed out. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await currentBandCookieHeader(null));
  return data({ ok: true }, { headers });
});
