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
      membership: { select: { displayName: true, user: { select: { firstName: true, lastName: true } } } },
    },
  });
  if (!bookings.length) return;
  await tx.formerBooking.createMany({
    data: bookings.map((booking) => ({
      eventId: booking.eventId,
      name: displayName({ ...booking.membership.user, displayName: booking.membership.displayName }),
      instrument: booking.instrument,
      answer: booking.rsvp?.answer ?? null,
      note: booking.rsvp?.note ?? null,
    })),
  });
}
