import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { checkReportRange, defaultReportRange, REPORT_COLUMNS } from "~/features/setlists/report.server";
import { Field } from "~/components/forms";
import { buttonClasses, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { pageTitle } from "~/utils/meta";

/**
 * /setlists/report: the performance report for rights organisations. A plain GET form
 * to /setlists/report.csv; a range that does not read comes back here (?from=&to=) and
 * the errors show under the dates.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // ?band= when the download sends a refused range back (the band it was asked for).
  const access = await requireBandAccess(request, { band: url.searchParams.get("band") || "current", permission: "setlists:report" });
  const asked = url.searchParams.has("from") || url.searchParams.has("to");
  const check = asked ? checkReportRange({ from: url.searchParams.get("from"), to: url.searchParams.get("to") }) : null;
  const values = check ? (check.ok ? check.range : check.values) : await defaultReportRange(access);
  return { bandId: access.band.id, bandName: access.band.name, values, errors: check && !check.ok ? check.errors : {}, columns: REPORT_COLUMNS };
}

export default function PerformanceReport() {
  const { bandId, bandName, values, errors, columns } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader back={{ to: "/setlists", label: "Setlists" }} title="Performance report" description="For rights organisations: every song played at each gig, as a spreadsheet." />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        {Object.keys(errors).length ? (
          <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            The report was not made: check the dates below.
          </p>
        ) : null}
        <form method="get" action="/setlists/report.csv" noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="band" value={bandId} />
          <Field label="From" inputProps={{ id: "report-from", name: "from", type: "date", defaultValue: values.from ?? "" }} errors={errors.from ? [errors.from] : undefined} />
          <Field label="To" inputProps={{ id: "report-to", name: "to", type: "date", defaultValue: values.to ?? "" }} errors={errors.to ? [errors.to] : undefined} />
          <button type="submit" className={buttonClasses("primary")}>
            Download CSV
          </button>
        </form>
        <p className="mt-4 text-sm text-slate-600">
          {bandName}’s past gigs in the range that have a setlist, in date order, one row per song: {columns.join(", ")}. Cancelled gigs and rehearsals are left out.
        </p>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Performance report", error);

export const ErrorBoundary = RouteErrorBoundary;
