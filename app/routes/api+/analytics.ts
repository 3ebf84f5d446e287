import type { ActionFunctionArgs } from "@remix-run/node";
import { getCurrentUser, requireSameSite } from "~/features/auth/auth.server";
import { getCurrentBand } from "~/features/bands/access.server";
import { recordBrowserEvent } from "~/features/analytics/analytics.server";
import { CollectSchema } from "~/features/analytics/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

// navigator.sendBeacon posts a string as text/plain (a CORS-safelisted type, so it needs no
// preflight); fetch and other clients send application/json. Both carry the same JSON.
const JSON_TYPES = ["application/json", "text/plain"];

/**
 * POST /api/analytics {name: "section_view", section, path: "/", view} or
 * {name: "page_view", path}: what only the browser sees. Answers 204 whether or not the
 * event was kept (Do Not Track, Global Privacy Control and bots are dropped silently), so
 * a page never learns how it was counted. No cookie is needed; a session, when present,
 * attributes the event to the member and their current band.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const input = await parseJsonBody(request, CollectSchema, { types: JSON_TYPES });
  const current = await getCurrentUser(request);
  const band = current ? await getCurrentBand(request, current.user) : null;
  await recordBrowserEvent(request, input, { userId: current?.user.id ?? null, bandId: band?.band.id ?? null });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

export const loader = apiRoute(() => methodNotAllowed(["POST"]));
