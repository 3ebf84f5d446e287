import { formatDate, formatTime } from "~/utils/dates";
import { formatDayRange, shownDays } from "~/features/availability/local-day";

// Its own module, apart from present.ts, so the pages that only draw kinds and answers
// (the calendar, the event form) do not load the date helpers (issue 11).

type EventTimes = { startsAt: Date; endsAt: Date | null; allDay?: boolean };

/**
 * When an event happens, as text in the band's time zone: the day ("Jan 5, 2024") and
 * the time ("8:00 PM CST", "8:00 PM – 11:30 PM CST", or "8:00 PM CST – Jan 6, 2024,
 * 1:00 AM CST" when it ends on another day); an all-day event its days ("Mar 13, 2027 –
 * Mar 15, 2027" for several) and "All day". Run in the loader: see formatTime.
 */
export function eventWhen({ startsAt, endsAt, allDay }: EventTimes, timeZone: string) {
  const iso = startsAt.toISOString();
  if (allDay) {
    const days = shownDays({ startsAt, endsAt, allDay }, timeZone);
    return { date: formatDayRange(days.first, days.last), time: "All day", startsAt: iso };
  }
  const date = formatDate(startsAt, timeZone);
  if (!endsAt || endsAt <= startsAt) return { date, time: formatTime(startsAt, timeZone), startsAt: iso };
  const endDate = formatDate(endsAt, timeZone);
  const start = formatTime(startsAt, timeZone);
  const end = formatTime(endsAt, timeZone);
  const zoneOf = (time: string) => time.slice(time.lastIndexOf(" ") + 1);
  // Within one day and one zone name the zone is said once; across midnight or a
  // clock change both ends keep theirs.
  const time =
    endDate !== date
      ? `${start} – ${endDate}, ${end}`
      : zoneOf(start) === zoneOf(end)
      ? `${formatTime(startsAt, timeZone, false)} – ${end}`
      : `${start} – ${end}`;
  return { date, time, startsAt: iso };
}

/**
 * A time before an event's start (its call / load-in, its soundcheck): "10:00 PM CET", and
 * for a show after midnight loaded in the day before, "10:00 PM CET, the day before".
 */
export function timeBeforeStart(instant: Date, startsAt: Date, timeZone: string) {
  const time = formatTime(instant, timeZone);
  return formatDate(instant, timeZone) === formatDate(startsAt, timeZone) ? time : `${time}, the day before`;
}
