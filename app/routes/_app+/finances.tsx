import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { getFinanceOverview } from "~/features/finances/finances.server";
import { Amount, Card, FinanceNav, UpgradePage, UpgradePrompt } from "~/features/finances/components/finance-ui";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";

/** /finances: balances (everyone's own line; everyone's for leaders and admins), the band fund and totals. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const overview = await getFinanceOverview(access);
  if (overview.view === "upgrade") return data({ upgrade: true as const, bandName: overview.bandName }, { status: 402 });
  const money = (minor: number) => formatMoney(minor, overview.currency);
  const line = (l: (typeof overview.members)[number]) => ({
    userId: l.userId,
    name: l.name,
    balanceMinor: l.balanceMinor,
    balance: money(l.balanceMinor),
    shares: money(l.sharesMinor),
    reimbursable: money(l.reimbursableMinor),
    paidOut: money(l.paidOutMinor),
    collected: money(l.collectedMinor),
    handedOver: money(l.handedOverMinor),
  });
  const { totals, own } = overview;
  // Cash handed to the band is a column of its own only in bands that record it.
  const handOvers = overview.members.some((member) => member.handedOverMinor !== 0);
  const settleCount = overview.settle.length;
  // Labels and sentences are made here, so they travel as data, not as page JavaScript.
  return {
    view: "finances" as const,
    bandName: overview.bandName,
    currency: overview.currency,
    readOnly: overview.readOnly,
    seesAll: overview.seesAll,
    canEdit: overview.canEdit,
    hasEntries: overview.hasEntries,
    totals: totals
      ? [
          { key: "fund", label: "Band fund", value: money(totals.fundMinor) },
          { key: "received", label: "Money received", value: money(totals.receivedMinor) },
          { key: "spent", label: "Expenses", value: money(totals.spentMinor) },
          { key: "paid", label: "Paid out to members", value: money(totals.paidOutMinor) },
        ]
      : null,
    own: line(own),
    ownText: own.balanceMinor > 0 ? `The band owes ${money(own.balanceMinor)}` : own.balanceMinor < 0 ? `Holds ${money(-own.balanceMinor)} of the band's money` : "Even",
    ownCards: [
      // A sub's fixed fee counts here too: "shares" would not describe it (the statement splits the two).
      { label: "Earned from gigs", value: money(own.sharesMinor) },
      { label: "Paid out of pocket", value: money(own.reimbursableMinor) },
      { label: "Paid to you", value: money(own.paidOutMinor) },
      { label: "Cash you collected", value: money(own.collectedMinor) },
      ...(own.handedOverMinor !== 0 ? [{ label: "Cash you handed over", value: money(own.handedOverMinor) }] : []),
    ],
    figures: handOvers ? [...FIGURES, "Handed over"] : FIGURES,
    members: overview.seesAll ? overview.members.map(line) : [],
    settleCount,
    settleText: settleCount === 0 ? "Everyone is even." : `${settleCount} transfer${settleCount === 1 ? "" : "s"} would settle everyone up. `,
  };
}

/** Everyone's balance: the figures between a member's name and their balance. */
const FIGURES = ["Earned", "Out of pocket", "Paid out", "Collected"];

export default function Finances() {
  const data = useLoaderData<typeof loader>();
  if ("upgrade" in data) return <UpgradePage title="Finances" bandName={data.bandName} back={false} />;
  const { own, totals } = data;
  return (
    <div className="space-y-6">
      <PageHeader title="Finances" description={`Gig payments, expenses and who is owed what in ${data.bandName} (${data.currency}).`} />
      {data.readOnly ? <UpgradePrompt bandName={data.bandName} hasData /> : null}
      <FinanceNav seesAll={data.seesAll} canEdit={data.canEdit} />

      <Card title="Your balance" id="own-heading">
        <p className="text-2xl font-bold">
          <Amount text={own.balance} minor={own.balanceMinor} signed />
        </p>
        <p className="text-slate-700">{data.ownText}</p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {data.ownCards.map((card) => (
            <div key={card.label}>
              <dt className="text-slate-600">{card.label}</dt>
              <dd className="tabular-nums">{card.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm">
          <Link to="/finances/history" className="font-medium text-brand-700 underline underline-offset-4">
            Your line’s history
          </Link>
        </p>
      </Card>

      {totals ? (
        <section aria-labelledby="totals-heading">
          <h2 id="totals-heading" className="sr-only">
            Band totals
          </h2>
          <dl className="grid gap-3 sm:grid-cols-4">
            {totals.map((card) => (
              <div key={card.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-slate-600">{card.label}</dt>
                <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900">{card.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {data.seesAll ? (
        <Card title="Everyone’s balance" id="members-heading">
          <div className="overflow-x-auto" role="region" aria-label="Balances table" tabIndex={0}>
            {/* On a phone, a card per member: name and balance, then the figures under their names (app/styles/tailwind.css). */}
            <table className="phone-cards w-full text-left text-sm">
              <caption className="sr-only">What the band owes each member (negative: money they hold for the band)</caption>
              <thead className="text-slate-600">
                <tr>
                  {/* The name stays in sight too, at the left: a balance without its name says nothing. */}
                  <th scope="col" className="sticky left-0 bg-white py-2 pr-3 font-medium">
                    Member
                  </th>
                  {data.figures.map((heading) => (
                    <th key={heading} scope="col" className="py-2 pr-3 text-right font-medium">
                      {heading}
                    </th>
                  ))}
                  {/* The balance stays in sight on a narrow screen while the columns before it scroll. */}
                  <th scope="col" className="sticky right-0 bg-white py-2 pl-3 text-right font-medium">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.members.map((member) => (
                  <tr key={member.userId}>
                    <th scope="row" className="phone-first sticky left-0 bg-white py-2 pr-3 font-medium text-slate-900">
                      <Link to={`/finances/history?member=${encodeURIComponent(member.userId)}`} className="underline-offset-4 hover:underline">
                        {member.name}
                      </Link>
                    </th>
                    {[member.shares, member.reimbursable, member.paidOut, member.collected, member.handedOver].slice(0, data.figures.length).map((amount, i) => (
                      <td key={i} data-label={data.figures[i]} className="py-2 pr-3 text-right tabular-nums">
                        {amount}
                      </td>
                    ))}
                    <td className="phone-end sticky right-0 bg-white py-2 pl-3 text-right">
                      <Amount text={member.balance} minor={member.balanceMinor} signed />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            {data.settleText}
            {data.settleCount > 0 ? (
              <Link to="/finances/settle" className="font-medium text-brand-700 underline underline-offset-4">
                See the settle-up proposal
              </Link>
            ) : null}
          </p>
        </Card>
      ) : totals ? (
        <p className="text-sm text-slate-600">Band leaders and admins see each member’s line; you see the band’s totals and your own line.</p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Finances", error);

export const ErrorBoundary = RouteErrorBoundary;
