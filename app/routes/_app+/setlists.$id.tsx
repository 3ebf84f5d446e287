import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { bandIdOfSetlist, getSetlist } from "~/features/setlists/setlists.server";
import { DetailList, DetailRow } from "~/components/detail-list";
import { PageHeader } from "~/components/page-header";
import { formatDate } from "~/utils/dates";
import { parseId } from "~/utils/ids";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

const NOT_FOUND = "Setlist not found";
const notFound = () => data({ message: NOT_FOUND }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const setlistId = parseId(params.id);
  const bandId = setlistId ? await bandIdOfSetlist(setlistId) : null;
  // Another band's setlist is "not found", the same answer as an id that does not exist.
  const access = await requireBandAccess(request, { band: bandId, permission: "content:view", notFound: NOT_FOUND });
  const setlist = setlistId ? await getSetlist(access, setlistId) : null;
  if (!setlist) throw notFound();
  const { timeZone } = setlist.band;
  return {
    setlist: {
      name: setlist.name,
      bandName: setlist.band.name,
      created: formatDate(setlist.createdAt, timeZone),
      createdAt: setlist.createdAt.toISOString(),
      updated: formatDate(setlist.updatedAt, timeZone),
      updatedAt: setlist.updatedAt.toISOString(),
    },
  };
}

export default function SetlistDetails() {
  const { setlist } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader back={{ to: "/setlists", label: "Setlists" }} title={setlist.name} />
      <section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="details-heading" className="font-semibold text-slate-900">
          Details
        </h2>
        <div className="mt-2">
          <DetailList>
            <DetailRow term="Band">{setlist.bandName}</DetailRow>
            <DetailRow term="Created">
              <time dateTime={setlist.createdAt}>{setlist.created}</time>
            </DetailRow>
            <DetailRow term="Last changed">
              <time dateTime={setlist.updatedAt}>{setlist.updated}</time>
            </DetailRow>
          </DetailList>
        </div>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data?.setlist.name ?? "Setlist", error);

export const ErrorBoundary = RouteErrorBoundary;
