import { db } from "~/utils/db.server";
import { pageWindow } from "~/utils/pagination";

const EVENT_SELECT = { id: true, title: true, kind: true, startsAt: true, endsAt: true } as const;

/** Past events shown on the calendar; older ones stay in the database, counted. */
export const PAST_EVENTS_SHOWN = 50;
/** Upcoming events per calendar page (`?page=`): a busy band's year never renders at once. */
export const UPCOMING_PER_PAGE = 50;

/**
 * The band's calendar: events still to come or still running (soonest first) and the
 * most recent past ones (latest first), with the band's time zone to show them in.
 * "Past" is written out rather than NOT(upcoming): SQL's NULL logic would drop events
 * without an end time from both lists.
 */
export async function getCalendar(bandId: number, now = new Date(), upcomingPage = 1) {
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
  return { timeZone: band.timeZone, upcoming, upcomingPage: upcomingPageInfo, past, pastCount };
}

/**
 * An event in one of the user's bands, or null: an event of a band they are not in is
 * "not found", the same answer as an id that does not exist.
 */
export async function getEventForUser(userId: string, eventId: number) {
  return db.event.findFirst({
    where: { id: eventId, band: { memberships: { some: { userId } } } },
    select: { ...EVENT_SELECT, bandId: true, band: { select: { name: true, timeZone: true } } },
  });
}
