import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { blackoutJsonSchema } from "~/features/availability/blackout-schema.server";
import { blackoutJson, createBlackout, earliestBlackoutDay, listOwnBlackouts } from "~/features/availability/blackouts.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/blackouts: the signed-in person's upcoming blackouts (they apply in all their bands). */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  return data({ blackouts: (await listOwnBlackouts(user.id)).map(blackoutJson) });
});

/** POST /api/blackouts {startDate, endDate?, reason?}: 201 with the blackout; 200 with it when those days were marked already. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const input = await parseJsonBody(request, blackoutJsonSchema(earliestBlackoutDay()));
  const blackout = await createBlackout(user.id, input);
  return data(blackoutJson(blackout), { status: blackout.created ? 201 : 200 });
});
