/**
 * What the song library's browser code and its server code both name, kept free of zod
 * (and of anything server-only) so the library component can import it: the facts a
 * song row shows and the form and CSV write, and the sorts the library page accepts.
 */

/** A song's musical facts as stored. */
export type SongFacts = {
  title: string;
  artist: string | null;
  key: string | null;
  tempo: number | null;
  durationSeconds: number | null;
  timeSignature: string | null;
  tags: string[];
};

export const SONG_SORTS = ["title", "artist", "key", "tempo", "duration", "timeSignature", "leadSinger", "updated"] as const;
export type SongSort = (typeof SONG_SORTS)[number];
