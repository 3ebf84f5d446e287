import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirectToEvent, requireEventGate } from "~/features/events/events.server";
import { chaseNow } from "~/features/reminders/reminders.server";
import { parseId } from "~/utils/ids";
import { appOrigin, safeRedirect } from "~/utils/request.server";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { resourceRoute } from "~/utils/api.server";

const NOT_FOUND = "Event not found";

/**
 * POST /events/{id}/chase (the "Chase now" button on the event page and the dashboard):
 * mails who hasn't answered, then back to `returnTo` (a path of ours), else the event.
 */
async function act({ request, params }: ActionFunctionArgs) {
  const eventId = parseId(params.id);
  const back = safeRedirect((await request.formData().catch(() => null))?.get("returnTo"), `/events/${eventId}`);
  let access;
  try {
    access = await requireEventGate(request, eventId, "reminders:chase", { notFound: NOT_FOUND });
  } catch (thrown) {
    // A member of the band without the grant (the button is not shown to them): the reason, back where they were.
    // Anyone else keeps the 404 (or the sign-in redirect), which tells nothing of the event.
    const status = thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } | null })?.init?.status;
    if (status !== 403) throw thrown;
    return redirectWithToast(back, { title: "Nobody chased", description: "Only band leaders and admins can chase answers", type: "destructive" });
  }
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
