import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { buttonClasses, PageHeader } from "~/components/kit";
import { MANUAL_PRO } from "~/features/billing/plans";

/**
 * What a free band sees on every finances page, above whatever it recorded while it was
 * Pro. Only the leader, who pays, is offered the upgrade; where billing is manual (no
 * Stripe), nobody is, and it says who grants Pro.
 */
export function UpgradePrompt({ bandName, hasData }: { bandName: string; hasData: boolean }) {
  // The shell's current band (the root's data; features do not import ~/root, so its shape is named here).
  const root = useRouteLoaderData("root") as { currentBand?: { membership: { role: string } } | null; billing?: string } | undefined;
  const leads = root?.currentBand?.membership.role === "band_leader";
  const manual = root?.billing === "manual";
  return (
    <EmptyState icon="finances" title={hasData ? "Finances is read-only on the Free plan" : "Finances is part of Pro"}>
      <p>
        {bandName} is on the Free plan.{" "}
        {hasData
          ? `What it recorded on Pro is kept, read-only${leads && !manual ? ": upgrade to record money again" : ""}.`
          : "Pro keeps gig payments, expenses and splits in one place, with who is owed what."}
      </p>
      <p className="pt-2">
        {manual ? (
          MANUAL_PRO
        ) : leads ? (
          <Link to="/subscription" className={buttonClasses("primary")}>
            Upgrade to Pro
          </Link>
        ) : (
          "The band’s leader can upgrade it."
        )}
      </p>
    </EmptyState>
  );
}

const LINKS = [
  { to: "/finances", label: "Balances" },
  { to: "/finances/ledger", label: "Ledger", all: true },
  { to: "/finances/settle", label: "Settle up", all: true },
  { to: "/finances/reports", label: "Reports" },
  { to: "/finances/payments/new", label: "Record gig payment", edit: true },
  { to: "/finances/payments/new?type=other", label: "Other income", edit: true },
  { to: "/finances/expenses/new", label: "Expense", edit: true },
  { to: "/finances/payouts/new", label: "Payout", edit: true },
];

/** The finances pages this member may open. */
export function FinanceNav({ seesAll, canEdit }: { seesAll: boolean; canEdit: boolean }) {
  const links = LINKS.filter((link) => (!link.all || seesAll) && (!link.edit || canEdit));
  if (links.length < 2) return null;
  return (
    <nav aria-label="Finances" className="flex flex-wrap gap-2">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={buttonClasses(link.edit ? "primary" : "secondary")}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** An amount, green when positive and red when negative where the sign means something. */
export function Amount({ text, minor, signed = false }: { text: string; minor: number; signed?: boolean }) {
  const tone = !signed || minor === 0 ? "text-slate-900" : minor > 0 ? "text-green-800" : "text-red-800";
  return <span className={`whitespace-nowrap font-semibold tabular-nums ${tone}`}>{text}</span>;
}

export function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A whole finances page refused to a free band (answered with 402). */
export function UpgradePage({ title, bandName, back = true }: { title: string; bandName: string; back?: boolean }) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} back={back ? { to: "/finances", label: "Finances" } : undefined} />
      <UpgradePrompt bandName={bandName} hasData={false} />
    </div>
  );
}

/** On a page about an entry of another of the user's bands than the current one (another tab switched): whose it is. */
export function OtherBandNote({ band, what }: { band: { id: number; name: string; current: string } | null; what: string }) {
  if (!band) return null;
  // The page's "← Ledger" is the current band's; this band's ledger is one switch away (the switcher's own POST).
  return (
    <Form method="post" action="/bands/switch" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <input type="hidden" name="bandId" value={band.id} />
      <input type="hidden" name="redirectTo" value="/finances/ledger" />
      This is {band.name}’s {what}; you are working in {band.current}. Saving takes you back to {band.name}.{" "}
      <button type="submit" className="font-medium underline">
        Open {band.name}’s ledger
      </button>
    </Form>
  );
}
