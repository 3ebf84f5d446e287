import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/auth/auth.server";
import { getCurrentBand, requireBandAccess, userBands } from "~/features/bands/access.server";
import { getOnboardingStatusFor, onboardingSteps } from "~/features/bands/onboarding.server";
import { CreateBandForm } from "~/features/bands/components/create-band-form";
import { ProgressBar } from "~/features/bands/components/progress-bar";
import { buttonClasses, Icon, RoleBadge } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const current = await getCurrentBand(request, user);
  if (!current) return { firstName: user.firstName, band: null };
  const { band, membership } = await requireBandAccess(request, { band: current.band.id, permission: "band:view" });
  const onboarding = await getOnboardingStatusFor(band.id, membership.role);
  // A sub has nothing to set up, and sees only the gigs they are booked on.
  if (!onboarding) return { firstName: user.firstName, band: null, subOf: { name: band.name, role: membership.role } };
  return {
    firstName: user.firstName,
    band: { id: band.id, name: band.name, role: membership.role },
    progress: onboarding.overallProgress,
    isBrandNew: onboarding.isBrandNew,
    // A second band's setup does not welcome its leader to Bandroom again.
    newToBandroom: (await userBands(request, user.id)).length === 1,
    steps: onboardingSteps(onboarding, membership.role),
  };
}

export default function GettingStarted() {
  const loaderData = useLoaderData<typeof loader>();
  if ("subOf" in loaderData && loaderData.subOf) return <SubWelcome firstName={loaderData.firstName} band={loaderData.subOf} />;
  if (!loaderData.band) return <NoBandYet firstName={loaderData.firstName} />;
  const { band, progress, isBrandNew, steps } = loaderData;
  const remaining = steps.filter((step) => !step.done).length;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Getting Started</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
          Setting up <span className="font-semibold text-slate-900">{band.name}</span>
          <RoleBadge role={band.role} />
        </p>
      </header>

      {isBrandNew ? (
        <section aria-labelledby="welcome" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
          <h2 id="welcome" className="text-lg font-semibold text-brand-900">
            {loaderData.newToBandroom ? `Welcome to Bandroom, ${loaderData.firstName}!` : `Let’s set up ${band.name}, ${loaderData.firstName}!`}
          </h2>
          <p className="mt-1 text-slate-700">
            {band.name} is ready. Work through the steps below — invite your bandmates, add a few songs, build a setlist and put your next gig on the
            calendar — and the whole band will be on the same page.
          </p>
        </section>
      ) : null}

      <section aria-labelledby="progress-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="progress-heading" className="font-semibold text-slate-900">
            Your progress
          </h2>
          <p className="text-sm text-slate-600">
            {remaining === 0 ? "All steps done" : `${remaining} of ${steps.length} steps to go`}
          </p>
        </div>
        <div className="mt-3">
          <ProgressBar value={progress} />
        </div>
        {progress >= 100 ? (
          <p className="mt-4 text-slate-700">
            {band.name} is all set up.{" "}
            <Link to="/dashboard" className="font-medium text-brand-700 underline underline-offset-4">
              Go to your Dashboard
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="checklist-heading">
        <h2 id="checklist-heading" className="sr-only">
          Checklist
        </h2>
        <ol className="space-y-3">
          {steps.map((step, index) => (
            <li key={step.key} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
              <span
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${step.done ? "bg-green-700 text-white" : "border-2 border-slate-300 text-slate-700"}`}
                aria-hidden="true"
              >
                {step.done ? <Icon name="check" className="h-5 w-5" /> : index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <h3 className={`font-semibold ${step.done ? "text-slate-600" : "text-slate-900"}`}>
                  {step.label}
                  <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
                </h3>
                <p className="text-sm text-slate-600">{step.description}</p>
              </div>
              {step.done ? (
                <span className="text-sm font-medium text-green-800">Done</span>
              ) : step.href ? (
                <Link to={step.href} className={buttonClasses("secondary", "shrink-0")}>
                  Start<span className="sr-only">: {step.label}</span>
                </Link>
              ) : (
                <span className="text-sm font-medium text-slate-600">For a leader or admin</span>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function SubWelcome({ firstName, band }: { firstName: string; band: { name: string; role: string } }) {
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome, {firstName}!</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-600">
          You’re in <span className="font-semibold text-slate-900">{band.name}</span> <RoleBadge role={band.role} />
        </p>
      </header>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">
          There’s nothing for you to set up. The gigs you’re booked on appear on the calendar, with their setlists and songs. Keep your name,
          instruments and picture up to date so the band knows who’s covering.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/calendar" className={buttonClasses("primary")}>
            Open the calendar
          </Link>
          <Link to="/profile" className={buttonClasses("secondary")}>
            Your profile
          </Link>
        </div>
      </section>
    </div>
  );
}

function NoBandYet({ firstName }: { firstName: string }) {
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome to Bandroom, {firstName}!</h1>
        <p className="mt-2 text-slate-600">
          Start by creating your band. You’ll be its Band Leader, and you can invite everyone else — members and subs — once it’s set up. If your band
          already uses Bandroom, ask your band leader to add you.
        </p>
      </header>
      <section aria-labelledby="create-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="create-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Create your band
        </h2>
        <CreateBandForm />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Getting Started · Bandroom" }];

export const ErrorBoundary = RouteErrorBoundary;
