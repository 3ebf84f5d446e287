import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { getBandForUser } from "~/features/bands/bands.server";
import { requireCurrentBand } from "~/features/bands/current-band.server";
import { planName } from "~/features/billing/plans";
import { permissionTable } from "~/features/members/permission-table";
import { DetailList, DetailRow } from "~/components/detail-list";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { PageHeader } from "~/components/page-header";
import { RoleBadge } from "~/components/role-badge";
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { band, user, membership } = await requireCurrentBand(request, "band:view");
  const details = await getBandForUser(user.id, band.id);
  if (!details) throw data({ message: "Band not found" }, { status: 404 });
  return {
    band: { name: details.name, timeZone: details.timeZone, currency: details.currency, plan: planName(details.subscriptionTier) },
    role: membership.role,
    permissions: permissionTable(),
  };
}

export default function Settings() {
  const { band, role, permissions } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description={`How ${band.name} is set up, and what each role in the band may do.`} />

      <section aria-labelledby="band-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="band-heading" className="font-semibold text-slate-900">
          Band details
        </h2>
        <div className="mt-2">
          <DetailList>
            <DetailRow term="Name">{band.name}</DetailRow>
            <DetailRow term="Time zone">{band.timeZone}</DetailRow>
            <DetailRow term="Currency">{band.currency}</DetailRow>
            <DetailRow term="Plan">
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {band.plan}
                <Link
                  to="/subscription"
                  className="inline-flex min-h-[44px] items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  Plan details
                </Link>
              </span>
            </DetailRow>
            <DetailRow term="Your role">
              <RoleBadge role={role} />
            </DetailRow>
          </DetailList>
        </div>
      </section>

      <section aria-labelledby="roles-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="roles-heading" className="font-semibold text-slate-900">
          Who can do what
        </h2>
        <p className="mt-1 text-sm text-slate-600">Each member’s role in the band decides what they may see and change.</p>

        {/* A wide table from small tablets up; on phones each permission becomes its own short list. */}
        <div className="mt-4 hidden overflow-x-auto sm:block">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Permissions by role</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3 font-semibold text-slate-900">
                  Permission
                </th>
                {permissions.roles.map((column) => (
                  <th
                    key={column.role}
                    scope="col"
                    className={`whitespace-nowrap px-3 py-2 font-semibold text-slate-900 ${column.role === role ? "bg-brand-50" : ""}`}
                  >
                    {column.label}
                    {column.role === role ? <span className="block text-xs font-normal text-brand-700">Your role</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {permissions.rows.map((row) => (
                <tr key={row.permission}>
                  <th scope="row" className="py-2.5 pr-3 font-medium text-slate-900">
                    {row.label}
                  </th>
                  {row.cells.map((cell) => (
                    <td
                      key={cell.role}
                      className={`px-3 py-2.5 ${cell.grant === null ? "text-slate-500" : "text-slate-900"} ${
                        cell.role === role ? "bg-brand-50" : ""
                      }`}
                    >
                      {cell.text}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <ul className="mt-4 space-y-3 sm:hidden">
          {permissions.rows.map((row) => (
            <li key={row.permission} className="rounded-lg border border-slate-200 p-3">
              <h3 className="font-medium text-slate-900">{row.label}</h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {row.cells.map((cell) => {
                  const label = permissions.roles.find((column) => column.role === cell.role)?.label;
                  return (
                    <div key={cell.role} className="contents">
                      <dt className={`text-slate-600 ${cell.role === role ? "font-semibold" : ""}`}>{label}</dt>
                      <dd className={cell.grant === null ? "text-slate-500" : "text-slate-900"}>{cell.text}</dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Settings", error);

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
