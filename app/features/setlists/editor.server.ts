import { parseWithZod } from "~/utils/submission";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { grantIn, requireVisibleRow, type BandAccess } from "~/features/bands/access.server";

// The setlist page says whose setlist it is when it is another of the user's bands', through
// the one .server path it already imports (issue 11).
export { otherBandThanCurrent } from "~/features/bands/access.server";
import type { Permission } from "~/features/members/permissions";
import { parseId } from "~/utils/ids";
import { db } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { newSubmissionKey, savedOnce } from "~/utils/form-submission.server";
import { CreateSetlistSchema, EditorSchema, FromGigSchema, ReorderLayoutSchema, SETLIST_FORM_MESSAGES } from "./schema.server";
import { formatDuration, formatSetLength, formatTotal } from "~/features/songs/format";
import { keyLabel } from "~/features/songs/keys";
import { formatDate, formatTime } from "~/utils/dates";
import { eventsForSetlistChoice, setEventSetlist } from "~/features/events/events.server";
import { mayReport } from "./report.server";
import { typeableSearch } from "~/utils/typed-text";
import {
  SETLIST_MESSAGES,
  SETLIST_NOT_FOUND,
  getSetlist,
  searchSongsForSetlist,
  addItems,
  addSet,
  bandIdOfSetlist,
  createSetlist,
  deleteSetlist,
  duplicateSetlist,
  moveItem,
  moveItemToSet,
  removeItem,
  removeSet,
  renameSet,
  saveLayout,
  setlistFromPastGig,
  updateItem,
  updateSetlistDetails,
  setlistVisibleTo,
  lengthUnknown,
} from "./setlists.server";

/**
 * The setlist pages' server side: the gate for a setlist named in the URL, and each of
 * the editor's forms parsed with conform and carried out through the area module. The
 * browser gets only plain replies (no zod in the client bundle).
 */

/** The setlist's band through the one gate: unknown ids and other bands' setlists are the same 404. */
export async function setlistAccess(request: Request, idParam: unknown, permission: Permission) {
  const id = parseId(idParam);
  const bandId = id ? await bandIdOfSetlist(id) : null;
  if (!id || !bandId) {
    await requireUser(request);
    throw data({ message: SETLIST_NOT_FOUND }, { status: 404 });
  }
  const access = await requireVisibleRow(request, {
    band: bandId,
    view: "content:view",
    permission,
    notFoundMessage: SETLIST_NOT_FOUND,
    visible: (viewer) => setlistVisibleTo(viewer, id),
    notFound: () => data({ message: SETLIST_NOT_FOUND }, { status: 404 }),
  });
  return { id, access };
}

/** What an editor form answers: where to go next, or the message to show with its status. */
export type EditorReply = { message: string; stale: boolean; intent: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };
/** What a move by button says (a toast, read out: the order changes in silence otherwise). */
function movedToast(title: string, place: { place: number; of: number; set: string | null }) {
  return { title, description: `Now ${place.place} of ${place.of}${place.set ? ` in ${place.set}` : ""}.` };
}

export type EditorOutcome = { redirectTo: string; toast?: { title: string; description?: string } } | { reply: EditorReply; status: number };

/**
 * A refused form's text fields as sent, so the page shows them again (JavaScript off reloads
 * it); the songs ticked to add are one field, their ids joined by commas.
 */
function sentValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && !(name in values)) values[name] = value;
  if (formData.has("songId")) values.songId = formData.getAll("songId").join(",");
  return values;
}

/**
 * The row's note as typed, when its form sent it (the editor's rows do): a move pressed
 * after typing a note keeps it instead of dropping it, which without JavaScript (the page
 * drawn anew) lost it. A post without the field changes no note.
 */
function typedNote(formData: FormData, note: string | null) {
  return formData.has("note") ? { note } : {};
}

/** The permission the gate checks for an editor form: deleting needs "content:delete", the rest "content:edit". */
export function editorPermission(formData: FormData): Permission {
  return formData.get("intent") === "delete" ? "content:delete" : "content:edit";
}

/** Carries out one of the editor's forms. */
export async function submitEditorForm(access: BandAccess, setlistId: number, formData: FormData, returnTo: string): Promise<EditorOutcome> {
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: EditorSchema });
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const fieldErrors = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0));
    const first = Object.values(fieldErrors)[0]?.[0] ?? SETLIST_FORM_MESSAGES.layout;
    return { reply: { message: first, stale: false, intent, fieldErrors, values: sentValues(formData) }, status: 400 };
  }
  const input = submission.value;
  const back = (anchor?: string) => ({ redirectTo: `${returnTo}${anchor ? `#${anchor}` : ""}` });
  try {
    switch (input.intent) {
      case "details":
        await updateSetlistDetails(access, setlistId, input.version, { name: input.name, notes: input.notes, targetSetSeconds: input.targetMinutes ? input.targetMinutes * 60 : null });
        return { ...back(), toast: { title: "Setlist saved" } };
      case "add-songs": {
        // A ticked song deleted from the library since the search (by someone else) does not
        // hold up the others: they are added, and the toast says one was not.
        const inLibrary = new Set((await db.song.findMany({ where: { bandId: access.band.id, id: { in: input.songId } }, select: { id: true } })).map((song) => song.id));
        const gone = input.songId.filter((id) => !inLibrary.has(id)).length;
        if (gone === input.songId.length) throw new RuleError(400, gone === 1 ? SETLIST_MESSAGES.foreignSong : "Those songs are not in the band’s library.");
        const { repeated } = await addItems(access, setlistId, input.version, input.setId ?? null, input.songId.filter((id) => inLibrary.has(id)).map((songId) => ({ songId })));
        const twice = await repeatedSongsToast(access, repeated);
        // Both said when both happened: a song added a second time is not hidden behind the one left out.
        const notAdded = gone
          ? {
              title: gone === 1 ? "Added, all but one" : `Added, all but ${gone}`,
              description: `${gone === 1 ? "One song you ticked is" : `${gone} songs you ticked are`} no longer in the library, so ${gone === 1 ? "it was" : "they were"} not added.${twice ? ` ${twice.description}` : ""}`,
            }
          : undefined;
        return { ...back(input.setId ? `set-${input.setId}` : undefined), toast: notAdded ?? twice };
      }
      case "add-break":
        await addItems(access, setlistId, input.version, input.setId ?? null, [{ isBreak: true, breakSeconds: input.breakMinutes * 60, note: input.note }]);
        return back(input.setId ? `set-${input.setId}` : undefined);
      case "move-up":
      case "move-down": {
        const place = await moveItem(access, setlistId, input.version, input.itemId, input.intent === "move-up" ? "up" : "down", typedNote(formData, input.note));
        const up = input.intent === "move-up";
        return { ...back(`item-${input.itemId}`), toast: place ? movedToast(up ? "Moved up" : "Moved down", place) : { title: up ? "Already first" : "Already last", description: `Nothing moved: it is ${up ? "first" : "last"} in the setlist.` } };
      }
      case "move-to-set": {
        const place = await moveItemToSet(access, setlistId, input.version, input.itemId, input.setId, typedNote(formData, input.note));
        return { ...back(`item-${input.itemId}`), toast: place ? movedToast(place.set ? `Moved to ${place.set}` : "Moved", place) : undefined };
      }
      case "remove-item":
        // On to the song that took its place: the browser scrolls there, and with JavaScript the keyboard goes to it.
        return back(await removeItem(access, setlistId, input.version, input.itemId));
      case "item-note":
        await updateItem(access, setlistId, input.version, input.itemId, { note: input.note });
        return back(`item-${input.itemId}`);
      case "add-set":
        await addSet(access, setlistId, input.version, input.setName);
        return back();
      case "remove-set":
        await removeSet(access, setlistId, input.version, input.setId);
        return back();
      case "rename-set":
        await renameSet(access, setlistId, input.version, input.setId, input.setName);
        return back(`set-${input.setId}`);
      case "reorder": {
        const layout = parseLayout(input.layout);
        await saveLayout(
          access,
          setlistId,
          input.version,
          layout.map((set) => ({ id: set.id, name: "", items: set.itemIds.map((id) => ({ id })) })),
          { strict: true },
        );
        return back();
      }
      case "use-for-event": {
        const event = await setEventSetlist(access, input.eventId.id, setlistId, true, input.eventId.shownSetlistId);
        return { redirectTo: `${returnTo}#events`, toast: { title: "Setlist linked", description: `${event.title} now uses this setlist.` } };
      }
      case "unlink-event": {
        const event = await setEventSetlist(access, input.eventId, setlistId, false);
        return { redirectTo: `${returnTo}#events`, toast: { title: "Setlist unlinked", description: `${event.title} has no setlist now.` } };
      }
      case "duplicate": {
        // Once per rendered form: a double tap without JavaScript, or a retry on a bad
        // connection, opens the copy the first made instead of making another (the list,
        // where the copy shows, while the first is still copying).
        const saved = await savedOnce(
          formData,
          access.user.id,
          "/setlists",
          async () => {
            const copy = await duplicateSetlist(access, setlistId);
            return { location: `/setlists/${copy.id}`, toast: { title: "Setlist duplicated", description: `You are editing ${copy.name}.` } };
          },
          { title: "Already duplicated", description: "That button was pressed twice: there is one copy." },
        );
        return { redirectTo: saved.location, toast: saved.toast };
      }
      case "delete": {
        const { name } = await deleteSetlist(access, setlistId);
        return { redirectTo: "/setlists", toast: { title: "Setlist deleted", description: `${name} is gone.` } };
      }
    }
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    // A refusal keeps what was typed (a note, a set's name), also a stale one: the page
    // shows what is saved now, with the typed text back in its field (without JavaScript
    // the page is drawn anew). A stale Details save also keeps the version it was typed
    // over, so pressing Save again stays refused until the setlist is reloaded.
    return { reply: { message: error.message, stale: error.status === 409, intent, ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : {}), values: sentValues(formData) }, status: error.status };
  }
}

function parseLayout(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RuleError(400, SETLIST_FORM_MESSAGES.layout);
  }
  const parsed = ReorderLayoutSchema.safeParse(json);
  if (!parsed.success) throw new RuleError(400, SETLIST_FORM_MESSAGES.layout);
  return parsed.data;
}

/** "Build from a previous gig" on /setlists: a reply under its fields, or the new setlist. */
export async function submitFromGigForm(access: BandAccess, formData: FormData) {
  const submission = parseWithZod(formData, { schema: FromGigSchema });
  if (submission.status !== "success") return { result: submission.reply(), setlist: null };
  try {
    return { result: null, setlist: await setlistFromPastGig(access, submission.value.eventId, submission.value.name) };
  } catch (error) {
    if (error instanceof RuleError && error.field) return { result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }), setlist: null };
    throw error;
  }
}

/** The new-setlist form on /setlists. */
export async function submitCreateForm(access: BandAccess, formData: FormData) {
  const submission = parseWithZod(formData, { schema: CreateSetlistSchema });
  if (submission.status !== "success") return { result: submission.reply(), setlist: null };
  const { name, notes, targetMinutes } = submission.value;
  const setlist = await createSetlist(access, { name, notes, targetSetSeconds: targetMinutes ? targetMinutes * 60 : null });
  return { result: null, setlist };
}

/** A song added again is kept (a reprise, an encore of the opener), and said: it may be a slip. */
async function repeatedSongsToast(access: BandAccess, songIds: number[]) {
  if (!songIds.length) return undefined;
  const songs = await db.song.findMany({ where: { id: { in: songIds }, bandId: access.band.id }, orderBy: { titleKey: "asc" }, select: { title: true } });
  const titles = songs.map((song) => `“${song.title}”`);
  const list = titles.length > 1 ? `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}` : titles[0];
  return {
    title: "Added, and already in this setlist",
    description: `${list} ${titles.length > 1 ? "are" : "is"} in it more than once now. Remove the extra one if that was a slip.`,
  };
}

/** The "Add songs" search lists this many (the label says when more match). */
const SEARCH_SHOWN = 20;

/** The editor's data, ready to show: the setlist with its sets, items and running totals, and the songs matching `q`. */
export async function editorView(access: BandAccess, id: number, q: string, now = new Date()) {
  const setlist = await getSetlist(access, id);
  if (!setlist) return null;
  q = typeableSearch(q.slice(0, 100));
  // One more than is shown, to say that there are more.
  const [found, choices] = await Promise.all([q && setlist.mayEdit ? searchSongsForSetlist(access, q, SEARCH_SHOWN + 1) : [], eventsForSetlistChoice(access, now)]);
  const results = found.slice(0, SEARCH_SHOWN);
  const tz = setlist.band.timeZone;
  const length = formatSetLength(setlist.seconds, setlist.unknownSongs, setlist.withBreaks);
  const targetMinutes = setlist.targetSetSeconds ? Math.round(setlist.targetSetSeconds / 60) : null;
  /** The first set each song of the setlist is in. */
  const setOf = new Map<number, string>();
  for (const set of setlist.sets) for (const item of set.items) if (item.songId !== null && !setOf.has(item.songId)) setOf.set(item.songId, set.name);
  const when = (event: { startsAt: Date; allDay?: boolean }) => (event.allDay ? formatDate(event.startsAt, tz) : `${formatDate(event.startsAt, tz)}, ${formatTime(event.startsAt, tz)}`);
  return {
    events: setlist.events.map((event) => ({
      id: event.id,
      title: event.title,
      when: formatDate(event.startsAt, tz),
      startsAt: event.startsAt.toISOString(),
      past: event.startsAt < now,
      venueName: event.venueName,
      cancelled: event.cancelledAt !== null,
    })),
    eventChoices: choices
      .filter((event) => event.setlistId !== setlist.id)
      // The value carries the setlist the gig had as shown, so a link made since is not replaced unseen.
      .map((event) => ({ id: `${event.id}.${event.setlistId ?? 0}`, label: `${event.title} · ${when(event)}${event.setlistId ? " (replaces its setlist)" : ""}` })),
    mayLinkEvents: grantIn(access, "events:edit") !== null,
    mayReport: mayReport(access),
    q,
    resultsLabel: found.length > SEARCH_SHOWN ? `The first ${SEARCH_SHOWN} songs matching “${q}”: type more of a title or artist to find others` : `Songs matching “${q}”`,
    results: results.map((song) => ({
      id: song.id,
      title: song.title,
      artist: song.artist,
      key: song.key ? keyLabel(song.key) : "",
      length: formatDuration(song.durationSeconds),
      // Told before it is added again.
      already: setOf.has(song.id) ? `already in ${setOf.get(song.id)}` : "",
    })),
    setlist: {
      id: setlist.id,
      name: setlist.name,
      notes: setlist.notes ?? "",
      version: setlist.version,
      targetMinutes,
      length,
      songCount: setlist.songCount,
      /** The header's line, made here so its words travel as data, not page JavaScript (issue 11). */
      summary: `${setlist.songCount === 1 ? "1 song" : `${setlist.songCount} songs`} · show length ${length}${targetMinutes ? ` · target ${targetMinutes} minutes a set` : ""}`,
      mayDelete: setlist.mayDelete,
      /** The Duplicate button's one-time key (form-submission.server.ts). */
      duplicateKey: newSubmissionKey(),
      /** The delete confirmation: what the setlist's gigs keep, and what the report loses when it was played. */
      deleteText: `Delete “${setlist.name}”? Gigs it is linked to keep their details without it.${
        setlist.events.some((event) => event.startsAt < now && !event.cancelledAt)
          ? " It was played at past gigs: the performance report for rights organisations will no longer list what was played there."
          : ""
      } This can’t be undone.`,
      mayEdit: setlist.mayEdit,
      bandName: setlist.band.name,
      created: formatDate(setlist.createdAt, setlist.band.timeZone),
      updated: formatDate(setlist.updatedAt, setlist.band.timeZone),
      sets: setlist.sets.map((set) => ({
        id: set.id,
        name: set.name,
        length: formatSetLength(set.seconds, set.unknownSongs),
        showLength: formatSetLength(set.showRunningSeconds, set.showUnknownSongs),
        over: set.overBy ? formatTotal(set.overBy) : null,
        songCount: set.songCount,
        items: set.items.map((item) => ({
          id: item.id,
          isBreak: item.isBreak,
          title: item.isBreak ? "Break" : item.song ? `${item.song.title}${item.song.removed ? " (removed from the library)" : ""}` : "Song removed from the library",
          artist: item.song?.artist ?? null,
          key: item.song?.key ? keyLabel(item.song.key) : null,
          length: item.seconds ? formatDuration(item.seconds) : null,
          // When it ends in the set: none for a song of no length, at least this after one ("7:00+").
          running: item.isBreak || !lengthUnknown(item) ? `${formatTotal(item.runningSeconds) || "0:00"}${item.runningUnknown ? "+" : ""}` : null,
          note: item.note ?? "",
        })),
      })),
    },
  };
}
export type EditorData = NonNullable<Awaited<ReturnType<typeof editorView>>>;
