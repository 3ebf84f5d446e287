/**
 * The song library's input rules, for the song form (conform), the CSV import and the
 * /api endpoints: one set of field rules and messages. Server only, so zod never reaches
 * the browser; the form shows what the server answers.
 */
import { z } from "zod";
import { apiVersion, apiVersionMessages } from "~/utils/api-version";
import { parseDuration } from "./format";
import { parseKey } from "./keys";
import { SONG_SORTS, type SongFacts } from "./song-types";
import { hasUntypeable, isInvisible, textTypeError, typeableSearch, untypeableMessage, visibleOr } from "~/utils/typed-text";

export const SONG_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: "Title is too long (at most 200 characters)",
  artistTooLong: "Artist is too long (at most 200 characters)",
  key: "Choose a key from the list, like C major or A minor",
  tempo: "Tempo must be a whole number of beats per minute from 20 to 400",
  duration: "Duration must be minutes and seconds, like 3:45",
  timeSignature: "Time signature must look like 4/4, 3/4, 6/8 or 12/8",
  tagTooLong: "Each tag must be at most 30 characters",
  tooManyTags: "A song can have at most 10 tags",
  notesTooLong: "Notes are too long (at most 2,000 characters)",
  tagSeparator: "A tag can't hold a comma or a semicolon: they separate tags",
  chartUrl: "Chart link must be a web address starting with https:// or http://",
  isrc: "ISRC must be 12 letters and digits, like GBUM71029604",
  musicbrainzId: "MusicBrainz id must be a recording id, like 5b11f4ce-a62d-471e-81fc-a69a8278c7da",
  leadSinger: "Choose a member of the band to sing lead",
} as const;

export type SongInput = SongFacts & {
  notes: string | null;
  chartUrl: string | null;
  leadSingerId: number | null;
  musicbrainzId: string | null;
  isrc: string | null;
};

export const SONG_FIELDS = ["title", "artist", "key", "tempo", "duration", "timeSignature", "tags", "notes", "chartUrl", "leadSingerId", "musicbrainzId", "isrc"] as const;

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};
/** Nothing typed: blank, or invisible characters alone (a zero-width space). */
const blank = (value: string | null | undefined) => visibleOr(value?.trim(), null) === null;
/** Characters as a person counts them (an emoji is one), as the band name's limit counts them: not UTF-16 units. */
const length = (text: string) => Array.from(text).length;

// Each rule takes the text as typed (or undefined) and gives the stored value.
export const rules = {
  title: (value: string | undefined, ctx: Ctx) => {
    const title = value?.trim() ?? "";
    // Invisible characters alone (a zero-width space) are no title.
    if (isInvisible(title)) return fail(ctx, SONG_MESSAGES.titleRequired);
    if (length(title) > 200) return fail(ctx, SONG_MESSAGES.titleTooLong);
    // A NUL or a line break would land raw in the setlist's text, CSV and PDF.
    if (hasUntypeable(title)) return fail(ctx, untypeableMessage("Title"));
    return title;
  },
  artist: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    const artist = value!.trim();
    if (hasUntypeable(artist)) return fail(ctx, untypeableMessage("Artist"));
    return length(artist) > 200 ? fail(ctx, SONG_MESSAGES.artistTooLong) : artist;
  },
  key: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    return parseKey(value!) ?? fail(ctx, SONG_MESSAGES.key);
  },
  tempo: (value: string | number | null | undefined, ctx: Ctx) => {
    if (value === null || value === undefined || (typeof value === "string" && blank(value))) return null;
    const text = String(value).trim();
    if (!/^\d{1,3}$/.test(text)) return fail(ctx, SONG_MESSAGES.tempo);
    const tempo = Number(text);
    return tempo < 20 || tempo > 400 ? fail(ctx, SONG_MESSAGES.tempo) : tempo;
  },
  duration: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    return parseDuration(value!) ?? fail(ctx, SONG_MESSAGES.duration);
  },
  durationSeconds: (value: number | null | undefined, ctx: Ctx) => {
    if (value === null || value === undefined) return null;
    return Number.isInteger(value) && value > 0 && value < 1000 * 60 ? value : fail(ctx, SONG_MESSAGES.duration);
  },
  timeSignature: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    const match = /^(\d{1,2})\s*\/\s*(1|2|4|8|16|32)$/.exec(value!.trim());
    if (!match || Number(match[1]) < 1) return fail(ctx, SONG_MESSAGES.timeSignature);
    return `${Number(match[1])}/${match[2]}`;
  },
  tags: (value: string | string[] | null | undefined, ctx: Ctx) => {
    // The form and the CSV separate tags with commas or semicolons: a listed tag holding
    // one would come back from the form as two.
    if (Array.isArray(value) && value.some((tag) => /[,;]/.test(tag))) return fail(ctx, SONG_MESSAGES.tagSeparator);
    const list = (Array.isArray(value) ? value : (value ?? "").split(/[,;]/)).map((tag) => tag.trim().replace(/\s+/g, " ")).filter(Boolean);
    if (list.some((tag) => hasUntypeable(tag))) return fail(ctx, untypeableMessage("A tag"));
    const unique = [...new Map(list.map((tag) => [tag.toLowerCase(), tag])).values()];
    if (unique.some((tag) => length(tag) > 30)) return fail(ctx, SONG_MESSAGES.tagTooLong);
    if (unique.length > 10) return fail(ctx, SONG_MESSAGES.tooManyTags);
    return unique;
  },
  notes: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    const notes = value!.trim().replace(/\r\n/g, "\n");
    if (hasUntypeable(notes, { multiline: true })) return fail(ctx, untypeableMessage("Notes"));
    return length(notes) > 2000 ? fail(ctx, SONG_MESSAGES.notesTooLong) : notes;
  },
  chartUrl: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    const text = value!.trim();
    try {
      const url = new URL(text);
      if ((url.protocol === "https:" || url.protocol === "http:") && text.length <= 500) return url.href;
    } catch {
      // falls through to the message
    }
    return fail(ctx, SONG_MESSAGES.chartUrl);
  },
  leadSingerId: (value: string | number | null | undefined, ctx: Ctx) => {
    if (value === null || value === undefined || (typeof value === "string" && blank(value))) return null;
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : fail(ctx, SONG_MESSAGES.leadSinger);
  },
  musicbrainzId: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    const id = value!.trim().toLowerCase();
    return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : fail(ctx, SONG_MESSAGES.musicbrainzId);
  },
  isrc: (value: string | null | undefined, ctx: Ctx) => {
    if (blank(value)) return null;
    const isrc = value!.trim().replace(/[-\s]/g, "").toUpperCase();
    return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc) ? isrc : fail(ctx, SONG_MESSAGES.isrc);
  },
};

const text = z.string().optional();

/** The song form: every field as typed; duration as m:ss, tags comma-separated. */
export const SongFormSchema = z.object({
  title: text.transform(rules.title),
  artist: text.transform(rules.artist),
  key: text.transform(rules.key),
  tempo: text.transform(rules.tempo),
  duration: text.transform(rules.duration),
  timeSignature: text.transform(rules.timeSignature),
  tags: text.transform(rules.tags),
  notes: text.transform(rules.notes),
  chartUrl: text.transform(rules.chartUrl),
  leadSingerId: text.transform(rules.leadSingerId),
  musicbrainzId: text.transform(rules.musicbrainzId),
  isrc: text.transform(rules.isrc),
  /** Set by the "Add it anyway" step after a duplicate was flagged. */
  confirmDuplicate: text.transform((value) => value === "yes"),
  /** The edit form's song version (none on the new-song form); not a whole number: 0, which nothing has (refused as stale). */
  version: text.transform((value) => (!value ? undefined : /^\d{1,9}$/.test(value) ? Number(value) : 0)),
});

export function formInput(value: z.infer<typeof SongFormSchema>): SongInput {
  const { duration, confirmDuplicate: _confirm, version: _version, ...rest } = value;
  return { ...rest, durationSeconds: duration };
}

const nullableText = z.string({ error: "Must be text" }).nullable().optional();
/** A title left out is required; one sent as a number or a list is not text. */
const titleText = z.string({ error: textTypeError(SONG_MESSAGES.titleRequired, "Title") });
const nullableNumber = z.number({ error: "Must be a number" }).nullable().optional();

/** Fields of the /api song body; every one optional here (PATCH), title required for POST. */
const apiFields = {
  title: titleText.transform(rules.title),
  artist: nullableText.transform(rules.artist),
  key: nullableText.transform(rules.key),
  tempo: nullableNumber.transform(rules.tempo),
  durationSeconds: nullableNumber.transform(rules.durationSeconds),
  timeSignature: nullableText.transform(rules.timeSignature),
  tags: z.array(z.string({ error: "Must be text" }), { error: "Must be a list of tags" }).nullable().optional().transform(rules.tags),
  notes: nullableText.transform(rules.notes),
  chartUrl: nullableText.transform(rules.chartUrl),
  leadSingerId: nullableNumber.transform(rules.leadSingerId),
  musicbrainzId: nullableText.transform(rules.musicbrainzId),
  isrc: nullableText.transform(rules.isrc),
};

/** POST /api/bands/{id}/songs; `allowDuplicate` adds a song whose title and artist are already there. */
export const SongCreateApiSchema = z.strictObject({ ...apiFields, allowDuplicate: z.boolean({ error: "Must be true or false" }).optional() });

export const SONG_VERSION_MISSING = apiVersionMessages("song", "/api/songs/{id}").missing;

/** PATCH /api/songs/{id}: only the fields sent change. */
export const SongPatchApiSchema = z.strictObject({
  ...apiFields,
  title: apiFields.title.optional(),
  allowDuplicate: z.boolean({ error: "Must be true or false" }).optional(),
  /**
   * The song's version as read: a PATCH made from an older one gets 409. Required, as for
   * events and setlists: without it a client would overwrite a change made meanwhile.
   */
  version: apiVersion("song", "/api/songs/{id}"),
});

export type SongPatch = Partial<SongInput>;

/** What a patch body changes: the keys sent, nothing else. */
export function patchInput(raw: Record<string, unknown>, parsed: z.infer<typeof SongPatchApiSchema>): SongPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(apiFields)) if (key in raw) patch[key] = parsed[key as keyof typeof parsed];
  return patch as SongPatch;
}

/** The library's query string; anything unknown falls back to the default rather than failing the page. */
export const SongListQuerySchema = z.object({
  // A longer search is cut to its first 200 characters (it then matches nothing), never dropped to show every song.
  q: z.string().transform((q) => typeableSearch(q.slice(0, 200))).optional().catch(undefined),
  tag: z.string().max(30).optional().catch(undefined),
  key: z.string().max(10).optional().catch(undefined).transform((value) => (value ? (parseKey(value) ?? undefined) : undefined)),
  sort: z.enum(SONG_SORTS).catch("title").default("title"),
  dir: z.enum(["asc", "desc"]).catch("asc").default("asc"),
  // Past the last page is the last page (as every list does), however far past.
  page: z.coerce.number().int().min(1).catch(1).transform((page) => Math.min(page, 100_000)).default(1),
});

export type SongListQuery = z.infer<typeof SongListQuerySchema>;

export function parseListQuery(params: URLSearchParams): SongListQuery {
  return SongListQuerySchema.parse(Object.fromEntries([...params].filter(([, value]) => value !== "")));
}

/** POST /api/songs/lookup. */
export const LookupApiSchema = z.strictObject({
  title: titleText.transform(rules.title),
  artist: nullableText.transform(rules.artist),
  isrc: nullableText.transform(rules.isrc),
});

/** Any JSON object, as sent (PATCH reads it once, then applies SongPatchApiSchema). */
// parseJsonBody refuses a body that is not an object before any schema (NOT_AN_OBJECT).
export const JsonObject = z.record(z.string(), z.unknown());
