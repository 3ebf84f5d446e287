import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { calendarPage } from "~/features/events/calendar-page.server";
import { KindBadge, KindIcon } from "~/features/events/components/kind-badge";
import { RsvpButtons } from "~/features/events/components/rsvp-buttons";
import { EmptyState } from "~/components/empty-state";
import { buttonClasses, PageHeader, RouteErrorBoundary, pageTitle } from "~/components/kit";
import { CalendarLinks } from "~/features/availability/components/calendar-links";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export async function loader({ request }: LoaderFunctionArgs) {
  return calendarPage(request);
}

export default function Calendar() {
  const { band, title, links, notice, month, filters, abilities, calendarLinks: pages, days, events, agenda, after, ownBlackoutsText } = useLoaderData<typeof loader>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const byId = new Map(events.map((event) => [event.id, event]));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Calendar"
        description={band.intro}
        aside={
          abilities.create ? (
            <Link to="/events/new" className={buttonClasses("primary", "ml-auto")}>
              New event
            </Link>
          ) : null
        }
      />
      <CalendarLinks current="calendar" abilities={pages} />
      {notice ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Months" className="flex flex-wrap items-center gap-1">
          <Link to={links.prev} className={buttonClasses("ghost")} aria-label="Previous month">
            <span aria-hidden="true">←</span>
          </Link>
          <h2 className="min-w-[10rem] text-center text-xl font-semibold text-slate-900" aria-live="polite">
            {title}
          </h2>
          <Link to={links.next} className={buttonClasses("ghost")} aria-label="Next month">
            <span aria-hidden="true">→</span>
          </Link>
          <Link to={links.today} className={buttonClasses("secondary", "ml-2")}>
            Today
          </Link>
        </nav>
        <Form method="get" className="flex flex-wrap items-center gap-x-4 gap-y-1" aria-label="Filters">
          <input type="hidden" name="month" value={month} />
          {filters.options.map((kind) => (
            <label key={kind.value} className="flex min-h-[44px] items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="kind" value={kind.value} defaultChecked={filters.kinds.includes(kind.value)} className="h-5 w-5" />
              {kind.label}
            </label>
          ))}
          <label className="flex min-h-[44px] items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="mine" value="1" defaultChecked={filters.mine} className="h-5 w-5" />
            Only events I’m booked on
          </label>
          <button type="submit" className={buttonClasses("secondary")}>
            Filter
          </button>
        </Form>
      </div>

      {abilities.bookedOnly && !events.length ? (
        <EmptyState icon="calendar" title="No gigs booked for you this month">
          <p>{band.subNote}</p>
        </EmptyState>
      ) : null}

      <table className="hidden w-full table-fixed border-collapse overflow-hidden rounded-xl border border-slate-200 bg-white md:table" aria-label={`${title}, month view`}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className="border-b border-slate-200 py-2 text-xs font-semibold uppercase text-slate-600">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: days.length / 7 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((day) => (
                <td key={day.key} className={`h-28 border border-slate-100 p-1 align-top ${day.blackout ? "bg-slate-100" : day.inMonth ? "" : "bg-slate-50 text-slate-500"}`}>
                  <span className={`inline-flex h-6 w-6 items-center justify-center rounded-full text-xs ${day.isToday ? "bg-brand-700 font-bold text-white" : ""}`}>
                    <span className="sr-only">{day.label}</span>
                    <span aria-hidden="true">{day.day}</span>
                  </span>
                  {day.blackout ? (
                    <span className="ml-1 rounded bg-slate-200 px-1 text-[0.7rem] font-medium text-slate-800" title={day.blackout.reason ? `You’re blacked out: ${day.blackout.reason}` : "You’re blacked out"}>
                      You: blacked out
                    </span>
                  ) : null}
                  <ul className="space-y-0.5">
                    {day.eventIds.slice(0, day.shown).map((id) => {
                      const event = byId.get(id)!;
                      return (
                        <li key={id}>
                          {/* Titles wrap to two lines; the whole title is the link's accessible name and its tooltip. */}
                          <Link
                            to={`/events/${id}`}
                            className={`block rounded px-1 text-xs leading-4 hover:bg-slate-100 ${event.cancelled ? "text-slate-500 line-through" : "text-slate-900"}`}
                            title={event.blackedOut ? `${event.title} (${event.blackedOut.count}: ${event.blackedOut.names})` : event.title}
                          >
                            {/* The first line: kind, time and marks; then the title, on up to two lines of the cell's full width. */}
                            <span className="flex items-center gap-1 text-slate-600">
                              <span className={`h-2 w-2 shrink-0 rounded-full ${event.dot}`} aria-hidden="true" />
                              <span className="truncate">{day.key > event.firstDay ? event.laterDays : event.shortTime}</span>
                              {event.mine ? (
                                <span className={`ml-auto shrink-0 font-bold ${event.mine.markClass}`} aria-hidden="true">
                                  {event.mine.mark}
                                </span>
                              ) : null}
                              {event.blackedOut ? (
                                <span className={`${event.mine ? "" : "ml-auto "}shrink-0 rounded bg-red-50 px-0.5 font-semibold text-red-800`} aria-hidden="true">
                                  ⊘{event.blackedOut.count.split(" ")[0]}
                                </span>
                              ) : null}
                            </span>
                            <span className="line-clamp-2 wrap-anywhere" data-cell-title>
                              {event.title}
                            </span>
                            {event.heard ? <span className="sr-only">{event.heard}</span> : null}
                            {event.blackedOut ? (
                              <span className="sr-only">
                                , {event.blackedOut.count}: {event.blackedOut.names}
                              </span>
                            ) : null}
                          </Link>
                        </li>
                      );
                    })}
                    {day.more ? (
                      <li>
                        <Link to={day.more.href} className="block rounded px-1 text-xs font-semibold text-brand-700 underline-offset-2 hover:underline">
                          +{day.more.count} more<span className="sr-only"> on {day.label}</span>
                        </Link>
                      </li>
                    ) : null}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <section aria-labelledby="agenda-heading">
        <h2 id="agenda-heading" className="text-lg font-semibold text-slate-900">
          Events in {title}
        </h2>
        {ownBlackoutsText ? (
          <p className="mt-2 text-sm text-slate-700">
            Your blackouts: {ownBlackoutsText}{" "}
            <Link to="/calendar/blackouts" className="underline">
              Manage
            </Link>
          </p>
        ) : null}
        {agenda.length ? (
          <ul className="mt-3 space-y-3">
            {agenda.map((event) => (
              <li key={event.id} id={`agenda-${event.id}`} className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <KindIcon kind={event.kind} className="h-4 w-4 text-slate-600" />
                  <Link to={`/events/${event.id}`} className={`wrap-anywhere font-semibold hover:underline ${event.cancelled ? "text-slate-500 line-through" : "text-slate-900"}`}>
                    {event.title}
                  </Link>
                  <KindBadge kind={event.kind} tentative={event.tentative} />
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  <time dateTime={event.startsAt}>{event.date}</time> · {event.time}
                  {event.venueName ? ` · ${event.venueName}` : null}
                </p>
                {event.cancelled ? <p className="mt-1 text-sm text-red-800">Cancelled: {event.cancelled}</p> : null}
                {event.blackedOut ? (
                  <p className="mt-1 text-sm text-red-800">
                    <span className="font-semibold">{event.blackedOut.count}:</span> {event.blackedOut.names}
                  </p>
                ) : null}
                {event.mine ? (
                  <div className="mt-2">
                    <RsvpButtons eventId={event.id} title={event.title} when={`${event.date}, ${event.time}`} state={event.mine} returnTo={`${returnTo}#agenda-${event.id}`} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-600">Nothing in {title}.</p>
        )}
        {after ? (
          <p className="mt-3">
            <Link to={`/events/${after.id}`} className="wrap-anywhere font-medium text-brand-700 underline">
              {after.text}
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Calendar", error);

export const ErrorBoundary = RouteErrorBoundary;
