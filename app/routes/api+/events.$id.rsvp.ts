import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireEventAccess } from "~/features/events/api.server";
import { respond } from "~/features/events/events.server";
import { RsvpApiSchema } from "~/features/events/schema.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiRoute(async () => methodNotAllowed(["PUT"]));

/** PUT /api/events/{id}/rsvp {answer: going|maybe|no, note?}: the caller's own answer, while answers are open. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const { id, access } = await requireEventAccess(request, params.id, "availability:own");
  const input = await parseJsonBody(request, RsvpApiSchema);
  const { rsvp } = await respond(access, id, input);
  return data({ answer: rsvp.answer, note: rsvp.note, answeredAt: rsvp.answeredAt.toISOString() });
});
