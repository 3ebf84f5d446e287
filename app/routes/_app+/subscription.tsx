import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { getSubscription } from "~/features/billing/billing.server";
import { FREE_FEATURES, PRO_FEATURES } from "~/features/billing/plans";
import { PageHeader } from "~/components/page-header";
import { Icon } from "~/components/shell/icons";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "band:view" });
  const { mayChangePlan, ...subscription } = await getSubscription(access);
  return { bandName: access.band.name, ...subscription, isLeader: mayChangePlan };
}

export default function Subscription() {
  const { bandName, isPro, proPrice, isLeader, leaders } = useLoaderData<typeof loader>();
  const otherLeaders = leaders.length ? leaders.join(", ") : null;
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/settings", label: "Settings" }}
        title="Subscription"
        description={`The plan ${bandName} is on, and what each plan includes.`}
      />

      <section aria-labelledby="current-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="current-heading" className="text-sm font-medium text-slate-600">
          Current plan
        </h2>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-2xl font-bold text-slate-900">{isPro ? "Pro" : "Free"}</span>
          <span className="text-slate-600">{isPro ? `$${proPrice} a month` : "No charge"}</span>
        </p>
        <p className="mt-3 text-slate-700">
          {isLeader
            ? "Plan changes are handled by the band leader: that’s you."
            : otherLeaders
            ? `Plan changes are handled by the band leader (${otherLeaders}).`
            : "Plan changes are handled by the band leader."}
        </p>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <PlanCard title="Free" price="No charge" current={!isPro} features={FREE_FEATURES} />
        <PlanCard title="Pro" price={`$${proPrice} a month`} current={isPro} features={["Everything in Free", ...PRO_FEATURES]} highlight />
      </div>
    </div>
  );
}

function PlanCard({
  title,
  price,
  current,
  features,
  highlight = false,
}: {
  title: string;
  price: string;
  current: boolean;
  features: string[];
  highlight?: boolean;
}) {
  const id = `plan-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={`rounded-xl border bg-white p-5 shadow-sm ${highlight ? "border-brand-500" : "border-slate-200"}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {current ? (
          <span className="inline-flex items-center rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Current plan</span>
        ) : null}
      </div>
      <p className="mt-1 text-slate-600">{price}</p>
      <ul className="mt-4 space-y-2">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-700">
            <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Subscription", error);

export const ErrorBoundary = RouteErrorBoundary;
