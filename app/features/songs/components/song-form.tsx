import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ErrorList, Field, SelectField, useFocusFirstError } from "~/components/forms";
import { Button, buttonClasses } from "~/components/kit";
import { KEY_OPTIONS } from "../keys";
import type { LookupView } from "../lookup-types";

type Values = Partial<Record<string, string>>;

export type SongFormProps = {
  /** The page the form posts to and looks up on (/songs/new, /songs/12/edit). */
  action: string;
  /** What the page's loader gives the form: the band, the values to show, the look-up, who may sing lead. */
  data: { band: { id: number }; values: Values; lookup?: LookupView | null; leadSingers: { id: number; name: string }[]; version?: number; submissionKey?: string };
  /** The action's answer to the last save (SongFormReply), if any. */
  reply?: { result: SubmissionResult<string[]>; duplicate: { id: number; title: string; artist: string | null } | null; stale?: boolean; submissionKey?: string } | null;
  submitLabel: string;
};

const AREA = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid]:border-red-600";

/**
 * The song form. Saving posts it; "Look up" and each "Use" post the same form with
 * another intent, and the page renders the partners' suggestions with everything typed
 * kept, so the look-up works with JavaScript off and never overwrites what the user typed
 * unless they pick a suggestion for that field.
 */
export function SongForm({ action, data, reply, submitLabel }: SongFormProps) {
  const { values, leadSingers, lookup } = data;
  const bandId = data.band.id;
  const lastResult = reply?.result;
  const duplicate = reply?.duplicate;
  const cancelHref = `/bands/${bandId}/songs`;
  const submitted = (lastResult?.initialValue ?? null) as Values | null;
  const value = (name: string) => (submitted ? (submitted[name] as string | undefined) : values[name]) ?? "";
  const errors = (name: string) => lastResult?.error?.[name] ?? undefined;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === action ? navigation.formData : undefined;
  const lookingUp = Boolean(sending && (sending.get("intent") === "lookup" || sending.has("accept")));
  const saving = Boolean(sending) && !lookingUp;
  const formErrors = lastResult?.error?.[""];
  // With JavaScript, focus goes to the first field in error (the form is re-mounted below).
  const form = useFocusFirstError(lastResult);
  // Re-mount the inputs whenever the server sends new values (a look-up, a reply).
  const formKey = JSON.stringify([values, submitted]);
  const input = (name: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => ({
    id: `song-${name}`,
    name,
    defaultValue: value(name),
    ...extra,
  });

  return (
    <Form method="post" action={action} ref={form} noValidate key={formKey} className="space-y-6" aria-describedby={formErrors?.length ? "song-form-error" : undefined}>
      {/* Enter in a field saves: a form's first submit button is the one Enter presses, and
          "Add it anyway" and "Look up" come before the save button on the page. An <input>,
          not a <button>: after a refused save the focus goes to the first field in error,
          never to this hidden control (the kit's focus finds buttons, not inputs). */}
      <input type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" value="" />
      <input type="hidden" name="bandId" value={bandId} />
      {/* Adding: saved once per form, a second post of it goes where the first went. */}
      {data.submissionKey ? <input type="hidden" name="submissionKey" value={reply?.submissionKey ?? data.submissionKey} /> : null}
      {/* The version the form was made from: a save after someone else's is refused, not saved over it. */}
      {/* The one the user started from: a reply or a look-up keeps theirs, so a later save is still checked against it. */}
      {data.version ? <input type="hidden" name="version" value={(submitted?.version as string | undefined) ?? data.version} /> : null}
      {duplicate ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">Already in the library</p>
          <p className="mt-1">
            {duplicate.artist ? `“${duplicate.title}” by ${duplicate.artist}` : `“${duplicate.title}”`} is already in the library.{" "}
            <Link to={`/songs/${duplicate.id}/edit`} className="font-medium underline">
              Open that song
            </Link>
            , change the title or artist, or {data.version ? "save this one anyway" : "add this one anyway"}.
          </p>
          <div className="mt-3">
            <Button type="submit" name="confirmDuplicate" value="yes" variant="secondary">
              {data.version ? "Save it anyway" : "Add it anyway"}
            </Button>
          </div>
        </div>
      ) : formErrors?.length ? (
        <div id="song-form-error" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3">
          <ErrorList errors={formErrors} />
          {/* A plain link: without JavaScript, reloading this page would send the refused form again. */}
          {reply?.stale ? (
            <a href={action} className="mt-2 inline-block text-sm font-semibold text-red-800 underline">
              Reload the song
            </a>
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Title" inputProps={input("title", { autoComplete: "off", maxLength: 200 })} errors={errors("title")} />
        <Field label="Artist" inputProps={input("artist", { autoComplete: "off", maxLength: 200 })} errors={errors("artist")} />
      </div>

      <section aria-labelledby="lookup-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <h2 id="lookup-heading" className="font-semibold text-slate-900">
          Look up the details
        </h2>
        <p className="mt-1 text-sm text-slate-600">Searches MusicBrainz and Deezer for the title and artist above. Nothing changes until you pick a suggestion.</p>
        <div className="mt-3">
          <Button type="submit" formNoValidate name="intent" value="lookup" variant="secondary" pending={lookingUp} pendingText="Looking up…">
            Look up
          </Button>
        </div>
        {lookup ? <LookupResults lookup={lookup} current={value} /> : null}
      </section>

      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Key" selectProps={{ id: "song-key", name: "key", defaultValue: value("key") }} errors={errors("key")}>
          <option value="">Not set</option>
          {KEY_OPTIONS.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Field label="Tempo (BPM)" hint="20 to 400" inputProps={input("tempo", { inputMode: "numeric", autoComplete: "off" })} errors={errors("tempo")} />
        <Field label="Length (m:ss)" hint="Like 3:45" inputProps={input("duration", { inputMode: "numeric", autoComplete: "off", placeholder: "3:45" })} errors={errors("duration")} />
        <Field label="Time signature" hint="Like 4/4 or 6/8" inputProps={input("timeSignature", { autoComplete: "off", placeholder: "4/4" })} errors={errors("timeSignature")} />
        <SelectField label="Lead singer" selectProps={{ id: "song-leadSingerId", name: "leadSingerId", defaultValue: value("leadSingerId") }} errors={errors("leadSingerId")}>
          <option value="">Not set</option>
          {leadSingers.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <Field label="Tags" hint="Separated by commas, like wedding, slow" inputProps={input("tags", { autoComplete: "off" })} errors={errors("tags")} />
      </div>

      <Field label="Chart or lyrics link" inputProps={input("chartUrl", { type: "url", inputMode: "url", autoComplete: "off", placeholder: "https://" })} errors={errors("chartUrl")} />
      <div>
        <label htmlFor="song-notes" className="block text-sm font-medium text-slate-800">
          Notes
        </label>
        <textarea
          id="song-notes"
          name="notes"
          rows={3}
          defaultValue={value("notes")}
          aria-invalid={errors("notes") ? true : undefined}
          aria-describedby={errors("notes") ? "song-notes-error" : undefined}
          className={AREA}
        />
        <ErrorList id="song-notes-error" errors={errors("notes")} />
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Partner identifiers</legend>
        <Field label="MusicBrainz recording id" inputProps={input("musicbrainzId", { autoComplete: "off" })} errors={errors("musicbrainzId")} />
        <Field label="ISRC" inputProps={input("isrc", { autoComplete: "off" })} errors={errors("isrc")} />
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={saving} pendingText="Saving…">
          {submitLabel}
        </Button>
        <Link to={cancelHref} className={buttonClasses("ghost")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function LookupResults({ lookup, current }: { lookup: LookupView; current: (name: string) => string }) {
  const fillable = lookup.suggestions.filter((suggestion) => !current(suggestion.field).trim());
  return (
    <div className="mt-4 space-y-3" aria-live="polite">
      <ul className="space-y-1 text-sm">
        {lookup.partners.map((status) => (
          <li key={status.partner} className={status.state === "failed" ? "text-red-800" : "text-slate-700"}>
            {status.message}
          </li>
        ))}
      </ul>
      {lookup.suggestions.length ? (
        <>
          <h3 className="text-sm font-semibold text-slate-900">Suggestions</h3>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {lookup.suggestions.map((suggestion) => {
              const same = current(suggestion.field).trim() === suggestion.value;
              return (
                <li key={suggestion.field} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span>
                    <span className="font-medium text-slate-900">{suggestion.label}:</span> {suggestion.display}{" "}
                    <span className="text-slate-500">({suggestion.source})</span>
                  </span>
                  {same ? (
                    <span className="text-slate-600">In the form</span>
                  ) : (
                    <button type="submit" formNoValidate name="accept" value={suggestion.field} className={buttonClasses("secondary", "min-h-[44px] px-3")}>
                      Use {inSentence(suggestion.label)}
                      <span className="sr-only">: {suggestion.display}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {fillable.length > 1 ? (
            <button type="submit" formNoValidate name="accept" value="empty" className={buttonClasses("secondary")}>
              Fill the empty fields from the suggestions
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** A field label inside a sentence: "Tempo" → "tempo", but "ISRC" and "MusicBrainz id" keep their capitals. */
function inSentence(label: string) {
  return /[A-Z]/.test(label.slice(1)) ? label : label.toLowerCase();
}
