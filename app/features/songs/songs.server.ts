import { db } from "~/utils/db.server";

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The band's song library, by title as a person sorts it (case and accents aside). */
export async function listSongs(bandId: number) {
  const songs = await db.song.findMany({ where: { bandId }, select: { id: true, title: true, artist: true } });
  return songs.sort((a, b) => byTitle.compare(a.title, b.title) || a.id - b.id);
}
