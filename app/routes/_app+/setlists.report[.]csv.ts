import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { checkReportRange, performanceReportCsv } from "~/features/setlists/report.server";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/**
 * /setlists/report.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the performance report for rights
 * organisations. A range that does not read goes back to the report page, which shows
 * what is wrong under each date.
 */
async function load({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const access = await requireBandAccess(request, { band: url.searchParams.get("band") || "current", permission: "setlists:report" });
  const check = checkReportRange({ from: url.searchParams.get("from"), to: url.searchParams.get("to") });
  if (!check.ok) {
    // Back to the report of the same band, whichever band is current by now.
    const back = new URLSearchParams({ band: String(access.band.id), from: check.values.from ?? "", to: check.values.to ?? "" });
    return redirect(`/setlists/report?${back}`);
  }
  const { csv, fileName } = await performanceReportCsv(access, check.range);
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "private, no-store" },
  });
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
