import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/utils/db.server";
import { resolveInitials } from "~/utils/names";
import { sortByName, sortMembers } from "./order";

/**
 * The stored member list (BandMembership.listRank, joinRank, initials; issue 11), so the
 * /members page reads one page of a band in SQL instead of every member:
 * - listRank: place in the one member order (sortMembers/compareMembers, Intl.Collator),
 * - joinRank: place in joining order (createdAt, id), which picks the avatar colour,
 * - initials: resolveInitials over the band in joining order (clashes resolved),
 * - nameRank: place by name alone (the song library's "Lead" order).
 * All four depend on the whole band, so every write that adds, removes, renames or
 * re-roles a member calls refreshMemberOrder for the band inside its own transaction
 * (after its write, so it sees it); it rewrites only the rows whose values changed.
 * Never called from a GET: a band with a NULL value is sorted in memory instead.
 */
type Client = Prisma.TransactionClient | typeof db;

export async function refreshMemberOrder(client: Client, bandId: number) {
  const rows = await client.bandMembership.findMany({
    where: { bandId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, role: true, displayName: true, listRank: true, joinRank: true, initials: true, nameRank: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  const nameRanks = new Map(sortByName(rows.map((row, position) => ({ position, id: row.id, membership: row, user: row.user }))).map((member, rank) => [member.id, rank]));
  const listRanks = new Map(sortMembers(rows.map((row, position) => ({ position, id: row.id, membership: row, user: row.user }))).map((member, rank) => [member.id, rank]));
  const initials = resolveInitials(rows.map((row) => ({ ...row.user, displayName: row.displayName, id: row.id })));
  for (const [joinRank, row] of rows.entries()) {
    const fresh = { listRank: listRanks.get(row.id)!, joinRank, initials: initials.get(row.id)!, nameRank: nameRanks.get(row.id)! };
    if (fresh.listRank !== row.listRank || fresh.joinRank !== row.joinRank || fresh.initials !== row.initials || fresh.nameRank !== row.nameRank) {
      await client.bandMembership.update({ where: { id: row.id }, data: fresh });
    }
  }
}

/** Refreshes every band `userId` is in (their name is part of each band's order and initials). */
export async function refreshMemberOrderOfUser(client: Client, userId: string) {
  const bands = await client.bandMembership.findMany({ where: { userId }, select: { bandId: true } });
  for (const { bandId } of bands) await refreshMemberOrder(client, bandId);
}

/** Fills the stored order of every band with a membership that lacks it (after the migration; rows a script wrote). */
export async function backfillMemberOrder() {
  const bands = await db.bandMembership.findMany({ where: { OR: [{ listRank: null }, { joinRank: null }, { initials: null }, { nameRank: null }] }, distinct: ["bandId"], select: { bandId: true } });
  for (const { bandId } of bands) await db.$transaction((tx) => refreshMemberOrder(tx, bandId));
  return bands.length;
}
