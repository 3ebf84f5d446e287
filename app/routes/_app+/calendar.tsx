import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { getCalendar } from "~/features/events/events.server";
import { presentEvent } from "~/features/events/present";
import { EventRow, type EventRowData } from "~/features/events/components/event-row";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Icon } from "~/components/shell/icons";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";
import { CalendarLinks } from "~/features/availability/components/calendar-links";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "content:view" });
  const calendar = await getCalendar(access);
  if (!calendar) throw data({ message: "Band not found" }, { status: 404 });
  // Only the booked-only view has no time zone, and it lists no events.
  const timeZone = calendar.timeZone ?? "UTC";
  return {
    band: { name: access.band.name, timeZone: calendar.timeZone },
    bookedOnly: calendar.bookedOnly,
    upcoming: calendar.upcoming.map((event) => presentEvent(event, timeZone)),
    past: calendar.past.map((event) => presentEvent(event, timeZone)),
    pastCount: calendar.pastCount,
  };
}

export default function Calendar() {
  const { band, bookedOnly, upcoming, past, pastCount } = useLoaderData<typeof loader>();
  const nothingYet = upcoming.length === 0 && past.length === 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Calendar"
        description={
          band.timeZone ? (
            <>
              Gigs and rehearsals of {band.name}. Times are in the band’s time zone, {band.timeZone}.
            </>
          ) : (
            <>Gigs and rehearsals of {band.name}.</>
          )
        }
      />
      <CalendarLinks current="calendar" />

      {bookedOnly ? (
        <EmptyState icon="calendar" title="No gigs booked for you yet">
          <p>As a sub, you see the gigs you’re booked on. When {band.name} books you for a gig, it shows here with its date and time.</p>
        </EmptyState>
      ) : nothingYet ? (
        <EmptyState icon="calendar" title="Nothing on the calendar yet">
          <p>
            The calendar is where {band.name} keeps its gigs and rehearsals, so everyone knows where to be and when. Events show here in date order,
            with past ones kept below.
          </p>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="upcoming-heading">
            <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
              Upcoming
            </h2>
            {upcoming.length ? (
              <EventList events={upcoming} />
            ) : (
              <p className="mt-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-600">No upcoming events.</p>
            )}
          </section>

          {past.length ? (
            <details className="group rounded-xl border border-slate-200 bg-slate-50">
              <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-100">
                <span>
                  Past events <span className="font-normal text-slate-600">({pastCount})</span>
                </span>
                <Icon name="chevron" className="h-5 w-5 text-slate-500 transition-transform group-open:rotate-180" />
              </summary>
              <div className="px-4 pb-4">
                {pastCount > past.length ? <p className="text-sm text-slate-600">The {past.length} most recent.</p> : null}
                <EventList events={past} />
              </div>
            </details>
          ) : null}
        </>
      )}
    </div>
  );
}

function EventList({ events }: { events: EventRowData[] }) {
  return (
    <ul className="mt-3 space-y-3">
      {events.map((event) => (
        <li key={event.id}>
          <EventRow event={event} />
        </li>
      ))}
    </ul>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Calendar", error);

export const ErrorBoundary = RouteErrorBoundary;
