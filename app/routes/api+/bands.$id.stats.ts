import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { getBandStats } from "~/features/dashboard/dashboard.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/bands/{id}/stats: the dashboard's figures as JSON, as the caller may see them
 * (getBandStats applies the grants): members; songs and setlists (not for a sub);
 * upcoming events (a sub: those they are booked on); answers outstanding, the caller's
 * own and, for leaders and admins, the band's; for Pro bands `money`: the caller's own
 * balance and, for those who may see the band's money (not a sub), the fund's balance.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "band:view" });
  const stats = await getBandStats(access);
  if (!stats) return apiError(404, "Band not found");
  return data({ bandId: access.band.id, ...stats });
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
