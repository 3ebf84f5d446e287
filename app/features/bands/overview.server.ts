import { db } from "~/utils/db.server";

/**
 * The user's place in the band in joining order (as in the dashboard's members preview), or null: the
 * stored joinRank of their membership (members/member-order.server.ts), one row whatever
 * the band's size; read from the whole band while the band's order is not stored yet.
 */
export async function memberPosition(bandId: number, userId: string) {
  const own = await db.bandMembership.findUnique({ where: { bandId_userId: { bandId, userId } }, select: { joinRank: true } });
  if (!own) return null;
  if (own.joinRank !== null) return own.joinRank;
  const rows = await db.bandMembership.findMany({
    where: { bandId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { userId: true },
  });
  const index = rows.findIndex((row) => row.userId === userId);
  return index === -1 ? null : index;
}
