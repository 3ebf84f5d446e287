import { grantIn, type BandAccess } from "~/features/bands/access.server";
import type { CalendarLinkAbilities } from "./components/calendar-links";

/**
 * The calendar's sub-pages this viewer may open in their current band (null: no band,
 * so only their own blackout dates), read from the permission table so no link leads
 * to a 403: a sub has no "Can we take this date?".
 */
export function calendarLinks(access: Pick<BandAccess, "membership"> | null): CalendarLinkAbilities {
  return {
    calendar: access ? grantIn(access, "events:view") !== null : false,
    availability: access ? grantIn(access, "availability:view") !== null : false,
    blackouts: true,
    download: access ? grantIn(access, "calendar:download") !== null : false,
  };
}
