import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { availabilityJson, getAvailabilityMonth } from "~/features/availability/availability.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /api/bands/{id}/availability?month=YYYY-MM: each day's free, blacked-out and busy people and whether the lineup can be fielded. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "availability:view" });
  const month = new URL(request.url).searchParams.get("month");
  return data(availabilityJson(await getAvailabilityMonth(access, month)));
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
