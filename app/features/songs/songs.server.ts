import { db } from "~/utils/db.server";
import { pageOfList } from "~/utils/pagination";
import { requireGrant, type BandAccess } from "~/features/bands/access.server";

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export const SONGS_PER_PAGE = 100;

/**
 * The band's song library as this member may see it, by title as a person sorts it (case
 * and accents aside). A sub ("booked") sees only the songs of gigs they are booked on,
 * and nobody is booked on anything yet.
 */
export async function listSongs(access: BandAccess) {
  if (requireGrant(access, "content:view") === "booked") return { bookedOnly: true, songs: [] };
  // SQL's binary order is nearly the collator's, so the sort below does little work.
  const songs = await db.song.findMany({ where: { bandId: access.band.id }, orderBy: [{ title: "asc" }, { id: "asc" }], select: { id: true, title: true, artist: true } });
  return { bookedOnly: false, songs: songs.sort((a, b) => byTitle.compare(a.title, b.title) || a.id - b.id) };
}

/**
 * One page of the library (`?page=`), so a band with thousands of songs never renders
 * them all. Sorted by the collator, which SQL cannot do portably, so the page is cut
 * from the sorted list: one query either way.
 */
export async function listSongsPage(access: BandAccess, requestedPage: number) {
  const { bookedOnly, songs } = await listSongs(access);
  const { items, ...page } = pageOfList(songs, requestedPage, SONGS_PER_PAGE);
  return { bookedOnly, songs: items, page };
}
