import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/utils/db.server";
import { grantIn, type BandAccess } from "~/features/bands/access.server";

/**
 * What the band actually plays, from its own history: the setlists linked to its past
 * gigs (not cancelled). A song counts once per gig whose setlist holds it, however many
 * times it appears there. Each function runs a fixed number of queries whatever the size
 * of the band's library or history. Only for members who see the whole library (a sub's
 * "booked" grant gets none).
 */

/** A song not played at a gig for this long shows under "Not played for a while". */
export const STALE_DAYS = 180;
/** How many songs each list of the insights shows. */
export const INSIGHT_SIZE = 5;

export type SongPlays = { timesPlayed: number; lastPlayedAt: Date | null };

const pastGigs = (bandId: number, now: Date): Prisma.EventWhereInput => ({ bandId, kind: "gig", cancelledAt: null, startsAt: { lt: now }, setlistId: { not: null } });

function seesHistory(access: BandAccess) {
  const grant = grantIn(access, "content:view");
  return grant !== null && grant !== "booked";
}

/**
 * Times played and last played for every song the band has played at a past gig, and
 * the band's time zone to show the dates in (the access already holds it). Two
 * statements: the past gigs, then the song items of their setlists by setlist id (an
 * index lookup; asking for items "whose setlist has a past gig" made SQLite test every
 * item of the band, the slowest statement of /songs).
 */
export async function playCounts(access: BandAccess, now = new Date()): Promise<{ plays: Map<number, SongPlays>; timeZone: string }> {
  const plays = new Map<number, SongPlays>();
  if (!seesHistory(access)) return { plays, timeZone: "UTC" };
  const gigs = await db.event.findMany({ where: pastGigs(access.band.id, now), select: { startsAt: true, setlistId: true } });
  const setlistIds = [...new Set(gigs.map((gig) => gig.setlistId!))];
  // Run even with no gigs, so the library's query count does not depend on its history.
  const items = await db.setlistItem.findMany({
    where: { setlistId: { in: setlistIds.length ? setlistIds : [-1] }, songId: { not: null }, setlist: { bandId: access.band.id } },
    select: { setlistId: true, songId: true },
  });
  const songsOf = new Map<number, Set<number>>();
  for (const item of items) {
    const songs = songsOf.get(item.setlistId) ?? new Set<number>();
    songs.add(item.songId!);
    songsOf.set(item.setlistId, songs);
  }
  for (const gig of gigs) {
    for (const songId of songsOf.get(gig.setlistId!) ?? []) {
      const entry = plays.get(songId) ?? { timesPlayed: 0, lastPlayedAt: null };
      entry.timesPlayed++;
      if (!entry.lastPlayedAt || gig.startsAt > entry.lastPlayedAt) entry.lastPlayedAt = gig.startsAt;
      plays.set(songId, entry);
    }
  }
  return { plays, timeZone: access.band.timeZone };
}

/** The library's insights: the most played songs, and those played before but not for STALE_DAYS, oldest first. */
export async function songInsights(access: BandAccess, plays: Map<number, SongPlays>, now = new Date()) {
  if (!seesHistory(access)) return null;
  const entries = [...plays.entries()];
  const most = entries.sort((a, b) => b[1].timesPlayed - a[1].timesPlayed || b[1].lastPlayedAt!.getTime() - a[1].lastPlayedAt!.getTime() || a[0] - b[0]).slice(0, INSIGHT_SIZE);
  const staleBefore = now.getTime() - STALE_DAYS * 86_400_000;
  const stale = entries
    .filter(([, play]) => play.lastPlayedAt!.getTime() < staleBefore)
    .sort((a, b) => a[1].lastPlayedAt!.getTime() - b[1].lastPlayedAt!.getTime() || a[0] - b[0])
    .slice(0, INSIGHT_SIZE);
  const ids = [...new Set([...most, ...stale].map(([id]) => id))];
  // Run even with no history, so the library's query count does not depend on it.
  const songs = await db.song.findMany({ where: { id: { in: ids.length ? ids : [-1] }, bandId: access.band.id }, select: { id: true, title: true, artist: true } });
  if (plays.size === 0) return null;
  const byId = new Map(songs.map((song) => [song.id, song]));
  const row = ([id, play]: [number, SongPlays]) => ({ id, title: byId.get(id)?.title ?? "", artist: byId.get(id)?.artist ?? null, ...play });
  return { mostPlayed: most.map(row), notPlayedForAWhile: stale.map(row) };
}

/** One song's history: how often and when it was last played, and the latest gigs it was played at. */
export async function songHistory(access: BandAccess, songId: number, now = new Date()) {
  if (!seesHistory(access)) return null;
  const band = await db.band.findUnique({
    where: { id: access.band.id },
    select: {
      timeZone: true,
      events: {
        where: { ...pastGigs(access.band.id, now), setlist: { items: { some: { songId } } } },
        orderBy: [{ startsAt: "desc" }, { id: "desc" }],
        select: { id: true, title: true, startsAt: true, venueName: true },
      },
    },
  });
  const gigs = band?.events ?? [];
  return { timeZone: band?.timeZone ?? "UTC", timesPlayed: gigs.length, lastPlayedAt: gigs[0]?.startsAt ?? null, gigs: gigs.slice(0, 10) };
}

/**
 * The songs played the last time the band played this event's venue (its latest earlier
 * gig at a venue of the same name with a setlist), by title, so a residency does not
 * repeat itself. Two queries for any event (none found for an event without a venue, or
 * not a gig), so the event page's count stays fixed.
 */
export async function lastTimeAtVenue(access: BandAccess, event: { id: number; kind: string; venueName: string | null; startsAt: Date }, now = new Date()) {
  const asks = seesHistory(access) && event.kind === "gig" && Boolean(event.venueName);
  const before = event.startsAt < now ? event.startsAt : now;
  const previous = await db.event.findFirst({
    where: asks ? { ...pastGigs(access.band.id, before), id: { not: event.id }, venueName: event.venueName } : { id: -1 },
    orderBy: [{ startsAt: "desc" }, { id: "desc" }],
    select: { id: true, title: true, startsAt: true, setlistId: true },
  });
  // No gig before: a lookup by id that finds nothing (the same statements every time), not a
  // search of every song of the band for items of no setlist (5,000 of them in a large band).
  const songs = await db.song.findMany({
    where: previous?.setlistId ? { bandId: access.band.id, setlistItems: { some: { setlistId: previous.setlistId } } } : { id: -1 },
    orderBy: [{ titleKey: "asc" }, { id: "asc" }],
    select: { id: true, title: true, artist: true },
  });
  return previous ? { event: { id: previous.id, title: previous.title, startsAt: previous.startsAt }, songs } : null;
}
