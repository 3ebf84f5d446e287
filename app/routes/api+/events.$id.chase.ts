import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireEventGate } from "~/features/events/events.server";
import { chaseNow } from "~/features/reminders/reminders.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { parseId } from "~/utils/ids";
import { appOrigin } from "~/utils/request.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/** POST /api/events/{id}/chase: mails everyone booked who has not answered (once a day each); names who was chased. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const eventId = parseId(params.id);
  const access = await requireEventGate(request, eventId, "reminders:chase", { notFound: "Event not found" });
  return data(await chaseNow(access, eventId!, appOrigin(request)));
});
