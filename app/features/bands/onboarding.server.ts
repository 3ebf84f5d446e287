import { db } from "~/utils/db.server";
import { can } from "~/features/members/permissions";

export type OnboardingStatus = {
  overallProgress: number;
  bandCreated: boolean;
  memberCount: number;
  pendingInviteCount: number;
  songCount: number;
  setlistCount: number;
  eventCount: number;
  hasFinancialData: boolean;
  isPro: boolean;
  isBrandNew: boolean;
};

export type OnboardingStep = { key: string; label: string; done: boolean; href: string; description: string };

export async function getOnboardingStatus(bandId: number): Promise<OnboardingStatus | null> {
  // One statement (the root loader runs this on every signed-in page): the band and its
  // counts, pending invitations included (a pending invitation counts as inviting the
  // band: the step is done on our side).
  const band = await db.band.findUnique({
    where: { id: bandId },
    select: {
      subscriptionTier: true,
      _count: {
        select: {
          memberships: true,
          songs: true,
          setlists: true,
          events: true,
          ledger: true,
          invitations: { where: { acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } } },
        },
      },
    },
  });
  if (!band) return null;
  const counts = band._count;
  const pendingInviteCount = counts.invitations;
  // Any ledger entry (a payment, an expense, a payout) is financial data.
  const hasFinancialData = counts.ledger > 0;
  const isPro = band.subscriptionTier === "pro";
  const steps = [
    true,
    counts.memberships > 1 || pendingInviteCount > 0,
    counts.songs > 0,
    counts.setlists > 0,
    counts.events > 0,
    ...(isPro ? [hasFinancialData] : []),
  ];
  const overallProgress = Math.round((steps.filter(Boolean).length / steps.length) * 100);
  return {
    overallProgress,
    bandCreated: true,
    memberCount: counts.memberships,
    pendingInviteCount,
    songCount: counts.songs,
    setlistCount: counts.setlists,
    eventCount: counts.events,
    hasFinancialData,
    isPro,
    // The spec's "brand new": created, at most one member, nothing else yet.
    isBrandNew:
      counts.memberships <= 1 && counts.songs === 0 && counts.setlists === 0 && counts.events === 0 && !hasFinancialData,
  };
}

/**
 * The status for a member whose role may see it (band:setup). A sub sees only the gigs
 * they are booked on, so even the band's counts of songs, setlists and events stay hidden.
 */
export async function getOnboardingStatusFor(bandId: number, role: string) {
  return can(role, "band:setup") ? getOnboardingStatus(bandId) : null;
}

export function onboardingSteps(status: OnboardingStatus): OnboardingStep[] {
  const steps: OnboardingStep[] = [
    { key: "band", label: "Create your band", done: status.bandCreated, href: "/settings", description: "Give your band a home in Bandroom." },
    { key: "members", label: "Invite your bandmates", done: status.memberCount > 1 || status.pendingInviteCount > 0, href: "/members", description: "Add the people you play with, subs included." },
    { key: "songs", label: "Add a song", done: status.songCount > 0, href: "/songs", description: "Start the song library your setlists draw from." },
    { key: "setlists", label: "Build a setlist", done: status.setlistCount > 0, href: "/setlists", description: "Put songs in order for the next gig." },
    { key: "events", label: "Schedule a gig or rehearsal", done: status.eventCount > 0, href: "/calendar", description: "Put it on the shared calendar so everyone can RSVP." },
  ];
  if (status.isPro) {
    steps.push({ key: "finances", label: "Record a payment or expense", done: status.hasFinancialData, href: "/finances", description: "Track gig fees and who is owed what." });
  }
  return steps;
}
