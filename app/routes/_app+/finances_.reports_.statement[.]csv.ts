import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { downloadResponse, statementCsv } from "~/features/finances/reports.server";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/** /finances/reports/statement.csv?year=&member=: a member's yearly statement as CSV (UTF-8 with BOM, CRLF). */
async function load({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const query = new URL(request.url).searchParams;
  return downloadResponse(() => statementCsv(access, { year: query.get("year"), member: query.get("member") }));
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
