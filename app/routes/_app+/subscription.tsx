import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess, requireFormBandAccess } from "~/features/bands/access.server";
import { getSubscription, runBillingAction } from "~/features/billing/billing.server";
import { FREE_FEATURES, PRO_FEATURES } from "~/features/billing/plans";
import { BillingActionSchema, type BillingAction } from "~/features/billing/schema";
import { Button, Icon, PageHeader } from "~/components/kit";
import { pageTitle } from "~/utils/meta";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "band:view" });
  const { mayChangePlan, ...subscription } = await getSubscription(access);
  return {
    bandId: access.band.id,
    bandName: access.band.name,
    ...subscription,
    isLeader: mayChangePlan,
    checkoutNotice: mayChangePlan ? checkoutNotice(new URL(request.url).searchParams.get("checkout"), subscription) : null,
  };
}

/**
 * What Stripe's return address (?checkout=success or cancelled) says, to the leader who
 * went through checkout, from the band's state rather than the address alone: an old
 * "success" address (from the history, after Pro has ended) or "cancelled" on a band that
 * is Pro says nothing.
 */
function checkoutNotice(outcome: string | null, { isPro, checkoutOpen }: { isPro: boolean; checkoutOpen: boolean }) {
  if (outcome === "cancelled") return isPro ? null : "Checkout was cancelled. Nothing was charged.";
  if (outcome !== "success") return null;
  if (isPro) return "Payment received: welcome to Pro.";
  return checkoutOpen ? "Thanks! Stripe is confirming the payment; Pro switches on in a moment. Reload this page if it has not." : null;
}

const DONE: Record<"cancel" | "resume", (bandName: string) => { title: string; description: string }> = {
  cancel: (bandName) => ({ title: "Pro will end at the close of this billing period", description: `${bandName} keeps Pro until then, and keeps all its data after.` }),
  resume: (bandName) => ({ title: "Pro will carry on", description: `${bandName}’s subscription renews as before.` }),
};

/**
 * The leader's billing actions, as plain form posts: checkout and the portal answer 303
 * to Stripe's hosted page; cancel and resume come back here with a toast. A refusal
 * (manual mode, already Pro, Stripe down) comes back with its message; nothing changed.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const access = await requireFormBandAccess(request, formData, "band:billing");
  const parsed = BillingActionSchema.safeParse({ action: formData.get("intent") });
  if (!parsed.success) throw data({ message: "Unknown form intent" }, { status: 400 });
  const intent: BillingAction = parsed.data.action;
  try {
    const result = await runBillingAction(access, intent);
    if ("url" in result) return redirect(result.url, 303);
    return redirectWithToast("/subscription", DONE[intent === "cancel" ? "cancel" : "resume"](access.band.name));
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return redirectWithToast("/subscription", { title: "Nothing changed", description: error.message, type: "destructive" });
  }
}

export default function Subscription() {
  const view = useLoaderData<typeof loader>();
  const { bandName, isPro, proPrice, isLeader, leaders, mode, actions } = view;
  const otherLeaders = leaders.length ? leaders.join(", ") : null;
  return (
    <div className="space-y-6">
      <PageHeader back={{ to: "/settings", label: "Settings" }} title="Subscription" description={`The plan ${bandName} is on, and what each plan includes.`} />

      {view.checkoutNotice ? (
        <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-slate-800">
          {view.checkoutNotice}
        </p>
      ) : null}

      <section aria-labelledby="current-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="current-heading" className="text-sm font-medium text-slate-600">
          Current plan
        </h2>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-2xl font-bold text-slate-900">{isPro ? "Pro" : "Free"}</span>
          <span className="text-slate-600">{isPro ? `$${proPrice} a month` : "No charge"}</span>
        </p>
        <SubscriptionState view={view} />
        {view.keptFinances ? (
          <p className="mt-3 text-slate-700">
            {bandName} keeps the money it recorded on Pro.{" "}
            <Link to="/finances" className="font-medium text-brand-700 underline underline-offset-4">
              See the finances (read-only)
            </Link>
          </p>
        ) : null}
        {/* With manual billing nobody in the band changes the plan: a platform admin does. */}
        <p className="mt-3 text-slate-700">
          {mode === "manual"
            ? "Billing is manual on this Bandroom: a platform admin grants or removes Pro."
            : isLeader
              ? "Plan changes are handled by the band leader: that’s you."
              : otherLeaders
                ? `Plan changes are handled by the band leader (${otherLeaders}).`
                : "Plan changes are handled by the band leader."}
        </p>
        {actions.portal || actions.cancel || actions.resume ? (
          <div className="mt-4 flex flex-wrap gap-3">
            {actions.portal ? <BillingButton intent="portal" label="Manage billing" pendingText="Opening Stripe…" variant="secondary" /> : null}
            {actions.resume ? <BillingButton intent="resume" label="Resume Pro" pendingText="Resuming…" /> : null}
            {actions.cancel ? <BillingButton intent="cancel" label="Cancel Pro" pendingText="Cancelling…" variant="secondary" /> : null}
          </div>
        ) : null}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <PlanCard title="Free" price="No charge" current={!isPro} features={FREE_FEATURES} />
        <PlanCard title="Pro" price={`$${proPrice} a month`} current={isPro} features={["Everything in Free", ...PRO_FEATURES]} highlight>
          {actions.checkout ? <BillingButton intent="checkout" label="Upgrade to Pro" pendingText="Opening checkout…" className="mt-5 w-full" /> : null}
        </PlanCard>
      </div>
    </div>
  );
}

function SubscriptionState({ view }: { view: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const lines: string[] = [];
  if (view.isPro && view.periodEndLabel) {
    lines.push(view.cancelAtPeriodEnd ? `Pro ends on ${view.periodEndLabel}. The band then returns to Free and keeps all its data.` : `Renews on ${view.periodEndLabel}.`);
  }
  if (view.isPro && view.status === "past_due") {
    lines.push(`Stripe could not take the last payment and will try again. ${view.isLeader ? "Update the card under Manage billing." : "The band’s leader can update the card."}`);
  }
  if (view.paymentMethod) lines.push(`Paid with ${brandLabel(view.paymentMethod.brand)} ending in ${view.paymentMethod.last4}.`);
  if (!lines.length) return null;
  return (
    <div className="mt-2 space-y-1 text-slate-700">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

function brandLabel(brand: string | null) {
  if (!brand) return "card";
  const names: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };
  return names[brand] ?? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}`;
}

function BillingButton({ intent, label, pendingText, variant = "primary", className = "" }: { intent: BillingAction; label: string; pendingText: string; variant?: "primary" | "secondary"; className?: string }) {
  const { bandId } = useLoaderData<typeof loader>();
  const pending = useIsPending({ intent, formAction: "/subscription" });
  return (
    <Form method="post" action="/subscription">
      <input type="hidden" name="bandId" value={bandId} />
      <Button type="submit" name="intent" value={intent} variant={variant} pending={pending} pendingText={pendingText} className={className}>
        {label}
      </Button>
    </Form>
  );
}

function PlanCard({
  title,
  price,
  current,
  features,
  highlight = false,
  children,
}: {
  title: string;
  price: string;
  current: boolean;
  features: string[];
  highlight?: boolean;
  children?: React.ReactNode;
}) {
  const id = `plan-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={`rounded-xl border bg-white p-5 shadow-sm ${highlight ? "border-brand-500" : "border-slate-200"}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {current ? <span className="inline-flex items-center rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Current plan</span> : null}
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
      {children}
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Subscription", error);

export const ErrorBoundary = RouteErrorBoundary;
