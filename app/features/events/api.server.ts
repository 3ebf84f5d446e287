import type { z } from "zod";
import type { Permission } from "~/features/members/permissions";
import { apiError, fieldErrors } from "~/utils/api.server";
import { parseId } from "~/utils/ids";
import { deadlineDayOf, requireEventGate, type ListedEvent, type getEventDetails } from "./events.server";

/** The /api gate for an event id (requireEventGate): 401 signed out, 404 unknown, another band's or unseen, then the permission. */
export async function requireEventAccess(request: Request, idInput: unknown, permission: Permission) {
  const id = parseId(idInput);
  return { id: id!, access: await requireEventGate(request, id, permission) };
}

/** A schema's result as the API's 400, or the value. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw apiError(400, "Invalid request", fieldErrors(result.error));
  return result.data;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The answer deadline both ways: `rsvpDeadline`, the instant answers close (the start of the
 * next day in the band's zone), and `rsvpDeadlineDay`, the last day to answer there, which
 * is what POST and PATCH take (sending the instant's date back would move it a day).
 */
function deadlineJson(rsvpDeadline: Date | null, bandZone: string) {
  return { rsvpDeadline: iso(rsvpDeadline), rsvpDeadlineDay: rsvpDeadline ? deadlineDayOf(rsvpDeadline, bandZone) : null };
}

/** What an event is and when, the head of both JSON shapes below. */
function eventHeadJson(event: Pick<ListedEvent, "id" | "title" | "kind" | "status" | "allDay" | "startsAt" | "endsAt">) {
  return {
    id: event.id,
    title: event.title,
    kind: event.kind,
    status: event.status,
    allDay: event.allDay,
    startsAt: iso(event.startsAt),
    endsAt: iso(event.endsAt),
  };
}

/** An event in a listing. */
export function eventListJson(event: ListedEvent, bandZone: string) {
  const mine = event.bookings[0];
  return {
    ...eventHeadJson(event),
    cancelledAt: iso(event.cancelledAt),
    cancelReason: event.cancelReason,
    venueName: event.venueName,
    ...deadlineJson(event.rsvpDeadline, bandZone),
    seriesId: event.seriesId,
    version: event.version,
    myBooking: mine ? { instrument: mine.instrument, answer: mine.rsvp?.answer ?? null, note: mine.rsvp?.note ?? null } : null,
  };
}

/** One event with its lineup; the fee and answer history only where the viewer may see them (already blanked by the area). */
export function eventDetailsJson(details: NonNullable<Awaited<ReturnType<typeof getEventDetails>>>) {
  const { event, abilities } = details;
  return {
    ...eventHeadJson(event),
    timeZone: event.band.timeZone,
    cancelledAt: iso(event.cancelledAt),
    cancelReason: event.cancelReason,
    venueName: event.venueName,
    venueAddress: event.venueAddress,
    callAt: iso(event.callAt),
    soundcheckAt: iso(event.soundcheckAt),
    dressCode: event.dressCode,
    notes: event.notes,
    ...(abilities.seeFee ? { feeMinor: event.feeMinor, currency: event.band.currency } : {}),
    setlistId: event.setlist?.id ?? null,
    ...deadlineJson(event.rsvpDeadline, event.band.timeZone),
    seriesId: event.seriesId,
    version: event.version,
    lineup: event.bookings.map((booking) => ({
      membershipId: booking.membership.id,
      userId: booking.membership.user.id,
      instrument: booking.instrument,
      answer: booking.rsvp?.answer ?? null,
      note: booking.rsvp?.note ?? null,
      answeredAt: iso(booking.rsvp?.answeredAt ?? null),
      ...(abilities.seeHistory ? { history: booking.history.map((h) => ({ answer: h.answer, note: h.note, answeredAt: iso(h.answeredAt) })) } : {}),
    })),
    // On the lineup when the event took place, no longer in the band: by the name they had in it.
    formerLineup: event.formerBookings.map((booking) => ({ name: booking.name, instrument: booking.instrument, answer: booking.answer, note: booking.note })),
  };
}
