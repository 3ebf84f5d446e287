import { db } from "~/utils/db.server";
import { can, type Permission } from "~/features/members/permissions";

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

/** `href` null: the viewer's role may not do this step (a member cannot invite or record money); a leader or admin does. */
export type OnboardingStep = { key: string; label: string; done: boolean; href: string | null; description: string };

const pendingInvitation = () => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } });

/**
 * The band's onboarding counts, in one statement. Prisma's relation `_count` joins a
 * count grouped over the whole related table (every band's rows) on SQLite; naming the
 * band again in each count's filter puts it inside that grouping, so each count reads
 * only this band's rows on its index (issue 11).
 */
export async function getOnboardingStatus(bandId: number): Promise<OnboardingStatus | null> {
  const ofBand = { where: { bandId } };
  const band = await db.band.findUnique({
    where: { id: bandId },
    select: {
      subscriptionTier: true,
      _count: {
        select: {
          memberships: ofBand,
          songs: ofBand,
          setlists: ofBand,
          events: ofBand,
          ledger: ofBand,
          // A pending invitation counts as inviting the band: the step is done on our side.
          invitations: { where: { bandId, ...pendingInvitation() } },
        },
      },
    },
  });
  if (!band) return null;
  const { memberships: memberCount, songs: songCount, setlists: setlistCount, events: eventCount, ledger: ledgerCount, invitations: pendingInviteCount } = band._count;
  // Any ledger entry (a payment, an expense, a payout) is financial data.
  const hasFinancialData = ledgerCount > 0;
  const isPro = band.subscriptionTier === "pro";
  const steps = [
    true,
    memberCount > 1 || pendingInviteCount > 0,
    songCount > 0,
    setlistCount > 0,
    eventCount > 0,
    ...(isPro ? [hasFinancialData] : []),
  ];
  const overallProgress = Math.round((steps.filter(Boolean).length / steps.length) * 100);
  return {
    overallProgress,
    bandCreated: true,
    memberCount,
    pendingInviteCount,
    songCount,
    setlistCount,
    eventCount,
    hasFinancialData,
    isPro,
    // The spec's "brand new": created, at most one member, nothing else yet.
    isBrandNew: memberCount <= 1 && songCount === 0 && setlistCount === 0 && eventCount === 0 && !hasFinancialData,
  };
}

/**
 * The status for a member whose role may see it (band:setup). A sub sees only the gigs
 * they are booked on, so even the band's counts of songs, setlists and events stay hidden.
 */
export async function getOnboardingStatusFor(bandId: number, role: string) {
  return can(role, "band:setup") ? getOnboardingStatus(bandId) : null;
}

export type ShellOnboarding = Pick<OnboardingStatus, "overallProgress" | "isBrandNew" | "isPro">;

/**
 * What the shell shows on every signed-in page (the Getting Started progress, and the
 * Dashboard entry hidden while the band is brand new), for a member whose role may see
 * it. Most bands have done every step: one statement of EXISTS checks, each stopping at
 * its first row whatever the band's size, says so; only a band still setting up counts.
 */
export async function getShellOnboarding(current: {
  band: { id: number; subscriptionTier: string };
  membership: { id: number; role: string };
}): Promise<ShellOnboarding | null> {
  if (!can(current.membership.role, "band:setup")) return null;
  const isPro = current.band.subscriptionTier === "pro";
  const complete = await db.band.count({
    where: {
      id: current.band.id,
      songs: { some: {} },
      setlists: { some: {} },
      events: { some: {} },
      ...(isPro ? { ledger: { some: {} } } : {}),
      // More than one member (someone besides the viewer) or a pending invitation.
      OR: [{ memberships: { some: { id: { not: current.membership.id } } } }, { invitations: { some: pendingInvitation() } }],
    },
  });
  if (complete) return { overallProgress: 100, isBrandNew: false, isPro };
  const status = await getOnboardingStatus(current.band.id);
  return status && { overallProgress: status.overallProgress, isBrandNew: status.isBrandNew, isPro: status.isPro };
}

/**
 * The band's setup steps. The progress is the band's, whoever looks; a step the viewer's
 * role may not do (`role`: by the permission table) has no link and says who does it,
 * rather than a "Start" that leads to a page without the form.
 */
export function onboardingSteps(status: OnboardingStatus, role: string): OnboardingStep[] {
  const step = (key: string, label: string, done: boolean, href: string, description: string, permission: Permission): OnboardingStep =>
    can(role, permission) ? { key, label, done, href, description } : { key, label, done, href: null, description: `${description} Your band leader or an admin does this.` };
  const steps: OnboardingStep[] = [
    step("band", "Create your band", status.bandCreated, "/settings", "Give your band a home in Bandroom.", "band:settings"),
    step("members", "Invite your bandmates", status.memberCount > 1 || status.pendingInviteCount > 0, "/members", "Add the people you play with, subs included.", "members:manage"),
    step("songs", "Add a song", status.songCount > 0, "/songs", "Start the song library your setlists draw from.", "content:edit"),
    step("setlists", "Build a setlist", status.setlistCount > 0, "/setlists", "Put songs in order for the next gig.", "content:edit"),
    step("events", "Schedule a gig or rehearsal", status.eventCount > 0, "/events/new", "Put it on the shared calendar so everyone can RSVP.", "events:edit"),
  ];
  if (status.isPro) {
    steps.push(step("finances", "Record a payment or expense", status.hasFinancialData, "/finances", "Track gig fees and who is owed what.", "finances:edit"));
  }
  return steps;
}
