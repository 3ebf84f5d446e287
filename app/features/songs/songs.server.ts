import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/utils/db.server";
import { displayName } from "~/utils/names";
import { asTyped } from "~/utils/letters.server";
import { RuleError } from "~/utils/rule-error";
import { track } from "~/features/analytics/analytics.server";
import { grantIn, requireGrant, requireVisibleRow, type BandAccess } from "~/features/bands/access.server";
import { requireUser } from "~/features/auth/auth.server";
import type { Permission } from "~/features/members/permissions";
import { parseId } from "~/utils/ids";
import { formatDate } from "~/utils/dates";
import { playCounts, songInsights, type SongPlays } from "./history.server";
import { SONG_MESSAGES, type SongInput, type SongListQuery, type SongPatch } from "./schema.server";

/**
 * The band's song library: every rule about who sees, adds, changes and deletes a song
 * lives here. The pages, the CSV import/export and /api are thin adapters over it.
 *
 * What each role gets comes from the permission table: "content:view" (a sub holds
 * "booked": only the songs of the setlists of gigs they are booked on, as the setlists
 * they see), "content:edit" to add and change, "content:delete" (a band member holds
 * "own": only songs they added).
 */

export const SONGS_PER_PAGE = 50;

/**
 * The songs the viewer may see: the band's, or for a sub ("booked") those in a setlist
 * linked to an event they are booked on (the setlists features/setlists shows them).
 */
export function visibleSongsWhere(access: BandAccess): Prisma.SongWhereInput {
  if (requireGrant(access, "content:view") !== "booked") return { bandId: access.band.id };
  return { bandId: access.band.id, setlistItems: { some: { setlist: { events: { some: { bookings: { some: { membershipId: access.membership.id } } } } } } } };
}

/**
 * Whether this viewer may see the song: always for a role that sees the library; for a
 * sub, a song of a setlist of a gig they are booked on. The song gates ask it before the
 * permission, so a sub asking to edit or delete a song they cannot see gets the "not found"
 * of an id that does not exist, not a 403 that tells them it is there.
 */
export async function songVisibleTo(access: BandAccess, songId: number) {
  return grantIn(access, "content:view") !== "booked" || (await db.song.count({ where: { id: songId, ...visibleSongsWhere(access) } })) > 0;
}

export const SONG_NOT_FOUND = "Song not found";

/**
 * The one gate for a song named in the URL (its page and /api/songs/{id}): signed in, the
 * song's band through requireBandAccess, and "not found" (what `notFound` makes: the page's
 * or the API's 404) alike for an unknown id, another band's song and one a sub may not see
 * (songVisibleTo); then the permission (403).
 */
export async function requireSongGate(request: Request, idParam: unknown, permission: Permission, notFound: () => unknown) {
  const id = parseId(idParam);
  const bandId = id ? await bandIdOfSong(id) : null;
  if (!id || !bandId) {
    await requireUser(request);
    throw notFound();
  }
  const access = await requireVisibleRow(request, { band: bandId, view: "content:view", permission, notFoundMessage: SONG_NOT_FOUND, visible: (viewer) => songVisibleTo(viewer, id), notFound });
  return { id, access };
}
export const SONG_STALE = "Someone else changed this song while you were editing. Reload to see their changes, then make yours again.";

/** A title or artist folded for search, sort and duplicate checks: lower case, accents and punctuation aside. */
export function fold(text: string | null | undefined) {
  return asTyped(text ?? "")
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Which song a title and artist are, for duplicate checks, as the columns that say it:
 * folded, except that a title or artist of symbols only ("★", "!!!", an emoji), which
 * folds to nothing, counts as written, or every such title would be the same song.
 */
function identityColumns(title: string, artist: string | null | undefined) {
  const [titleKey, artistKey] = [fold(title), fold(artist)];
  return { titleKey, artistKey, ...(titleKey ? {} : { title: title.trim() }), ...(artistKey || !artist?.trim() ? {} : { artist: artist.trim() }) };
}

/** The same identity as one string, for telling songs apart in memory (an import's rows). */
export function songIdentity(title: string, artist: string | null | undefined) {
  const columns = identityColumns(title, artist);
  return JSON.stringify([columns.titleKey, columns.artistKey, columns.title ?? null, columns.artist ?? null]);
}

export type SongAbilities = { view: boolean; bookedOnly: boolean; edit: boolean; delete: "all" | "own" | null };

/** What this member may do in the library, for pages to show or hide buttons. */
export function songAbilities(access: Pick<BandAccess, "membership">): SongAbilities {
  const view = grantIn(access, "content:view");
  const del = grantIn(access, "content:delete");
  return { view: view !== null, bookedOnly: view === "booked", edit: grantIn(access, "content:edit") !== null, delete: del === null ? null : del === "own" ? "own" : "all" };
}

/** The columns of a song as the app shows it (pages, /api, the CSV export). */
export const songSelect = {
  id: true,
  bandId: true,
  title: true,
  artist: true,
  key: true,
  tempo: true,
  durationSeconds: true,
  timeSignature: true,
  notes: true,
  chartUrl: true,
  leadSingerId: true,
  musicbrainzId: true,
  isrc: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  version: true,
  tags: { select: { name: true }, orderBy: { nameKey: "asc" } },
  leadSinger: { select: { id: true, displayName: true, user: { select: { firstName: true, lastName: true, email: true } } } },
} satisfies Prisma.SongSelect;

type SongRecord = Prisma.SongGetPayload<{ select: typeof songSelect }>;

export type Song = Omit<SongRecord, "tags" | "leadSinger"> & { tags: string[]; leadSinger: string | null };

export function toSong(record: SongRecord): Song {
  const { tags, leadSinger, ...rest } = record;
  return {
    ...rest,
    tags: tags.map((tag) => tag.name),
    leadSinger: leadSinger ? displayName({ displayName: leadSinger.displayName, ...leadSinger.user }) : null,
  };
}

function orderBy(query: Pick<SongListQuery, "sort" | "dir">): Prisma.SongOrderByWithRelationInput[] {
  const dir = query.dir;
  const nullsLast = (field: "key" | "tempo" | "durationSeconds" | "timeSignature") => ({ [field]: { sort: dir, nulls: "last" } });
  const then: Prisma.SongOrderByWithRelationInput[] = [{ titleKey: "asc" }, { id: "asc" }];
  switch (query.sort) {
    case "artist":
      return [{ artistKey: dir }, ...then];
    case "key":
      return [nullsLast("key"), ...then];
    case "tempo":
      return [nullsLast("tempo"), ...then];
    case "duration":
      return [nullsLast("durationSeconds"), ...then];
    case "timeSignature":
      return [nullsLast("timeSignature"), ...then];
    case "leadSinger":
      // By the singer's name (their place in the band by name, kept by member-order.server.ts), songs without one last.
      return [{ leadSinger: { nameRank: { sort: dir, nulls: "last" } } }, ...then];
    case "updated":
      return [{ updatedAt: dir }, { id: dir }];
    default:
      return [{ titleKey: dir }, { id: dir }];
  }
}

/**
 * A search of the library, as the library and the setlist editor run it: each word (up to
 * eight), folded, in the title or the artist. A search with nothing but emoji or
 * punctuation matches nothing (no folded title holds them), rather than every song.
 */
export function songSearchWhere(q: string | null | undefined): Prisma.SongWhereInput {
  if (!q?.trim()) return {};
  // A contraction typed with its apostrophe is one word ("I'm" is "im", not "i" and "m"), found as the key spells it.
  const words = fold(q.replace(/(\p{L})['’ʼ](\p{L})/gu, "$1$2")).split(" ").filter(Boolean).slice(0, 8);
  if (!words.length) return { id: { in: [] } };
  return { AND: words.map((word) => ({ OR: spellings(word).flatMap((text) => [{ titleKey: { contains: text } }, { artistKey: { contains: text } }]) })) };
}

/** English contractions' endings: a key keeps "Don't" as "don t". */
const CONTRACTED = ["t", "s", "ll", "re", "ve", "d", "m"];

/**
 * A searched word and, typed without its apostrophe (as phones often are), the contraction
 * it may be: "dont" also finds "Don't", "youre" "You're", "im" "I'm".
 */
function spellings(word: string) {
  // At least two letters before the ending ("as" is no "a s", which half the titles hold), and "im", the I'm a phone types.
  const contracted = CONTRACTED.filter((end) => (word.length > end.length + 1 || word === "im") && word.endsWith(end)).map((end) => `${word.slice(0, -end.length)} ${end}`);
  return [word, ...contracted];
}

function listWhere(bandId: number, query: Pick<SongListQuery, "q" | "tag" | "key">): Prisma.SongWhereInput {
  const where: Prisma.SongWhereInput = { bandId, ...songSearchWhere(query.q) };
  if (query.tag) where.tags = { some: { nameKey: query.tag.trim().toLowerCase() } };
  if (query.key) where.key = query.key;
  return where;
}

export type SongList = {
  bookedOnly: boolean;
  songs: Song[];
  total: number;
  /** Songs in the library whatever the filter, to tell "empty" from "nothing matches". */
  libraryHasSongs: boolean;
  page: number;
  pageCount: number;
  tags: string[];
};

/**
 * One page of the library, searched, filtered and sorted, in a fixed number of queries
 * (a count, the page with its tags and lead singers, and the band's tag list) however
 * many songs the band has.
 */
export async function listSongs(access: BandAccess, query: SongListQuery): Promise<SongList> {
  const bookedOnly = requireGrant(access, "content:view") === "booked";
  const bandId = access.band.id;
  const visible = visibleSongsWhere(access);
  const filters = listWhere(bandId, query);
  // Any search or filter, the match-nothing search of only emoji included (songSearchWhere).
  const filtered = Boolean(query.q?.trim() || filters.tags || filters.key);
  const where: Prisma.SongWhereInput = { ...filters, ...visible };
  const [total, tagRows] = await Promise.all([
    db.song.count({ where }),
    // A sub's tag filter offers only the tags of the songs they see.
    db.songTag.findMany({ where: bookedOnly ? { bandId, song: visible } : { bandId }, distinct: ["nameKey"], select: { name: true, nameKey: true }, orderBy: { nameKey: "asc" } }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / SONGS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const records = total
    ? await db.song.findMany({ where, select: songSelect, orderBy: orderBy(query), skip: (page - 1) * SONGS_PER_PAGE, take: SONGS_PER_PAGE })
    : [];
  return {
    bookedOnly,
    songs: records.map(toSong),
    total,
    libraryHasSongs: total > 0 || (filtered ? (await db.song.count({ where: visible, take: 1 })) > 0 : false),
    page,
    pageCount,
    tags: tagRows.map((tag) => tag.name),
  };
}

/** The band a song belongs to (null: no such song), for the gate of routes named by a song id. */
export async function bandIdOfSong(songId: number) {
  return (await db.song.findUnique({ where: { id: songId }, select: { bandId: true } }))?.bandId ?? null;
}

/** One song of the band as this member may see it; another band's (or an unknown id) is a 404. */
export async function getSong(access: BandAccess, songId: number): Promise<Song> {
  // Another band's song, or for a sub one of no gig they are booked on: not found.
  const record = await db.song.findFirst({ where: { id: songId, ...visibleSongsWhere(access) }, select: songSelect });
  if (!record) throw new RuleError(404, SONG_NOT_FOUND);
  return toSong(record);
}

/** The band's members, for the lead singer select: id and display name, by name. */
export async function leadSingerOptions(access: BandAccess) {
  const rows = await db.bandMembership.findMany({
    where: { bandId: access.band.id },
    select: { id: true, displayName: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  return rows.map((row) => ({ id: row.id, name: displayName({ displayName: row.displayName, ...row.user }) })).sort((a, b) => a.name.localeCompare(b.name));
}

async function checkLeadSinger(bandId: number, leadSingerId: number | null | undefined) {
  if (!leadSingerId) return;
  const found = await db.bandMembership.findFirst({ where: { id: leadSingerId, bandId }, select: { id: true } });
  if (!found) throw new RuleError(400, SONG_MESSAGES.leadSinger, "leadSingerId");
}

export function duplicateMessage(title: string, artist: string | null) {
  return `${artist ? `“${title}” by ${artist}` : `“${title}”`} is already in the library.`;
}

/** A song of the band that is the same song (identityColumns), other than `exceptId`. */
export async function findDuplicate(bandId: number, title: string, artist: string | null, exceptId?: number, tx: Prisma.TransactionClient = db) {
  return tx.song.findFirst({
    where: { bandId, ...identityColumns(title, artist), ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true, title: true, artist: true },
  });
}

/** Thrown when a song would duplicate one already there and the caller did not confirm. */
export class DuplicateSongError extends RuleError {
  constructor(readonly existing: { id: number; title: string; artist: string | null }) {
    super(409, `${duplicateMessage(existing.title, existing.artist)} Add it anyway, or change the title or artist.`, "title");
    this.apiMessage = `${duplicateMessage(existing.title, existing.artist)} Send "allowDuplicate": true to keep it anyway, or change the title or artist.`;
  }
}

function columns(input: SongPatch) {
  const data: Prisma.SongUncheckedUpdateInput = {};
  for (const [field, value] of Object.entries(input)) {
    if (field === "tags" || value === undefined) continue;
    (data as Record<string, unknown>)[field] = value;
  }
  if (input.title !== undefined) data.titleKey = fold(input.title);
  if (input.artist !== undefined) data.artistKey = fold(input.artist);
  return data;
}

export function tagRows(bandId: number, tags: string[]) {
  return tags.map((name) => ({ bandId, name, nameKey: name.toLowerCase() }));
}

/**
 * Adds a song. A song with the same title and artist already in the library is refused
 * (409, DuplicateSongError) unless `allowDuplicate`: the form asks first.
 */
export async function createSong(access: BandAccess, input: SongInput, { allowDuplicate = false } = {}): Promise<Song> {
  requireGrant(access, "content:edit");
  const bandId = access.band.id;
  await checkLeadSinger(bandId, input.leadSingerId);
  const { tags, ...fields } = input;
  // The check and the insert in one transaction (a writer's, on SQLite): two adds of the
  // same song at once, from two tabs or two app processes, make one song.
  const record = await db.$transaction(async (tx) => {
    if (!allowDuplicate) {
      const existing = await findDuplicate(bandId, input.title, input.artist, undefined, tx);
      if (existing) throw new DuplicateSongError(existing);
    }
    return tx.song.create({
      data: { ...fields, bandId, titleKey: fold(input.title), artistKey: fold(input.artist), createdById: access.user.id, tags: { create: tagRows(bandId, tags) } },
      select: songSelect,
    });
  });
  await track("add_song_to_library", { userId: access.user.id, bandId, props: { source: "form" } });
  return toSong(record);
}

/** Changes the fields given; a change that makes it a duplicate of another song is refused unless `allowDuplicate`. */
/**
 * Changes the fields given. `version` (the one the form or client read) makes it refuse
 * with 409 when someone else saved the song since, rather than overwrite their change.
 */
export async function updateSong(access: BandAccess, songId: number, input: SongPatch, { allowDuplicate = false, version }: { allowDuplicate?: boolean; version?: number } = {}): Promise<Song> {
  requireGrant(access, "content:edit");
  const bandId = access.band.id;
  const current = await db.song.findFirst({ where: { id: songId, bandId }, select: songSelect });
  if (!current) throw new RuleError(404, SONG_NOT_FOUND);
  // Saved unchanged (a form sent again, a client's PATCH of what is there): no write and no
  // new version, so another person's open edit is not refused for a change that never happened.
  if (changesNothing(current, input)) {
    if (version !== undefined && version !== current.version) throw new RuleError(409, SONG_STALE);
    return toSong(current);
  }
  await checkLeadSinger(bandId, input.leadSingerId);
  if (!allowDuplicate && (input.title !== undefined || input.artist !== undefined)) {
    const existing = await findDuplicate(bandId, input.title ?? current.title, input.artist === undefined ? current.artist : input.artist, songId);
    if (existing) throw new DuplicateSongError(existing);
  }
  const record = await db.$transaction(async (tx) => {
    // The version first: a stale edit changes nothing, tags included.
    const { count } = await tx.song.updateMany({ where: { id: songId, bandId, ...(version === undefined ? {} : { version }) }, data: { version: { increment: 1 } } });
    if (!count) throw new RuleError(409, SONG_STALE);
    if (input.tags) {
      await tx.songTag.deleteMany({ where: { songId } });
      await tx.songTag.createMany({ data: tagRows(bandId, input.tags).map((row) => ({ ...row, songId })) });
    }
    // Tags live in their own table: a change of tags alone still marks the song as updated.
    return tx.song.update({ where: { id: songId }, data: { ...columns(input), ...(input.tags ? { updatedAt: new Date() } : {}) }, select: songSelect });
  });
  return toSong(record);
}

/** Whether `input` would leave the song as it is: every field given already has that value (tags in any order). */
function changesNothing(current: SongRecord, input: SongPatch) {
  return Object.entries(input).every(([field, value]) => {
    if (value === undefined) return true;
    if (field === "tags") return JSON.stringify(current.tags.map((tag) => tag.name).sort()) === JSON.stringify([...(value as string[])].sort());
    return (current as Record<string, unknown>)[field] === value;
  });
}

/**
 * Where a song is in the library as it first opens (by title, 50 a page): the page, the
 * row's anchor and ?added= (the row is marked), so "Song added" lands where the new song
 * is, not on page 1.
 */
export async function libraryPlace(bandId: number, song: { id: number; title: string }) {
  const titleKey = fold(song.title);
  const before = await db.song.count({ where: { bandId, OR: [{ titleKey: { lt: titleKey } }, { titleKey, id: { lt: song.id } }] } });
  const page = Math.floor(before / SONGS_PER_PAGE) + 1;
  return `/bands/${bandId}/songs?${page > 1 ? `page=${page}&` : ""}added=${song.id}#song-${song.id}`;
}

/** Deletes a song: anyone with "content:delete", a band member only songs they added. */
export async function deleteSong(access: BandAccess, songId: number) {
  const grant = requireGrant(access, "content:delete");
  const song = await db.song.findFirst({ where: { id: songId, bandId: access.band.id }, select: { id: true, title: true, artist: true, key: true, durationSeconds: true, createdById: true } });
  if (!song) throw new RuleError(404, SONG_NOT_FOUND);
  if (grant === "own" && song.createdById !== access.user.id) throw new RuleError(403, "You can delete only the songs you added");
  // Setlists keep what the song was (their items lose the link, SetNull): they still print
  // it, and the performance report still lists it at the gigs it was played at.
  await db.$transaction([
    db.setlistItem.updateMany({ where: { songId: song.id }, data: { removedTitle: song.title, removedArtist: song.artist, removedSeconds: song.durationSeconds, removedKey: song.key } }),
    db.song.delete({ where: { id: song.id } }),
  ]);
  return { title: song.title };
}

/** May this member delete this song? For showing the button. */
export function mayDeleteSong(access: BandAccess, song: Pick<Song, "createdById">) {
  const grant = grantIn(access, "content:delete");
  return grant === true || (grant === "own" && song.createdById === access.user.id);
}

/** The JSON shape of a song in /api. */
export function songJson(song: Song) {
  return {
    id: song.id,
    bandId: song.bandId,
    title: song.title,
    artist: song.artist,
    key: song.key,
    tempo: song.tempo,
    durationSeconds: song.durationSeconds,
    timeSignature: song.timeSignature,
    tags: song.tags,
    notes: song.notes,
    chartUrl: song.chartUrl,
    leadSingerId: song.leadSingerId,
    leadSinger: song.leadSinger,
    musicbrainzId: song.musicbrainzId,
    isrc: song.isrc,
    createdAt: song.createdAt.toISOString(),
    updatedAt: song.updatedAt.toISOString(),
    /** Send it back with a PATCH to be told (409) when someone else changed the song since. */
    version: song.version,
  };
}

/**
 * The library page's data for /songs and /bands/{id}/songs: the band, what the member
 * may do, the query as understood, and one page of songs.
 */
export async function songLibraryPage(access: BandAccess, query: SongListQuery, now = new Date()) {
  const [list, { plays, timeZone }] = await Promise.all([listSongs(access, query), playCounts(access, now)]);
  const insights = await songInsights(access, plays, now);
  const date = (at: Date | null) => (at ? formatDate(at, timeZone) : null);
  const played = (play: SongPlays) => ({ timesPlayed: play.timesPlayed, lastPlayed: date(play.lastPlayedAt) });
  return {
    band: { id: access.band.id, name: access.band.name },
    abilities: songAbilities(access),
    query: { q: query.q ?? "", tag: query.tag ?? "", key: query.key ?? "", sort: query.sort, dir: query.dir },
    ...list,
    songs: list.songs.map((song) => ({ ...song, ...played(plays.get(song.id) ?? { timesPlayed: 0, lastPlayedAt: null }) })),
    insights: insights && {
      mostPlayed: insights.mostPlayed.map((song) => ({ id: song.id, title: song.title, artist: song.artist, ...played(song) })),
      notPlayedForAWhile: insights.notPlayedForAWhile.map((song) => ({ id: song.id, title: song.title, artist: song.artist, ...played(song) })),
    },
  };
}
