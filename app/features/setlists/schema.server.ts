/**
 * The setlist forms' and /api endpoints' input rules and messages. Server only, so zod
 * never reaches the browser; the editor's forms show what the server answers.
 */
import { z } from "zod";
import { MAX_ITEMS, MAX_SETS, SETLIST_MESSAGES } from "./setlists.server";
import { hasUntypeable, isInvisible, untypeableMessage, visibleOr } from "~/utils/typed-text";

export const SETLIST_FORM_MESSAGES = {
  nameRequired: "Give the setlist a name",
  nameTooLong: "The name is too long (at most 120 characters)",
  notesTooLong: "Notes are too long (at most 2,000 characters)",
  target: "Target set length must be a whole number of minutes from 1 to 240",
  breakLength: "A break must be a whole number of minutes from 1 to 120",
  noteTooLong: "A note is too long (at most 200 characters)",
  setName: "A set name must be 1 to 40 characters",
  version: "Reload the setlist and try again: the form did not say which version it changes.",
  pickSong: "Choose at least one song to add",
  item: "That item is not in this setlist.",
  set: "That set is not in this setlist.",
  layout: "The new order could not be read. Reload the setlist and try again.",
  intent: "The editor did not say what to change. Reload the setlist and try again.",
  event: "Choose one of the band's events",
  pastGig: "Choose a past gig that has a setlist",
  songRequired: "Choose a song from the band’s library",
} as const;
const M = SETLIST_FORM_MESSAGES;

const id = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });
/** `multiline`: the setlist's notes; an item's or a break's note is one line (the text export prints it after the song). */
const optionalText = (max: number, message: string, label = "Notes", multiline = false) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: message })
    .refine((value) => !hasUntypeable(value, { multiline }), { error: untypeableMessage(label) })
    .optional()
    .transform((value) => visibleOr(value, null));

const name = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired })
  .max(120, { error: M.nameTooLong })
  .refine((value) => value === "" || !isInvisible(value), { error: M.nameRequired })
  .refine((value) => !hasUntypeable(value), { error: untypeableMessage("The name") });
/** A set's name ("Set 1", "Encore"). */
const setName = z
  .string({ error: M.setName })
  .trim()
  .min(1, { error: M.setName })
  .max(40, { error: M.setName })
  .refine((value) => value === "" || (!isInvisible(value) && !hasUntypeable(value)), { error: M.setName });
const targetMinutes = z.coerce
  .number({ error: M.target })
  .int({ error: M.target })
  .min(1, { error: M.target })
  .max(240, { error: M.target })
  .optional();
const version = id(M.version);

/** The new-setlist form on /setlists. */
export const CreateSetlistSchema = z.object({ name, notes: optionalText(2000, M.notesTooLong, "Notes", true), targetMinutes });

/** "Build from a previous gig" on /setlists: the gig, and a name (else one after the gig). */
export const FromGigSchema = z.object({
  eventId: id(M.pastGig),
  name: z
    .string()
    .trim()
    .max(120, { error: M.nameTooLong })
    .refine((value) => !hasUntypeable(value), { error: untypeableMessage("The name") })
    .optional()
    .transform((value) => (value && !isInvisible(value) ? value : null)),
});

/** The editor's forms, one per intent. */
export const EditorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("details"), version, name, notes: optionalText(2000, M.notesTooLong, "Notes", true), targetMinutes }),
  z.object({ intent: z.literal("add-songs"), version, setId: id(M.set).optional(), songId: z.array(id(M.pickSong)).min(1, { error: M.pickSong }).max(MAX_ITEMS) }),
  z.object({
    intent: z.literal("add-break"),
    version,
    setId: id(M.set).optional(),
    breakMinutes: z.coerce.number({ error: M.breakLength }).int({ error: M.breakLength }).min(1, { error: M.breakLength }).max(120, { error: M.breakLength }),
    note: optionalText(200, M.noteTooLong, "A note"),
  }),
  // A row's moves are buttons of the row's form, beside its note: a note typed there and not
  // saved comes with them (the action keeps it only when the field was sent).
  z.object({ intent: z.literal("move-up"), version, itemId: id(M.item), note: optionalText(200, M.noteTooLong, "A note") }),
  z.object({ intent: z.literal("move-down"), version, itemId: id(M.item), note: optionalText(200, M.noteTooLong, "A note") }),
  z.object({ intent: z.literal("move-to-set"), version, itemId: id(M.item), setId: id(M.set), note: optionalText(200, M.noteTooLong, "A note") }),
  z.object({ intent: z.literal("remove-item"), version, itemId: id(M.item) }),
  z.object({ intent: z.literal("item-note"), version, itemId: id(M.item), note: optionalText(200, M.noteTooLong, "A note") }),
  z.object({ intent: z.literal("add-set"), version, setName: z.string().trim().max(40, { error: M.setName }).refine((value) => !hasUntypeable(value), { error: M.setName }).optional() }),
  z.object({ intent: z.literal("remove-set"), version, setId: id(M.set) }),
  z.object({ intent: z.literal("rename-set"), version, setId: id(M.set), setName }),
  z.object({ intent: z.literal("reorder"), version, layout: z.string({ error: M.layout }).max(20_000, { error: M.layout }) }),
  z.object({ intent: z.literal("duplicate") }),
  // "12.7": event 12 as the page showed it, using setlist 7 (0: none), so a link someone
  // else made meanwhile is not replaced unseen; a bare "12" (an older page) expects nothing.
  z.object({
    intent: z.literal("use-for-event"),
    eventId: z
      .string({ error: M.event })
      .regex(/^[1-9]\d{0,9}(\.\d{1,10})?$/, { error: M.event })
      .transform((value) => {
        const [event, shown] = value.split(".");
        return { id: Number(event), shownSetlistId: shown === undefined ? undefined : Number(shown) || null };
      }),
  }),
  z.object({ intent: z.literal("unlink-event"), eventId: id(M.event) }),
  z.object({ intent: z.literal("delete") }),
], { error: M.intent });
export type EditorInput = z.infer<typeof EditorSchema>;

/** The "reorder" form's layout: every set's id with its items' ids, in order. */
export const ReorderLayoutSchema = z
  .array(z.object({ id: z.number().int().positive(), itemIds: z.array(z.number().int().positive()).max(MAX_ITEMS) }))
  .min(1)
  .max(MAX_SETS);

// The JSON API's fields, each message the form's in the API's units. A new setlist is a
// strict object (a misspelt field is refused, not dropped); a PUT takes back what GET
// gave, read-only fields (titles, lengths, dates) and all, and reads only what it changes.
const apiText = (max: number, tooLong: string, label: string, multiline = false) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !hasUntypeable(value, { multiline }), { error: untypeableMessage(label) })
    .nullish();
const apiNotes = apiText(2000, M.notesTooLong, "Notes", true);
const apiItemNote = apiText(200, M.noteTooLong, "A note");
const API_TARGET = "targetSetSeconds must be a whole number of seconds from 60 to 14400 (1 to 240 minutes)";
const apiTarget = z.number({ error: API_TARGET }).int({ error: API_TARGET }).min(60, { error: API_TARGET }).max(240 * 60, { error: API_TARGET }).nullish();
const apiId = (what: string) => z.number({ error: `${what} must be a whole number` }).int({ error: `${what} must be a whole number` }).positive({ error: `${what} must be a whole number` });

/** POST /api/bands/{id}/setlists. */
export const SetlistCreateApiSchema = z.strictObject({
  name,
  notes: apiNotes,
  targetSetSeconds: apiTarget,
  sets: z.array(setName, { error: "sets must be a list of set names" }).max(MAX_SETS, { error: SETLIST_MESSAGES.tooManySets }).optional(),
  /** A past event of the band with a setlist: the new one copies its sets, songs, breaks and notes. */
  fromEventId: z.number({ error: M.pastGig }).int({ error: M.pastGig }).positive({ error: M.pastGig }).optional(),
});

const BREAK_SECONDS = "durationSeconds must be a whole number of seconds from 60 to 7200 (1 to 120 minutes)";
const ApiItem = z.discriminatedUnion(
  "type",
  [
    z
      .object({
        type: z.literal("song"),
        id: apiId("An item's id").optional(),
        // GET gives null for a song since deleted from the library: sent back, the item keeps it.
        songId: apiId("songId").nullish(),
        note: apiItemNote,
      })
      .refine((item) => item.id !== undefined || typeof item.songId === "number", { error: M.songRequired, path: ["songId"] }),
    z.object({
      type: z.literal("break"),
      id: apiId("An item's id").optional(),
      durationSeconds: z.number({ error: BREAK_SECONDS }).int({ error: BREAK_SECONDS }).min(60, { error: BREAK_SECONDS }).max(120 * 60, { error: BREAK_SECONDS }),
      note: apiItemNote,
    }),
  ],
  { error: "Each item is a song (type \"song\") or a break (type \"break\")" },
);

/**
 * PUT /api/setlists/{id}: the whole setlist with the version it was read at. Items and
 * sets with an id are moved and kept, those without are added, and what is left out is
 * removed; an id from another setlist is refused.
 */
export const SetlistPutApiSchema = z.object({
  version: z.number({ error: "version is required: send the version you read" }).int().positive(),
  name: name.optional(),
  notes: apiNotes,
  targetSetSeconds: apiTarget,
  sets: z
    .array(z.object({ id: apiId("A set's id").optional(), name: setName, items: z.array(ApiItem, { error: "items must be a list" }).max(MAX_ITEMS, { error: SETLIST_MESSAGES.tooManyItems }) }), {
      error: "sets must be a list of sets",
    })
    .min(1, { error: SETLIST_MESSAGES.noSets })
    .max(MAX_SETS, { error: SETLIST_MESSAGES.tooManySets }),
});
