import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { eventListJson, parseOr400 } from "~/features/events/api.server";
import { createEvent, eventRules, listEvents, refuseFeeField, refuseFeeOffGig } from "~/features/events/events.server";
import { z } from "zod";
import { CalendarQuerySchema, createEventSchema } from "~/features/events/schema.server";
import { apiError, apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

const DAY = 86_400_000;

/** GET /api/bands/{id}/events?from=&to= (ISO date-times; default: 30 days back to 180 ahead, at most 400 days). */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "events:view" });
  const url = new URL(request.url);
  const query = parseOr400(CalendarQuerySchema, { from: url.searchParams.get("from") ?? undefined, to: url.searchParams.get("to") ?? undefined });
  const from = query.from ? new Date(query.from) : new Date(Date.now() - 30 * DAY);
  const to = query.to ? new Date(query.to) : new Date(from.getTime() + 210 * DAY);
  if (to <= from) throw apiError(400, "Invalid request", { to: ["to must be after from"] });
  if (to.getTime() - from.getTime() > 400 * DAY) throw apiError(400, "Invalid request", { to: ["Ask for at most 400 days at a time"] });
  return data((await listEvents(access, { from, to })).map((event) => eventListJson(event, access.band.timeZone)));
});

/** POST /api/bands/{id}/events: the create form's fields as JSON (local date and times in the band's zone, or timeZone). */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const access = await requireBandAccess(request, { band: params.id, permission: "events:edit" });
  const body = await parseJsonBody(request, z.record(z.string(), z.unknown()));
  // A fee named at all ("fee": null too) by someone who may not set fees is refused, as on PATCH.
  refuseFeeField(access, body);
  refuseFeeOffGig(body, body.kind);
  const input = parseOr400(createEventSchema(await eventRules(access), { strict: true }), body);
  const created = await createEvent(access, input);
  return data({ id: created.id, ids: created.ids }, { status: 201 });
});
