import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, ErrorList, Field, formErrorsOf, SelectField, shownValue, useFocusFirstError } from "~/components/forms";
import { Button } from "~/components/kit";
import { ADDRESS_MAX, INSTRUMENT_MAX, INTERVAL_MAX, MAX_OCCURRENCES, NOTES_MAX, TEXT_MAX, TITLE_MAX } from "~/features/events/limits";
import { useIsPending } from "~/utils/use-is-pending";

export type EventFormOptions = {
  bandId: number;
  members: { id: number; name: string; role: string; instruments: string[] }[];
  setlists: { id: number; name: string }[];
  timeZone: string;
  currency: string;
  seeFee: boolean;
  /** The kinds to choose from, with their labels (from the loader, so the form loads no present.ts: issue 11). */
  kinds: { value: string; label: string }[];
};

type FieldName = "title" | "kind" | "status" | "date" | "startTime" | "endDate" | "endTime" | "timeZone" | "callTime" | "soundcheckTime" | "venueName" | "venueAddress" | "dressCode" | "notes" | "fee" | "setlistId" | "rsvpDeadline" | "repeat" | "interval" | "repeatEnds" | "count" | "until" | "scope";

export type EventFormDefaults = { [K in FieldName]?: string | number | null } & {
  allDay?: boolean;
  lineup?: { membershipId: number; instrument?: string }[];
};

type Props = {
  mode: "create" | "edit";
  options: EventFormOptions;
  defaults: EventFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  /** Edit: the version read, and whether the event belongs to a series. */
  version?: number;
  inSeries?: boolean;
  /** Room for warnings shown before saving (conflicts with blackouts and other bookings), by the Save button. */
  warnings?: React.ReactNode;
  /** What the top of the form says when it came back with a warning. */
  warningNotice?: React.ReactNode;
  /** Create: the form's one-time key, so a resent form adds one event, not two (form-submission.server.ts). */
  submissionKey?: string;
};

const TEXTAREA =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

/**
 * The one event form of /events/new and /events/{id}/edit. It validates on the server
 * (conform's parseWithZod with the schemas of schema.server.ts) and shows conform's
 * reply, so neither the schema nor conform's client ships to the browser; the limits on
 * its inputs come from the zod-free limits.ts. It works as a plain HTML form without
 * JavaScript.
 */
export function EventForm({ mode, options, defaults, lastResult, version, inSeries, warnings, warningNotice, submissionKey }: Props) {
  const pending = useIsPending();
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const formErrors = formErrorsOf(lastResult);
  const formId = `event-${mode}`;
  const sent = lastResult?.initialValue as { lineup?: unknown } | null | undefined;
  // What was sent may be anything (`lineup=abc`); the refusal says so next to the field.
  const shown = sent ? sent.lineup : defaults.lineup;
  const lineup = (Array.isArray(shown) ? shown : []) as unknown[];
  /** The input's name and what it shows: the values sent (on a refused save), else the event's. */
  const field = (name: FieldName) => ({ name, defaultValue: shownValue(lastResult, name, defaults) });
  const booked = new Map(
    lineup.flatMap((row) => {
      const { membershipId, instrument } = (row ?? {}) as { membershipId?: unknown; instrument?: unknown };
      return membershipId ? [[Number(membershipId), typeof instrument === "string" ? instrument : ""] as const] : [];
    }),
  );
  const instruments = [...new Set(options.members.flatMap((m) => m.instruments))];

  return (
    <Form method="post" ref={form} id={formId} noValidate aria-describedby={formErrors ? `${formId}-form-error` : undefined} className="space-y-8">
      {/* The band the form was opened for: another tab may switch the current band meanwhile. */}
      {mode === "create" ? <input type="hidden" name="bandId" value={options.bandId} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {submissionKey ? <input type="hidden" name="submissionKey" value={submissionKey} /> : null}
      {formErrors?.length ? (
        <div role="alert" id={`${formId}-form-error`} className="rounded-md border border-red-300 bg-red-50 p-3">
          <ErrorList errors={formErrors} />
        </div>
      ) : null}
      {warningNotice}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">What</legend>
        <Field className="sm:col-span-2" label="Title" inputProps={{ ...field("title"), type: "text", required: true, maxLength: TITLE_MAX }} errors={errors?.title} />
        <SelectField label="Kind" selectProps={field("kind")} errors={errors?.kind}>
          {options.kinds.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" selectProps={field("status")} errors={errors?.status}>
          <option value="confirmed">Confirmed</option>
          <option value="tentative">Tentative (hold)</option>
        </SelectField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">When</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">Dates and times are in {shownValue(lastResult, "timeZone", defaults) || options.timeZone}. An end time earlier than the start means after midnight.</p>
        <div className="sm:col-span-2">
          <CheckboxField label="All day" inputProps={{ name: "allDay", defaultChecked: ["on", "true"].includes(shownValue(lastResult, "allDay", defaults) ?? "") }} errors={errors?.allDay} />
        </div>
        <Field label="Date" inputProps={{ ...field("date"), type: "date", required: true }} errors={errors?.date} />
        <Field label="Start time" hint="Not needed when All day is ticked" inputProps={{ ...field("startTime"), type: "time" }} errors={errors?.startTime} />
        <Field label="End date" hint="Only when it ends on another day" inputProps={{ ...field("endDate"), type: "date" }} errors={errors?.endDate} />
        <Field label="End time" inputProps={{ ...field("endTime"), type: "time" }} errors={errors?.endTime} />
        <Field label="Time zone" hint={`The band's is ${options.timeZone}`} inputProps={{ ...field("timeZone"), type: "text", autoComplete: "off" }} errors={errors?.timeZone} />
        <Field label="Answer by" hint="Optional deadline for answers (end of that day)" inputProps={{ ...field("rsvpDeadline"), type: "date" }} errors={errors?.rsvpDeadline} />
      </fieldset>

      {mode === "create" ? (
        // Only the end the "Ends" choice uses is shown (CSS, so without JavaScript too): a date typed under "Until" while it said "After a number of times" was refused.
        <fieldset className="group/repeat grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Repeat</legend>
          <SelectField label="Repeats" selectProps={field("repeat")} errors={errors?.repeat}>
            <option value="none">Does not repeat</option>
            <option value="weekly">Weekly</option>
          </SelectField>
          <Field label="Every how many weeks" inputProps={{ ...field("interval"), type: "number", min: 1, max: INTERVAL_MAX }} errors={errors?.interval} />
          <SelectField label="Ends" selectProps={field("repeatEnds")} errors={errors?.repeatEnds}>
            <option value="count">After a number of times</option>
            <option value="until">On a date</option>
          </SelectField>
          <Field label="Number of times" className="group-has-[option[value=until]:checked]/repeat:hidden" inputProps={{ ...field("count"), type: "number", min: 2, max: MAX_OCCURRENCES }} errors={errors?.count} />
          <Field label="Until" className="group-has-[option[value=count]:checked]/repeat:hidden" inputProps={{ ...field("until"), type: "date" }} errors={errors?.until} />
        </fieldset>
      ) : inSeries ? (
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-slate-900">This event repeats</legend>
          <div className="space-y-2">
            {[
              ["one", "Only this event"],
              ["following", "This and the following events"],
              ["all", "All events in the series"],
            ].map(([value, label]) => (
              <label key={value} className="flex min-h-[44px] items-center gap-3 text-slate-800">
                <input type="radio" name="scope" value={value} defaultChecked={value === (shownValue(lastResult, "scope", defaults) ?? "one")} className="h-5 w-5" />
                {label}
              </label>
            ))}
          </div>
          <ErrorList errors={errors?.scope} />
          <div className="mt-4 max-w-xs">
            <Field label="Every how many weeks" hint="Changes this and the following events, or all of them" inputProps={{ ...field("interval"), type: "number", min: 1, max: INTERVAL_MAX }} errors={errors?.interval} />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Where and details</legend>
        <Field label="Venue" inputProps={{ ...field("venueName"), type: "text", maxLength: TEXT_MAX }} errors={errors?.venueName} />
        <Field label="Address" inputProps={{ ...field("venueAddress"), type: "text", maxLength: ADDRESS_MAX }} errors={errors?.venueAddress} />
        <Field label="Call / load-in time" inputProps={{ ...field("callTime"), type: "time" }} errors={errors?.callTime} />
        <Field label="Soundcheck time" inputProps={{ ...field("soundcheckTime"), type: "time" }} errors={errors?.soundcheckTime} />
        <Field label="Dress code" inputProps={{ ...field("dressCode"), type: "text", maxLength: TEXT_MAX }} errors={errors?.dressCode} />
        {options.seeFee ? (
          <>
            <input type="hidden" name="currency" value={options.currency} />
            <Field label={`Fee (${options.currency}, gigs only)`} inputProps={{ ...field("fee"), type: "text", inputMode: "decimal" }} errors={errors?.fee} />
          </>
        ) : null}
        <SelectField label="Setlist" selectProps={{ ...field("setlistId"), id: "setlist" }} errors={errors?.setlistId}>
          <option value="">No setlist</option>
          {options.setlists.map((setlist) => (
            <option key={setlist.id} value={setlist.id}>
              {setlist.name}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <label htmlFor={`${formId}-notes`} className="block text-sm font-medium text-slate-800">
            Notes
          </label>
          <textarea
            {...field("notes")}
            id={`${formId}-notes`}
            aria-invalid={errors?.notes ? true : undefined}
            aria-describedby={errors?.notes ? `${formId}-notes-error` : undefined}
            maxLength={NOTES_MAX} rows={4} className={TEXTAREA} />
          <ErrorList id={`${formId}-notes-error`} errors={errors?.notes} />
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-lg font-semibold text-slate-900">Lineup</legend>
        <p className="mb-3 text-sm text-slate-600">Tick who is booked, and on what.</p>
        <datalist id="lineup-instruments">
          {instruments.map((instrument) => (
            <option key={instrument} value={instrument} />
          ))}
        </datalist>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {options.members.map((member, index) => {
            const checked = booked.has(member.id);
            // A refused instrument (too long, a character nobody types) is said beside it.
            const instrumentErrors = errors?.[`lineup[${index}].instrument`];
            const errorId = instrumentErrors?.length ? `lineup-${member.id}-instrument-error` : undefined;
            return (
              <li key={member.id} className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-center">
                <label className="flex min-h-[44px] items-center gap-3 text-slate-900">
                  <input type="checkbox" name={`lineup[${index}].membershipId`} value={member.id} defaultChecked={checked} className="h-5 w-5" />
                  <span>
                    {member.name}
                    {member.role === "sub" ? <span className="text-sm text-slate-600"> (sub)</span> : null}
                  </span>
                </label>
                <div>
                  <label htmlFor={`lineup-${member.id}-instrument`} className="sr-only">
                    {member.name}’s instrument
                  </label>
                  <input
                    id={`lineup-${member.id}-instrument`}
                    name={`lineup[${index}].instrument`}
                    list="lineup-instruments"
                    placeholder={member.instruments[0] ?? "Instrument"}
                    defaultValue={booked.get(member.id) || (checked ? "" : (member.instruments[0] ?? ""))}
                    maxLength={INSTRUMENT_MAX}
                    aria-invalid={errorId ? true : undefined}
                    aria-describedby={errorId}
                    className="block min-h-[44px] w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
                  />
                  <ErrorList id={errorId} errors={instrumentErrors} />
                </div>
              </li>
            );
          })}
        </ul>
        <ErrorList id={`${formId}-lineup-error`} errors={errors?.lineup} />
      </fieldset>

      {warnings}
      <Button type="submit" pending={pending} pendingText="Saving…">
        {mode === "create" ? "Create event" : "Save changes"}
      </Button>
    </Form>
  );
}
