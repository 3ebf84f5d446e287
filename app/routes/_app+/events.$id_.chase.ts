import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { awayFromEvent, eventFormGate, redirectToEvent } from "~/features/events/events.server";
import { chaseNow } from "~/features/reminders/reminders.server";
import { parseId } from "~/utils/ids";
import { appOrigin, safeRedirect } from "~/utils/request.server";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { resourceRoute } from "~/utils/api.server";

/**
 * POST /events/{id}/chase (the "Chase now" button on the event page and the dashboard):
 * mails who hasn't answered, then back to `returnTo` (a path of ours), else the event.
 */
async function act({ request, params }: ActionFunctionArgs) {
  const eventId = parseId(params.id);
  const back = safeRedirect((await request.formData().catch(() => null))?.get("returnTo"), `/events/${eventId}`);
  // A member without the grant (the button is not shown to them), an event deleted or no
  // longer theirs to see while the page was open: the reason, back where they were.
  const { access, refused } = await eventFormGate(request, eventId, "reminders:chase", (status, message) =>
    redirectWithToast(status === 404 ? awayFromEvent(back, eventId) : back, { title: "Nobody chased", description: status === 404 ? message : "Only band leaders and admins can chase answers", type: "destructive" }),
  );
  if (refused) return refused;
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

/** The button's address opened: it only takes the button's POST. */
/** A GET here is a person coming back from signing in: to the event's page. */
export const loader = resourceRoute(({ params }: LoaderFunctionArgs) => redirectToEvent(params.id));
export const action = resourceRoute(act);
