import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { bandIdOfEvent } from "~/features/events/events.server";
import { chaseNow } from "~/features/reminders/reminders.server";
import { parseId } from "~/utils/ids";
import { appOrigin, safeRedirect } from "~/utils/request.server";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { resourceRoute } from "~/utils/api.server";

const NOT_FOUND = "Event not found";

async function load() {
  throw data({ message: NOT_FOUND }, { status: 404 });
}

/**
 * POST /events/{id}/chase (the "Chase now" button on the event page and the dashboard):
 * mails who hasn't answered, then back to `returnTo` (a path of ours), else the event.
 */
async function act({ request, params }: ActionFunctionArgs) {
  const eventId = parseId(params.id);
  const bandId = eventId ? await bandIdOfEvent(eventId) : null;
  const access = await requireBandAccess(request, { band: bandId, permission: "reminders:chase", notFound: NOT_FOUND });
  const back = safeRedirect((await request.formData().catch(() => null))?.get("returnTo"), `/events/${eventId}`);
  try {
    const result = await chaseNow(access, eventId!, appOrigin(request));
    const parts = [
      result.chased.length ? `Reminded ${result.chased.join(", ")}.` : "Nobody left to remind.",
      result.alreadyToday.length ? `Already reminded today: ${result.alreadyToday.join(", ")}.` : "",
      result.optedOut.length ? `Turned chases off: ${result.optedOut.join(", ")}.` : "",
    ];
    return await redirectWithToast(back, { title: "Chased", description: parts.filter(Boolean).join(" ") });
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return redirectWithToast(back, { title: "Nobody chased", description: error.message, type: "destructive" });
  }
}

export const loader = resourceRoute(load);
export const action = resourceRoute(act);
