import { db } from "~/utils/db.server";
import { sortMembers } from "~/features/members/order";
import { seesContact } from "~/features/members/members.server";
import { grantIn, type BandAccess } from "./access.server";
import { getOnboardingStatus, onboardingSteps } from "./onboarding.server";

export type MemberPreview = {
  position: number;
  membership: { id: number; userId: string; displayName: string | null; role: string };
  user: { id: string; firstName: string; lastName: string | null; email: string; profileImageUrl: string | null };
};

/**
 * The first `take` members in the one member order (compareMembers, as on the members
 * page); `position` is their place in the band by joining order, which picks their
 * avatar colour (the same colour on every member list), so every row is read. Each name
 * is worked out once for the sort (sortMembers), not at every comparison: that sort was
 * most of what a 200-member band cost here.
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
  return sortMembers(rows.map(({ user, ...membership }, position) => ({ position, membership, user }))).slice(0, take);
}

/**
 * The user's place in the band in joining order (as in listMembersPreview), or null: the
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

/**
 * The dashboard's view of the band: its members first in joining order, and for a
 * member who may see the band's setup (band:setup) its counts and next steps. A sub sees
 * only the gigs they are booked on, so not even the band's content counts. Null when
 * the band is gone.
 */
export async function getBandOverview(access: BandAccess, preview: number) {
  const [onboarding, members] = await Promise.all([getOnboardingStatus(access.band.id), listMembersPreview(access.band.id, preview)]);
  if (!onboarding) return null;
  const setup = grantIn(access, "band:setup") !== null;
  return {
    counts: setup
      ? { members: onboarding.memberCount, songs: onboarding.songCount, setlists: onboarding.setlistCount, events: onboarding.eventCount }
      : { members: onboarding.memberCount },
    progress: onboarding.overallProgress,
    // Links follow the permission table like the actions do.
    canManageMembers: grantIn(access, "members:manage") !== null,
    nextSteps: setup
      ? onboardingSteps(onboarding)
          .filter((step) => !step.done)
          .slice(0, 3)
      : [],
    // A sub sees bandmates' names, not their email addresses.
    members: members.map((member) => (seesContact(access, member.user.id) ? member : { ...member, user: { ...member.user, email: null } })),
  };
}
