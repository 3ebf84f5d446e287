import { db } from "~/utils/db.server";
import { pageWindow } from "~/utils/pagination";
import { requireGrant, type BandAccess } from "~/features/bands/access.server";

const EVENT_SELECT = { id: true, title: true, kind: true, startsAt: true, endsAt: true } as const;

/** Past events shown on the calendar; older ones stay in the database, counted. */
export const PAST_EVENTS_SHOWN = 50;
/** Upcoming events per calendar page (`?page=`): a busy band's year never renders at once. */
export const UPCOMING_PER_PAGE = 50;

/**
 * The band's calendar: events still to come or still running (soonest first) and the
 * most recent past ones (latest first), with the band's time zone to show them in.
 * "Past" is written out rather than NOT(upcoming): SQL's NULL logic would drop events
 * without an end time from both lists. A sub ("booked") sees only the gigs they are
 * booked on, and nobody is booked on anything yet. Null when the band is gone.
 */
export async function getCalendar(access: BandAccess, now = new Date(), upcomingPage = 1) {
  if (requireGrant(access, "content:view") === "booked")
    return { bookedOnly: true, timeZone: null, upcoming: [], upcomingPage: pageWindow(0, 1, UPCOMING_PER_PAGE).info, past: [], pastCount: 0 };
  const bandId = access.band.id;
  const upcomingWhere = { bandId, OR: [{ endsAt: { gte: now } }, { endsAt: null, startsAt: { gte: now } }] };
  const pastWhere = { bandId, OR: [{ endsAt: { lt: now } }, { endsAt: null, startsAt: { lt: now } }] };
  const upcomingCount = await db.event.count({ where: upcomingWhere });
  const { skip, take, info: upcomingPageInfo } = pageWindow(upcomingCount, upcomingPage, UPCOMING_PER_PAGE);
  const [band, upcoming, past, pastCount] = await Promise.all([
    db.band.findUnique({ where: { id: bandId }, select: { timeZone: true } }),
    db.event.findMany({ where: upcomingWhere, orderBy: [{ startsAt: "asc" }, { id: "asc" }], skip, take, select: EVENT_SELECT }),
    db.event.findMany({ where: pastWhere, orderBy: [{ startsAt: "desc" }, { id: "desc" }], take: PAST_EVENTS_SHOWN, select: EVENT_SELECT }),
    db.event.count({ where: pastWhere }),
  ]);
  if (!band) return null;
  return { bookedOnly: false, timeZone: band.timeZone, upcoming, upcomingPage: upcomingPageInfo, past, pastCount };
}

/** The band an event belongs to, for the gate; null when there is no such event. */
export async function bandIdOfEvent(eventId: number) {
  const event = await db.event.findUnique({ where: { id: eventId }, select: { bandId: true } });
  return event?.bandId ?? null;
}

/**
 * An event of the band, or null: another band's event is "not found", and so is any
 * event for a sub, who sees only the gigs they are booked on (none yet).
 */
export async function getEvent(access: BandAccess, eventId: number) {
  if (requireGrant(access, "content:view") === "booked") return null;
  return db.event.findFirst({
    where: { id: eventId, bandId: access.band.id },
    select: { ...EVENT_SELECT, bandId: true, band: { select: { name: true, timeZone: true } } },
  });
}
