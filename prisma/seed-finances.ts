/**
 * A season of money for the Pro demo band (issue 9), recorded through the finances
 * module itself (its rules, its lines, its audit entries), so /finances shows real
 * balances on first start: two gig fees received and split (one collected in cash by a
 * member, one with an agent's commission), merch income, expenses from the fund, one
 * member owed a reimbursement, and one payout. Only for a band with no entries yet.
 */
import { db } from "~/utils/db.server";
import { dayOf } from "~/features/availability/local-day";
import type { BandAccess } from "~/features/bands/access.server";
import { recordExpense, recordPayment, recordPayout, recordSplit } from "~/features/finances/finances.server";

export async function seedFinances(bandId: number) {
  if (await db.ledgerEntry.count({ where: { bandId } })) return;
  const band = await db.band.findUniqueOrThrow({ where: { id: bandId }, select: { id: true, name: true, subscriptionTier: true, timeZone: true, currency: true } });
  const leader = await db.bandMembership.findFirst({
    where: { bandId, role: "band_leader" },
    select: { id: true, role: true, displayName: true, user: { select: { id: true, email: true, firstName: true, lastName: true, profileImageUrl: true, preferredBandId: true, isPlatformAdmin: true } } },
  });
  if (!leader) return;
  const access: BandAccess = {
    user: leader.user,
    band: { id: band.id, name: band.name, subscriptionTier: band.subscriptionTier, timeZone: band.timeZone, currency: band.currency, isPro: true },
    membership: { id: leader.id, role: leader.role, displayName: leader.displayName },
    grant: true,
  };
  const gigs = await db.event.findMany({
    where: { bandId, kind: "gig", startsAt: { lt: new Date() }, cancelledAt: null },
    orderBy: { startsAt: "asc" },
    select: { id: true, title: true, startsAt: true, bookings: { orderBy: { id: "asc" }, select: { membership: { select: { userId: true, role: true } } } } },
  });
  const members = await db.bandMembership.findMany({ where: { bandId }, orderBy: { id: "asc" }, select: { userId: true, role: true } });
  const admin = members.find((m) => m.role === "band_admin") ?? members[0]!;
  const player = members.filter((m) => m.role === "band_member");
  const day = (date: Date, shift = 0) => dayOf(new Date(date.getTime() + shift * 86_400_000), band.timeZone);
  const lineupOf = (gig: (typeof gigs)[number]) =>
    gig.bookings.map(({ membership }) => ({ userId: membership.userId, percent: undefined, fixed: membership.role === "sub" ? 10_000 : undefined }));

  const [first, second] = gigs;
  if (first) {
    const fee = await recordPayment(access, { category: "gig", eventId: first.id, amount: 60_000, date: day(first.startsAt, 3), method: "bank_transfer", receivedBy: null, feeAgreed: undefined, description: undefined });
    await recordSplit(access, { paymentId: fee.entryId, method: "equal", commission: { amountMinor: 0 }, fundCut: { percentBp: 1000 }, shares: lineupOf(first) });
    await recordExpense(access, { amount: 8_000, date: day(first.startsAt, -2), category: "rehearsal", note: "Rehearsal room before the Blue Door", paidBy: null });
  }
  if (second) {
    // Collected in cash on the night by the admin, who holds it for the band.
    const fee = await recordPayment(access, { category: "gig", eventId: second.id, amount: 180_000, date: day(second.startsAt), method: "cash", receivedBy: admin.userId, feeAgreed: undefined, description: undefined });
    await recordSplit(access, { paymentId: fee.entryId, method: "equal", commission: { percentBp: 1000 }, fundCut: { amountMinor: 0 }, shares: lineupOf(second) });
    await recordExpense(access, { amount: 14_500, date: day(second.startsAt, -1), category: "travel", note: "Van hire for the wedding", eventId: second.id, paidBy: null });
  }
  const today = dayOf(new Date(), band.timeZone);
  await recordPayment(access, { category: "merch", amount: 23_000, date: today, method: "card", receivedBy: null, feeAgreed: undefined, description: "T-shirts at the merch table" });
  // Out of pocket: owed back to them.
  if (player[0]) await recordExpense(access, { amount: 2_499, date: today, category: "equipment", note: "Replacement strings", paidBy: player[0].userId });
  // The leader's share of the first gig, paid out.
  if (first) await recordPayout(access, { userId: leader.user.id, direction: "to_member", amount: 11_000, date: today, method: "bank_transfer", note: undefined });
}
