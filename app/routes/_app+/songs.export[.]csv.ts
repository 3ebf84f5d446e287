import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { exportFileName, exportSongsCsv } from "~/features/songs/csv.server";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/** /songs/export.csv?band={id}: the band's library as a CSV a spreadsheet opens (UTF-8 with BOM, CRLF). */
async function load({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const access = await requireBandAccess(request, { band: url.searchParams.get("band") || "current", permission: "content:view" });
  return new Response(await exportSongsCsv(access), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(access.band.name)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
