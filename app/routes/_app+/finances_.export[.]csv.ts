import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { downloadResponse, ledgerCsv } from "~/features/finances/reports.server";
import { resourceRoute } from "~/utils/api.server";

/** /finances/export.csv?ledger=payments|expenses|payouts|splits|ledger[&year=]: one ledger as CSV, every entry as recorded. */
async function load({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const query = new URL(request.url).searchParams;
  return downloadResponse(() => ledgerCsv(access, query.get("ledger"), query.get("year")));
}

export const loader = resourceRoute(load);
