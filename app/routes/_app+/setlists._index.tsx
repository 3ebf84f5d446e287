import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { listSetlists } from "~/features/setlists/setlists.server";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { formatDate } from "~/utils/dates";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "content:view" });
  const result = await listSetlists(access);
  if (!result) throw data({ message: "Band not found" }, { status: 404 });
  return {
    bandName: access.band.name,
    bookedOnly: result.bookedOnly,
    setlists: result.setlists.map((setlist) => ({
      id: setlist.id,
      name: setlist.name,
      created: formatDate(setlist.createdAt, result.timeZone),
      createdAt: setlist.createdAt.toISOString(),
    })),
  };
}

export default function Setlists() {
  const { bandName, bookedOnly, setlists } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Setlists"
        description={`The running orders ${bandName} plays from, built from the band’s song library.`}
        aside={setlists.length ? <Count n={setlists.length} /> : null}
      />
      {bookedOnly ? (
        <EmptyState icon="setlists" title="No setlists for you yet">
          <p>As a sub, you see the setlists of the gigs you’re booked on. When {bandName} books you for a gig, its setlist shows here.</p>
        </EmptyState>
      ) : setlists.length === 0 ? (
        <EmptyState icon="setlists" title="No setlists yet">
          <p>
            A setlist is the order of songs for a gig or rehearsal. Once {bandName} has setlists, they’re listed here, newest first, for the whole
            band to see.
          </p>
          <p>
            <Link to="/songs" className="font-medium text-brand-700 underline underline-offset-4">
              Browse the song library
            </Link>
          </p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {setlists.map((setlist) => (
            <li key={setlist.id}>
              <Link to={`/setlists/${setlist.id}`} className="flex min-h-[44px] items-center gap-4 px-4 py-3 hover:bg-slate-50">
                <span className="min-w-0 flex-1">
                  <span className="block break-words font-semibold text-slate-900">{setlist.name}</span>
                  <span className="block text-sm text-slate-600">
                    Created <time dateTime={setlist.createdAt}>{setlist.created}</time>
                  </span>
                </span>
                <span aria-hidden="true" className="text-slate-400">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Count({ n }: { n: number }) {
  return <span className="text-sm text-slate-600">{n === 1 ? "1 setlist" : `${n} setlists`}</span>;
}

export const meta: MetaFunction = ({ error }) => pageTitle("Setlists", error);

export const ErrorBoundary = RouteErrorBoundary;
