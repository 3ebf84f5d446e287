import { parseWithZod } from "~/features/events/forms.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { awayFromEvent, eventFormGate, redirectToEvent, respond } from "~/features/events/events.server";
import { answerLabel } from "~/features/events/present";
import { MESSAGES, RsvpSchema } from "~/features/events/schema.server";
import { parseId } from "~/utils/ids";
import { safeRedirect } from "~/utils/request.server";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { resourceRoute } from "~/utils/api.server";

/**
 * POST /events/{id}/rsvp: a one-tap answer from the calendar or the event page. Both
 * with a fetcher and as a plain form it answers with a redirect back to `returnTo`,
 * with a toast saying what was saved or why not.
 */
async function act({ request, params }: ActionFunctionArgs) {
  const eventId = parseId(params.id);
  const formData = await request.formData();
  const back = safeRedirect(formData.get("returnTo"), `/events/${eventId}`);
  const notSaved = (description: string, to = back) => redirectWithToast(to, { title: "Answer not saved", description, type: "destructive" });
  // An event deleted, or taken from them, while the page was open: said where they were
  // (on the calendar when that was the event's own page, which is gone for them).
  const { access, refused } = await eventFormGate(request, eventId, "availability:own", (status, message) =>
    status === 404 ? notSaved(message, awayFromEvent(back, eventId)) : notSaved("You can’t answer for this event."),
  );
  if (refused) return refused;
  const submission = parseWithZod(formData, { schema: RsvpSchema });
  if (submission.status !== "success") {
    // The first field's own message: a missing answer, or a note that is too long.
    const message = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0] ?? MESSAGES.answer;
    return notSaved(message);
  }
  try {
    // A one-tap answer sends no note field: it keeps the note given before, rather than erasing it.
    const { event, rsvp } = await respond(access, eventId!, { answer: submission.value.answer, note: formData.has("note") ? submission.value.note : undefined });
    return await redirectWithToast(back, { title: "Answer saved", description: `${event.title}: ${answerLabel(rsvp.answer)}` });
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return notSaved(error.message);
  }
}

/** A GET here is a person coming back from signing in: to the event's page. */
export const loader = resourceRoute(({ params }: LoaderFunctionArgs) => redirectToEvent(params.id));
/**
 * The buttons' own post (JavaScript, `Accept: application/json`) is told where the answer
 * leads instead of being redirected: the page reloads its data when that is the page it is
 * on, and goes there when it is not (an event taken from them while it was open: the
 * calendar, where its own page would be a 404). The toast's cookie goes with it either way.
 */
export const action = resourceRoute(async (args: ActionFunctionArgs) => {
  let response: Response;
  try {
    response = await act(args);
  } catch (thrown) {
    // Signed out meanwhile: the gate's redirect to sign in, told like any other.
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const location = response.headers.get("Location");
  if (!location || args.request.headers.get("Accept") !== "application/json") return response;
  const headers = new Headers(response.headers);
  headers.delete("Location");
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ location }), { status: 200, headers });
});
