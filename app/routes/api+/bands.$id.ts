import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /api/bands/{id}: 404 for a band the caller is not in. Its time zone and currency, which a client needs to show its events' times and amounts as the pages do. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const { band } = await requireBandAccess(request, { band: params.id, permission: "band:view" });
  return data({ id: band.id, name: band.name, subscriptionTier: band.subscriptionTier, timeZone: band.timeZone, currency: band.currency });
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
