import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod";
import { eventDetailsJson, requireEventAccess } from "~/features/events/api.server";
import { cancelEvent, getEventDetails, restoreEvent } from "~/features/events/events.server";
import { CancelEventSchema, MESSAGES } from "~/features/events/schema.server";
import { apiError, apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { ConflictsError } from "~/features/availability/conflicts.server";

export const loader = apiRoute(() => methodNotAllowed(["POST", "DELETE"]));

const CancelApiSchema = z.strictObject(CancelEventSchema.shape);

/**
 * POST /api/events/{id}/cancel {reason, scope?: "one" | "following" | "all"}: cancels the
 * event (kept, struck through, with the reason), or part or all of its series, as the
 * event page does; 200 with the event and how many were cancelled. An event with money
 * recorded, which DELETE refuses, is cancelled this way.
 * DELETE /api/events/{id}/cancel?confirmConflicts=true: takes the cancellation back; 409
 * naming anyone now booked elsewhere or away at its time, until confirmConflicts. An event
 * not cancelled (taken back already) answers 200 as it is.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const { id, access } = await requireEventAccess(request, params.id, "events:edit");
  let cancelled = 0;
  if (request.method === "POST") {
    const input = await parseJsonBody(request, CancelApiSchema);
    ({ count: cancelled } = await cancelEvent(access, id, input));
  } else {
    const confirm = new URL(request.url).searchParams.get("confirmConflicts");
    if (confirm !== null && confirm !== "true" && confirm !== "false") throw apiError(400, "Invalid request", { confirmConflicts: ["confirmConflicts is true or false"] });
    try {
      await restoreEvent(access, id, confirm === "true");
    } catch (error) {
      // This endpoint takes the confirmation in its address, not in a body.
      if (error instanceof ConflictsError) throw apiError(409, ConflictsError.saying(error.conflicts, "Send it again with ?confirmConflicts=true"));
      throw error;
    }
  }
  const details = await getEventDetails(access, id);
  if (!details) throw apiError(404, MESSAGES.notFound);
  return data({ ...eventDetailsJson(details), ...(request.method === "POST" ? { cancelled } : {}) });
});
