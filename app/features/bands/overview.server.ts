import { db } from "~/utils/db.server";

/** The user's place in the band in joining order (as in the dashboard's members preview), or null. */
export async function memberPosition(bandId: number, userId: string) {
  const rows = await db.bandMembership.findMany({
    where: { bandId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { userId: true },
  });
  const index = rows.findIndex((row) => row.userId === userId);
  return index === -1 ? null : index;
}
