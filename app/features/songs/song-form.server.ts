import { parseWithZod } from "~/utils/submission";
import type { SubmissionResult } from "@conform-to/react";
import type { BandAccess } from "~/features/bands/access.server";
import { replyWithRuleError, RuleError } from "~/utils/rule-error";
import { formatDuration } from "./format";
import { SONG_FIELDS, SongFormSchema, formInput } from "./schema.server";
import { DuplicateSongError, createSong, libraryPlace, updateSong, type Song } from "./songs.server";
import { newSubmissionKey, RefusedSave, savedOnce } from "~/utils/form-submission.server";
import type { ToastInput } from "~/utils/toast.server";
import { lookupForForm } from "./partners/lookup.server";

/**
 * The song form's server side, shared by /songs/new and /songs/{id}/edit: the values a
 * form starts from, and a submission parsed with conform and saved through the area
 * module. The browser gets only the SubmissionResult (no zod in the client bundle).
 */

export type SongFormValues = Partial<Record<(typeof SONG_FIELDS)[number], string>>;

export function songFormValues(song: Song): SongFormValues {
  return {
    title: song.title,
    artist: song.artist ?? "",
    key: song.key ?? "",
    tempo: song.tempo ? String(song.tempo) : "",
    duration: formatDuration(song.durationSeconds),
    timeSignature: song.timeSignature ?? "",
    tags: song.tags.join(", "),
    notes: song.notes ?? "",
    chartUrl: song.chartUrl ?? "",
    leadSingerId: song.leadSingerId ? String(song.leadSingerId) : "",
    musicbrainzId: song.musicbrainzId ?? "",
    isrc: song.isrc ?? "",
  };
}

/** The values a look-up (a GET of the form) carried in its query string. */
export function formValuesFromQuery(params: URLSearchParams): SongFormValues {
  const values: SongFormValues = {};
  for (const field of SONG_FIELDS) {
    const value = params.get(field);
    if (value !== null) values[field] = value.slice(0, 2000);
  }
  return values;
}

/**
 * "Look up" and each "Use …" post the form (a GET carried everything typed in its address:
 * 2,000 characters of notes in Japanese made an 18 KB address, past what servers and
 * proxies take, and put the notes in access logs).
 */
export function isLookupSubmission(formData: FormData) {
  return formData.get("intent") === "lookup" || formData.has("accept");
}

/**
 * The partners' suggestions for a posted form, with everything typed kept (a "Use …" pressed
 * puts its suggestion in), and the version the form was opened at, so a later save is
 * still checked against it.
 */
export async function lookupFromForm(formData: FormData) {
  const params = new URLSearchParams({ lookup: "1" });
  for (const field of [...SONG_FIELDS, "accept"] as const) {
    for (const value of formData.getAll(field)) if (typeof value === "string") params.append(field, value);
  }
  const version = formData.get("version");
  const { values, lookup } = await lookupForForm(params, formValuesFromQuery(params));
  return { lookedUp: { values, lookup, ...(typeof version === "string" && /^\d{1,9}$/.test(version) ? { version: Number(version) } : {}) } };
}

export type SongFormReply = {
  result: SubmissionResult<string[]>;
  duplicate: { id: number; title: string; artist: string | null } | null;
  stale?: boolean;
  /** The add form's next one-time key (addSongOnce): a refused form is sent again with it. */
  submissionKey?: string;
};

/**
 * Saves the submitted song (new when `songId` is absent). Invalid input, a refusal or
 * an unconfirmed duplicate comes back as the form's reply with its status; success
 * returns the saved song.
 */
export const NO_VERSION = "Reload the song and try again: the form did not say which version it changes.";

export async function submitSongForm(access: BandAccess, formData: FormData, songId?: number): Promise<{ song: Song } | { reply: SongFormReply; status: number }> {
  const submission = parseWithZod(formData, { schema: SongFormSchema });
  if (submission.status !== "success") return { reply: { result: submission.reply(), duplicate: null }, status: 400 };
  // An edit says which version it changes (the page's form always does): without one it
  // could only be saved over whatever someone else saved since.
  if (songId && submission.value.version === undefined) return { reply: { result: submission.reply({ formErrors: [NO_VERSION] }), duplicate: null }, status: 400 };
  const options = { allowDuplicate: submission.value.confirmDuplicate, version: submission.value.version };
  try {
    const input = formInput(submission.value);
    const song = songId ? await updateSong(access, songId, input, options) : await createSong(access, input, options);
    return { song };
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    const duplicate = error instanceof DuplicateSongError ? error.existing : null;
    // Someone else saved first: the page offers to load the song as it is now.
    return { reply: { result, duplicate, ...(status === 409 && !duplicate ? { stale: true } : {}) }, status };
  }
}

/**
 * The add form, saved once per rendered form (its `submissionKey`): a double submit (two
 * taps without JavaScript, a resend on a bad connection, two processes) adds one song, and
 * the second post goes where the first went ("Already recorded"), rather than answering
 * "already in the library" about the song just added, whose "Add it anyway" made a copy.
 * A refusal comes back with a fresh key for the form's next send.
 */
export async function addSongOnce(access: BandAccess, formData: FormData): Promise<{ location: string; toast: ToastInput } | { reply: SongFormReply; status: number }> {
  type Refusal = { reply: SongFormReply; status: number };
  try {
    return await savedOnce(formData, access.user.id, `/bands/${access.band.id}/songs`, async () => {
      const outcome = await submitSongForm(access, formData);
      if ("reply" in outcome) throw new RefusedSave<Refusal>(outcome);
      // To the page that holds it, the row marked (the library opens sorted by title, 50 a page).
      return { location: await libraryPlace(access.band.id, outcome.song), toast: { title: "Song added", description: `${outcome.song.title} is in the library of ${access.band.name}.` } };
    });
  } catch (error) {
    if (error instanceof RefusedSave) {
      const { reply, status } = (error as RefusedSave<Refusal>).reply;
      return { reply: { ...reply, submissionKey: newSubmissionKey() }, status };
    }
    // The key was used for other values (the person went back and changed the form).
    if (!(error instanceof RuleError)) throw error;
    const { result, status } = replyWithRuleError(parseWithZod(formData, { schema: SongFormSchema }), error);
    return { reply: { result, duplicate: null, submissionKey: newSubmissionKey() }, status };
  }
}
