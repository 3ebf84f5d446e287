import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { financePageGate, getSettleUp } from "~/features/finances/finances.server";
import { BAND_PARTY } from "~/features/finances/ledger";
import { UpgradePage, UpgradePrompt } from "~/features/finances/components/finance-ui";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";

/** /finances/settle: the fewest transfers that bring every balance to zero (leaders and admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const gate = await financePageGate(access);
  if (gate) return data(gate, { status: 402 });
  const overview = await getSettleUp(access);
  if (overview.view === "upgrade") return data({ upgrade: true as const, bandName: overview.bandName }, { status: 402 });
  const payoutLink = (userId: string, direction: "to_member" | "to_band", minor: number) =>
    overview.canEdit ? `/finances/payouts/new?${new URLSearchParams({ userId, direction, amount: formatAmountInput(minor, overview.currency) })}` : null;
  return {
    bandName: overview.bandName,
    readOnly: overview.readOnly,
    transfers: overview.settle.map((transfer, index) => ({
      key: index,
      text: `${transfer.fromName} pays ${transfer.toName} ${formatMoney(transfer.amountMinor, overview.currency)}`,
      // Money between two members is recorded as a hand-over to the band and a payout from it.
      links: [
        transfer.from !== BAND_PARTY ? { label: `Record ${transfer.fromName}’s hand-over`, to: payoutLink(transfer.from, "to_band", transfer.amountMinor) } : null,
        transfer.to !== BAND_PARTY ? { label: `Record the payout to ${transfer.toName}`, to: payoutLink(transfer.to, "to_member", transfer.amountMinor) } : null,
      ].filter((link): link is { label: string; to: string } => Boolean(link?.to)),
      // Said, or recording only the first reshuffles the proposal under the treasurer's eyes.
      note:
        overview.canEdit && transfer.from !== BAND_PARTY && transfer.to !== BAND_PARTY
          ? `Once the money has changed hands, record both: ${transfer.fromName}’s hand-over to the band and the band’s payout to ${transfer.toName}. Until both are in, the proposal counts only what is recorded.`
          : null,
    })),
  };
}

export default function SettleUp() {
  const data = useLoaderData<typeof loader>();
  if ("upgrade" in data) return <UpgradePage title={"Settle up"} bandName={data.bandName} />;

  return (
    <div className="space-y-6">
      <PageHeader title="Settle up" back={{ to: "/finances", label: "Finances" }} description="The fewest transfers that bring everyone’s balance to zero. Members holding the band’s cash pay those who are owed directly where that saves a transfer." />
      {data.readOnly ? <UpgradePrompt bandName={data.bandName} hasData /> : null}
      {data.transfers.length ? (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {data.transfers.map((transfer) => (
            <li key={transfer.key} className="px-4 py-3">
              <p className="font-medium text-slate-900">{transfer.text}</p>
              {transfer.note ? <p className="mt-1 text-sm text-slate-600">{transfer.note}</p> : null}
              {transfer.links.length ? (
                <p className="mt-1 flex flex-wrap gap-3 text-sm">
                  {transfer.links.map((link) => (
                    <Link key={link.to} to={link.to} className="font-medium text-brand-700 underline underline-offset-4">
                      {link.label}
                    </Link>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">Everyone is even: nothing to settle.</p>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Settle up", error);

export const ErrorBoundary = RouteErrorBoundary;
