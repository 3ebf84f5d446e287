import { z } from "zod";
import { fold } from "../songs.server";
import { cached } from "./cache.server";
import { partnerConfig } from "./config.server";
import { getJson, PartnerError } from "./http.server";
import { waitForSlot } from "./rate.server";

/**
 * Deezer's public API (https://developers.deezer.com/api): the track object
 * (GET /track/{id}, or GET /track/isrc:{ISRC}) carries `bpm` (0 when unknown), `isrc`
 * and `duration` in seconds; GET /search?q=artist:"…" track:"…" finds tracks. Errors come
 * as HTTP 200 with an `error` object: code 800 is "no data", code 4 the quota (50
 * requests per 5 seconds, which rate.server.ts keeps us under across processes).
 */

const ErrorSchema = z.object({ error: z.object({ code: z.number().optional(), message: z.string().optional(), type: z.string().optional() }) });
const TrackSchema = z.object({
  id: z.number(),
  title: z.string(),
  duration: z.number().optional(),
  bpm: z.number().optional(),
  isrc: z.string().optional(),
  artist: z.object({ name: z.string() }).optional(),
});
const SearchSchema = z.object({ data: z.array(z.object({ id: z.number(), title: z.string(), artist: z.object({ name: z.string() }).optional() })) });

export type DeezerTrack = { id: number; title: string; artist: string | null; bpm: number | null; isrc: string | null; durationSeconds: number | null };

const NO_DATA = 800;
const QUOTA = 4;

/** One call: the parsed body, null for Deezer's "no data", PartnerError otherwise. */
async function call<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
  if (!(await waitForSlot("deezer"))) throw new PartnerError("busy");
  const json = await getJson(`${partnerConfig().deezerBaseUrl}${path}`);
  const error = ErrorSchema.safeParse(json);
  if (error.success) {
    if (error.data.error.code === NO_DATA) return null;
    throw new PartnerError(error.data.error.code === QUOTA ? "busy" : "error");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new PartnerError("garbage");
  return parsed.data;
}

function toTrack(track: z.infer<typeof TrackSchema>): DeezerTrack {
  return {
    id: track.id,
    title: track.title,
    artist: track.artist?.name ?? null,
    bpm: track.bpm && track.bpm >= 20 && track.bpm <= 400 ? Math.round(track.bpm) : null,
    isrc: track.isrc && /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(track.isrc) ? track.isrc : null,
    durationSeconds: track.duration && track.duration > 0 ? track.duration : null,
  };
}

async function byIsrc(isrc: string) {
  const track = await call(`/track/isrc:${encodeURIComponent(isrc)}`, TrackSchema);
  return track ? toTrack(track) : null;
}

async function bySearch(title: string, artist: string | null) {
  const q = artist ? `artist:"${artist.replace(/"/g, "")}" track:"${title.replace(/"/g, "")}"` : `track:"${title.replace(/"/g, "")}"`;
  const found = await call(`/search?q=${encodeURIComponent(q)}&limit=5`, SearchSchema);
  const hits = found?.data ?? [];
  const hit = hits.find((candidate) => fold(candidate.title) === fold(title)) ?? hits[0];
  if (!hit) return null;
  // The search result has no bpm: the track object does.
  const track = await call(`/track/${hit.id}`, TrackSchema);
  return track ? toTrack(track) : null;
}

/** The track for an ISRC when one is known, else by searching artist and title. */
export async function findTrack({ title, artist, isrc }: { title: string; artist: string | null; isrc: string | null }): Promise<DeezerTrack | null> {
  if (isrc) {
    const track = await cached("deezer", `isrc:${isrc}`, () => byIsrc(isrc));
    if (track) return track;
  }
  return cached("deezer", `search:${fold(title)}|${fold(artist)}`, () => bySearch(title, artist));
}
