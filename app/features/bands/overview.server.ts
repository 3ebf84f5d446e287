import { db } from "~/utils/db.server";

export type MemberPreview = {
  position: number;
  membership: { id: number; userId: string; displayName: string | null; role: string };
  user: { id: string; firstName: string; lastName: string | null; email: string; profileImageUrl: string | null };
};

/**
 * The first `take` members in the order they joined; `position` is their place in the
 * band, which picks their avatar colour (the same colour on every member list).
 */
export async function listMembersPreview(bandId: number, take = 6): Promise<MemberPreview[]> {
  const rows = await db.bandMembership.findMany({
    where: { bandId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
    select: {
      id: true,
      userId: true,
      displayName: true,
      role: true,
      user: { select: { id: true, firstName: true, lastName: true, email: true, profileImageUrl: true } },
    },
  });
  return rows.map(({ user, ...membership }, position) => ({ position, membership, user }));
}

/** The user's place in the band in joining order (as in listMembersPreview), or null. */
export async function memberPosition(bandId: number, userId: string) {
  const rows = await db.bandMembership.findMany({
    where: { bandId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { userId: true },
  });
  const index = rows.findIndex((row) => row.userId === userId);
  return index === -1 ? null : index;
}
