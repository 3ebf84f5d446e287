import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { BLACKOUT_MESSAGES } from "~/features/availability/blackout-schema.server";
import { deleteBlackout } from "~/features/availability/blackouts.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { parseId } from "~/utils/ids";

export const loader = apiRoute(() => methodNotAllowed(["DELETE"]));

/** DELETE /api/blackouts/{id}: removes one of the person's own blackouts (anyone else's is 404). */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (!id) return apiError(404, BLACKOUT_MESSAGES.notFound);
  await deleteBlackout(user.id, id);
  return data({ deleted: true });
});
