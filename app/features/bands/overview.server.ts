import { db } from "~/utils/db.server";

/**
 * The user's place in the band in joining order (as in the dashboard's members preview), or null: the
 * stored joinRank of their membership (members/member-order.server.ts), one row whatever
 * the band's size; read from the whole band while the band's order is not stored yet.
 * With it their initials as the band resolved them (a clash with another member's moved).
 */
export async function memberPlace(bandId: number, userId: string): Promise<{ position: number | null; initials: string | null }> {
  const own = await db.bandMembership.findUnique({ where: { bandId_userId: { bandId, userId } }, select: { joinRank: true, initials: true } });
  if (!own) return { position: null, initials: null };
  if (own.joinRank !== null) return { position: own.joinRank, initials: own.initials };
  const rows = await db.bandMembership.findMany({
    where: { bandId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { userId: true },
  });
  const index = rows.findIndex((row) => row.userId === userId);
  return { position: index === -1 ? null : index, initials: own.initials };
}
