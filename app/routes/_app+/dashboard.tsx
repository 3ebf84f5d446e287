import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { getBandOverview } from "~/features/bands/overview.server";
import { ProgressBar } from "~/features/bands/components/progress-bar";
import { Avatar } from "~/components/avatar";
import { RoleBadge } from "~/components/role-badge";
import { Icon, type IconName } from "~/components/shell/icons";
import { displayName } from "~/utils/names";
import { RouteErrorBoundary } from "~/components/error-screens";

const MEMBER_PREVIEW = 6;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "band:view" });
  const overview = await getBandOverview(access, MEMBER_PREVIEW);
  if (!overview) throw data({ message: "Band not found" }, { status: 404 });
  return { band: { name: access.band.name, isPro: access.band.isPro }, role: access.membership.role, ...overview };
}

const STATS: { key: "members" | "songs" | "setlists" | "events"; label: string; to: string; icon: IconName }[] = [
  { key: "members", label: "Members", to: "/members", icon: "members" },
  { key: "songs", label: "Songs", to: "/songs", icon: "songs" },
  { key: "setlists", label: "Setlists", to: "/setlists", icon: "setlists" },
  { key: "events", label: "Events", to: "/calendar", icon: "calendar" },
];

export default function Dashboard() {
  const { band, role, canManageMembers, counts, progress, nextSteps, members } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {/* A long one-word name wraps on a phone instead of overflowing; the title holds it whole. */}
        <h1 title={band.name} className="min-w-0 max-w-full text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
          {band.name}
        </h1>
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${band.isPro ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300"}`}
        >
          {band.isPro ? "Pro" : "Free"} plan
        </span>
        <span className="flex items-center gap-1.5 text-sm text-slate-600">
          Your role <RoleBadge role={role} />
        </span>
      </header>

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {STATS.filter((stat) => counts[stat.key] !== undefined).map((stat) => (
            <li key={stat.key}>
              <Link
                to={stat.to}
                className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={stat.icon} />
                </span>
                <span>
                  <span className="block text-2xl font-bold tabular-nums text-slate-900">{counts[stat.key]}</span>
                  <span className="block text-sm text-slate-600">{stat.label}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        {nextSteps.length ? (
          <section aria-labelledby="next-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id="next-heading" className="font-semibold text-slate-900">
                Next steps
              </h2>
              <Link to="/getting-started" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                See all
              </Link>
            </div>
            <div className="mt-3">
              <ProgressBar value={progress} />
            </div>
            <ul className="mt-4 divide-y divide-slate-100">
              {nextSteps.map((step) => (
                <li key={step.key}>
                  <Link to={step.href} className="flex min-h-[44px] items-center justify-between gap-3 py-3 hover:text-brand-700">
                    <span>
                      <span className="block font-medium text-slate-900">{step.label}</span>
                      <span className="block text-sm text-slate-600">{step.description}</span>
                    </span>
                    <span aria-hidden="true" className="text-slate-400">
                      →
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="members-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="members-heading" className="font-semibold text-slate-900">
              Members
            </h2>
            <Link to="/members" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              {counts.members > members.length ? `View all ${counts.members}` : canManageMembers ? "Manage members" : "See members"}
            </Link>
          </div>
          <ul className="mt-3 divide-y divide-slate-100">
            {members.map((member) => {
              const person = { ...member.user, displayName: member.membership.displayName };
              return (
                <li key={member.membership.id} className="flex items-center gap-3 py-2.5">
                  <Avatar person={person} position={member.position} size="sm" decorative />
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{displayName(person)}</span>
                  <RoleBadge role={member.membership.role} />
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard · Bandroom" }];

export const ErrorBoundary = RouteErrorBoundary;
