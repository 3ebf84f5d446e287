import { db } from "~/utils/db.server";
import { requireGrant, type BandAccess } from "~/features/bands/access.server";

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The band's song library as this member may see it, by title as a person sorts it (case
 * and accents aside). A sub ("booked") sees only the songs of gigs they are booked on,
 * and nobody is booked on anything yet.
 */
export async function listSongs(access: BandAccess) {
  if (requireGrant(access, "content:view") === "booked") return { bookedOnly: true, songs: [] };
  const songs = await db.song.findMany({ where: { bandId: access.band.id }, select: { id: true, title: true, artist: true } });
  return { bookedOnly: false, songs: songs.sort((a, b) => byTitle.compare(a.title, b.title) || a.id - b.id) };
}
