import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, ErrorList, Field, SelectField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { ADDRESS_MAX, INSTRUMENT_MAX, INTERVAL_MAX, MAX_OCCURRENCES, NOTES_MAX, TEXT_MAX, TITLE_MAX } from "~/features/events/limits";
import { KIND_STYLES } from "~/features/events/present";
import type { EventFormInput } from "~/features/events/schema.server";
import { useIsPending } from "~/utils/use-is-pending";

export type EventFormOptions = {
  members: { id: number; name: string; role: string; instruments: string[] }[];
  setlists: { id: number; name: string }[];
  timeZone: string;
  currency: string;
  seeFee: boolean;
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
  /** Room for warnings shown before saving (conflicts with blackouts and other bookings). */
  warnings?: React.ReactNode;
};

const TEXTAREA =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

/**
 * The one event form of /events/new and /events/{id}/edit, on conform's useForm. It
 * validates on the server (parseWithZod with the schemas of schema.server.ts, whose
 * input type it borrows), so no schema ships to the browser; the limits on its inputs
 * come from the zod-free limits.ts. It works as a plain HTML form without JavaScript.
 */
export function EventForm({ mode, options, defaults, lastResult, version, inSeries, warnings }: Props) {
  const pending = useIsPending();
  const [form, fields] = useForm<EventFormInput>({
    id: `event-${mode}`,
    lastResult,
    defaultValue: Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, typeof value === "number" ? String(value) : value])),
    shouldValidate: "onSubmit",
  });
  const submittedLineup = (form.initialValue as { lineup?: { membershipId?: string | number; instrument?: string }[] } | undefined)?.lineup;
  const lineup = submittedLineup ?? defaults.lineup ?? [];
  const booked = new Map(lineup.filter((row) => row?.membershipId).map((row) => [Number(row.membershipId), row.instrument ?? ""]));
  const instruments = [...new Set(options.members.flatMap((m) => m.instruments))];

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-8">
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {form.errors?.length ? (
        <div role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 p-3">
          <ErrorList errors={form.errors} />
        </div>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">What</legend>
        <Field className="sm:col-span-2" label="Title" inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: true, maxLength: TITLE_MAX }} errors={fields.title.errors} />
        <SelectField label="Kind" selectProps={getSelectProps(fields.kind)} errors={fields.kind.errors}>
          {Object.entries(KIND_STYLES).map(([value, style]) => (
            <option key={value} value={value}>
              {style.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" selectProps={getSelectProps(fields.status)} errors={fields.status.errors}>
          <option value="confirmed">Confirmed</option>
          <option value="tentative">Tentative (hold)</option>
        </SelectField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">When</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">Dates and times are in {String(fields.timeZone.initialValue || options.timeZone)}. An end time earlier than the start means after midnight.</p>
        <div className="sm:col-span-2">
          <CheckboxField label="All day" inputProps={getInputProps(fields.allDay, { type: "checkbox" })} errors={fields.allDay.errors} />
        </div>
        <Field label="Date" inputProps={{ ...getInputProps(fields.date, { type: "date" }), required: true }} errors={fields.date.errors} />
        <Field label="Start time" hint="Leave empty for an all-day event" inputProps={getInputProps(fields.startTime, { type: "time" })} errors={fields.startTime.errors} />
        <Field label="End date" hint="Only when it ends on another day" inputProps={getInputProps(fields.endDate, { type: "date" })} errors={fields.endDate.errors} />
        <Field label="End time" inputProps={getInputProps(fields.endTime, { type: "time" })} errors={fields.endTime.errors} />
        <Field label="Time zone" hint={`The band's is ${options.timeZone}`} inputProps={{ ...getInputProps(fields.timeZone, { type: "text" }), autoComplete: "off" }} errors={fields.timeZone.errors} />
        <Field label="Answer by" hint="Optional deadline for answers (end of that day)" inputProps={getInputProps(fields.rsvpDeadline, { type: "date" })} errors={fields.rsvpDeadline.errors} />
      </fieldset>

      {mode === "create" ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Repeat</legend>
          <SelectField label="Repeats" selectProps={getSelectProps(fields.repeat)} errors={fields.repeat.errors}>
            <option value="none">Does not repeat</option>
            <option value="weekly">Weekly</option>
          </SelectField>
          <Field label="Every how many weeks" inputProps={{ ...getInputProps(fields.interval, { type: "number" }), min: 1, max: INTERVAL_MAX }} errors={fields.interval.errors} />
          <SelectField label="Ends" selectProps={getSelectProps(fields.repeatEnds)} errors={fields.repeatEnds.errors}>
            <option value="count">After a number of times</option>
            <option value="until">On a date</option>
          </SelectField>
          <Field label="Number of times" inputProps={{ ...getInputProps(fields.count, { type: "number" }), min: 2, max: MAX_OCCURRENCES }} errors={fields.count.errors} />
          <Field label="Until" inputProps={getInputProps(fields.until, { type: "date" })} errors={fields.until.errors} />
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
                <input type="radio" name="scope" value={value} defaultChecked={value === (fields.scope.initialValue ?? "one")} className="h-5 w-5" />
                {label}
              </label>
            ))}
          </div>
          <ErrorList errors={fields.scope.errors} />
          <div className="mt-4 max-w-xs">
            <Field label="Every how many weeks" hint="Changes this and the following events, or all of them" inputProps={{ ...getInputProps(fields.interval, { type: "number" }), min: 1, max: INTERVAL_MAX }} errors={fields.interval.errors} />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Where and details</legend>
        <Field label="Venue" inputProps={{ ...getInputProps(fields.venueName, { type: "text" }), maxLength: TEXT_MAX }} errors={fields.venueName.errors} />
        <Field label="Address" inputProps={{ ...getInputProps(fields.venueAddress, { type: "text" }), maxLength: ADDRESS_MAX }} errors={fields.venueAddress.errors} />
        <Field label="Call / load-in time" inputProps={getInputProps(fields.callTime, { type: "time" })} errors={fields.callTime.errors} />
        <Field label="Soundcheck time" inputProps={getInputProps(fields.soundcheckTime, { type: "time" })} errors={fields.soundcheckTime.errors} />
        <Field label="Dress code" inputProps={{ ...getInputProps(fields.dressCode, { type: "text" }), maxLength: TEXT_MAX }} errors={fields.dressCode.errors} />
        {options.seeFee ? (
          <Field label={`Fee (${options.currency}, gigs only)`} inputProps={{ ...getInputProps(fields.fee, { type: "text" }), inputMode: "decimal" }} errors={fields.fee.errors} />
        ) : null}
        <SelectField label="Setlist" selectProps={getSelectProps(fields.setlistId)} errors={fields.setlistId.errors}>
          <option value="">No setlist</option>
          {options.setlists.map((setlist) => (
            <option key={setlist.id} value={setlist.id}>
              {setlist.name}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <label htmlFor={fields.notes.id} className="block text-sm font-medium text-slate-800">
            Notes
          </label>
          <textarea {...getTextareaProps(fields.notes)} maxLength={NOTES_MAX} rows={4} className={TEXTAREA} />
          <ErrorList errors={fields.notes.errors} />
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
                    className="block min-h-[44px] w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <ErrorList id={fields.lineup.errorId} errors={fields.lineup.errors} />
      </fieldset>

      {warnings}
      <Button type="submit" pending={pending} pendingText="Saving…">
        {mode === "create" ? "Create event" : "Save changes"}
      </Button>
    </Form>
  );
}
