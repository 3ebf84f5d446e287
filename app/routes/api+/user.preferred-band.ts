import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { setPreferredBand } from "~/features/bands/bands.server";
import { PreferredBandUpdateSchema } from "~/features/bands/schema";
import { apiError, apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** PATCH /api/user/preferred-band {bandId: number | null}. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const user = await requireUser(request);
  const { bandId } = await parseJsonBody(request, PreferredBandUpdateSchema);
  if (!(await setPreferredBand(user.id, bandId))) return apiError(404, "Band not found");
  return data({ preferredBandId: bandId });
});

export const loader = apiRoute(() => methodNotAllowed(["PATCH"]));
