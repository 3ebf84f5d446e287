import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireFinanceApiAccess } from "~/features/finances/api.server";
import { financeReportsJson, getFinanceReports, requireReportYear } from "~/features/finances/reports.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/bands/{id}/finance-reports?year=YYYY&member={userId}: the year's per-gig
 * profit and loss (leaders, admins), totals by month and category (not subs) and a
 * member's statement (one's own unless one may see everyone's), in minor units. 402 for
 * a free band that never recorded money, like every finance endpoint (a band that fell
 * back to free reads its reports, as on the pages).
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireFinanceApiAccess(request, params.id);
  const query = new URL(request.url).searchParams;
  // The pages fall back to this year for a year they cannot read; an API client is told.
  const year = requireReportYear(query.get("year"));
  return data(financeReportsJson(await getFinanceReports(access, { year, member: query.get("member") })));
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
