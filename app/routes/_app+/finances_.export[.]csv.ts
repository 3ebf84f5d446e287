import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { downloadResponse, ledgerCsv } from "~/features/finances/reports.server";

/** /finances/export.csv?ledger=payments|expenses|payouts|splits|ledger[&year=]: one ledger as CSV, every entry as recorded. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const query = new URL(request.url).searchParams;
  return downloadResponse(() => ledgerCsv(access, query.get("ledger"), query.get("year")));
}
