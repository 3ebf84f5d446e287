import { db } from "~/utils/db.server";
import { compareMembers } from "~/features/members/order";

export type MemberPreview = {
  position: number;
  membership: { id: number; userId: string; displayName: string | null; role: string };
  user: { id: string; firstName: string; lastName: string | null; email: string; profileImageUrl: string | null };
};

/**
 * The first `take` members in the one member order (compareMembers, as on the members
 * page); `position` is their place in the band by joining order, which picks their
 * avatar colour (the same colour on every member list), so every row is read.
 */
export async function listMembersPreview(bandId: number, take = 6): Promise<MemberPreview[]> {
  const rows = await db.bandMembership.findMany({
    where: { bandId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      userId: true,
      displayName: true,
      role: true,
      user: { select: { id: true, firstName: true, lastName: true, email: true, profileImageUrl: true } },
    },
  });
  return rows
    .map(({ user, ...membership }, position) => ({ position, membership, user }))
    .sort(compareMembers)
    .slice(0, take);
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
