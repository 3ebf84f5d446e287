import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { financePageGate, LEDGER_KINDS, listLedger, type LedgerKind } from "~/features/finances/finances.server";
import { Amount, FinanceNav, UpgradePage, UpgradePrompt } from "~/features/finances/components/finance-ui";
import { buttonClasses, PageHeader, Pager } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { parsePage } from "~/utils/pagination";

const KIND_LABELS: Record<LedgerKind, string> = { payment: "Income", expense: "Expense", payout: "Payout", split: "Split" };

/** /finances/ledger: every entry, newest first, 25 a page; ?kind= narrows it (leaders and admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const gate = await financePageGate(access);
  if (gate) return data(gate, { status: 402 });
  const url = new URL(request.url);
  const kindParam = url.searchParams.get("kind");
  const kind = LEDGER_KINDS.find((candidate) => candidate === kindParam);
  const ledger = await listLedger(access, { page: parsePage(url.searchParams.get("page")), kind });
  return {
    bandName: ledger.bandName,
    readOnly: ledger.readOnly,
    canEdit: ledger.canEdit,
    kind: kind ?? "",
    entries: ledger.entries.map((entry) => ({
      id: entry.id,
      kind: KIND_LABELS[entry.kind as LedgerKind] ?? entry.kind,
      date: formatDate(`${entry.occurredOn}T12:00:00Z`),
      description: entry.description,
      detail: entry.detail,
      amount: formatMoney(entry.kind === "expense" ? -entry.amountMinor : entry.amountMinor, ledger.currency),
      amountMinor: entry.kind === "expense" ? -entry.amountMinor : entry.amountMinor,
      by: `Recorded by ${entry.createdByName}, ${formatDate(entry.createdAt, ledger.timeZone)}`,
      status: entry.reversesId ? `Reverses entry #${entry.reversesId}` : entry.reversed ? "Reversed" : null,
      reversible: entry.reversible,
      splittable: entry.splittable,
    })),
    pageInfo: { page: ledger.page, pageCount: ledger.pageCount, total: ledger.total, first: ledger.first },
  };
}

export default function Ledger() {
  const data = useLoaderData<typeof loader>();
  if ("upgrade" in data) return <UpgradePage title={"Ledger"} bandName={data.bandName} />;

  return (
    <div className="space-y-6">
      <PageHeader title="Ledger" back={{ to: "/finances", label: "Finances" }} description="Every entry, newest first. Corrections are new entries that reverse old ones; nothing is edited or deleted." />
      {data.readOnly ? <UpgradePrompt bandName={data.bandName} hasData /> : null}
      <FinanceNav seesAll canEdit={data.canEdit} />
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="kind" className="block text-sm font-medium text-slate-800">
            Show
          </label>
          <select id="kind" name="kind" defaultValue={data.kind} className="mt-1 min-h-[44px] rounded-md border border-slate-300 bg-white px-3 py-2">
            <option value="">Every entry</option>
            {Object.entries(KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("secondary")}>
          Filter
        </button>
      </Form>
      {data.entries.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {data.entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  <span className="text-slate-500">#{entry.id}</span> {entry.description}
                </p>
                <p className="text-sm text-slate-600">
                  {entry.kind} · {entry.date}
                  {entry.detail ? ` · ${entry.detail}` : ""}
                </p>
                <p className="text-xs text-slate-500">
                  {entry.by}
                  {entry.status ? ` · ${entry.status}` : ""}
                </p>
                {data.canEdit && (entry.splittable || entry.reversible) ? (
                  <p className="mt-1 flex gap-3 text-sm">
                    {entry.splittable ? (
                      <Link to={`/finances/entries/${entry.id}/split`} className="inline-flex min-h-[44px] items-center font-medium text-brand-700 underline underline-offset-4">
                        Split among the lineup<span className="sr-only"> (entry #{entry.id})</span>
                      </Link>
                    ) : null}
                    {entry.reversible ? (
                      <Link to={`/finances/entries/${entry.id}/reverse`} className="inline-flex min-h-[44px] items-center font-medium text-brand-700 underline underline-offset-4">
                        Reverse<span className="sr-only"> entry #{entry.id}</span>
                      </Link>
                    ) : null}
                  </p>
                ) : null}
              </div>
              <Amount text={entry.amount} minor={entry.amountMinor} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">No entries yet.</p>
      )}
      <Pager {...data.pageInfo} shown={data.entries.length} label="Ledger pages" />
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Ledger", error);

export const ErrorBoundary = RouteErrorBoundary;
