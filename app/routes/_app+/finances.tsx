import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { getFinances } from "~/features/finances/finances.server";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const bandName = access.band.name;
  const finances = await getFinances(access);
  if (!finances) throw data({ message: "Band not found" }, { status: 404 });
  // A free band reaching /finances by its address learns what Pro adds instead of a 404.
  if (finances.view === "upgrade") return { view: "upgrade" as const, bandName };
  // Subs see only their own balance, and balances need recorded payments to split.
  if (finances.view === "own-balance") return { view: "own-balance" as const, bandName };

  const { totals } = finances;
  const money = (minor: number) => formatMoney(minor, totals.currency);
  const summary = {
    bandName,
    currency: totals.currency,
    hasEntries: totals.entryCount > 0,
    payments: money(totals.paymentsMinor),
    expenses: money(totals.expensesMinor),
    net: money(totals.netMinor),
    netIsNegative: totals.netMinor < 0,
  };
  if (finances.view === "totals") return { view: "totals" as const, ...summary };

  return {
    view: "full" as const,
    ...summary,
    entryCount: totals.entryCount,
    entries: finances.entries.map((entry) => ({
      key: `${entry.kind}-${entry.id}`,
      kind: entry.kind,
      description: entry.description,
      amount: money(entry.kind === "expense" ? -entry.amountMinor : entry.amountMinor),
      date: formatDate(entry.on, totals.timeZone),
      on: entry.on.toISOString(),
    })),
  };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Summary = Extract<LoaderData, { view: "totals" | "full" }>;

export default function Finances() {
  const loaderData = useLoaderData<typeof loader>();
  const header = <PageHeader title="Finances" description={`Gig payments and expenses of ${loaderData.bandName}.`} />;

  if (loaderData.view === "upgrade") {
    return (
      <div className="space-y-6">
        {header}
        <EmptyState icon="finances" title="Finances is part of Pro">
          <p>
            {loaderData.bandName} is on the Free plan. With Pro, the band keeps its gig payments and expenses in one place, with band totals and
            member balances, so everyone knows who is owed what.
          </p>
          <p className="pt-2">
            <Link to="/subscription" className={buttonClasses("primary")}>
              See what Pro includes
            </Link>
          </p>
        </EmptyState>
      </div>
    );
  }

  if (loaderData.view === "own-balance") {
    return (
      <div className="space-y-6">
        {header}
        <EmptyState icon="finances" title="Your balance">
          <p>
            As a sub, you see your own balance here: what {loaderData.bandName} owes you for the gigs you play. It shows once payments are recorded.
          </p>
        </EmptyState>
      </div>
    );
  }

  if (!loaderData.hasEntries) {
    return (
      <div className="space-y-6">
        {header}
        <EmptyState icon="finances" title="No payments or expenses recorded yet">
          <p>
            Finances keeps {loaderData.bandName}’s gig payments and expenses in one place: what came in, what went out, and the band’s totals in{" "}
            {loaderData.currency}.
          </p>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {header}
      <Totals summary={loaderData} />
      {loaderData.view === "full" ? (
        <section aria-labelledby="entries-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="entries-heading" className="font-semibold text-slate-900">
              Payments and expenses
            </h2>
            {loaderData.entryCount > loaderData.entries.length ? (
              <p className="text-sm text-slate-600">The {loaderData.entries.length} most recent</p>
            ) : null}
          </div>
          <ul className="mt-3 divide-y divide-slate-100">
            {loaderData.entries.map((entry) => (
              <li key={entry.key} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{entry.description}</p>
                  <p className="text-sm text-slate-600">
                    {entry.kind === "payment" ? "Payment" : "Expense"}
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    <time dateTime={entry.on}>{entry.date}</time>
                  </p>
                </div>
                <span className={`whitespace-nowrap font-semibold tabular-nums ${entry.kind === "payment" ? "text-green-800" : "text-slate-900"}`}>
                  {entry.amount}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="text-sm text-slate-600">Band leaders and admins see each payment and expense; members see the band’s totals.</p>
      )}
    </div>
  );
}

function Totals({ summary }: { summary: Summary }) {
  const cards = [
    { key: "payments", label: "Payments received", value: summary.payments, tone: "text-slate-900" },
    { key: "expenses", label: "Expenses", value: summary.expenses, tone: "text-slate-900" },
    { key: "net", label: "Net", value: summary.net, tone: summary.netIsNegative ? "text-red-800" : "text-green-800" },
  ];
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading" className="sr-only">
        Band totals
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${card.tone}`}>{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Finances", error);

export const ErrorBoundary = RouteErrorBoundary;
