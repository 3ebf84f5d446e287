import { parseWithZod } from "~/features/events/forms.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { eventFields, eventFormOptions, eventRules, eventToEdit, requireEventGate, updateEvent } from "~/features/events/events.server";
import { MESSAGES, updateEventSchema } from "~/features/events/schema.server";
import { EventForm } from "~/features/events/components/event-form";
import { conflictMessages } from "~/features/availability/conflicts.server";
import { ConflictNotice, ConflictWarning } from "~/features/availability/components/conflict-warning";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { parseId } from "~/utils/ids";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError, RuleError } from "~/utils/rule-error";
import { redirectWithToast, unlessGone } from "~/utils/toast.server";

async function gate(request: Request, id: string | undefined) {
  const eventId = parseId(id);
  const stored = await eventToEdit(eventId);
  const access = await requireEventGate(request, eventId, "events:edit", { bandId: stored?.bandId ?? null });
  return { access, eventId: eventId!, stored: stored! };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access, eventId } = await gate(request, params.id);
  const [{ event, fields }, options] = await Promise.all([eventFields(access, eventId), eventFormOptions(access)]);
  return { event: { id: event.id, title: event.title, version: event.version, inSeries: Boolean(event.seriesId) }, defaults: fields, options };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Deleted while the form was open: said on the calendar, not with a bare 404 page.
  const { access, eventId, stored } = await unlessGone(() => gate(request, params.id), "/calendar", "That event");
  const formData = await request.formData();
  const rules = await eventRules(access, stored);
  const submission = parseWithZod(formData, { schema: updateEventSchema(rules) });
  // A refusal says the band's currency now, which the fee shows in (it may have changed since the page was drawn).
  if (submission.status !== "success") return data({ result: submission.reply(), conflicts: null, stale: false, currency: rules.currency }, { status: 400 });
  // The fee box sent empty clears the fee. conform reads a blank field as one not sent, and
  // a fee not sent is kept (a member's form has no fee box): the fee could not be removed.
  if (formData.get("fee") === "" && submission.value.event.kind === "gig") submission.value.event.feeMinor = null;
  try {
    const { answersCleared, feeBelowReceived } = await updateEvent(access, eventId, submission.value);
    const cleared = answersCleared ? ` On another day now: ${answersCleared === 1 ? "1 answer was" : `${answersCleared} answers were`} cleared, and everyone booked is asked again.` : "";
    const fee = feeBelowReceived ? ` ${feeBelowReceived}` : "";
    return await redirectWithToast(`/events/${eventId}`, { title: "Changes saved", description: `${submission.value.event.title} is up to date.${cleared}${fee}` });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    const conflicts = conflictMessages(error);
    // Someone else saved first: the page offers their version. (Not every 409 is that: a paid
    // gig made something else is refused under its Kind, and its page has not changed.)
    return data({ result, conflicts, stale: error instanceof RuleError && error.message === MESSAGES.stale, currency: rules.currency }, { status });
  }
}

export default function EditEvent() {
  const { event, defaults, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused save shows what was typed, so it keeps the version that was typed over: saved
  // again after someone else's change (409), it is refused again, never saved over theirs.
  const sentVersion = Number(actionData?.result?.initialValue?.version) || null;
  return (
    <div className="space-y-6">
      <PageHeader back={{ to: `/events/${event.id}`, label: event.title }} title={`Edit ${event.title}`} />
      {actionData?.stale ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <a href={`/events/${event.id}/edit`} className="font-semibold underline">
            Open the event as it is saved now
          </a>{" "}
          (your changes below are not kept there: note them first).
        </p>
      ) : null}
      <EventForm mode="edit" options={actionData ? { ...options, currency: actionData.currency } : options} defaults={defaults} lastResult={actionData?.result} warnings={<ConflictWarning conflicts={actionData?.conflicts} />} warningNotice={<ConflictNotice conflicts={actionData?.conflicts} />} version={sentVersion ?? event.version} inSeries={event.inSeries} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data ? `Edit ${data.event.title}` : "Edit event", error);

export const ErrorBoundary = RouteErrorBoundary;
