import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ErrorScreen, NotFound } from "~/components/error-screens";

type AuthShellProps = {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
};

/** The signed-out card every account page shares: wordmark, heading, body, links below. */
export function AuthShell({ title, description, children, footer }: AuthShellProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 pb-12 pt-8 sm:justify-center sm:pt-12">
      {/* Landmarks around everything, so a screen reader's landmark list reaches it all. */}
      <header className="mb-6">
        <Link to="/" className="inline-flex min-h-[44px] items-center gap-2 rounded-md px-2 text-2xl font-extrabold tracking-tight text-brand-900">
          <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-700 text-lg text-white shadow-sm">
            B
          </span>
          Bandroom
        </Link>
      </header>
      {/* A band or a person named with one long word (50 letters) wraps rather than widening the page on a phone. */}
      <main className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 wrap-anywhere sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <div className="mt-2 text-sm text-slate-600">{description}</div> : null}
        <div className="mt-6">{children}</div>
      </main>
      {footer ? <footer className="mt-6 w-full max-w-md text-center text-sm text-slate-700">{footer}</footer> : null}
    </div>
  );
}

type NoticeProps = {
  tone: "success" | "error";
  title: string;
  children?: React.ReactNode;
  id?: string;
};

/**
 * A message rendered by the server, so it shows without JavaScript: a status for good
 * news, an alert for problems.
 */
export function Notice({ tone, title, children, id }: NoticeProps) {
  const classes = tone === "success" ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900";
  return (
    <div id={id} role={tone === "success" ? "status" : "alert"} className={`mb-5 rounded-lg border px-4 py-3 text-sm ${classes}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

/** Text links inside the card: underlined, with a 44px-high hit area. */
export const authLinkClasses =
  "inline-flex min-h-[44px] items-center font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:underline";

/**
 * The account pages' error boundary. A 400 or 403 here is a form the server refused
 * (posted from another site, or a stale page with an unknown intent): say so plainly
 * instead of the band-permission wording of the generic 403 screen.
 */
export function AuthErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && (error.status === 400 || error.status === 403)) {
    return (
      <AuthShell
        title="That form could not be sent"
        footer={
          <Link to="/login" className={authLinkClasses}>
            Back to login
          </Link>
        }
      >
        <Notice tone="error" title={error.status === 403 ? "Request refused" : "Request not understood"}>
          {error.status === 403
            ? "For your safety we only accept this form from Bandroom's own pages. Open the page again and resubmit."
            : "The page may be out of date. Reload it and try again."}
        </Notice>
      </AuthShell>
    );
  }
  return <ErrorScreen error={error} />;
}
