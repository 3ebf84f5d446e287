import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { track } from "~/features/analytics/analytics.server";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { songSearchWhere } from "~/features/songs/songs.server";
import { formatDuration, formatSetLength } from "~/features/songs/format";
import { keyLabel } from "~/features/songs/keys";
import { formatDate } from "~/utils/dates";

/**
 * Setlists: sets (Set 1, Set 2, Encore) holding songs and breaks, each in dense, unique
 * positions from 0. Every change goes through `saveLayout` with the version the editor
 * read: the version moves on by one per save and a save from an older one is refused
 * (409), so two people editing at once never overwrite each other. A sub ("booked")
 * sees only the setlists linked to events they are booked on, read-only, and of those
 * events only the ones they are booked on.
 */

export const SETLIST_NOT_FOUND = "Setlist not found";
export const MAX_SETS = 10;
export const MAX_ITEMS = 200;

export const SETLIST_MESSAGES = {
  stale: "Someone else changed this setlist since you opened it. Reload to see their changes, then make yours again.",
  missingItem: "The new order leaves out some of the setlist’s items. Reload the setlist and try again.",
  duplicateItem: "The new order has the same item more than once. Reload the setlist and try again.",
  foreignItem: "The new order has an item that is not in this setlist.",
  /** One item moved, removed or noted: its id is not one of this setlist's. */
  notThisSetlistsItem: "That item is not in this setlist.",
  missingSet: "The new order leaves out one of the setlist’s sets. Reload the setlist and try again.",
  duplicateSet: "The new order has the same set more than once.",
  setNameTaken: (name: string) => `Another set is already called “${name}”: give each set a name of its own.`,
  foreignSet: "That set is not in this setlist.",
  foreignSong: "That song is not in the band’s library.",
  changeType: "An item cannot turn from a song into a break or back: leave out its id to add a new one instead.",
  noSets: "A setlist needs at least one set.",
  tooManySets: `A setlist can have at most ${MAX_SETS} sets.`,
  tooManyItems: `A setlist can have at most ${MAX_ITEMS} songs and breaks.`,
  deleteOwn: "You can delete only the setlists you created",
  pastGig: "Choose a past gig that has a setlist",
} as const;

export type LayoutItem = { id?: number; songId?: number | null; isBreak?: boolean; breakSeconds?: number | null; note?: string | null };
export type LayoutSet = { id?: number; name: string; items: LayoutItem[] };

const itemSelect = {
  id: true,
  position: true,
  isBreak: true,
  breakSeconds: true,
  note: true,
  songId: true,
  song: { select: { id: true, title: true, artist: true, key: true, tempo: true, durationSeconds: true } },
  removedTitle: true,
  removedArtist: true,
  removedSeconds: true,
  removedKey: true,
} as const;

const setlistSelect = {
  id: true,
  bandId: true,
  name: true,
  notes: true,
  targetSetSeconds: true,
  version: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  sets: { orderBy: { position: "asc" }, select: { id: true, name: true, position: true, items: { orderBy: { position: "asc" }, select: itemSelect } } },
} as const;

function seesSetlists(access: BandAccess) {
  return requireGrant(access, "content:view") !== "booked";
}

/** The events a viewer may see of a setlist's links: all of the band's, or a sub's own bookings. */
function visibleEventsWhere(access: BandAccess): Prisma.EventWhereInput {
  return seesSetlists(access) ? {} : { bookings: { some: { membershipId: access.membership.id } } };
}

/** Setlists the viewer may see: the band's, or for a sub those linked to an event they are booked on. */
function visibleSetlistsWhere(access: BandAccess): Prisma.SetlistWhereInput {
  return { bandId: access.band.id, ...(seesSetlists(access) ? {} : { events: { some: visibleEventsWhere(access) } }) };
}

/** Whether this viewer may see the setlist (a sub: one of a gig they are booked on); asked by its gate before the permission, as songVisibleTo is. */
export async function setlistVisibleTo(access: BandAccess, setlistId: number) {
  return seesSetlists(access) || (await db.setlist.count({ where: { id: setlistId, ...visibleSetlistsWhere(access) } })) > 0;
}

/** The events a setlist is linked to (the viewer's visible ones), latest first: at most `take`. */
const linkedEventsSelect = (access: BandAccess, take = 50) =>
  ({
    where: visibleEventsWhere(access),
    orderBy: [{ startsAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, title: true, kind: true, startsAt: true, venueName: true, cancelledAt: true },
  }) satisfies Prisma.Setlist$eventsArgs;

/** Seconds an item takes on stage: a break its own length, a song its length (0 when unknown; a song since removed from the library, the length it had). */
type TimedItem = { isBreak: boolean; breakSeconds: number | null; song: { durationSeconds: number | null } | null; removedSeconds?: number | null };

export function itemSeconds(item: TimedItem) {
  return item.isBreak ? (item.breakSeconds ?? 0) : (item.song?.durationSeconds ?? item.removedSeconds ?? 0);
}

/** A song of no stored length: it adds nothing to a total, which then says so. */
export function lengthUnknown(item: TimedItem) {
  return !item.isBreak && !(item.song?.durationSeconds ?? item.removedSeconds);
}

/**
 * An item's song as the setlist shows it: the library's, or for a song deleted since, what
 * it was (its title, artist, key and length, kept by deleteSong) with `removed` set; null for a
 * break, or a song removed before its details were kept.
 */
function shownSong<T extends { isBreak: boolean; song: { id: number; title: string; artist: string | null; key: string | null; tempo: number | null; durationSeconds: number | null } | null; removedTitle: string | null; removedArtist: string | null; removedSeconds: number | null; removedKey: string | null }>(item: T) {
  if (item.song) return { ...item.song, removed: false };
  if (item.isBreak || item.removedTitle === null) return null;
  return { id: null, title: item.removedTitle, artist: item.removedArtist, key: item.removedKey, tempo: null, durationSeconds: item.removedSeconds, removed: true };
}

/**
 * The band's setlists as this member may see them, newest first, each with its length
 * (songs and breaks), song count and up to `linkedEvents` of its events (the page shows
 * the latest one, the API up to 50), in a fixed number of queries.
 */
export async function listSetlists(access: BandAccess, { linkedEvents = 50 } = {}) {
  // The band's time zone comes with the access: the setlists are one query of their own.
  const setlists = await db.setlist.findMany({
    where: visibleSetlistsWhere(access),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      name: true,
      createdAt: true,
      items: { select: { isBreak: true, breakSeconds: true, removedSeconds: true, song: { select: { durationSeconds: true } } } },
      events: linkedEventsSelect(access, linkedEvents),
    },
  });
  return {
    bookedOnly: !seesSetlists(access),
    timeZone: access.band.timeZone,
    setlists: setlists.map(({ items, ...setlist }) => ({
      ...setlist,
      songCount: items.filter((item) => !item.isBreak).length,
      seconds: items.reduce((sum, item) => sum + itemSeconds(item), 0),
      unknownSongs: items.filter(lengthUnknown).length,
      withBreaks: breaksIn(items),
    })),
  };
}

/** A show's length says "with breaks" only when it has some (the editor, the list, the dashboard, the PDF). */
export const breaksIn = (items: { isBreak: boolean }[]) => (items.some((item) => item.isBreak) ? " with breaks" : "");

/** The band a setlist belongs to, for the gate; null when there is no such setlist. */
export async function bandIdOfSetlist(setlistId: number) {
  const setlist = await db.setlist.findUnique({ where: { id: setlistId }, select: { bandId: true } });
  return setlist?.bandId ?? null;
}

/**
 * A setlist of the band with its sets and items, running totals per set and for the
 * show, which sets run over the target, and the events it is linked to; null for another
 * band's setlist, an unknown id, or for a sub a setlist of no event they are booked on.
 */
export async function getSetlist(access: BandAccess, setlistId: number) {
  const setlist = await db.setlist.findFirst({ where: { id: setlistId, ...visibleSetlistsWhere(access) }, select: { ...setlistSelect, events: linkedEventsSelect(access) } });
  if (!setlist) return null;
  let showSeconds = 0;
  let showUnknown = 0;
  const sets = setlist.sets.map((set) => {
    // A set lasts until its last song: a break after it is the interval before the next
    // set, counted in the show's length but not in the set's, nor against its target.
    let running = 0;
    let playing = 0;
    let unknownSoFar = 0;
    const items = set.items.map((item) => {
      running += itemSeconds(item);
      if (!item.isBreak) playing = running;
      if (lengthUnknown(item)) unknownSoFar++;
      // The running time is a floor once a song of no length came before (or is this one).
      return { ...item, song: shownSong(item), seconds: itemSeconds(item), runningSeconds: running, runningUnknown: unknownSoFar > 0 };
    });
    showSeconds += running;
    const overBy = setlist.targetSetSeconds && playing > setlist.targetSetSeconds ? playing - setlist.targetSetSeconds : 0;
    showUnknown += unknownSoFar;
    return { ...set, items, seconds: playing, showRunningSeconds: showSeconds, overBy, songCount: items.filter((item) => !item.isBreak).length, unknownSongs: unknownSoFar, showUnknownSongs: showUnknown };
  });
  return {
    ...setlist,
    // The gate read the band already: its name and time zone cost no statement here.
    band: { name: access.band.name, timeZone: access.band.timeZone },
    sets,
    seconds: showSeconds,
    songCount: sets.reduce((sum, set) => sum + set.songCount, 0),
    unknownSongs: showUnknown,
    withBreaks: breaksIn(sets.flatMap((set) => set.items)),
    mayDelete: mayDeleteSetlist(access, setlist),
    mayEdit: grantIn(access, "content:edit") !== null,
  };
}
export type SetlistView = NonNullable<Awaited<ReturnType<typeof getSetlist>>>;

/** May this member delete this setlist? A band member only the ones they created. */
export function mayDeleteSetlist(access: BandAccess, setlist: { createdById: string | null }) {
  const grant = grantIn(access, "content:delete");
  return grant === true || (grant === "own" && setlist.createdById === access.user.id);
}

async function requireSetlist(access: BandAccess, setlistId: number) {
  const setlist = await db.setlist.findFirst({ where: { id: setlistId, bandId: access.band.id }, select: { id: true, name: true, createdById: true, version: true } });
  if (!setlist) throw new RuleError(404, SETLIST_NOT_FOUND);
  return setlist;
}

/**
 * The setlist, as of `version`: a change made on an older one (naming an item someone else
 * has removed since) is stale (409), not "not in this setlist". The version is claimed
 * again, race-safe, when the change is saved (claimVersion).
 */
async function requireSetlistAt(access: BandAccess, setlistId: number, version: number) {
  if ((await requireSetlist(access, setlistId)).version !== version) throw new RuleError(409, SETLIST_MESSAGES.stale);
}

/** A new setlist with one empty set ("Set 1"). */
export async function createSetlist(access: BandAccess, input: { name: string; notes?: string | null; targetSetSeconds?: number | null; sets?: string[] }) {
  requireGrant(access, "content:edit");
  const names = input.sets?.length ? input.sets : ["Set 1"];
  for (const [s, name] of names.entries()) if (names.findIndex((other) => nameKey(other) === nameKey(name)) !== s) throw new RuleError(400, SETLIST_MESSAGES.setNameTaken(name.trim()), `sets.${s}`);
  if (names.length > MAX_SETS) throw new RuleError(400, SETLIST_MESSAGES.tooManySets);
  const setlist = await db.setlist.create({
    data: {
      bandId: access.band.id,
      name: input.name,
      notes: input.notes ?? null,
      targetSetSeconds: input.targetSetSeconds ?? null,
      createdById: access.user.id,
      sets: { create: names.map((name, position) => ({ name, position })) },
    },
    select: { id: true, name: true, version: true },
  });
  await track("create_setlist", { userId: access.user.id, bandId: access.band.id, props: { source: "new" } });
  return setlist;
}

/** Claims the next version inside a transaction; a save from an older version is refused (409). */
async function claimVersion(tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], access: BandAccess, setlistId: number, version: number) {
  const claimed = await tx.setlist.updateMany({ where: { id: setlistId, bandId: access.band.id, version }, data: { version: { increment: 1 } } });
  if (claimed.count === 1) return;
  const exists = await tx.setlist.count({ where: { id: setlistId, bandId: access.band.id } });
  throw exists ? new RuleError(409, SETLIST_MESSAGES.stale) : new RuleError(404, SETLIST_NOT_FOUND);
}

export type SetlistDetails = { name?: string; notes?: string | null; targetSetSeconds?: number | null };

/** Name, notes and target set length. */
export async function updateSetlistDetails(access: BandAccess, setlistId: number, version: number, input: SetlistDetails) {
  requireGrant(access, "content:edit");
  return db.$transaction(async (tx) => {
    await claimVersion(tx, access, setlistId, version);
    return tx.setlist.update({ where: { id: setlistId }, data: input, select: { id: true, name: true, version: true } });
  });
}

/**
 * A copy's name: "<name> (copy)", or "(copy 2)", "(copy 3)"… when the band has that one
 * already (a copy of a copy counts from its original's name), the name cut short so the
 * suffix always fits the 120 characters a name may have. One query.
 */
async function copyName(client: Pick<typeof db, "setlist">, bandId: number, name: string) {
  const base = name.replace(/ \(copy(?: \d+)?\)$/, "");
  const taken = new Set((await client.setlist.findMany({ where: { bandId, name: { startsWith: base.slice(0, 100) } }, select: { name: true } })).map((row) => row.name));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? " (copy)" : ` (copy ${n})`;
    // Cut short, never through an emoji (half of its pair).
    const candidate = `${base.slice(0, 120 - suffix.length).replace(/[\uD800-\uDBFF]$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A copy with every set, song, break and note, named "<name> (copy)" (see copyName) unless a name is given. */
export async function duplicateSetlist(access: BandAccess, setlistId: number, name?: string, source: "duplicate" | "gig" = "duplicate") {
  requireGrant(access, "content:edit");
  const original = await getSetlist(access, setlistId);
  if (!original) throw new RuleError(404, SETLIST_NOT_FOUND);
  const copy = await db.$transaction(async (tx) => {
    const created = await tx.setlist.create({
      data: { bandId: access.band.id, name: (name ?? (await copyName(tx, access.band.id, original.name))).slice(0, 120), notes: original.notes, targetSetSeconds: original.targetSetSeconds, createdById: access.user.id },
      select: { id: true, name: true, version: true },
    });
    for (const set of original.sets) {
      await tx.setlistSet.create({
        data: {
          setlistId: created.id,
          name: set.name,
          position: set.position,
          items: {
            create: set.items.map((item, position) => ({
              setlistId: created.id,
              position,
              isBreak: item.isBreak,
              songId: item.songId,
              breakSeconds: item.breakSeconds,
              note: item.note,
              // A song deleted from the library since: the copy keeps what it was, too.
              removedTitle: item.removedTitle,
              removedArtist: item.removedArtist,
              removedSeconds: item.removedSeconds,
              removedKey: item.removedKey,
            })),
          },
        },
      });
    }
    return created;
  });
  await track("create_setlist", { userId: access.user.id, bandId: access.band.id, props: { source } });
  return copy;
}

/** How many past gigs "Build from a previous gig" offers. */
export const PAST_GIG_CHOICES = 50;

const pastGigWhere = (access: BandAccess, now: Date): Prisma.EventWhereInput => ({ bandId: access.band.id, setlistId: { not: null }, cancelledAt: null, startsAt: { lt: now } });

/** The band's past events that have a setlist, latest first: what a new setlist can be built from. None for a viewer who may not edit. */
export async function pastGigsWithSetlists(access: BandAccess, now = new Date()) {
  if (grantIn(access, "content:edit") === null) return [];
  return db.event.findMany({
    where: pastGigWhere(access, now),
    orderBy: [{ startsAt: "desc" }, { id: "desc" }],
    take: PAST_GIG_CHOICES,
    select: { id: true, title: true, startsAt: true, venueName: true },
  });
}

/**
 * "Build from a previous gig": a new setlist with the sets, songs, breaks and notes of
 * the setlist a past event of the band was played from, named `name` or after the gig.
 */
export async function setlistFromPastGig(access: BandAccess, eventId: number, name: string | null, { field = "eventId", now = new Date() } = {}) {
  requireGrant(access, "content:edit");
  const event = await db.event.findFirst({ where: { id: eventId, ...pastGigWhere(access, now) }, select: { title: true, startsAt: true, setlistId: true, band: { select: { timeZone: true } } } });
  if (!event?.setlistId) throw new RuleError(400, SETLIST_MESSAGES.pastGig, field);
  return duplicateSetlist(access, event.setlistId, name || `${event.title}, ${formatDate(event.startsAt, event.band.timeZone)}`, "gig");
}

/** Deletes a setlist: anyone with "content:delete", a band member only the ones they created. */
export async function deleteSetlist(access: BandAccess, setlistId: number) {
  requireGrant(access, "content:delete");
  const setlist = await requireSetlist(access, setlistId);
  if (!mayDeleteSetlist(access, setlist)) throw new RuleError(403, SETLIST_MESSAGES.deleteOwn);
  await db.setlist.delete({ where: { id: setlist.id } });
  return { name: setlist.name };
}

/** The setlist's current layout: its sets in order, each with its items in order. */
function currentLayout(setlistId: number) {
  return db.setlistSet.findMany({
    where: { setlistId },
    orderBy: { position: "asc" },
    select: { id: true, name: true, items: { orderBy: { position: "asc" }, select: { id: true, songId: true, isBreak: true, breakSeconds: true, note: true } } },
  });
}

/**
 * Writes a new layout for the setlist in one transaction, after claiming the version.
 * Sets and items with an id must be this setlist's and appear once; new ones have no id;
 * songs must be in the band's library. An existing song item given another `songId` (the
 * API's whole-setlist PUT) takes that song, checked like a new one; an item never turns
 * from a song into a break or back. `strict` (a reorder) also refuses a layout that
 * leaves out an existing set or item; otherwise (the API's whole-setlist PUT, a removal)
 * what is left out is deleted. Positions are rewritten dense from 0 in each set.
 */
export async function saveLayout(
  access: BandAccess,
  setlistId: number,
  version: number,
  sets: LayoutSet[],
  { strict = true, details, nameField }: { strict?: boolean; details?: SetlistDetails; nameField?: string } = {},
) {
  requireGrant(access, "content:edit");
  await requireSetlistAt(access, setlistId, version);
  // Each refusal names the part of the layout it is about (the API's `errors` map, by the
  // PUT body's paths: `sets`, `sets.1.id`, `sets.0.items.3.songId`).
  if (!sets.length) throw new RuleError(400, SETLIST_MESSAGES.noSets, "sets");
  if (sets.length > MAX_SETS) throw new RuleError(400, SETLIST_MESSAGES.tooManySets, "sets");
  if (sets.reduce((sum, set) => sum + set.items.length, 0) > MAX_ITEMS) throw new RuleError(400, SETLIST_MESSAGES.tooManyItems, "sets");

  const existing = await currentLayout(setlistId);
  const existingSetIds = new Set(existing.map((set) => set.id));
  const existingNames = new Map(existing.map((set) => [set.id, set.name]));
  const existingItems = new Map(existing.flatMap((set) => set.items.map((item) => [item.id, item] as const)));

  // Two sets of one name make "Move to set" and the printed pages ambiguous. Only a name
  // given or changed here is checked: a setlist saved with two before is not locked.
  // (A reorder names sets by id alone: a blank name is the set's own.) A form naming one
  // set says under which field (`nameField`).
  const names = sets.map((set) => set.name || (set.id !== undefined ? (existingNames.get(set.id) ?? "") : ""));
  for (const [s, set] of sets.entries()) {
    if (set.id !== undefined && existingNames.get(set.id) === names[s]) continue;
    if (names.some((other, o) => o !== s && nameKey(other) === nameKey(names[s]!))) throw new RuleError(400, SETLIST_MESSAGES.setNameTaken(names[s]!.trim()), nameField ?? `sets.${s}.name`);
  }

  const seenSets = new Set<number>();
  const seenItems = new Set<number>();
  for (const [s, set] of sets.entries()) {
    if (set.id !== undefined) {
      if (!existingSetIds.has(set.id)) throw new RuleError(400, SETLIST_MESSAGES.foreignSet, `sets.${s}.id`);
      if (seenSets.has(set.id)) throw new RuleError(400, SETLIST_MESSAGES.duplicateSet, `sets.${s}.id`);
      seenSets.add(set.id);
    }
    for (const [i, item] of set.items.entries()) {
      if (item.id === undefined) continue;
      if (!existingItems.has(item.id)) throw new RuleError(400, SETLIST_MESSAGES.foreignItem, `sets.${s}.items.${i}.id`);
      if (seenItems.has(item.id)) throw new RuleError(400, SETLIST_MESSAGES.duplicateItem, `sets.${s}.items.${i}.id`);
      seenItems.add(item.id);
    }
  }
  if (strict) {
    if (seenSets.size !== existingSetIds.size) throw new RuleError(400, SETLIST_MESSAGES.missingSet, "sets");
    if (seenItems.size !== existingItems.size) throw new RuleError(400, SETLIST_MESSAGES.missingItem, "sets");
  }
  // An existing item keeps what it is (song or break); a song item may be given another song.
  const songChanged = (item: LayoutItem) => item.id !== undefined && typeof item.songId === "number" && item.songId !== existingItems.get(item.id)!.songId;
  /** The new or changed songs, by id, with the first place each is named (for the error's path). */
  const songPaths = new Map<unknown, string>();
  for (const [s, set] of sets.entries()) {
    for (const [i, item] of set.items.entries()) {
      if (item.id !== undefined) {
        const before = existingItems.get(item.id)!;
        if ((before.isBreak && typeof item.songId === "number") || (!before.isBreak && item.isBreak)) throw new RuleError(400, SETLIST_MESSAGES.changeType, `sets.${s}.items.${i}`);
      }
      if ((item.id === undefined && !item.isBreak) || songChanged(item)) {
        if (typeof item.songId !== "number") throw new RuleError(400, SETLIST_MESSAGES.foreignSong, `sets.${s}.items.${i}.songId`);
        if (!songPaths.has(item.songId)) songPaths.set(item.songId, `sets.${s}.items.${i}.songId`);
      }
    }
  }
  const songIds = [...songPaths.keys()] as number[];

  const added = await db.$transaction(async (tx) => {
    await claimVersion(tx, access, setlistId, version);
    // The songs are the band's, read under the write lock: one deleted by another request
    // (or process) a moment before is refused here, not by the foreign key below (a 500).
    if (songIds.length) {
      const found = await tx.song.findMany({ where: { id: { in: songIds }, bandId: access.band.id }, select: { id: true } });
      if (found.length !== songIds.length) {
        const known = new Set(found.map((song) => song.id));
        throw new RuleError(400, SETLIST_MESSAGES.foreignSong, songPaths.get(songIds.find((id) => !known.has(id))));
      }
    }
    if (details && Object.keys(details).length) await tx.setlist.update({ where: { id: setlistId }, data: details });
    // Out of the way first: unique (set, position) pairs hold after every statement.
    for (const set of existing) await tx.setlistSet.update({ where: { id: set.id }, data: { position: -set.id } });
    for (const item of existingItems.values()) await tx.setlistItem.update({ where: { id: item.id }, data: { position: -item.id } });
    let added = 0;
    for (const [setPosition, set] of sets.entries()) {
      const setId =
        set.id ?? (await tx.setlistSet.create({ data: { setlistId, name: set.name, position: setPosition }, select: { id: true } })).id;
      // A reorder names sets by id alone: a blank name keeps the set's own.
      if (set.id !== undefined) await tx.setlistSet.update({ where: { id: setId }, data: { name: set.name || existingNames.get(set.id)!, position: setPosition } });
      for (const [position, item] of set.items.entries()) {
        if (item.id !== undefined) {
          const before = existingItems.get(item.id)!;
          await tx.setlistItem.update({
            where: { id: item.id },
            data: {
              setId,
              position,
              songId: songChanged(item) ? item.songId! : before.songId,
              // Another song of the library in its place: what a deleted one was no longer applies.
              ...(songChanged(item) ? { removedTitle: null, removedArtist: null, removedSeconds: null, removedKey: null } : {}),
              note: item.note === undefined ? before.note : item.note,
              breakSeconds: before.isBreak && item.breakSeconds !== undefined ? item.breakSeconds : before.breakSeconds,
            },
          });
        } else {
          await tx.setlistItem.create({
            data: {
              setlistId,
              setId,
              position,
              isBreak: !!item.isBreak,
              songId: item.isBreak ? null : item.songId!,
              breakSeconds: item.isBreak ? (item.breakSeconds ?? 0) : null,
              note: item.note ?? null,
            },
          });
          if (!item.isBreak) added++;
        }
      }
    }
    const removedItems = [...existingItems.keys()].filter((id) => !seenItems.has(id));
    if (removedItems.length) await tx.setlistItem.deleteMany({ where: { id: { in: removedItems } } });
    const removedSets = [...existingSetIds].filter((id) => !seenSets.has(id));
    if (removedSets.length) await tx.setlistSet.deleteMany({ where: { id: { in: removedSets } } });
    return added;
  });
  if (added) await track("add_song_to_setlist", { userId: access.user.id, bandId: access.band.id, props: { count: added } });
  return { version: version + 1 };
}

/** The setlist's layout, changed by `change`, saved with `version` (a reorder unless `strict` is false). */
async function changeLayout(
  access: BandAccess,
  setlistId: number,
  version: number,
  change: (layout: Layout) => LayoutSet[],
  options?: { strict?: boolean; nameField?: string },
) {
  requireGrant(access, "content:edit");
  await requireSetlistAt(access, setlistId, version);
  const current = await currentLayout(setlistId);
  const before = JSON.stringify(current);
  const next = change(current);
  // Nothing moved (the first song up, the last one down): no write and no new version, so
  // another tab's next change is not refused for a change that never happened.
  if (JSON.stringify(next) === before) return null;
  return saveLayout(access, setlistId, version, next, options);
}

type Layout = (Omit<LayoutSet, "items"> & { items: LayoutItem[] })[];

function findItem(layout: Layout, itemId: number) {
  for (const [setIndex, set] of layout.entries()) {
    const index = set.items.findIndex((item) => item.id === itemId);
    if (index >= 0) return { setIndex, index };
  }
  throw new RuleError(400, SETLIST_MESSAGES.notThisSetlistsItem);
}

/**
 * Moves an item one place up or down; past the top of a set it goes to the end of the
 * set before, past the bottom to the start of the next (so the buttons alone can carry
 * a song anywhere). At the very top or bottom nothing moves.
 */
export async function moveItem(access: BandAccess, setlistId: number, version: number, itemId: number, direction: "up" | "down", keep: { note?: string | null } = {}) {
  let place = null as ItemPlace;
  const saved = await changeLayout(access, setlistId, version, (layout) => {
    const { setIndex, index } = findItem(layout, itemId);
    Object.assign(layout[setIndex]!.items[index]!, keep);
    const items = layout[setIndex]!.items;
    const [item] = items.splice(index, 1);
    const target = direction === "up" ? index - 1 : index + 1;
    if (target >= 0 && target <= items.length) items.splice(target, 0, item!);
    else if (direction === "up" && setIndex > 0) layout[setIndex - 1]!.items.push(item!);
    else if (direction === "down" && setIndex < layout.length - 1) layout[setIndex + 1]!.items.unshift(item!);
    else items.splice(index, 0, item!);
    place = placeOf(layout, itemId);
    return layout;
  });
  // Nothing moved (the first song up, the last one down): nothing to say but that.
  return saved ? place : null;
}

/**
 * Where an item is after a move: its place in its set, the set's length, and the set's
 * name when the setlist has more than one; null when nothing moved. The editor says it
 * after the Up, Down and Move buttons (a toast, read out), which otherwise change the
 * order in silence.
 */
type ItemPlace = { place: number; of: number; set: string | null } | null;

function placeOf(layout: Layout, itemId: number): ItemPlace {
  const { setIndex, index } = findItem(layout, itemId);
  return { place: index + 1, of: layout[setIndex]!.items.length, set: layout.length > 1 ? layout[setIndex]!.name : null };
}

/** Moves an item to the end of another set of the same setlist. */
export async function moveItemToSet(access: BandAccess, setlistId: number, version: number, itemId: number, setId: number, keep: { note?: string | null } = {}) {
  let place = null as ItemPlace;
  const saved = await changeLayout(access, setlistId, version, (layout) => {
    const target = layout.find((set) => set.id === setId);
    if (!target) throw new RuleError(400, SETLIST_MESSAGES.foreignSet);
    const { setIndex, index } = findItem(layout, itemId);
    Object.assign(layout[setIndex]!.items[index]!, keep);
    const [item] = layout[setIndex]!.items.splice(index, 1);
    target.items.push(item!);
    place = placeOf(layout, itemId);
    return layout;
  });
  return saved ? place : null;
}

/** Adds songs of the library (in the order given) or a break to the end of a set (the first set when none is named). */
export async function addItems(access: BandAccess, setlistId: number, version: number, setId: number | null, items: LayoutItem[]) {
  /** The songs added that the setlist already held (a band may play one twice: added, and told). */
  let repeated: number[] = [];
  await changeLayout(
    access,
    setlistId,
    version,
    (layout) => {
      const held = new Set(layout.flatMap((set) => set.items.map((item) => item.songId)));
      repeated = [...new Set(items.flatMap((item) => (typeof item.songId === "number" && held.has(item.songId) ? [item.songId] : [])))];
      if (!layout.length) return [{ name: "Set 1", items }];
      const target = setId === null ? layout[0] : layout.find((set) => set.id === setId);
      if (!target) throw new RuleError(400, SETLIST_MESSAGES.foreignSet);
      target.items.push(...items.map(({ id: _id, ...item }) => item));
      return layout;
    },
    { strict: false },
  );
  return { repeated };
}

/**
 * Takes an item out of the setlist. Returns where the editor goes on from: the item that
 * took its place (or the one before it, at the end of a set), else its set.
 */
export async function removeItem(access: BandAccess, setlistId: number, version: number, itemId: number) {
  let after = "";
  await changeLayout(
    access,
    setlistId,
    version,
    (layout) => {
      const { setIndex, index } = findItem(layout, itemId);
      const set = layout[setIndex]!;
      set.items.splice(index, 1);
      const neighbour = set.items[index] ?? set.items[index - 1];
      after = neighbour?.id ? `item-${neighbour.id}` : set.id ? `set-${set.id}` : "";
      return layout;
    },
    { strict: false },
  );
  return after;
}

/** An item's note (and a break's length). */
export function updateItem(access: BandAccess, setlistId: number, version: number, itemId: number, change: { note?: string | null; breakSeconds?: number | null }) {
  return changeLayout(access, setlistId, version, (layout) => {
    const { setIndex, index } = findItem(layout, itemId);
    Object.assign(layout[setIndex]!.items[index]!, change);
    return layout;
  });
}

/** A set's name as two sets may not share it ("Set 1" and " set 1" are one). */
const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/** Adds a set at the end: "Set N", or "Encore" when asked. */
export function addSet(access: BandAccess, setlistId: number, version: number, name?: string) {
  return changeLayout(access, setlistId, version, (layout) => [...layout, { name: name || nextSetName(layout), items: [] }], { strict: false, nameField: "setName" });
}

/** "Set N" after the sets there are, or the next number no set is called yet (after Set 2 was removed from three: Set 4, not a second Set 3). */
function nextSetName(layout: { name: string }[]) {
  const taken = new Set(layout.map((set) => set.name.trim().toLowerCase()));
  let number = layout.length + 1;
  while (taken.has(`set ${number}`)) number++;
  return `Set ${number}`;
}

/** Renames a set ("Set 2" → "Acoustic set"). */
export function renameSet(access: BandAccess, setlistId: number, version: number, setId: number, name: string) {
  return changeLayout(access, setlistId, version, (layout) => {
    const target = layout.find((set) => set.id === setId);
    if (!target) throw new RuleError(400, SETLIST_MESSAGES.foreignSet);
    target.name = name;
    return layout;
  }, { nameField: "setName" });
}

/** Removes a set and everything in it; the last set stays. */
export function removeSet(access: BandAccess, setlistId: number, version: number, setId: number) {
  return changeLayout(
    access,
    setlistId,
    version,
    (layout) => {
      if (!layout.some((set) => set.id === setId)) throw new RuleError(400, SETLIST_MESSAGES.foreignSet);
      return layout.filter((set) => set.id !== setId);
    },
    { strict: false },
  );
}

/** The band's songs matching a search (title or artist), for the editor's "Add songs". */
export async function searchSongsForSetlist(access: BandAccess, query: string, take = 20) {
  if (!seesSetlists(access)) return [];
  return db.song.findMany({
    where: { bandId: access.band.id, ...songSearchWhere(query) },
    orderBy: [{ titleKey: "asc" }, { id: "asc" }],
    take,
    select: { id: true, title: true, artist: true, key: true, durationSeconds: true },
  });
}

/** An event a setlist is linked to, as /api shows it. */
export function linkedEventJson(event: SetlistView["events"][number]) {
  return { id: event.id, title: event.title, kind: event.kind, startsAt: event.startsAt.toISOString(), venueName: event.venueName, cancelled: event.cancelledAt !== null };
}

/** The whole setlist as /api returns it. */
export function setlistJson(setlist: SetlistView) {
  return {
    id: setlist.id,
    bandId: setlist.bandId,
    name: setlist.name,
    notes: setlist.notes,
    targetSetSeconds: setlist.targetSetSeconds,
    version: setlist.version,
    durationSeconds: setlist.seconds,
    songCount: setlist.songCount,
    createdAt: setlist.createdAt.toISOString(),
    updatedAt: setlist.updatedAt.toISOString(),
    events: setlist.events.map(linkedEventJson),
    sets: setlist.sets.map((set) => ({
      id: set.id,
      name: set.name,
      durationSeconds: set.seconds,
      overTargetSeconds: set.overBy,
      items: set.items.map((item) => ({
        id: item.id,
        type: item.isBreak ? ("break" as const) : ("song" as const),
        songId: item.songId,
        title: item.isBreak ? "Break" : (item.song?.title ?? null),
        artist: item.song?.artist ?? null,
        key: item.song?.key ?? null,
        durationSeconds: item.seconds,
        note: item.note,
        /** A song deleted from the library since: its title, artist and length as they were. */
        removedFromLibrary: !item.isBreak && item.songId === null,
      })),
    })),
  };
}

/**
 * The setlist as plain text to paste into a group chat: each set with its songs
 * numbered, keys and notes (unless left out), breaks, and the lengths. Tracked as an export.
 */
export async function setlistText(access: BandAccess, setlistId: number, { keys = true, notes = true } = {}) {
  const setlist = await getSetlist(access, setlistId);
  if (!setlist) return null;
  const lines = [`${setlist.name} — ${setlist.band.name}`, ""];
  for (const set of setlist.sets) {
    lines.push(`${set.name} (${set.songCount === 1 ? "1 song" : `${set.songCount} songs`}, ${formatSetLength(set.seconds, set.unknownSongs)})`);
    let number = 0;
    for (const item of set.items) {
      // One line each, whatever a note holds (notes saved before they were one-line could hold line breaks).
      const note = notes && item.note ? ` — ${item.note.replace(/\s+/g, " ")}` : "";
      if (item.isBreak) {
        lines.push(`   Break${item.breakSeconds ? ` ${formatDuration(item.breakSeconds)}` : ""}${note}`);
        continue;
      }
      const details = [keys && item.song?.key ? keyLabel(item.song.key) : null, item.song?.durationSeconds ? formatDuration(item.song.durationSeconds) : null].filter(Boolean).join(", ");
      const title = item.song ? `${item.song.title}${item.song.artist ? ` — ${item.song.artist}` : ""}` : "(song removed from the library)";
      lines.push(`${String(++number).padStart(2)}. ${title}${details ? ` (${details})` : ""}${note}`);
    }
    lines.push("");
  }
  lines.push(`Show: ${setlist.songCount === 1 ? "1 song" : `${setlist.songCount} songs`}, ${formatSetLength(setlist.seconds, setlist.unknownSongs, setlist.withBreaks)}`);
  await track("export_setlist", { userId: access.user.id, bandId: access.band.id, props: { format: "text" } });
  return { name: setlist.name, text: `${lines.join("\n")}\n` };
}
