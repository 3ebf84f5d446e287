import { db } from "~/utils/db.server";
import type { MemberPreview } from "~/features/bands/overview.server";
import { displayName } from "~/utils/names";

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * Everyone in the band, leaders first, then by display name. `position` is still the
 * joining order (as on the dashboard), so each member keeps their avatar colour.
 */
export async function listMembers(bandId: number): Promise<MemberPreview[]> {
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
  const members = rows.map(({ user, ...membership }, position) => ({ position, membership, user }));
  const nameOf = (member: MemberPreview) => displayName({ ...member.user, displayName: member.membership.displayName });
  const leaderFirst = (member: MemberPreview) => (member.membership.role === "band_leader" ? 0 : 1);
  return members.sort((a, b) => leaderFirst(a) - leaderFirst(b) || byName.compare(nameOf(a), nameOf(b)) || a.position - b.position);
}

/** The band leaders' names, for pages that tell people who decides. */
export async function listLeaderNames(bandId: number) {
  const leaders = await db.bandMembership.findMany({
    where: { bandId, role: "band_leader" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { displayName: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  return leaders.map((leader) => displayName({ ...leader.user, displayName: leader.displayName }));
}
