/**
 * Content for performance checks: a band's songs, events, setlists and money, and a
 * large band (200 members, 5,000 songs, 2,000 events) written with createMany. Used by
 * the query budgets (tests/integration/query-budgets.test.ts) and `npm run bench`.
 */
import { db } from "~/utils/db.server";

export const LARGE_BAND = { members: 200, songs: 5_000, events: 2_000, setlists: 40, invitations: 30 } as const;

/** Songs, events (half past, half to come from half an hour on, an hour apart), setlists and 20 payments and expenses. */
export async function addBandContent(bandId: number, counts: { songs: number; events: number; setlists: number }) {
  const now = Date.now();
  await db.song.createMany({ data: Array.from({ length: counts.songs }, (_, i) => ({ bandId, title: `Song ${i}`, artist: i % 3 ? `Artist ${i % 40}` : null })) });
  await db.event.createMany({
    data: Array.from({ length: counts.events }, (_, i) => ({
      bandId,
      title: `Event ${i}`,
      kind: i % 2 ? "gig" : "rehearsal",
      startsAt: new Date(now + (i - counts.events / 2) * 3_600_000 + 1_800_000),
    })),
  });
  await db.setlist.createMany({ data: Array.from({ length: counts.setlists }, (_, i) => ({ bandId, name: `Set ${i}` })) });
  await db.payment.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ bandId, description: `Fee ${i}`, amountMinor: 10_000 + i, receivedAt: new Date(now - i * 86_400_000) })) });
  await db.expense.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ bandId, description: `Cost ${i}`, amountMinor: 1_000 + i, spentAt: new Date(now - i * 86_400_000) })) });
  const [event, setlist] = await Promise.all([
    db.event.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
    db.setlist.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
  ]);
  return { eventId: event.id, setlistId: setlist.id };
}

/** The large band, led by `leaderId` (a user that exists), with every member playing an instrument. */
export async function seedLargeBand(leaderId: string, name = "The Big Band") {
  const band = await db.band.create({ data: { name, subscriptionTier: "pro" }, select: { id: true } });
  const emails = Array.from({ length: LARGE_BAND.members - 1 }, (_, i) => `large-${band.id}-${i}@example.com`);
  await db.user.createMany({ data: emails.map((email, i) => ({ email, firstName: `Player${i}`, lastName: "Big", emailVerifiedAt: new Date() })) });
  const players = await db.user.findMany({ where: { email: { in: emails } }, select: { id: true } });
  const roles = ["band_member", "band_admin", "sub"];
  await db.bandMembership.createMany({
    data: [{ bandId: band.id, userId: leaderId, role: "band_leader" }, ...players.map((player, i) => ({ bandId: band.id, userId: player.id, role: roles[i % roles.length]! }))],
  });
  const memberships = await db.bandMembership.findMany({ where: { bandId: band.id }, select: { id: true } });
  await db.membershipInstrument.createMany({ data: memberships.map((membership, i) => ({ membershipId: membership.id, instrument: ["Guitar", "Bass", "Drums", "Vocals"][i % 4]! })) });
  await db.invitation.createMany({
    data: Array.from({ length: LARGE_BAND.invitations }, (_, i) => ({
      bandId: band.id,
      email: `invited-${band.id}-${i}@example.com`,
      role: "band_member",
      tokenHash: `large-${band.id}-${i}`,
      invitedById: leaderId,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  });
  const content = await addBandContent(band.id, LARGE_BAND);
  return { bandId: band.id, ...content };
}
