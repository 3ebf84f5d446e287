/**
 * Content for performance checks: a band's songs, events, setlists and money, and a
 * large band (200 members, 5,000 songs, 2,000 events) written with createMany. Used by
 * the query budgets (tests/integration/query-budgets.test.ts) and `npm run bench`.
 */
import { db } from "~/utils/db.server";
import { refreshMemberOrder } from "~/features/members/member-order.server";

/**
 * The large band's 2,000 events lie over four years, two back and two ahead (one every
 * 17.5 hours, about 41 a month): a busy band's years of history and plans. Packed an hour
 * apart (as they once were) a month held 720 of them, 24 a day, which no band has.
 */
export const LARGE_BAND = { members: 200, songs: 5_000, events: 2_000, setlists: 40, invitations: 30, eventGapHours: (4 * 365 * 24) / 2_000 } as const;

/**
 * Songs, events (half past, half to come from half an hour on, `eventGapHours` apart: an
 * hour unless told), setlists, and 20 payments, 20 expenses and payouts (addBandMoney).
 */
export async function addBandContent(bandId: number, counts: { songs: number; events: number; setlists: number; eventGapHours?: number }) {
  const now = Date.now();
  await db.song.createMany({ data: Array.from({ length: counts.songs }, (_, i) => ({ bandId, title: `Song ${i}`, artist: i % 3 ? `Artist ${i % 40}` : null })) });
  await db.event.createMany({
    data: Array.from({ length: counts.events }, (_, i) => ({
      bandId,
      title: `Event ${i}`,
      kind: i % 2 ? "gig" : "rehearsal",
      startsAt: new Date(now + (i - counts.events / 2) * (counts.eventGapHours ?? 1) * 3_600_000 + 1_800_000),
    })),
  });
  await db.setlist.createMany({ data: Array.from({ length: counts.setlists }, (_, i) => ({ bandId, name: `Set ${i}` })) });
  await addBandMoney(bandId, 20);
  const [event, setlist] = await Promise.all([
    db.event.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
    db.setlist.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
  ]);
  return { eventId: event.id, setlistId: setlist.id };
}

/**
 * `count` payments into the band account, `count` expenses from the fund, and a payout
 * to each of the first `count` members: an entry, its detail row and its lines each,
 * as finances.server.ts writes them.
 */
export async function addBandMoney(bandId: number, count: number) {
  const members = await db.bandMembership.findMany({ where: { bandId }, orderBy: { id: "asc" }, take: count, select: { userId: true } });
  const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const entry = (kind: string, i: number, amountMinor: number, description: string) => ({ bandId, kind, amountMinor, description, occurredOn: day(i), createdByName: "Bench" });
  for (let i = 0; i < count; i++) {
    await db.ledgerEntry.create({
      data: {
        ...entry("payment", i, 10_000 + i, `Fee ${i}`),
        payment: { create: { bandId, category: "other", amountMinor: 10_000 + i, method: "bank_transfer" } },
        lines: { create: [{ bandId, userId: null, kind: "income", amountMinor: 10_000 + i }] },
      },
    });
    await db.ledgerEntry.create({
      data: {
        ...entry("expense", i, 1_000 + i, `Cost ${i}`),
        expense: { create: { bandId, category: "other", amountMinor: 1_000 + i } },
        lines: { create: [{ bandId, userId: null, kind: "expense", amountMinor: -(1_000 + i) }] },
      },
    });
  }
  for (const [i, member] of members.entries()) {
    await db.ledgerEntry.create({
      data: {
        ...entry("payout", i, 500 + i, `Payout ${i}`),
        payout: { create: { bandId, userId: member.userId, memberName: "Member", direction: "to_member", amountMinor: 500 + i, method: "bank_transfer" } },
        lines: { create: [{ bandId, userId: member.userId, kind: "payout", amountMinor: -(500 + i) }] },
      },
    });
  }
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
  await refreshMemberOrder(db, band.id);
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
