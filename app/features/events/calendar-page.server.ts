import { requireBandAccess } from "~/features/bands/access.server";
import { answerWindow, getCalendarMonth, type BlackedOutPerson } from "~/features/events/events.server";
import { EVENT_KINDS } from "~/features/events/schema.server";
import { answerLabel, kindStyle, ANSWER_MARKS, KIND_STYLES } from "~/features/events/present";
import { addDays, formatLocalDate } from "~/features/events/zoned-time";
import { formatDayRange } from "~/features/availability/local-day";
import { calendarLinks } from "~/features/availability/calendar-links.server";
import { refusedMonthNotice } from "~/features/availability/availability.server";
import { formatDate, formatTime } from "~/utils/dates";

/** Events a day of the month grid lists before "+N more". */
const CELL_EVENTS = 3;

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "Nov 1, 2026": formatDate's words for a local date, without a formatter call per day of the grid. */
const dayLabel = (day: { year: number; month: number; day: number }) => `${MONTH_NAMES[day.month - 1]!.slice(0, 3)} ${day.day}, ${day.year}`;

/** "2 blacked out" and who ("Ann (tour), you"): on each event of the grid and the agenda. */
function blackedOutText(people: BlackedOutPerson[]) {
  const names = people.map((p) => `${p.isYou ? "you" : p.name}${p.reason ? ` (${p.reason})` : ""}`).join(", ");
  return { count: `${people.length} blacked out`, names };
}

/** The viewer's answer on the month grid: a mark with its colour (`heard` reads it out). */
function answerMark(answer: string | null) {
  const mark = ANSWER_MARKS[answer ?? "none"]!;
  return { mark: mark.mark, markClass: mark.className };
}

/**
 * The month calendar's loader (routes/_app+/calendar): the band's events of the month
 * as the grid and the agenda draw them.
 *
 * Its own module so the route imports one `.server` path only it imports, and none of
 * the date helpers: the browser build turns each `.server` path several routes share
 * into a script of its own, which /calendar would load (issue 11, decision 0010).
 */
export async function calendarPage(request: Request) {
  const access = await requireBandAccess(request, { band: "current", permission: "events:view" });
  const url = new URL(request.url);
  const kinds = url.searchParams.getAll("kind").filter((kind) => (EVENT_KINDS as readonly string[]).includes(kind));
  const mine = url.searchParams.get("mine") === "1";
  const now = new Date();
  const month = await getCalendarMonth(access, { month: url.searchParams.get("month"), kinds, mine }, now);
  const tz = month.timeZone;

  const events = month.events.map((event) => {
    const booking = event.mine;
    const window = answerWindow(event, now);
    return {
      id: event.id,
      title: event.title,
      kind: event.kind,
      tentative: event.status === "tentative",
      cancelled: event.cancelledAt ? (event.cancelReason ?? "Cancelled") : null,
      time: event.allDay ? "All day" : formatTime(event.startsAt, tz),
      // The grid's start without the zone (the page says it once).
      shortTime: event.allDay ? "All day" : formatTime(event.startsAt, tz, false),
      // On the grid's later days of an event of several days, in place of its start time.
      laterDays: event.allDay ? "All day" : "cont.",
      // An all-day event of several days says all of them (on a phone the agenda is the only view).
      date: event.allDay && event.days.first !== event.days.last ? formatDayRange(event.days.first, event.days.last) : formatDate(event.startsAt, tz),
      startsAt: event.startsAt.toISOString(),
      firstDay: event.days.first,
      lastDay: event.days.last,
      venueName: event.venueName,
      // The grid's dot, mark and read-out answer come ready, so the page loads no present.ts of its own (issue 11).
      dot: kindStyle(event.kind).dot,
      mine: booking ? { answer: booking.rsvp?.answer ?? null, open: window.open, closedReason: window.reason, ...answerMark(booking.rsvp?.answer ?? null) } : null,
      // What a screen reader hears after the grid's title: a struck-through title is cancelled, and then no answer is wanted.
      heard: event.cancelledAt ? ", cancelled" : booking ? `, you: ${answerLabel(booking.rsvp?.answer ?? null)}` : null,
      blackedOut: event.blackedOut.length ? blackedOutText(event.blackedOut) : null,
    };
  });
  const ownBlackouts = month.ownBlackouts.map((b) => ({ startDate: b.startDate, endDate: b.endDate, reason: b.reason }));

  const days = Array.from({ length: month.gridDays }, (_, index) => {
    const day = addDays(month.gridStart, index);
    const key = formatLocalDate(day);
    return {
      key,
      day: day.day,
      inMonth: day.month === month.first.month,
      isToday: key === month.today,
      label: dayLabel(day),
      eventIds: events.filter((event) => event.firstDay <= key && event.lastDay >= key).map((event) => event.id),
      /** How many of eventIds the cell lists (the rest are "+N more"). */
      shown: CELL_EVENTS,
      more: null as { count: number; href: string } | null,
      blackout: ownBlackouts.find((b) => b.startDate <= key && b.endDate >= key) ?? null,
    };
  });
  const query = (target: string) => {
    const params = new URLSearchParams();
    params.set("month", target);
    for (const kind of kinds) params.append("kind", kind);
    if (mine) params.set("mine", "1");
    return `?${params}`;
  };
  // A crowded day shows its first events and "+N more", a link to the rest in the agenda (of that day's month).
  for (const day of days) {
    if (day.eventIds.length <= CELL_EVENTS) continue;
    const hidden = day.eventIds.slice(CELL_EVENTS - 1);
    day.shown = CELL_EVENTS - 1;
    day.more = { count: hidden.length, href: `${query(day.key.slice(0, 7))}#agenda-${hidden[0]}` };
  }
  const monthStart = formatLocalDate(month.first);
  const monthEnd = formatLocalDate(month.monthEnd);
  const shownBlackouts = ownBlackouts
    .filter((b) => b.endDate >= monthStart && b.startDate <= monthEnd)
    .map((b) => ({ ...b, when: formatDayRange(b.startDate, b.endDate) }));

  return {
    // The page's sentences are made here, so their words travel as data, not page JavaScript (issue 11).
    band: {
      name: access.band.name,
      timeZone: tz,
      intro: `Gigs, rehearsals and meetings of ${access.band.name}. Times are in the band’s time zone, ${tz}.`,
      subNote: `As a sub, you see the gigs you’re booked on. When ${access.band.name} books you, the gig shows here.`,
    },
    title: `${MONTH_NAMES[month.first.month - 1]} ${month.first.year}`,
    links: { prev: query(month.prevMonth), next: query(month.nextMonth), today: query(month.thisMonth) },
    notice: month.refusedMonth ? refusedMonthNotice(month.refusedMonth) : null,
    month: month.month,
    filters: { kinds, mine, options: Object.entries(KIND_STYLES).map(([value, style]) => ({ value, label: style.label })) },
    abilities: month.abilities,
    calendarLinks: calendarLinks(access),
    days,
    events,
    // Said in one line under the agenda's heading, written here so the page ships no code for it.
    ownBlackoutsText: shownBlackouts.map((b) => `${b.when}${b.reason ? ` (${b.reason})` : ""}`).join("; "),
    agenda: events.filter((event) => event.lastDay >= monthStart && event.firstDay <= monthEnd),
    // The first event after the month: on a phone the agenda is the only view, and "Nothing
    // in November" hid Tuesday's rehearsal.
    after: month.after ? { id: month.after.id, text: `Next: ${month.after.title}, ${formatDate(month.after.startsAt, tz)} · ${month.after.allDay ? "All day" : formatTime(month.after.startsAt, tz)}` } : null,
  };
}
