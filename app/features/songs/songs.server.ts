import { db } from "~/utils/db.server";
import { pageOfList } from "~/utils/pagination";

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export const SONGS_PER_PAGE = 100;

/** The band's song library, by title as a person sorts it (case and accents aside). */
export async function listSongs(bandId: number) {
  // SQL's binary order is nearly the collator's, so the sort below does little work.
  const songs = await db.song.findMany({ where: { bandId }, orderBy: [{ title: "asc" }, { id: "asc" }], select: { id: true, title: true, artist: true } });
  return songs.sort((a, b) => byTitle.compare(a.title, b.title) || a.id - b.id);
}

/**
 * One page of the library (`?page=`), so a band with thousands of songs never renders
 * them all. Sorted by the collator, which SQL cannot do portably, so the page is cut
 * from the sorted list: one query either way.
 */
export async function listSongsPage(bandId: number, requestedPage: number) {
  const { items, ...page } = pageOfList(await listSongs(bandId), requestedPage, SONGS_PER_PAGE);
  return { songs: items, page };
}
