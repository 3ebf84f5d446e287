import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ErrorList, Field } from "~/components/forms";
import { Button, buttonClasses, closeOnEscape, ConfirmDisclosure, PageHeader } from "~/components/kit";
import type { EditorData, EditorReply } from "../editor.server";
import type DragBoard from "./drag-board";

type Setlist = EditorData["setlist"];
type SetView = Setlist["sets"][number];
type Item = SetView["items"][number];

// Short classes (app/styles/tailwind.css) for what every song's row repeats.
const SMALL = "setlist-button";
const INPUT = "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

/**
 * The setlist editor. Every change is a plain form carrying the version it was made
 * from, so the editor works with JavaScript off (move up, move down, move to set); a
 * save from an older version is refused with a message offering to reload.
 */
export function SetlistEditor({ data, reply }: { data: EditorData; reply: EditorReply | null }) {
  const { setlist, q, results, resultsLabel } = data;
  const single = setlist.sets.length === 1;
  // dnd-kit is loaded only here, only for an editor and only once the page runs JavaScript:
  // without it the buttons do the moving. The page's own rows stay until it has loaded, and
  // are then swapped once for drag and drop's (which keep what was open and typed in them).
  const [Board, setBoard] = useState<typeof DragBoard | null>(null);
  useEffect(() => {
    let live = setlist.mayEdit;
    if (live) import("./drag-board").then((module) => live && setBoard(() => module.default), () => {});
    return () => {
      live = false;
    };
  }, [setlist.mayEdit]);
  const frame = (set: SetView, list: ReactNode) => <SetSection set={set} setlist={setlist} single={single} list={list} />;
  const staticSets = setlist.sets.map((set) => <div key={set.id}>{frame(set, <StaticList set={set} setlist={setlist} />)}</div>);
  const saving = useNavigation().formMethod === "POST";
  // The button pressed gets the focus back after the save: a song moved to another set is
  // drawn anew there, and the keyboard would drop to its drag handle. Found by its item
  // and intent (a song can be in the setlist twice; a break's name is its place).
  const pressed = useRef<string | null>(null);
  useEffect(() => {
    const selector = pressed.current;
    pressed.current = null;
    if (selector) document.querySelector<HTMLElement>(selector)?.focus();
  }, [setlist.version, reply]);
  return (
    <div
      className="space-y-6"
      data-print="setlist"
      aria-busy={saving || undefined}
      onSubmitCapture={(event) => {
        const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const item = (event.target as HTMLFormElement).elements.namedItem("itemId") as HTMLInputElement | null;
        pressed.current = button?.value && item ? `[data-item="${item.value}"] button[value="${button.value}"]` : null;
      }}
    >
      <PageHeader
        back={{ to: "/setlists", label: "Setlists" }}
        title={setlist.name}
        description={setlist.summary}
      />
      {reply ? (
        <div role="alert" className={`rounded-lg border p-4 text-sm ${reply.stale ? "border-amber-300 bg-amber-50 text-amber-950" : "border-red-200 bg-red-50 text-red-800"}`}>
          <p>{reply.message}</p>
          {reply.stale ? (
            <p className="mt-2">
              <a href={`/setlists/${setlist.id}`} className="font-semibold underline">
                Reload the setlist
              </a>
            </p>
          ) : null}
        </div>
      ) : null}

      {Board && setlist.mayEdit ? <Board setlist={setlist} renderSet={frame} renderItem={(item, index, set) => <ItemContent item={item} index={index} set={set} setlist={setlist} />} /> : staticSets}

      <EventsSection data={data} reply={reply} />

      <p data-print="hide" className="flex flex-wrap gap-3 text-sm">
        {/* A document link: stage mode is outside the app shell, full screen. */}
        <a href={`/setlists/${setlist.id}/stage`} className="font-semibold text-brand-700 underline underline-offset-4">
          Stage mode
        </a>
        <a href={`/setlists/${setlist.id}/pdf`} className="font-medium text-brand-700 underline underline-offset-4">
          PDF for the stage (a page per set)
        </a>
        <a href={`/setlists/${setlist.id}/pdf?layout=one`} className="font-medium text-brand-700 underline underline-offset-4">
          PDF on one page
        </a>
        <a href={`/setlists/${setlist.id}/text`} className="font-medium text-brand-700 underline underline-offset-4">
          Plain text to paste into a group chat
        </a>
        {data.mayReport ? (
          <Link to="/setlists/report" className="font-medium text-brand-700 underline underline-offset-4">
            Performance report for rights organisations (CSV)
          </Link>
        ) : null}
        <span className="text-slate-600">Printing this page gives just the running order, in large type.</span>
      </p>

      {setlist.mayEdit ? <EditingSections setlist={setlist} q={q} results={results} resultsLabel={resultsLabel} reply={reply} /> : null}
    </div>
  );
}

/** Where the setlist is used: the events linked to it and, for those who may edit events, "Use for a gig". */
function EventsSection({ data, reply }: { data: EditorData; reply: EditorReply | null }) {
  const { setlist, events, eventChoices, mayLinkEvents } = data;
  if (!events.length && !mayLinkEvents) return null;
  const eventErrors = reply?.intent === "use-for-event" ? reply.fieldErrors?.eventId : undefined;
  return (
    <section id="events" data-print="hide" aria-labelledby="events-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="events-heading" className="font-semibold text-slate-900">
        Gigs
      </h2>
      {events.length ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="min-w-0 flex-1">
                {event.past ? "Played at " : "Planned for "}
                <Link to={`/events/${event.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                  {event.title}
                </Link>
                <span className="text-slate-600">
                  {" · "}
                  <time dateTime={event.startsAt}>{event.when}</time>
                  {event.venueName ? ` · ${event.venueName}` : ""}
                  {event.cancelled ? " · cancelled" : ""}
                </span>
              </span>
              {mayLinkEvents ? (
                <Form method="post" action={`/setlists/${setlist.id}`}>
                  <input type="hidden" name="intent" value="unlink-event" />
                  <input type="hidden" name="eventId" value={event.id} />
                  <button type="submit" className={buttonClasses("ghost", "min-h-[44px] px-3")} aria-label={`Unlink from ${event.title}`}>
                    Unlink
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Not used for a gig yet.</p>
      )}
      {mayLinkEvents ? (
        eventChoices.length ? (
          <Form method="post" action={`/setlists/${setlist.id}`} className="mt-3 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3">
            <input type="hidden" name="intent" value="use-for-event" />
            <div className="min-w-0 flex-1">
              <label htmlFor="use-for-event" className="block text-sm font-medium text-slate-800">
                Use for a gig
              </label>
              <select id="use-for-event" name="eventId" className={`mt-1 ${INPUT}`} aria-describedby={eventErrors ? "use-for-event-error" : undefined}>
                {eventChoices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </select>
              <ErrorList id="use-for-event-error" errors={eventErrors} />
            </div>
            <Button type="submit" variant="secondary">
              Use this setlist
            </Button>
          </Form>
        ) : (
          <p className="mt-3 text-sm text-slate-600">
            No upcoming events to use it for.{" "}
            <Link to="/events/new" className="font-medium underline">
              Add an event
            </Link>
          </p>
        )
      ) : null}
    </section>
  );
}

/** Adding songs, breaks and sets, and the setlist's details: for those who may edit it. */
function EditingSections({ setlist, q, results, resultsLabel, reply }: { setlist: Setlist; q: string; results: EditorData["results"]; resultsLabel: string; reply: EditorReply | null }) {
  // What a refused Details save sent (kept on the page), else the setlist's own values. A
  // save refused as stale keeps its typed values and the version they were typed over until
  // the page is reloaded, not only until the next editor action replaces the reply.
  const [stale, setStale] = useState<{ setlistId: number; values: Record<string, string> } | null>(null);
  if (reply?.intent === "details" && reply.stale && reply.values && stale?.values !== reply.values) setStale({ setlistId: setlist.id, values: reply.values });
  const sent = reply?.intent === "details" ? reply.values : stale?.setlistId === setlist.id ? stale.values : undefined;
  const breakErrors = reply?.intent === "add-break" ? reply.fieldErrors?.breakMinutes : undefined;
  // A refused add (someone else saved first) keeps its ticks and its set.
  const picks = reply?.intent === "add-songs" ? reply.values : undefined;
  const picked = picks?.songId?.split(",") ?? [];
  return (
    <>
      <section data-print="hide" aria-labelledby="add-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="add-heading" className="font-semibold text-slate-900">
          Add songs
        </h2>
        {/* The results come back here, not at the top of a long setlist: without JavaScript by
            the address's #add-heading, with it by keeping the scroll where it is. */}
        <Form method="get" action={`/setlists/${setlist.id}#add-heading`} preventScrollReset role="search" aria-label="Search the song library" className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor="song-search" className="block text-sm font-medium text-slate-800">
              Title or artist
            </label>
            <input id="song-search" name="q" type="search" required defaultValue={q} autoComplete="off" className={`mt-1 ${INPUT}`} />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        {q ? (
          results.length ? (
            // The search stays in the address: a refused add (without JavaScript, the page drawn
            // anew from the address it posted to) still lists the songs, ticked as they were.
            <Form method="post" action={`/setlists/${setlist.id}?${new URLSearchParams({ q })}`} className="space-y-3">
              <input type="hidden" name="intent" value="add-songs" />
              <input type="hidden" name="version" value={setlist.version} />
              <input type="hidden" name="q" value={q} />
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">{resultsLabel}</legend>
                <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
                  {results.map((song) => (
                    <li key={song.id} className="flex items-center gap-3 px-3 py-2">
                      <input id={`pick-${song.id}`} type="checkbox" name="songId" value={song.id} defaultChecked={picked.includes(String(song.id))} className="h-5 w-5" />
                      <label htmlFor={`pick-${song.id}`} className="min-w-0 flex-1">
                        <span className="font-medium">{song.title}</span>
                        {song.artist ? <span className="text-slate-600"> — {song.artist}</span> : null}
                        <span className="text-sm text-slate-500"> {[song.key, song.length, song.already].filter(Boolean).join(" · ")}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <div className="flex flex-wrap items-end gap-3">
                <SetPicker sets={setlist.sets} id="add-to-set" label="Add to" value={picks?.setId} />
                <Button type="submit">Add to setlist</Button>
              </div>
            </Form>
          ) : (
            <p className="text-sm text-slate-600">
              No songs in the library match “{q}”.{" "}
              <Link to="/songs/new" className="font-medium underline">
                Add a song to the library
              </Link>
            </p>
          )
        ) : null}

        <Form method="post" action={`/setlists/${setlist.id}`} key={String(!breakErrors)} className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
          <input type="hidden" name="intent" value="add-break" />
          <input type="hidden" name="version" value={setlist.version} />
          <Field
            className="w-32"
            label="Break (minutes)"
            inputProps={{ id: "break-minutes", name: "breakMinutes", inputMode: "numeric", defaultValue: reply?.intent === "add-break" ? reply.values?.breakMinutes : "15" }}
            errors={breakErrors}
          />
          <SetPicker sets={setlist.sets} id="break-set" label="Add to" value={reply?.intent === "add-break" ? reply.values?.setId : undefined} />
          <Button type="submit" variant="secondary">
            Add a break
          </Button>
        </Form>
        <Form method="post" action={`/setlists/${setlist.id}`} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-set" />
          <input type="hidden" name="version" value={setlist.version} />
          <div className="w-48">
            <label htmlFor="set-name" className="block text-sm font-medium text-slate-800">
              New set name
            </label>
            <input id="set-name" name="setName" placeholder={`Set ${setlist.sets.length + 1}`} maxLength={40} defaultValue={reply?.intent === "add-set" ? reply.values?.setName : undefined} className={`mt-1 ${INPUT}`} />
          </div>
          <Button type="submit" variant="secondary">
            Add a set
          </Button>
        </Form>
      </section>

      <section data-print="hide" aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="details-heading" className="font-semibold text-slate-900">
          Details
        </h2>
        <Form method="post" action={`/setlists/${setlist.id}`} noValidate key={JSON.stringify(sent)} className="mt-3 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="details" />
          <input type="hidden" name="version" value={sent?.version ?? setlist.version} />
          <Field
            label="Name"
            inputProps={{
              id: "details-name",
              name: "name",
              defaultValue: sent?.name ?? setlist.name,
              maxLength: 120,
            }}
            errors={reply?.intent === "details" ? reply.fieldErrors?.name : undefined}
          />
          <Field
            label="Target set length (minutes)"
            hint="A warning shows when a set runs longer"
            inputProps={{
              id: "details-target",
              name: "targetMinutes",
              inputMode: "numeric",
              defaultValue: sent?.targetMinutes ?? setlist.targetMinutes ?? "",
            }}
            errors={reply?.intent === "details" ? reply.fieldErrors?.targetMinutes : undefined}
          />
          <div className="sm:col-span-2">
            <label htmlFor="details-notes" className="block text-sm font-medium text-slate-800">
              Notes
            </label>
            <textarea id="details-notes" name="notes" rows={3} defaultValue={sent?.notes ?? setlist.notes} className={`mt-1 ${INPUT}`} />
            <ErrorList errors={reply?.intent === "details" ? reply.fieldErrors?.notes : undefined} />
          </div>
          <div>
            <Button type="submit">Save details</Button>
          </div>
        </Form>
        <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-100 pt-4">
          <Form method="post" action={`/setlists/${setlist.id}`}>
            <input type="hidden" name="intent" value="duplicate" />
            <input type="hidden" name="submissionKey" value={setlist.duplicateKey} />
            <Button type="submit" variant="secondary">
              Duplicate setlist
            </Button>
          </Form>
          {setlist.mayDelete ? (
            <ConfirmDisclosure summary="Delete setlist…">
              <p>{setlist.deleteText}</p>
              <Form method="post" action={`/setlists/${setlist.id}`} className="mt-3">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" variant="danger">
                  Yes, delete {setlist.name}
                </Button>
              </Form>
            </ConfirmDisclosure>
          ) : null}
        </div>
      </section>
    </>
  );
}

function SetPicker({ sets, id, label, value }: { sets: SetView[]; id: string; label: string; value?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name="setId" defaultValue={value} className={`mt-1 ${INPUT}`}>
        {sets.map((set) => (
          <option key={set.id} value={set.id}>
            {set.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function StaticList({ set, setlist }: { set: SetView; setlist: Setlist }) {
  return set.items.length ? (
    <ol className="divide-y divide-slate-100" aria-label={`${set.name} running order`}>
      {set.items.map((item, index) => (
        <li key={item.id} id={`item-${item.id}`}>
          <ItemContent item={item} index={index} set={set} setlist={setlist} />
        </li>
      ))}
    </ol>
  ) : (
    <p className="px-4 py-3 text-sm text-slate-600">No songs in this set yet. Add some from the library below.</p>
  );
}

function SetSection({ set, setlist, single, list }: { set: SetView; setlist: Setlist; single: boolean; list: ReactNode }) {
  const headingId = `set-${set.id}-heading`;
  const renamed = useSent("rename-set", { setId: String(set.id) });
  return (
    <section id={`set-${set.id}`} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {set.name}
        </h2>
        <p className="text-sm text-slate-700">
          <span>
            {set.songCount === 1 ? "1 song" : `${set.songCount} songs`} · {set.length}
          </span>
          <span className="text-slate-500"> · show so far {set.showLength}</span>
        </p>
      </div>
      {set.over ? (
        <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          {set.name} runs {set.over} over the {setlist.targetMinutes}-minute target.
        </p>
      ) : null}
      {list}
      {setlist.mayEdit ? (
        <div data-print="hide" className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-100 px-4 py-2">
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the native disclosure */}
          <details onKeyDown={closeOnEscape} className="text-left" open={renamed ? true : undefined}>
            <summary className="cursor-pointer list-none py-1 text-sm font-medium text-brand-700 underline [&::-webkit-details-marker]:hidden">Rename {set.name}…</summary>
            <Form method="post" action={`/setlists/${setlist.id}`} className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="rename-set" />
              <input type="hidden" name="version" value={setlist.version} />
              <input type="hidden" name="setId" value={set.id} />
              <div>
                <label htmlFor={`set-${set.id}-name`} className="block text-sm font-medium text-slate-800">
                  New name for {set.name}
                </label>
                <input id={`set-${set.id}-name`} name="setName" required maxLength={40} defaultValue={renamed?.setName ?? set.name} className={`mt-1 ${INPUT}`} />
              </div>
              <Button type="submit" variant="secondary">
                Rename
              </Button>
            </Form>
          </details>
          {single ? null : set.items.length ? (
            // A set with songs goes in two steps (a <details>, so without JavaScript too); an empty one at once.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the native disclosure
            <details onKeyDown={closeOnEscape} className="inline-block text-left">
              <summary className="cursor-pointer list-none py-1 text-sm font-medium text-red-700 underline [&::-webkit-details-marker]:hidden">Remove {set.name} and its songs…</summary>
              <div className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950">
                <p>
                  Remove {set.name} and its {set.songCount === 1 ? "song" : `${set.songCount} songs`} from this setlist? The songs stay in the library.
                </p>
                <RemoveSetForm setlistId={setlist.id} version={setlist.version} setId={set.id} label={`Yes, remove ${set.name}`} />
              </div>
            </details>
          ) : (
            <RemoveSetForm setlistId={setlist.id} version={setlist.version} setId={set.id} label={`Remove ${set.name}`} />
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * One item of the running order. For an editor its note, moves and removal are one form
 * (the button pressed names the intent), not five: fewer elements to render and send for
 * every song, and the same plain posts without JavaScript. The note's "Save note" is the
 * form's first button, so Enter in the note field saves the note.
 */
/**
 * What a refused form of `intent` sent, when `match` says it was this form (a note of this
 * item, a name of this set): its field shows it again, open, instead of what is saved.
 */
function useSent(intent: string, match: Record<string, string>) {
  const reply = useActionData() as Partial<EditorReply> | undefined;
  const values = reply?.intent === intent ? reply.values : undefined;
  return values && Object.entries(match).every(([name, value]) => values[name] === value) ? values : undefined;
}

function ItemContent({ item, index, set, setlist }: { item: Item; index: number; set: SetView; setlist: Setlist }) {
  const label = item.isBreak ? `Break ${index + 1}` : item.title;
  const text = (
    <>
      <span className="w-6 text-right text-sm tabular-nums text-slate-500">{index + 1}</span>
      {/* At least 12rem before the row's buttons may sit beside it (they wrap below it
          instead): with no such floor the buttons kept their line and crushed the title to a
          letter a line. Narrower than that, it shrinks to what the row has. */}
      <span className="min-w-0 grow basis-48 [overflow-wrap:anywhere]">
        <span className={`block font-medium ${item.isBreak ? "italic text-slate-700" : "text-slate-900"}`}>
          {item.title}
          {item.artist ? <span className="font-normal text-slate-600"> — {item.artist}</span> : null}
        </span>
        <span className="block text-sm text-slate-600">
          {[item.key, item.length ?? (item.isBreak ? null : "length unknown"), item.running && `ends at ${item.running}`].filter(Boolean).join(" · ")}
          {item.note ? <span className="text-slate-800"> · {item.note}</span> : null}
        </span>
        {setlist.mayEdit ? <NoteEditor item={item} label={label} /> : null}
      </span>
    </>
  );
  if (!setlist.mayEdit) return <div className={ROW}>{text}</div>;
  const others = setlist.sets.filter((other) => other.id !== set.id);
  return (
    <Form method="post" action={`/setlists/${setlist.id}`} className={ROW} data-item={item.id}>
      <input type="hidden" name="version" value={setlist.version} />
      <input type="hidden" name="itemId" value={item.id} />
      {text}
      <span data-print="hide" className="flex flex-wrap items-center gap-2">
        {/* Up from a set's first song goes to the end of the set before, Down from its last to
            the start of the next; only the setlist's very first can go no higher and its very
            last no lower. Those say so (aria-disabled) and keep the keyboard's focus, which a
            disabled button would drop; pressed, they change nothing. */}
        <button type="submit" name="intent" value="move-up" className={SMALL} aria-label={`Move ${label} up`} aria-disabled={index === 0 && set.id === setlist.sets[0]?.id ? true : undefined}>
          ↑ Up
        </button>
        <button type="submit" name="intent" value="move-down" className={SMALL} aria-label={`Move ${label} down`} aria-disabled={index === set.items.length - 1 && set.id === setlist.sets.at(-1)?.id ? true : undefined}>
          ↓ Down
        </button>
        {others.length ? (
          <span className="flex items-center gap-1">
            <label htmlFor={`to-set-${item.id}`} className="sr-only">
              Set to move {label} to
            </label>
            {/* As wide as a short set name: a long one (40 characters may be) is cut here, not the page widened past the phone. */}
            <select id={`to-set-${item.id}`} name="setId" className="min-h-[44px] max-w-[9rem] truncate rounded-md border border-slate-300 bg-white px-2 text-sm">
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="move-to-set" className={SMALL} aria-label={`Move ${label} to the chosen set`}>
              Move
            </button>
          </span>
        ) : null}
        <button type="submit" name="intent" value="remove-item" className={REMOVE} aria-label={`Remove ${label}`}>
          Remove
        </button>
      </span>
    </Form>
  );
}

const ROW = "flex flex-wrap items-center gap-3 px-4 py-2";
// Red like every removal, as before the short classes (a utility beats the component class).
const REMOVE = "setlist-ghost-button px-3 text-red-700";

/** The item's note, inside its row's form: its button comes first, so Enter in the field saves the note. */
function NoteEditor({ item, label }: { item: Item; label: string }) {
  const sent = useSent("item-note", { itemId: String(item.id) });
  // Opened for a refused note, it stays open after the next editor action replaces the reply (its text is still in it).
  const [held, hold] = useState(false);
  if (sent && !held) hold(true);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the native disclosure
    <details onKeyDown={closeOnEscape} data-print="hide" className="mt-1 text-sm" open={sent || held ? true : undefined}>
      <summary className="inline-flex min-h-[32px] cursor-pointer items-center text-slate-600 underline underline-offset-2">
        {item.note ? "Change the note" : "Add a note"}
        <span className="sr-only"> for {label}</span>
      </summary>
      <span className="mt-1 flex flex-wrap gap-2">
        <label htmlFor={`note-${item.id}`} className="sr-only">
          Note for {label}
        </label>
        <input id={`note-${item.id}`} name="note" defaultValue={sent?.note ?? item.note} maxLength={200} placeholder="Key change, who counts in, segue…" className="setlist-note" />
        <button type="submit" name="intent" value="item-note" className={SMALL}>
          Save note
        </button>
      </span>
    </details>
  );
}

function RemoveSetForm({ setlistId, version, setId, label }: { setlistId: number; version: number; setId: number; label: string }) {
  return (
    <Form method="post" action={`/setlists/${setlistId}`} className="mt-2 inline-block">
      <input type="hidden" name="intent" value="remove-set" />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="setId" value={setId} />
      <button type="submit" className="text-sm font-medium text-red-700 underline">
        {label}
      </button>
    </Form>
  );
}
