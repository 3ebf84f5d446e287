import { formatDuration } from "../format";
import type { LookupView, PartnerStatus, Suggestion, SuggestionField } from "../lookup-types";
import type { SongFormValues } from "../song-form.server";
import { findTrack, type DeezerTrack } from "./deezer.server";
import { PartnerError, type PartnerFailure } from "./http.server";
import { findRecording, type Recording } from "./musicbrainz.server";

/**
 * "Look up" for the song form and POST /api/songs/lookup: MusicBrainz (title, artist,
 * length, MBID, ISRC) and Deezer (tempo, ISRC) asked side by side, merged into
 * suggestions the user takes field by field. A partner that fails is said so in its
 * status line; the other's suggestions still show and the form goes on.
 */

export const LOOKUP_MESSAGES = {
  needTitle: "Type a title (and the artist, for a better match) to look up.",
  failed: (partner: string, kind: PartnerFailure, status?: number) => {
    switch (kind) {
      case "unreachable":
        return `${partner} could not be reached. Enter the details by hand, or try again later.`;
      case "timeout":
        return `${partner} did not answer in time. Enter the details by hand, or try again later.`;
      case "busy":
        return `${partner} is busy right now. Try again in a minute, or enter the details by hand.`;
      case "garbage":
        return `${partner} sent an answer we could not read. Enter the details by hand.`;
      default:
        return `${partner} answered with an error${status ? ` (HTTP ${status})` : ""}. Enter the details by hand, or try again later.`;
    }
  },
  none: (partner: string, what: string) => `${partner} found nothing for ${what}.`,
  found: (partner: string, title: string, artist: string | null) => `${partner} found “${title}”${artist ? ` by ${artist}` : ""}.`,
} as const;

type Query = { title: string; artist: string | null; isrc: string | null };

function failure(partner: string, error: unknown): PartnerStatus {
  if (error instanceof PartnerError) return { partner, state: "failed", message: LOOKUP_MESSAGES.failed(partner, error.kind, error.status) };
  // A bug of ours must not fail the page either; it is logged.
  console.error(`${partner} look-up failed`, error);
  return { partner, state: "failed", message: LOOKUP_MESSAGES.failed(partner, "error") };
}

async function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

export async function lookupSong(query: Query): Promise<LookupView> {
  const title = query.title.trim();
  if (!title) return { suggestions: [], partners: [{ partner: "Look-up", state: "skipped", message: LOOKUP_MESSAGES.needTitle }] };
  const artist = query.artist?.trim() || null;
  const what = artist ? `“${title}” by ${artist}` : `“${title}”`;

  const [mb, firstDz] = await Promise.all([settle(findRecording(title, artist)), settle(findTrack({ title, artist, isrc: query.isrc }))]);
  let dz = firstDz;
  // MusicBrainz may know the ISRC Deezer's search missed.
  const mbIsrc = mb.ok ? mb.value?.isrc : null;
  if (dz.ok && !dz.value && mbIsrc && mbIsrc !== query.isrc) dz = await settle(findTrack({ title, artist, isrc: mbIsrc }));

  const recording: Recording | null = mb.ok ? mb.value : null;
  const track: DeezerTrack | null = dz.ok ? dz.value : null;
  const partners: PartnerStatus[] = [
    mb.ok
      ? recording
        ? { partner: "MusicBrainz", state: "found", message: LOOKUP_MESSAGES.found("MusicBrainz", recording.title, recording.artist) }
        : { partner: "MusicBrainz", state: "empty", message: LOOKUP_MESSAGES.none("MusicBrainz", what) }
      : failure("MusicBrainz", mb.error),
    dz.ok
      ? track
        ? { partner: "Deezer", state: "found", message: LOOKUP_MESSAGES.found("Deezer", track.title, track.artist) }
        : { partner: "Deezer", state: "empty", message: LOOKUP_MESSAGES.none("Deezer", what) }
      : failure("Deezer", dz.error),
  ];

  const suggestions: Suggestion[] = [];
  const add = (field: SuggestionField, label: string, value: string | null | undefined, source: string, display = value) => {
    if (value) suggestions.push({ field, label, value, display: display ?? value, source });
  };
  const duration = recording?.durationSeconds ?? track?.durationSeconds ?? null;
  add("title", "Title", recording?.title ?? track?.title, recording ? "MusicBrainz" : "Deezer");
  add("artist", "Artist", recording?.artist ?? track?.artist, recording?.artist ? "MusicBrainz" : "Deezer");
  add("duration", "Length", duration ? formatDuration(duration) : null, recording?.durationSeconds ? "MusicBrainz" : "Deezer");
  add("tempo", "Tempo", track?.bpm ? String(track.bpm) : null, "Deezer", track?.bpm ? `${track.bpm} BPM` : undefined);
  add("musicbrainzId", "MusicBrainz id", recording?.mbid, "MusicBrainz");
  add("isrc", "ISRC", recording?.isrc ?? track?.isrc, recording?.isrc ? "MusicBrainz" : "Deezer");
  return { suggestions, partners };
}

/**
 * The song form's look-up, from its query string: with `lookup` the partners are asked
 * for the typed title and artist; `accept=<field>` takes that suggestion into the form,
 * `accept=empty` fills only the fields still empty. Nothing else the user typed changes.
 */
export async function lookupForForm(params: URLSearchParams, typed: SongFormValues): Promise<{ values: SongFormValues; lookup: LookupView | null }> {
  if (!params.has("lookup")) return { values: typed, lookup: null };
  const lookup = await lookupSong({ title: typed.title ?? "", artist: typed.artist ?? null, isrc: isrcOrNull(typed.isrc) });
  const accepted = new Set(params.getAll("accept"));
  const values = { ...typed };
  for (const suggestion of lookup.suggestions) {
    const empty = !(typed[suggestion.field] ?? "").trim();
    if (accepted.has(suggestion.field) || (accepted.has("empty") && empty)) values[suggestion.field] = suggestion.value;
  }
  return { values, lookup };
}

function isrcOrNull(value: string | undefined) {
  const isrc = (value ?? "").replace(/[-\s]/g, "").toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc) ? isrc : null;
}
