import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data as json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { financePageGate } from "~/features/finances/finances.server";
import { UpgradePage, UpgradePrompt } from "~/features/finances/components/finance-ui";
import { MonthChart } from "~/features/finances/components/month-chart";
import { monthChart } from "~/features/finances/reports";
import { LEDGERS, getFinanceReportsPage, statementRows, statementSummary } from "~/features/finances/reports.server";
import { RouteErrorBoundary } from "~/components/error-screens";
import { buttonClasses, PageHeader } from "~/components/kit";
import { formatDate } from "~/utils/dates";
import { pageTitle } from "~/utils/meta";
import { formatMoney } from "~/utils/money";

/** /finances/reports?year=&member=: per-gig profit and loss, the year by month and category, and a member's statement. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const gate = await financePageGate(access);
  if (gate) return json({ view: "upgrade" as const, bandName: gate.bandName }, { status: 402 });
  const url = new URL(request.url);
  const page = await getFinanceReportsPage(access, { year: url.searchParams.get("year"), member: url.searchParams.get("member") });
  const bandName = access.band.name;

  const money = (minor: number) => formatMoney(minor, page.currency);
  const day = (value: string) => formatDate(`${value}T12:00:00Z`);
  const { statement } = page;
  const query = (extra: Record<string, string> = {}) => `?${new URLSearchParams({ year: String(page.year), member: statement.userId, ...extra })}`;

  const totals = page.totals
    ? (() => {
        const chart = monthChart(page.totals.months);
        const busiest = [...page.totals.months].sort((a, b) => b.incomeMinor - a.incomeMinor)[0]!;
        return {
          chart,
          tickLabels: chart.ticks.map((tick) => money(tick.minor)),
          description:
            page.totals.incomeMinor === 0 && page.totals.expenseMinor === 0
              ? `No income or expenses recorded in ${page.year}.`
              : `Bars for each month of ${page.year}: income ${money(page.totals.incomeMinor)} in all, expenses ${money(page.totals.expenseMinor)}. ${busiest.incomeMinor > 0 ? `The most income came in ${busiest.name} (${money(busiest.incomeMinor)}).` : "No income came in."} The table beside the chart lists every month.`,
          months: page.totals.months.map((month) => ({ name: month.name, income: money(month.incomeMinor), expense: money(month.expenseMinor), net: money(month.netMinor), negative: month.netMinor < 0 })),
          income: page.totals.income.map((row) => ({ key: row.category, label: row.label, amount: money(row.minor) })),
          expenses: page.totals.expenses.map((row) => ({ key: row.category, label: row.label, amount: money(row.minor) })),
          incomeTotal: money(page.totals.incomeMinor),
          expenseTotal: money(page.totals.expenseMinor),
          net: money(page.totals.netMinor),
          netNegative: page.totals.netMinor < 0,
        };
      })()
    : null;

  return {
    view: "reports" as const,
    bandName,
    readOnly: page.plan === "lapsed",
    year: page.year,
    years: page.years,
    currency: page.currency,
    people: page.people.length > 1 ? page.people : null,
    profitAndLoss: page.profitAndLoss
      ? {
          rows: page.profitAndLoss.gigs.map((gig) => ({
            key: gig.eventId,
            eventId: gig.eventId,
            title: gig.title,
            date: day(gig.day),
            fee: gig.feeAgreedMinor === null ? "—" : money(gig.feeAgreedMinor),
            income: money(gig.incomeMinor),
            expenses: money(gig.expensesMinor),
            shares: money(gig.sharesMinor),
            net: money(gig.netMinor),
            negative: gig.netMinor < 0,
          })),
          totals: {
            income: money(page.profitAndLoss.totals.incomeMinor),
            expenses: money(page.profitAndLoss.totals.expensesMinor),
            shares: money(page.profitAndLoss.totals.sharesMinor),
            net: money(page.profitAndLoss.totals.netMinor),
          },
        }
      : null,
    exports: page.profitAndLoss
      ? Object.entries(LEDGERS).map(([name, label]) => ({ name, label, href: `/finances/export.csv?${new URLSearchParams({ ledger: name })}`, yearHref: `/finances/export.csv?${new URLSearchParams({ ledger: name, year: String(page.year) })}` }))
      : null,
    totals,
    statement: {
      name: statement.name,
      userId: statement.userId,
      pdf: `/finances/reports/statement.pdf${query()}`,
      csv: `/finances/reports/statement.csv${query()}`,
      summary: statementSummary(statement).map((line) => ({ key: line.key, label: line.label, amount: money(line.minor) })),
      rows: statementRows(statement).map(([section, row], index) => ({ key: `${row.entryId}-${index}`, section, date: day(row.day), description: row.description, gig: row.gig, amount: money(row.amountMinor) })),
    },
  };
}

type Reports = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { view: "reports" }>;

const TABLE = "w-full min-w-max text-left text-sm";
/** A label-and-amount table: fits the screen, its labels wrap. */
const WRAPPING_TABLE = "w-full text-left text-sm";
const TH = "border-b border-slate-300 px-3 py-2 font-semibold text-slate-900";
const TD = "border-b border-slate-100 px-3 py-2 text-slate-800";
const NUM = "text-right tabular-nums whitespace-nowrap";
const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const PNL = ["Fee agreed", "Received", "Expenses", "Shares paid", "Band’s net"];

export default function FinanceReports() {
  const data = useLoaderData<typeof loader>();
  const header = <PageHeader title="Finance reports" back={{ to: "/finances", label: "Finances" }} description={`What ${data.bandName} earned and spent, gig by gig and month by month.`} />;

  if (data.view === "upgrade") return <UpgradePage title="Finance reports" bandName={data.bandName} />;

  return (
    <div className="space-y-6">
      {header}
      {data.readOnly ? <UpgradePrompt bandName={data.bandName} hasData /> : null}
      <Picker data={data} />
      {data.totals ? <YearSection data={data} totals={data.totals} /> : null}
      {data.profitAndLoss ? <GigsSection data={data} pnl={data.profitAndLoss} /> : null}
      <StatementSection data={data} />
      {data.exports ? <ExportsSection data={data} exports={data.exports} /> : null}
    </div>
  );
}

function Picker({ data }: { data: Reports }) {
  return (
    <Form method="get" className={`${CARD} flex flex-wrap items-end gap-4`}>
      <div>
        <label htmlFor="report-year" className="block text-sm font-medium text-slate-800">
          Year
        </label>
        <select id="report-year" name="year" defaultValue={data.year} className="mt-1 min-h-[44px] rounded-md border border-slate-300 bg-white px-3 text-slate-900">
          {data.years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      {data.people ? (
        // A long name must not widen the picker past a phone's width: the select shrinks and cuts it.
        <div className="min-w-0 max-w-full">
          <label htmlFor="report-member" className="block text-sm font-medium text-slate-800">
            Statement for
          </label>
          <select id="report-member" name="member" defaultValue={data.statement.userId} className="mt-1 min-h-[44px] max-w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900">
            {data.people.map((person) => (
              <option key={person.userId} value={person.userId}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className={buttonClasses("secondary")}>
        Show
      </button>
    </Form>
  );
}

function YearSection({ data, totals }: { data: Reports; totals: NonNullable<Reports["totals"]> }) {
  return (
    <section aria-labelledby="year-heading" className={`${CARD} space-y-5`}>
      <h2 id="year-heading" className="text-lg font-semibold text-slate-900">
        {data.year} by month
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {[
          { key: "income", label: "Income", value: totals.incomeTotal, tone: "text-slate-900" },
          { key: "expenses", label: "Expenses", value: totals.expenseTotal, tone: "text-slate-900" },
          { key: "net", label: "Net", value: totals.net, tone: totals.netNegative ? "text-red-800" : "text-green-800" },
        ].map((card) => (
          <div key={card.key} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className={`mt-1 text-xl font-bold tabular-nums ${card.tone}`}>{card.value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <MonthChart chart={totals.chart} title={`Income and expenses by month, ${data.year} (${data.currency})`} description={totals.description} tickLabels={totals.tickLabels} />
        <div className="overflow-x-auto" role="region" aria-label={`Income and expenses by month, ${data.year}`} tabIndex={0}>
          <table className={`${TABLE} phone-cards`}>
            <caption className="sr-only">Income and expenses by month, {data.year}</caption>
            <thead>
              <tr>
                <th scope="col" className={TH}>
                  Month
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Income
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Expenses
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.months.map((month) => (
                <tr key={month.name}>
                  <th scope="row" className={`${TD} phone-wide font-medium`}>
                    {month.name}
                  </th>
                  <td data-label="Income" className={`${TD} ${NUM}`}>
                    {month.income}
                  </td>
                  <td data-label="Expenses" className={`${TD} ${NUM}`}>
                    {month.expense}
                  </td>
                  <td data-label="Net" className={`${TD} ${NUM} ${month.negative ? "text-red-800" : ""}`}>
                    {month.net}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <CategoryTable caption={`Income by category, ${data.year}`} rows={totals.income} total={totals.incomeTotal} empty="No income recorded." />
        <CategoryTable caption={`Expenses by category, ${data.year}`} rows={totals.expenses} total={totals.expenseTotal} empty="No expenses recorded." />
      </div>
    </section>
  );
}

function CategoryTable({ caption, rows, total, empty }: { caption: string; rows: { key: string; label: string; amount: string }[]; total: string; empty: string }) {
  return (
    // Two columns: a long label wraps on a phone instead of pushing the page sideways.
    <table className={WRAPPING_TABLE}>
      <caption className="mb-2 text-left font-semibold text-slate-900">{caption}</caption>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td className={TD} colSpan={2}>
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${TD} font-normal`}>
                {row.label}
              </th>
              <td className={`${TD} ${NUM}`}>{row.amount}</td>
            </tr>
          ))
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={`${TD} font-semibold`}>
            Total
          </th>
          <td className={`${TD} ${NUM} font-semibold`}>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function GigsSection({ data, pnl }: { data: Reports; pnl: NonNullable<Reports["profitAndLoss"]> }) {
  return (
    <section aria-labelledby="gigs-heading" className={`${CARD} space-y-3`}>
      <h2 id="gigs-heading" className="text-lg font-semibold text-slate-900">
        Profit and loss per gig, {data.year}
      </h2>
      <p className="text-sm text-slate-600">Money recorded in {data.year} for each gig: what came in, the expenses linked to it, the shares paid to the people who played, and what the band kept.</p>
      {pnl.rows.length === 0 ? (
        <p className="text-slate-700">No money linked to a gig in {data.year}.</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={`Table of profit and loss per gig, ${data.year}`} tabIndex={0}>
          {/* On a phone, a card per gig with each amount under its name (app/styles/tailwind.css). */}
          <table className={`${TABLE} phone-cards`}>
            <caption className="sr-only">Profit and loss per gig, {data.year}</caption>
            <thead>
              <tr>
                {["Gig", "Date"].map((heading) => (
                  <th key={heading} scope="col" className={TH}>
                    {heading}
                  </th>
                ))}
                {PNL.map((heading) => (
                  <th key={heading} scope="col" className={`${TH} text-right`}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pnl.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className={`${TD} phone-wide font-medium`}>
                    <Link to={`/events/${row.eventId}`} className="text-brand-700 underline-offset-4 hover:underline">
                      {row.title}
                    </Link>
                  </th>
                  <td className={`${TD} phone-wide whitespace-nowrap`}>{row.date}</td>
                  {[row.fee, row.income, row.expenses, row.shares, row.net].map((amount, i) => (
                    <td key={PNL[i]} data-label={PNL[i]} className={`${TD} ${NUM} ${i === 4 ? `font-semibold ${row.negative ? "text-red-800" : ""}` : ""}`}>
                      {amount}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className={`${TD} phone-wide font-semibold`}>
                  All gigs
                </th>
                {[pnl.totals.income, pnl.totals.expenses, pnl.totals.shares, pnl.totals.net].map((amount, i) => (
                  <td key={PNL[i + 1]} data-label={PNL[i + 1]} className={`${TD} ${NUM} font-semibold`}>
                    {amount}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

function StatementSection({ data }: { data: Reports }) {
  const { statement } = data;
  return (
    <section aria-labelledby="statement-heading" className={`${CARD} space-y-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="statement-heading" className="text-lg font-semibold text-slate-900">
          Statement {data.year}: {statement.name}
        </h2>
        <div className="flex flex-wrap gap-2">
          <a href={statement.pdf} className={buttonClasses("secondary")}>
            Download PDF<span className="sr-only"> statement for {statement.name}, {data.year}</span>
          </a>
          <a href={statement.csv} className={buttonClasses("secondary")}>
            Download CSV<span className="sr-only"> statement for {statement.name}, {data.year}</span>
          </a>
        </div>
      </div>
      <p className="text-sm text-slate-600">What {statement.name} earned from the band in {data.year} (shares and fixed fees), for a tax return. Expenses paid out of pocket are owed back and are not earnings.</p>
      <table className={`${WRAPPING_TABLE} max-w-xl`}>
        <caption className="sr-only">Summary</caption>
        <tbody>
          {statement.summary.map((line) => (
            <tr key={line.key}>
              <th scope="row" className={`${TD} ${line.key === "earned" || line.key === "closing" ? "font-semibold" : "font-normal"}`}>
                {line.label}
              </th>
              <td className={`${TD} ${NUM} ${line.key === "earned" || line.key === "closing" ? "font-semibold" : ""}`}>{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {statement.rows.length === 0 ? (
        <p className="text-slate-700">
          Nothing recorded for {statement.name} in {data.year}.
        </p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label="Entries of the statement" tabIndex={0}>
          <table className={`${TABLE} phone-cards`}>
            <caption className="sr-only">Entries of the statement</caption>
            <thead>
              <tr>
                <th scope="col" className={TH}>
                  Date
                </th>
                <th scope="col" className={TH}>
                  Kind
                </th>
                <th scope="col" className={TH}>
                  Description
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.rows.map((row) => (
                <tr key={row.key}>
                  <td className={`${TD} phone-first whitespace-nowrap`}>{row.date}</td>
                  <td className={`${TD} phone-wide`}>{row.section}</td>
                  <td className={`${TD} phone-wide`}>{row.gig ? `${row.description} (${row.gig})` : row.description}</td>
                  <td className={`${TD} ${NUM} phone-end`}>{row.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ExportsSection({ data, exports }: { data: Reports; exports: NonNullable<Reports["exports"]> }) {
  return (
    <section aria-labelledby="exports-heading" className={`${CARD} space-y-3`}>
      <h2 id="exports-heading" className="text-lg font-semibold text-slate-900">
        Export the ledgers (CSV)
      </h2>
      <p className="text-sm text-slate-600">Every entry as recorded, corrections included, in {data.currency}. Opens in any spreadsheet.</p>
      <ul className="divide-y divide-slate-100">
        {exports.map((ledger) => (
          <li key={ledger.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-slate-900">{ledger.label}</span>
            <span className="flex flex-wrap gap-2">
              <a href={ledger.yearHref} className={buttonClasses("ghost", "underline")}>
                {data.year}
                <span className="sr-only"> {ledger.label}</span>
              </a>
              <a href={ledger.href} className={buttonClasses("ghost", "underline")}>
                All years<span className="sr-only"> {ledger.label}</span>
              </a>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Finance reports", error);

export const ErrorBoundary = RouteErrorBoundary;
