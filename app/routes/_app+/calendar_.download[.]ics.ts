import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { bandCalendarIcs } from "~/features/calendar-feeds/feeds.server";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /calendar/download.ics: "Download calendar", the current band's events as an .ics file. */
async function load({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "calendar:download" });
  const { body, filename } = await bandCalendarIcs(access);
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "private, no-store" },
  });
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
