import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { eventDetailsJson, parseOr400, requireEventAccess } from "~/features/events/api.server";
import { deleteEvent, eventFields, eventRules, getEventDetails, keptLength, refuseFeeField, refuseFeeOffGig, updateEvent } from "~/features/events/events.server";
import { DeleteEventBodySchema, DeleteEventSchema, MESSAGES, PatchEventSchema, updateEventSchema } from "~/features/events/schema.server";
import { apiError, apiRoute, methodNotAllowed, NOTHING_TO_CHANGE, parseJsonBody } from "~/utils/api.server";

/** GET /api/events/{id}: the event with its lineup and answers. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const { id, access } = await requireEventAccess(request, params.id, "events:view");
  const details = await getEventDetails(access, id);
  if (!details) throw apiError(404, MESSAGES.notFound);
  return data(eventDetailsJson(details));
});

/**
 * PATCH /api/events/{id} {version, scope?, ...fields}: the fields sent, over the stored
 * event, checked like the edit form; 409 when `version` is not the stored one. The answer
 * deadline is sent as the last day to answer (GET's `rsvpDeadlineDay`), times as local
 * `date`/`startTime`… in the band's zone or `timeZone`.
 * DELETE /api/events/{id}?scope=one|following|all (or {"scope"} in a JSON body).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method === "PATCH") {
    const { id, access } = await requireEventAccess(request, params.id, "events:edit");
    const patch = await parseJsonBody(request, PatchEventSchema);
    // timeZone only says which zone the patch's times are in: alone, it changes nothing.
    if (!Object.keys(patch).some((key) => !["version", "confirmConflicts", "scope", "timeZone"].includes(key))) throw apiError(400, "Invalid request", { body: [NOTHING_TO_CHANGE] });
    refuseFeeField(access, patch);
    // The stored times in the zone the patch's times are in, so that those it leaves out stay where they are.
    const { event, fields } = await eventFields(access, id, typeof patch.timeZone === "string" ? patch.timeZone : undefined);
    const merged = { ...fields, ...keptLength(fields, patch), ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
    refuseFeeOffGig(patch, merged.kind);
    const edit = parseOr400(updateEventSchema(await eventRules(access, event), { api: true }), merged);
    await updateEvent(access, id, edit);
    const details = await getEventDetails(access, id);
    return data(eventDetailsJson(details!));
  }
  if (request.method === "DELETE") {
    const { id, access } = await requireEventAccess(request, params.id, "events:delete");
    // ?scope=, or {"scope"} in a body: sent in the body and ignored, "all" deleted one event.
    const body = await parseJsonBody(request, DeleteEventBodySchema);
    const query = new URL(request.url).searchParams.get("scope");
    if (query !== null && body.scope !== undefined && query !== body.scope) throw apiError(400, "Invalid request", { scope: ["Send the scope once: in the query string or in the body"] });
    const { scope } = parseOr400(DeleteEventSchema, { scope: query ?? body.scope });
    const { count } = await deleteEvent(access, id, { scope });
    return data({ deleted: count });
  }
  return methodNotAllowed(["GET", "PATCH", "DELETE"]);
});
