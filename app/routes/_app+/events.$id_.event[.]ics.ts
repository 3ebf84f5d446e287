import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireEventGate } from "~/features/events/events.server";
import { eventIcs } from "~/features/events/ics.server";
import { MESSAGES } from "~/features/events/schema.server";
import { parseId } from "~/utils/ids";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /events/{id}/event.ics: this one event for the viewer's own calendar app. */
async function load({ request, params }: LoaderFunctionArgs) {
  const eventId = parseId(params.id);
  const access = await requireEventGate(request, eventId, "events:view");
  const ics = await eventIcs(access, eventId!);
  if (!ics) throw data({ message: MESSAGES.notFound }, { status: 404 });
  return new Response(ics.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ics.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
