import type { BandAccess } from "~/features/bands/access.server";
import { oneEventCalendar } from "~/features/calendar-feeds/feeds.server";
import { getEventDetails } from "./events.server";
import { track } from "~/features/analytics/analytics.server";

/**
 * One event as an RFC 5545 calendar ("add to my calendar"), written like the feeds
 * (app/features/calendar-feeds): the band's time zone with TZID and its VTIMEZONE (DATE
 * values all day), SEQUENCE from the event's change counter, TENTATIVE or CANCELLED
 * status, UID `event-{id}@bandroom`. One VEVENT even for an occurrence of a series: the
 * person asked for that event. Null when the viewer may not see it.
 */
export async function eventIcs(access: BandAccess, eventId: number) {
  if (!(await getEventDetails(access, eventId))) return null;
  const one = await oneEventCalendar(access.band.id, eventId);
  if (!one) return null;
  const slug = one.event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "event";
  // "Add to my calendar" is the spec's "download calendar" too, for one event.
  await track("download_calendar", { userId: access.user.id, bandId: access.band.id, props: { events: 1, scope: "event" } });
  return { body: one.body, filename: `${slug}.ics` };
}
