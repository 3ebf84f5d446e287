import icalPackage, { ICalEventStatus } from "ical-generator";
import type { BandAccess } from "~/features/bands/access.server";
import { getEventDetails } from "./events.server";
import { toZoned } from "./zoned-time";

const ical = icalPackage;

/** Stable across renames and servers: the UID a calendar app keys its copy on. */
export function eventUid(eventId: number) {
  return `event-${eventId}@bandroom`;
}

/**
 * An all-day event's day as a DATE value: the local day of `instant` in the band's time
 * zone, handed to ical-generator as UTC midnight of that day with no time zone, so it
 * writes that day (given a time zone, it reads the day with the server's local clock).
 */
function dayOf(instant: Date, timeZone: string) {
  const local = toZoned(instant, timeZone);
  return new Date(Date.UTC(local.year, local.month - 1, local.day));
}

/**
 * One event as an RFC 5545 calendar (ical-generator folds and escapes): UTC times (DATE values all day),
 * SEQUENCE from the event's change counter, TENTATIVE or CANCELLED status. Null when
 * the viewer may not see it.
 */
export async function eventIcs(access: BandAccess, eventId: number) {
  const details = await getEventDetails(access, eventId);
  if (!details) return null;
  const { event } = details;
  const calendar = ical({ name: event.band.name, prodId: { company: "Bandroom", product: "Bandroom", language: "EN" } });
  calendar.createEvent({
    id: eventUid(event.id),
    sequence: event.sequence,
    stamp: event.updatedAt,
    // All day: DTSTART;VALUE=DATE and an exclusive DTEND (the day after the last), in the band's days.
    ...(event.allDay
      ? { allDay: true, start: dayOf(event.startsAt, event.band.timeZone), end: event.endsAt ? dayOf(event.endsAt, event.band.timeZone) : undefined }
      : { start: event.startsAt, end: event.endsAt ?? new Date(event.startsAt.getTime() + 2 * 3_600_000) }),
    summary: event.title,
    location: [event.venueName, event.venueAddress].filter(Boolean).join(", ") || undefined,
    description: [event.notes, event.dressCode ? `Dress code: ${event.dressCode}` : null].filter(Boolean).join("\n\n") || undefined,
    status: event.cancelledAt ? ICalEventStatus.CANCELLED : event.status === "tentative" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
  const slug = event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "event";
  return { body: calendar.toString(), filename: `${slug}.ics` };
}
