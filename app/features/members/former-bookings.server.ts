import type { Prisma } from "~/generated/prisma/client";
import { displayName } from "~/utils/names";

type Client = Prisma.TransactionClient;

/**
 * Past lineups keep who played. A membership's bookings go with it (a member removed, one
 * who leaves, an account deleted), so before it goes, the bookings of its events that have
 * already started are copied with the name the person had in the band and their answer.
 * Upcoming events just lose them: they are no longer in the band to play.
 */
export async function keepPastBookings(tx: Client, where: Prisma.BandMembershipWhereInput, now = new Date()) {
  const bookings = await tx.eventBooking.findMany({
    where: { membership: where, event: { startsAt: { lt: now } } },
    orderBy: { id: "asc" },
    select: {
      eventId: true,
      instrument: true,
      rsvp: { select: { answer: true, note: true } },
      membership: { select: { userId: true, displayName: true, user: { select: { firstName: true, lastName: true } } } },
    },
  });
  if (!bookings.length) return;
  await tx.formerBooking.createMany({
    data: bookings.map((booking) => ({
      eventId: booking.eventId,
      userId: booking.membership.userId,
      name: displayName({ ...booking.membership.user, displayName: booking.membership.displayName }),
      instrument: booking.instrument,
      answer: booking.rsvp?.answer ?? null,
      note: booking.rsvp?.note ?? null,
    })),
  });
}

/**
 * One who joins a band again gets back their place on the lineups of its past events: each
 * booking kept by name (keepPastBookings) becomes a booking of the new membership again,
 * with its instrument and answer, and is no longer listed as "no longer in the band".
 * Inside the joining transaction, after the membership is made.
 */
export async function restorePastBookings(tx: Client, membership: { id: number; bandId: number; userId: string }) {
  const kept = await tx.formerBooking.findMany({
    where: { userId: membership.userId, event: { bandId: membership.bandId } },
    orderBy: { id: "asc" },
    select: { id: true, eventId: true, instrument: true, answer: true, note: true, leftAt: true },
  });
  if (!kept.length) return;
  // One booking an event (removed twice, or booked again meanwhile): the latest kept one.
  const latest = new Map(kept.map((row) => [row.eventId, row]));
  const booked = new Set((await tx.eventBooking.findMany({ where: { membershipId: membership.id, eventId: { in: [...latest.keys()] } }, select: { eventId: true } })).map((row) => row.eventId));
  for (const row of latest.values()) {
    if (booked.has(row.eventId)) continue;
    await tx.eventBooking.create({
      data: {
        eventId: row.eventId,
        membershipId: membership.id,
        instrument: row.instrument,
        ...(row.answer ? { rsvp: { create: { answer: row.answer, note: row.note, answeredAt: row.leftAt } } } : {}),
      },
    });
  }
  await tx.formerBooking.deleteMany({ where: { id: { in: kept.map((row) => row.id) } } });
}
