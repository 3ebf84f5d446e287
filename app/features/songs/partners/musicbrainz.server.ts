import { z } from "zod";
import { fold } from "../songs.server";
import { cached } from "./cache.server";
import { partnerConfig } from "./config.server";
import { getJson, PartnerError } from "./http.server";
import { waitForSlot } from "./rate.server";

/**
 * MusicBrainz recording search (https://musicbrainz.org/doc/MusicBrainz_API/Search):
 * GET /ws/2/recording?query=…&fmt=json gives `recordings`, each with its MBID (`id`),
 * `title`, `length` in milliseconds (may be missing), `artist-credit` and, when known,
 * `isrcs`. At most one request a second across all our processes (rate.server.ts).
 */

const RecordingSchema = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  title: z.string(),
  score: z.number().optional(),
  length: z.number().nullable().optional(),
  "artist-credit": z.array(z.object({ name: z.string(), joinphrase: z.string().optional() })).optional(),
  isrcs: z.array(z.string()).optional(),
});
const SearchSchema = z.object({ recordings: z.array(z.unknown()) });

export type Recording = { mbid: string; title: string; artist: string | null; durationSeconds: number | null; isrc: string | null };

function phrase(text: string) {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

async function search(title: string, artist: string | null): Promise<Recording[]> {
  const query = artist ? `recording:${phrase(title)} AND artist:${phrase(artist)}` : `recording:${phrase(title)}`;
  if (!(await waitForSlot("musicbrainz"))) throw new PartnerError("busy");
  const json = await getJson(`${partnerConfig().musicbrainzBaseUrl}/recording?query=${encodeURIComponent(query)}&fmt=json&limit=10`);
  const parsed = SearchSchema.safeParse(json);
  if (!parsed.success) throw new PartnerError("garbage");
  // One odd recording is skipped, not the whole answer.
  return parsed.data.recordings.flatMap((raw) => {
    const recording = RecordingSchema.safeParse(raw);
    if (!recording.success) return [];
    const { id, title: name, length, isrcs } = recording.data;
    const credit = recording.data["artist-credit"];
    return [
      {
        mbid: id,
        title: name,
        artist: credit?.length ? credit.map((part) => `${part.name}${part.joinphrase ?? ""}`).join("").trim() : null,
        durationSeconds: length && length > 0 ? Math.round(length / 1000) : null,
        isrc: isrcs?.find((code) => /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(code)) ?? null,
      },
    ];
  });
}

/**
 * The recording that best fits the title and artist: among those MusicBrainz ranks
 * first, one whose title is the same (folded), preferring one with a length and ISRC.
 */
export async function findRecording(title: string, artist: string | null): Promise<Recording | null> {
  const recordings = await cached("musicbrainz", `recording:${fold(title)}|${fold(artist)}`, () => search(title, artist));
  const sameTitle = recordings.filter((recording) => fold(recording.title) === fold(title));
  const pool = sameTitle.length ? sameTitle : recordings;
  return pool.find((r) => r.durationSeconds && r.isrc) ?? pool.find((r) => r.durationSeconds) ?? pool[0] ?? null;
}
