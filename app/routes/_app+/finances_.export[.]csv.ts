import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { downloadResponse, ledgerCsv } from "~/features/finances/reports.server";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/** /finances/export.csv?ledger=payments|expenses|payouts|splits|ledger[&year=]: one ledger as CSV, every entry as recorded. */
async function load({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const query = new URL(request.url).searchParams;
  return downloadResponse(() => ledgerCsv(access, query.get("ledger"), query.get("year")));
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
