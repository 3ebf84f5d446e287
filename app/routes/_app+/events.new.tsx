import { parseWithZod } from "~/features/events/forms.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireBandAccess, requireFormBandAccess } from "~/features/bands/access.server";
import { createEvent, eventFields, eventFormOptions, eventRules } from "~/features/events/events.server";
import { parseLocalDate } from "~/features/events/zoned-time";
import { INSTRUMENT_MAX } from "~/features/events/limits";
import { hasUntypeable } from "~/utils/typed-text";
import { createEventSchema } from "~/features/events/schema.server";
import { EventForm } from "~/features/events/components/event-form";
import { conflictMessages } from "~/features/availability/conflicts.server";
import { ConflictNotice, ConflictWarning } from "~/features/availability/components/conflict-warning";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { parseId } from "~/utils/ids";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError } from "~/utils/rule-error";
import { newSubmissionKey, saveOnce } from "~/utils/form-submission.server";

/**
 * /events/new: a new event; ?duplicate={id} starts from a copy of one, ?date=YYYY-MM-DD on
 * a chosen day, with ?book={membershipId}:{instrument} (repeated) booked: the players the
 * availability view found free that day.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "events:edit" });
  const url = new URL(request.url);
  const options = await eventFormOptions(access);
  const duplicateId = parseId(url.searchParams.get("duplicate"));
  const date = url.searchParams.get("date");
  const copied = duplicateId ? await eventFields(access, duplicateId).catch(() => null) : null;
  const defaults = copied
    ? { ...copied.fields, title: `${copied.fields.title} (copy)` }
    : { kind: "gig", status: "confirmed", timeZone: options.timeZone, interval: "1", repeat: "none", repeatEnds: "count", ...(date && parseLocalDate(date) ? { date } : {}), lineup: toBook(url, options.members) };
  // A copy asked for that is not this band's to copy (an event of another band, one deleted): said, not an empty form unexplained.
  const notCopied = url.searchParams.has("duplicate") && !copied;
  return { options, defaults, duplicating: copied ? copied.event.title : null, notCopied, bandName: access.band.name, submissionKey: newSubmissionKey() };
}

/** The ?book= players (membership id, then the instrument), of this band's members only; a stale or typed id is left out. */
function toBook(url: URL, members: { id: number }[]) {
  const ids = new Set(members.map((member) => member.id));
  const lineup = url.searchParams.getAll("book").flatMap((value) => {
    const at = value.indexOf(":");
    const membershipId = parseId(at < 0 ? value : value.slice(0, at));
    // An instrument the form would refuse (too long, a character nobody types) is left for the leader to type.
    const instrument = at < 0 ? "" : value.slice(at + 1);
    return membershipId && ids.has(membershipId) ? [{ membershipId, instrument: instrument.length <= INSTRUMENT_MAX && !hasUntypeable(instrument) ? instrument : "" }] : [];
  });
  return [...new Map(lineup.map((row) => [row.membershipId, row])).values()];
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  // The band the form was opened for, not whichever is current now (another tab may have switched).
  const access = await requireFormBandAccess(request, formData, "events:edit");
  const rules = await eventRules(access);
  const submission = parseWithZod(formData, { schema: createEventSchema(rules) });
  // Every refusal brings a fresh key, as the money forms do: one sent again with a used key
  // ("already recorded with other details… press the button again") is then saved. And the
  // band's currency now, which the fee shows in (it may have changed since the page was drawn).
  if (submission.status !== "success") return data({ result: submission.reply(), conflicts: null, submissionKey: newSubmissionKey(), currency: rules.currency }, { status: 400 });
  try {
    // Once per rendered form: a resend (a double tap without JavaScript, a retry on a bad
    // connection) goes to the event the first one made instead of adding another.
    return await saveOnce(formData, access.user.id, "/calendar", async () => {
      const created = await createEvent(access, submission.value);
      const more = created.ids.length - 1;
      const description = more > 0 ? `${submission.value.event.title} and ${more} more in the series are on the calendar.` : `${submission.value.event.title} is on the calendar.`;
      return { location: `/events/${created.id}`, toast: { title: "Event created", description } };
    });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    return data({ result, conflicts: conflictMessages(error), submissionKey: newSubmissionKey(), currency: rules.currency }, { status });
  }
}

export default function NewEvent() {
  const { options, defaults, duplicating, notCopied, bandName, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader back={{ to: "/calendar", label: "Calendar" }} title="New event" description={duplicating ? `A copy of ${duplicating}: change what differs.` : undefined} />
      {notCopied ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          That event was not copied: it is not an event of {bandName}. To copy an event of another of your bands, switch to that band first. This form starts empty.
        </p>
      ) : null}
      <EventForm mode="create" options={actionData ? { ...options, currency: actionData.currency } : options} defaults={defaults} lastResult={actionData?.result} warnings={<ConflictWarning conflicts={actionData?.conflicts} />} warningNotice={<ConflictNotice conflicts={actionData?.conflicts} />} submissionKey={actionData?.submissionKey ?? submissionKey} />
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("New event", error);

export const ErrorBoundary = RouteErrorBoundary;
