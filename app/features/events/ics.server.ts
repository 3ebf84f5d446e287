import icalPackage, { ICalEventStatus } from "ical-generator";
import type { BandAccess } from "~/features/bands/access.server";
import { getEventDetails } from "./events.server";

const ical = icalPackage;

/** Stable across renames and servers: the UID a calendar app keys its copy on. */
export function eventUid(eventId: number) {
  return `event-${eventId}@bandroom`;
}

/**
 * One event as an RFC 5545 calendar (ical-generator folds and escapes): UTC times,
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
    start: event.startsAt,
    end: event.endsAt ?? new Date(event.startsAt.getTime() + 2 * 3_600_000),
    allDay: event.allDay,
    timezone: event.allDay ? event.band.timeZone : undefined,
    summary: event.title,
    location: [event.venueName, event.venueAddress].filter(Boolean).join(", ") || undefined,
    description: [event.notes, event.dressCode ? `Dress code: ${event.dressCode}` : null].filter(Boolean).join("\n\n") || undefined,
    status: event.cancelledAt ? ICalEventStatus.CANCELLED : event.status === "tentative" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
  const slug = event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "event";
  return { body: calendar.toString(), filename: `${slug}.ics` };
}
