import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { requireCurrentBand } from "~/features/bands/current-band.server";
import { getOnboardingStatus, onboardingSteps } from "~/features/bands/onboarding.server";
import { listMembersPreview } from "~/features/bands/overview.server";
import { ProgressBar } from "~/features/bands/components/progress-bar";
import { Avatar } from "~/components/avatar";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { RoleBadge } from "~/components/role-badge";
import { Icon, type IconName } from "~/components/shell/icons";
import { displayName } from "~/utils/names";
import { can } from "~/features/members/permissions";

const MEMBER_PREVIEW = 6;

export async function loader({ request }: LoaderFunctionArgs) {
  const { band, membership } = await requireCurrentBand(request, "band:view");
  const [onboarding, members] = await Promise.all([getOnboardingStatus(band.id), listMembersPreview(band.id, MEMBER_PREVIEW)]);
  if (!onboarding) throw data({ message: "Band not found" }, { status: 404 });
  return {
    band: { name: band.name, isPro: band.subscriptionTier === "pro" },
    role: membership.role,
    // A sub sees only the gigs they are booked on: not even the band's content counts.
    counts: can(membership.role, "band:setup")
      ? { members: onboarding.memberCount, songs: onboarding.songCount, setlists: onboarding.setlistCount, events: onboarding.eventCount }
      : { members: onboarding.memberCount },
    progress: onboarding.overallProgress,
    nextSteps: can(membership.role, "band:setup")
      ? onboardingSteps(onboarding)
          .filter((step) => !step.done)
          .slice(0, 3)
      : [],
    // A sub sees bandmates' names, not their email addresses.
    members: can(membership.role, "members:contact") ? members : members.map((member) => ({ ...member, user: { ...member.user, email: null } })),
  };
}

const STATS: { key: "members" | "songs" | "setlists" | "events"; label: string; to: string; icon: IconName }[] = [
  { key: "members", label: "Members", to: "/members", icon: "members" },
  { key: "songs", label: "Songs", to: "/songs", icon: "songs" },
  { key: "setlists", label: "Setlists", to: "/setlists", icon: "setlists" },
  { key: "events", label: "Events", to: "/calendar", icon: "calendar" },
];

export default function Dashboard() {
  const { band, role, counts, progress, nextSteps, members } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{band.name}</h1>
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
              {counts.members > members.length ? `View all ${counts.members}` : "Manage members"}
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

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
