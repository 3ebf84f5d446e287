import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { deadlineLastMoment } from "~/features/events/zoned-time";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
// All its server code through one `.server` path of its own: one stand-in script in the browser, not seven (issue 11).
import {
  requireEventGate,
  CancelEventSchema,
  cancelEvent,
  chaseOffered,
  data,
  dayOf,
  deleteEvent,
  DeleteEventSchema,
  formatDayRange,
  getEventDetails,
  lastTimeAtVenue,
  MESSAGES,
  parseWithZod,
  redirectWithToast,
  unlessGone,
  otherBandThanCurrent,
  pastDeadline,
  answerWindow,
  restoreEvent,
} from "~/features/events/event-page.server";
import { eventWhen, timeBeforeStart } from "~/features/events/event-when";
import { answerLabel, instrumentCoverage, kindStyle, lineupSummary, mapLink } from "~/features/events/present";
import { KindBadge } from "~/features/events/components/kind-badge";
import { RsvpButtons } from "~/features/events/components/rsvp-buttons";
import { DetailList, DetailRow } from "~/components/detail-list";
// From the kit itself: through ~/components/forms, ui/button and page-header, the page loaded
// their chunks too (the form kit's checkboxes among them), for nothing it uses.
import { Button, buttonClasses, ConfirmDisclosure, ErrorList, PageHeader, RouteErrorBoundary } from "~/components/kit";
import { formatDate, formatTime } from "~/utils/dates";
import { parseId } from "~/utils/ids";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { displayName } from "~/utils/names";
import { replyWithRuleError } from "~/utils/rule-error";
import type { Permission } from "~/features/members/permissions";

async function gate(request: Request, id: string | undefined, permission: Permission) {
  const eventId = parseId(id);
  // Another band's event is "not found", the same answer as an id that does not exist.
  const access = await requireEventGate(request, eventId, permission);
  return { access, eventId: eventId! };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access, eventId } = await gate(request, params.id, "events:view");
  const details = await getEventDetails(access, eventId);
  if (!details) throw data({ message: MESSAGES.notFound }, { status: 404 });
  const { event, abilities, instruments, mine } = details;
  const tz = event.band.timeZone;
  const [lastTime, otherBand] = await Promise.all([lastTimeAtVenue(access, event), otherBandThanCurrent(request, access)]);
  const lineup = event.bookings.map((booking) => ({
    id: booking.id,
    name: booking.membership.displayName || displayName(booking.membership.user),
    instrument: booking.instrument,
    answer: booking.rsvp?.answer ?? null,
    note: booking.rsvp?.note ?? null,
    isYou: booking.membership.id === access.membership.id,
    blackout: booking.blackout ? { when: formatDayRange(booking.blackout.startDate, booking.blackout.endDate), reason: booking.blackout.reason } : null,
    // An answer after the RSVP deadline still counts; the history says it came late.
    history: booking.history.map((h) => ({
      answer: answerLabel(h.answer),
      note: h.note,
      at: `${formatDate(h.answeredAt, tz)}, ${formatTime(h.answeredAt, tz)}${pastDeadline(event, h.answeredAt) ? " (after the deadline)" : ""}`,
    })),
  }));
  return {
    otherBand,
    event: {
      id: event.id,
      title: event.title,
      kind: event.kind,
      kindLabel: kindStyle(event.kind).label,
      tentative: event.status === "tentative",
      cancelled: event.cancelledAt ? { reason: event.cancelReason, on: formatDate(event.cancelledAt, tz) } : null,
      inSeries: Boolean(event.seriesId),
      // An all-day event of several days says all of them ("Mar 13, 2027 – Mar 15, 2027").
      when: eventWhen(event, tz),
      venueName: event.venueName,
      venueAddress: event.venueAddress,
      mapUrl: event.venueAddress ? mapLink(event.venueAddress) : null,
      call: event.callAt ? timeBeforeStart(event.callAt, event.startsAt, tz) : null,
      soundcheck: event.soundcheckAt ? timeBeforeStart(event.soundcheckAt, event.startsAt, tz) : null,
      dressCode: event.dressCode,
      notes: event.notes,
      fee: abilities.seeFee && event.feeMinor !== null ? formatMoney(event.feeMinor, event.band.currency) : null,
      setlist: event.setlist,
      deadline: event.rsvpDeadline
        ? `${formatDate(deadlineLastMoment(event.rsvpDeadline), tz)}${pastDeadline(event, new Date()) && answerWindow(event, new Date()).open ? " (passed: answers still count until it starts)" : ""}`
        : null,
    },
    lastTime: lastTime && { ...lastTime.event, when: formatDate(lastTime.event.startsAt, tz), songs: lastTime.songs },
    band: { name: event.band.name, timeZone: tz },
    abilities: { ...abilities, chase: chaseOffered(access, event, lineup.filter((row) => !row.answer).length) },
    lineup,
    former: event.formerBookings.map((row) => ({ id: row.id, name: row.name, instrument: row.instrument, answer: row.answer, note: row.note })),
    summary: lineupSummary(lineup.map((row) => row.answer)),
    blackedOut: lineup.filter((row) => row.blackout).length,
    coverage: instrumentCoverage(instruments, lineup),
    mine: mine ? { answer: mine.answer, note: mine.note, open: mine.window.open, closedReason: mine.window.reason } : null,
  };
}

/** One person on the lineup: name, instrument and answer, a blackout, their note, and what else the row holds (the answer history). */
function LineupPerson({ row, blackout, children }: { row: { name: string; isYou?: boolean; instrument: string | null; answer: string | null; note: string | null }; blackout?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-slate-900">
          {row.name}
          {row.isYou ? <span className="text-slate-600"> (you)</span> : null}
          {row.instrument ? <span className="text-slate-600"> · {row.instrument}</span> : null}
        </span>
        <span className="text-sm font-medium text-slate-800">{answerLabel(row.answer)}</span>
      </div>
      {blackout}
      {row.note ? <p className="text-sm text-slate-600">“{row.note}”</p> : null}
      {children}
    </li>
  );
}

type Intent = "cancel" | "restore" | "delete";
const INTENT_PERMISSIONS: Record<Intent, Permission> = { cancel: "events:edit", restore: "events:edit", delete: "events:delete" };

export async function action({ request, params }: ActionFunctionArgs) {
  // The event's band first (404 outside it), then what the intent needs (403). Deleted
  // while the page was open (by someone else, or in another tab): said on the calendar.
  await unlessGone(() => gate(request, params.id, "events:view"), "/calendar", "That event");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "cancel" && intent !== "restore" && intent !== "delete") throw data({ message: "Unknown form intent" }, { status: 400 });
  const { access, eventId } = await gate(request, params.id, INTENT_PERMISSIONS[intent]);
  const schema = intent === "cancel" ? CancelEventSchema : DeleteEventSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  try {
    if (intent === "restore") {
      const event = await restoreEvent(access, eventId, formData.get("confirmConflicts") === "on");
      return await redirectWithToast(`/events/${eventId}`, { title: "Event back on", description: `${event.title} is no longer cancelled.` });
    }
    if (intent === "cancel") {
      const { reason, scope } = CancelEventSchema.parse(submission.value);
      const { event, count } = await cancelEvent(access, eventId, { reason, scope });
      return await redirectWithToast(`/events/${eventId}`, { title: "Event cancelled", description: count > 1 ? `${count} events of the series are cancelled.` : `${event.title} is cancelled.` });
    }
    const { event, count } = await deleteEvent(access, eventId, DeleteEventSchema.parse(submission.value));
    // Back to the month it was in (where the leader was working), not to today's.
    const month = dayOf(event.startsAt, access.band.timeZone).slice(0, 7);
    return await redirectWithToast(`/calendar?month=${month}`, { title: "Event deleted", description: count > 1 ? `${count} events of the series are gone.` : `${event.title} is gone.` });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    return data({ intent, result }, { status });
  }
}

export default function EventDetails() {
  const { event, band, abilities, lineup, former, summary, blackedOut, coverage, mine, lastTime, otherBand } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errorsFor = (intent: Intent) => (actionData?.intent === intent ? [...(actionData.result.error?.[""] ?? []), ...Object.values(actionData.result.error ?? {}).flat()] : []);
  const style = kindStyle(event.kind);

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/calendar", label: "Calendar" }}
        title={event.cancelled ? <span className="line-through decoration-2">{event.title}</span> : event.title}
        aside={<KindBadge kind={event.kind} tentative={event.tentative} />}
      />
      {/* An event of another of your bands (from a reminder or the calendar feed): say whose, and offer the switcher's own POST. */}
      {otherBand ? (
        <Form method="post" action="/bands/switch" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <input type="hidden" name="bandId" value={otherBand.id} />
          <input type="hidden" name="redirectTo" value={`/events/${event.id}`} />
          This is {otherBand.name}’s event; you are working in {otherBand.current}.{" "}
          <button type="submit" className="font-medium underline">
            Switch to {otherBand.name}
          </button>
        </Form>
      ) : null}
      {event.cancelled ? (
        <p role="status" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <strong>Cancelled</strong> on {event.cancelled.on}
          {event.cancelled.reason ? `: ${event.cancelled.reason}` : null}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {abilities.edit ? (
          <Link to={`/events/${event.id}/edit`} className={buttonClasses("secondary")}>
            Edit
          </Link>
        ) : null}
        {abilities.duplicate && otherBand ? (
          // The copy is made in the event's band: the switcher's own POST, then the form.
          <Form method="post" action="/bands/switch">
            <input type="hidden" name="bandId" value={otherBand.id} />
            <input type="hidden" name="redirectTo" value={`/events/new?duplicate=${event.id}`} />
            <button type="submit" className={buttonClasses("secondary")}>
              Duplicate in {otherBand.name}
            </button>
          </Form>
        ) : abilities.duplicate ? (
          <Link to={`/events/new?duplicate=${event.id}`} className={buttonClasses("secondary")}>
            Duplicate
          </Link>
        ) : null}
        <a href={`/events/${event.id}/event.ics`} className={buttonClasses("secondary")} download>
          Add to my calendar (.ics)
        </a>
      </div>

      {mine ? (
        <section aria-labelledby="answer-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="answer-heading" className="font-semibold text-slate-900">
            Can you make it?
          </h2>
          <div className="mt-3">
            <RsvpButtons eventId={event.id} title={event.title} state={mine} returnTo={`/events/${event.id}`} withNote note={mine.note} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="details-heading" className={`rounded-xl border border-slate-200 border-l-4 bg-white p-5 shadow-sm ${style.dot.replace("bg-", "border-l-")}`}>
        <h2 id="details-heading" className="font-semibold text-slate-900">
          Details
        </h2>
        <div className="mt-2">
          <DetailList>
            <DetailRow term="Date">
              <time dateTime={event.when.startsAt}>{event.when.date}</time>
            </DetailRow>
            <DetailRow term="Time">{event.when.time}</DetailRow>
            {event.call ? <DetailRow term="Call / load-in">{event.call}</DetailRow> : null}
            {event.soundcheck ? <DetailRow term="Soundcheck">{event.soundcheck}</DetailRow> : null}
            {event.venueName || event.venueAddress ? (
              <DetailRow term="Venue">
                {event.venueName}
                {event.venueAddress ? (
                  <>
                    {event.venueName ? ", " : null}
                    {event.venueAddress}{" "}
                    <a href={event.mapUrl!} className="font-medium text-brand-700 underline" target="_blank" rel="noreferrer noopener">
                      Map
                    </a>
                  </>
                ) : null}
              </DetailRow>
            ) : null}
            {event.dressCode ? <DetailRow term="Dress code">{event.dressCode}</DetailRow> : null}
            {event.fee ? <DetailRow term="Fee">{event.fee}</DetailRow> : null}
            {event.setlist ? (
              <DetailRow term="Setlist">
                <Link to={`/setlists/${event.setlist.id}`} className="font-medium text-brand-700 underline">
                  {event.setlist.name}
                </Link>
              </DetailRow>
            ) : null}
            {event.deadline ? <DetailRow term="Answer by">{event.deadline}</DetailRow> : null}
            {event.inSeries ? <DetailRow term="Repeats">Part of a weekly series</DetailRow> : null}
            <DetailRow term="Time zone">{band.timeZone}</DetailRow>
          </DetailList>
          {event.notes ? <p className="mt-3 whitespace-pre-line text-slate-800">{event.notes}</p> : null}
        </div>
      </section>

      {lastTime ? (
        <section aria-labelledby="last-time-heading" className="rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
          <h2 id="last-time-heading" className="font-semibold text-slate-900">
            Played here last time
          </h2>
          <p className="mt-1 text-slate-700">
            At <Link to={`/events/${lastTime.id}`} className="font-medium text-brand-700 underline">{lastTime.title}</Link> on {lastTime.when}:{" "}
            {lastTime.songs.map((song) => song.title).join(", ") || "no songs"}.
          </p>
        </section>
      ) : null}

      <section aria-labelledby="lineup-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="lineup-heading" className="font-semibold text-slate-900">
          Lineup
        </h2>
        <p className="mt-1 text-slate-700">
          {summary}
          {blackedOut ? <span className="font-semibold text-red-800">{`, ${blackedOut} blacked out`}</span> : null}
        </p>
        {coverage.some((c) => c.missing) ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {coverage
              .filter((c) => c.missing)
              .map((c) => (
                <li key={c.instrument} className="rounded-full bg-amber-50 px-2 py-0.5 text-sm text-amber-900 ring-1 ring-inset ring-amber-300">
                  {c.missing}
                </li>
              ))}
          </ul>
        ) : null}
        {abilities.chase ? (
          <Form method="post" action={`/events/${event.id}/chase`} className="mt-3 flex flex-wrap items-center gap-3">
            <Button type="submit" variant="secondary">
              Chase now
            </Button>
            <span className="text-sm text-slate-600">Emails everyone else booked who hasn’t answered yet.</span>
          </Form>
        ) : null}
        <ul className="mt-3 divide-y divide-slate-100">
          {lineup.map((row) => (
            <LineupPerson
              key={row.id}
              row={row}
              blackout={
                row.blackout ? (
                  <p className="text-sm font-medium text-red-800">
                    Blacked out {row.blackout.when}
                    {row.blackout.reason ? `: ${row.blackout.reason}` : null}
                  </p>
                ) : null
              }
            >
              {abilities.seeHistory && row.history.length ? (
                <details className="mt-1 text-sm text-slate-600">
                  <summary className="cursor-pointer py-2.5">Answer history</summary>
                  <ol className="mt-1 space-y-0.5">
                    {row.history.map((h, index) => (
                      <li key={index}>
                        {h.at}: {h.answer}
                        {h.note ? ` (“${h.note}”)` : null}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </LineupPerson>
          ))}
        </ul>
        {former.length ? (
          <>
            <h3 className="mt-4 text-sm font-semibold text-slate-800">Also on the lineup, no longer in the band</h3>
            <ul className="mt-1 divide-y divide-slate-100">
              {former.map((row) => (
                <LineupPerson key={row.id} row={row} />
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-3 text-sm text-slate-600">
          Reminder emails for events you’re booked on:{" "}
          <Link to="/profile/calendar" className="font-medium text-brand-700 underline underline-offset-2">
            reminder settings
          </Link>
        </p>
      </section>

      {abilities.cancel || abilities.delete ? (
        <section aria-labelledby="manage-heading" className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 id="manage-heading" className="font-semibold text-slate-900">
            Cancel or delete
          </h2>
          {abilities.cancel && !event.cancelled ? (
            <SeriesActionForm intent="cancel" verb="Cancel" inSeries={event.inSeries} errors={errorsFor("cancel")} variant="secondary" submitLabel="Cancel event">
              <label htmlFor="cancel-reason" className="block text-sm font-medium text-slate-800">
                Reason for cancelling
              </label>
              <input id="cancel-reason" name="reason" required maxLength={300} className="block min-h-[44px] w-full rounded-md border border-slate-300 px-3 py-2" />
            </SeriesActionForm>
          ) : null}
          {abilities.cancel && event.cancelled ? (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="restore" />
              {/* A blackout or booking made since it was cancelled is named first (409), as when it was made. */}
              {errorsFor("restore").length ? (
                <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                  <ErrorList errors={errorsFor("restore")} />
                  <label className="mt-2 flex min-h-[44px] items-center gap-3 font-medium">
                    <input type="checkbox" name="confirmConflicts" value="on" className="h-5 w-5" />
                    Save anyway
                  </label>
                </div>
              ) : null}
              <Button type="submit" variant="secondary">
                It’s back on: undo the cancellation
              </Button>
            </Form>
          ) : null}
          {abilities.delete ? (
            // Two steps (a <details>, so without JavaScript too): deleting can't be undone, cancelling can.
            <ConfirmDisclosure summary="Delete event…" open={errorsFor("delete").length > 0}>
              <p className="mb-3">
                Delete “{event.title}” and everyone’s answers? This can’t be undone. To keep it on the calendar, struck through, cancel it instead.
              </p>
              <SeriesActionForm intent="delete" verb="Delete" inSeries={event.inSeries} errors={errorsFor("delete")} variant="danger" submitLabel={event.inSeries ? "Yes, delete" : `Yes, delete ${event.title}`} />
            </ConfirmDisclosure>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** A form acting on this event (or, in a series, on the events the user picks), with its errors and button. */
function SeriesActionForm({
  intent,
  verb,
  inSeries,
  errors,
  variant,
  submitLabel,
  children,
}: {
  intent: "cancel" | "delete";
  verb: string;
  inSeries: boolean;
  errors: React.ComponentProps<typeof ErrorList>["errors"];
  variant: "secondary" | "danger";
  submitLabel: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <ScopeChoice inSeries={inSeries} verb={verb} />
      <ErrorList errors={errors} />
      <Button type="submit" variant={variant}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function ScopeChoice({ inSeries, verb }: { inSeries: boolean; verb: string }) {
  if (!inSeries) return null;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">{verb} which events of the series?</legend>
      {[
        ["one", "Only this one"],
        ["following", "This and the following ones"],
        ["all", "All of them"],
      ].map(([value, label]) => (
        <label key={value} className="flex min-h-[44px] items-center gap-3 text-slate-800">
          <input type="radio" name="scope" value={value} defaultChecked={value === "one"} className="h-5 w-5" />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data?.event.title ?? "Event", error);

export const ErrorBoundary = RouteErrorBoundary;
