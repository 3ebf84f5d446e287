import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { getOnboardingStatus } from "~/features/bands/onboarding.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /api/bands/{id}/onboarding-status: the fields of spec section 3. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const { band } = await requireBandAccess(request, { band: params.id, permission: "band:setup" });
  const status = await getOnboardingStatus(band.id);
  if (!status) return apiError(404, "Band not found");
  const { overallProgress, bandCreated, memberCount, songCount, setlistCount, eventCount, hasFinancialData } = status;
  return data({ overallProgress, bandCreated, memberCount, songCount, setlistCount, eventCount, hasFinancialData });
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
