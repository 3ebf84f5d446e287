import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPlatformCounts, requirePlatformAdmin } from "~/features/admin/admin.server";
import { PageHeader } from "~/components/page-header";
import { Icon, type IconName } from "~/components/shell/icons";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  return { counts: await getPlatformCounts() };
}

const STATS: { key: "users" | "bands" | "proBands" | "activeSessions"; label: string; icon: IconName }[] = [
  { key: "users", label: "Users", icon: "members" },
  { key: "bands", label: "Bands", icon: "dashboard" },
  { key: "proBands", label: "Pro bands", icon: "finances" },
  { key: "activeSessions", label: "Active sessions", icon: "admin" },
];

export default function AdminDashboard() {
  const { counts } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Admin" description="The whole platform at a glance. Only platform admins can see this area." />
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading" className="sr-only">
          Platform counts
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={stat.icon} />
              </span>
              <div className="flex flex-col-reverse">
                <dt className="text-sm text-slate-600">{stat.label}</dt>
                <dd className="text-2xl font-bold tabular-nums text-slate-900">{counts[stat.key]}</dd>
              </div>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="manage-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="manage-heading" className="font-semibold text-slate-900">
          Users
        </h2>
        <p className="mt-1 text-sm text-slate-600">Everyone with an account: verification, platform admin flag, bands and when they joined.</p>
        <Link to="/admin/users" className="mt-3 inline-flex min-h-[44px] items-center font-medium text-brand-700 underline-offset-4 hover:underline">
          View all users <span aria-hidden="true">&nbsp;→</span>
        </Link>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Admin", error);

export const ErrorBoundary = RouteErrorBoundary;
