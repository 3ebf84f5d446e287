import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { financePageGate, getMemberHistory } from "~/features/finances/finances.server";
import { LINE_KINDS } from "~/features/finances/ledger";
import { Amount, UpgradePage, UpgradePrompt } from "~/features/finances/components/finance-ui";
import { PageHeader, Pager } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { parsePage } from "~/utils/pagination";

/** /finances/history: a person's line and every entry that moved it (your own; anyone's for leaders and admins with ?member=). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const gate = await financePageGate(access);
  if (gate) return data(gate, { status: 402 });
  const url = new URL(request.url);
  const history = await getMemberHistory(access, { userId: url.searchParams.get("member"), page: parsePage(url.searchParams.get("page")) });
  const money = (minor: number) => formatMoney(minor, history.currency);
  return {
    bandName: history.bandName,
    readOnly: history.readOnly,
    name: history.name,
    isOwn: history.isOwn,
    balance: money(history.balanceMinor),
    balanceMinor: history.balanceMinor,
    lines: history.lines.map((line) => ({
      id: line.id,
      date: formatDate(`${line.occurredOn}T12:00:00Z`),
      description: line.description,
      kind: LINE_KINDS[line.kind] ?? line.kind,
      amount: money(line.amountMinor),
      amountMinor: line.amountMinor,
      isReversal: line.isReversal,
    })),
    pageInfo: { page: history.page, pageCount: history.pageCount, total: history.total, first: history.first },
  };
}

export default function History() {
  const data = useLoaderData<typeof loader>();
  if ("upgrade" in data) return <UpgradePage title="Your line" bandName={data.bandName} />;
  // "Tom Okafor’s line (former member)", not "Tom Okafor (former member)’s line".
  const former = /^(.*) \(former member\)$/.exec(data.name);
  const title = data.isOwn ? "Your line" : former ? `${former[1]}’s line (former member)` : `${data.name}’s line`;

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        back={{ to: "/finances", label: "Finances" }}
        description={<>Balance: <Amount text={data.balance} minor={data.balanceMinor} signed /> (positive: the band owes {data.isOwn ? "you" : "them"}).</>}
      />
      {data.readOnly ? <UpgradePrompt bandName={data.bandName} hasData /> : null}
      {data.lines.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {data.lines.map((line) => (
            <li key={line.id} className="flex items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{line.description}</p>
                <p className="text-sm text-slate-600">
                  {line.kind} · {line.date}
                  {line.isReversal ? " · correction" : ""}
                </p>
              </div>
              <Amount text={line.amount} minor={line.amountMinor} signed />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">Nothing on this line yet.</p>
      )}
      <Pager {...data.pageInfo} shown={data.lines.length} label="History pages" />
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Finances history", error);

export const ErrorBoundary = RouteErrorBoundary;
