import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { bandIdOfEvent, getEvent } from "~/features/events/events.server";
import { presentEvent } from "~/features/events/present";
import { requireBandAccess } from "~/features/bands/access.server";
import { DetailList, DetailRow } from "~/components/detail-list";
import { PageHeader } from "~/components/page-header";
import { parseId } from "~/utils/ids";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

const NOT_FOUND = "Event not found";
const notFound = () => data({ message: NOT_FOUND }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const eventId = parseId(params.id);
  const bandId = eventId ? await bandIdOfEvent(eventId) : null;
  // Another band's event is "not found", the same answer as an id that does not exist.
  const access = await requireBandAccess(request, { band: bandId, permission: "content:view", notFound: NOT_FOUND });
  const event = eventId ? await getEvent(access, eventId) : null;
  if (!event) throw notFound();
  return {
    event: presentEvent(event, event.band.timeZone),
    band: { name: event.band.name, timeZone: event.band.timeZone },
  };
}

export default function EventDetails() {
  const { event, band } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/calendar", label: "Calendar" }}
        title={event.title}
        aside={
          <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300">
            {event.kind}
          </span>
        }
      />
      <section aria-labelledby="when-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="when-heading" className="font-semibold text-slate-900">
          Details
        </h2>
        <div className="mt-2">
          <DetailList>
            <DetailRow term="Date">
              <time dateTime={event.startsAt}>{event.date}</time>
            </DetailRow>
            <DetailRow term="Time">{event.time}</DetailRow>
            <DetailRow term="Band">{band.name}</DetailRow>
            <DetailRow term="Time zone">{band.timeZone}</DetailRow>
          </DetailList>
        </div>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data?.event.title ?? "Event", error);

export const ErrorBoundary = RouteErrorBoundary;
