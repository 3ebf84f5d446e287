import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { parsePage, requirePlatformAdmin } from "~/features/admin/admin.server";
import { FUNNEL_DAYS, getAdminDashboard } from "~/features/admin/stats.server";
import { FunnelChart, SignupsChart } from "~/features/admin/components/charts";
import { bandsOfEntries, listAuditEntries } from "~/features/audit/audit.server";
import { AuditLogTable } from "~/features/audit/components/audit-log";
import { auditRows } from "~/features/audit/format";
import { PageHeader, Pager } from "~/components/kit";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { errorBoundaryWith } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePlatformAdmin(request);
  const [dashboard, audit] = await Promise.all([getAdminDashboard(admin), listAuditEntries({}, parsePage(new URL(request.url).searchParams.get("page")))]);
  const { entries, ...auditPage } = audit;
  const { currencyOf, bandNameOf } = await bandsOfEntries(entries);
  return {
    ...dashboard,
    // The funnel's span comes with the data: imported into the page from a .server module it
    // is undefined in the browser ("last undefined days"), a hydration mismatch that made
    // React throw the server's HTML away and re-render, swallowing a click meanwhile.
    funnelDays: FUNNEL_DAYS,
    mrr: { ...dashboard.mrr, formatted: formatMoney(dashboard.mrr.amountMinor, dashboard.mrr.currency) },
    audit: {
      ...auditPage,
      entries: auditRows(entries, { currencyOf, bandNameOf }),
    },
  };
}

function Stat({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

function Section({ id, title, children, aside }: { id: string; title: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export default function AdminDashboard() {
  const { users, bands, mrr, signups, funnel, funnelDays, audit } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Admin" description="The whole platform at a glance. Only platform admins can see this area." />

      <section aria-labelledby="users-heading">
        <h2 id="users-heading" className="mb-2 font-semibold text-slate-900">
          Users
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Stat label="Users" value={users.total} />
          <Stat label="Verified" value={users.verified} />
          <Stat label="New in 7 days" value={users.new7} />
          <Stat label="New in 30 days" value={users.new30} />
          <Stat label="Active in 30 days" value={users.active30} />
        </dl>
      </section>

      <section aria-labelledby="bands-heading">
        <h2 id="bands-heading" className="mb-2 font-semibold text-slate-900">
          Bands and revenue
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label="Bands" value={bands.total} />
          <Stat label="Pro bands" value={bands.pro} />
          <Stat label="Bands created in 30 days" value={bands.new30} />
          <Stat label="Monthly recurring revenue" value={mrr.formatted} hint={mrr.source} />
        </dl>
      </section>

      <Section id="signups-heading" title="Sign-ups per day">
        <SignupsChart days={signups} />
      </Section>

      <Section id="funnel-heading" title={`Funnel, last ${funnelDays} days`}>
        <FunnelChart steps={funnel} days={funnelDays} />
      </Section>

      <Section
        id="manage-heading"
        title="Manage users"
        aside={
          <Link to="/admin/users" className="inline-flex min-h-[44px] items-center font-medium text-brand-700 underline-offset-4 hover:underline">
            Find and manage users <span aria-hidden="true">&nbsp;→</span>
          </Link>
        }
      >
        <p className="text-sm text-slate-600">Search accounts, see their bands, grant or revoke platform admin, disable accounts, resend verification, set a band’s plan.</p>
      </Section>

      <Section id="audit-heading" title="Audit log" aside={<span className="text-sm text-slate-600">{audit.total === 1 ? "1 entry" : `${audit.total} entries`}</span>}>
        <p className="mb-3 text-sm text-slate-600">Every admin action and every change of role, membership, plan and money, newest first.</p>
        <AuditLogTable inUtc entries={audit.entries} caption={`Audit log, page ${audit.page} of ${audit.pageCount}`} />
        <div className="mt-3">
          <Pager page={audit.page} pageCount={audit.pageCount} total={audit.total} first={audit.first} shown={audit.entries.length} label="Audit log pages" hash="#audit-heading" />
        </div>
      </Section>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Admin", error);

export const ErrorBoundary = errorBoundaryWith({ forbidden: "Only platform admins can open the admin area." });
