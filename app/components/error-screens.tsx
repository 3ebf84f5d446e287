import {
  isRouteErrorResponse,
  Link,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { createContext, useContext } from "react";

/**
 * True inside a layout that already renders the page's <main> (the signed-in shell), so
 * an error screen there is a plain block and the page keeps one main landmark.
 */
export const InsideMainContext = createContext(false);

function ScreenLandmark({ children }: { children: React.ReactNode }) {
  const insideMain = useContext(InsideMainContext);
  const Tag = insideMain ? "div" : "main";
  return (
    <Tag className="mx-auto flex min-h-[70vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      {children}
    </Tag>
  );
}

export function NotFound() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <ScreenLandmark>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        404
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-4 text-slate-600">
        We couldn’t find the page you were looking for. It may have moved, or
        the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-600"
        >
          Go Home
        </Link>
        {/* A plain link reloads without JavaScript too. */}
        <a
          href={here}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
        >
          Refresh Page
        </a>
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Expected to see something here? Try logging out and logging in again:
        your session may be out of date.
      </p>
    </ScreenLandmark>
  );
}

/** `forbidden`: the route's own words for a 403 (the default speaks of band roles). */
export function ErrorScreen({
  error,
  forbidden,
}: {
  error: unknown;
  forbidden?: string;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused request (an unknown form action, a stale link) says what was wrong, in the words it was thrown with.
  const said =
    status < 500 && isRouteErrorResponse(error) ? error.data?.message : null;
  const title =
    status === 403
      ? "You don’t have access to this"
      : status === 401
      ? "Please sign in"
      : status < 500
      ? "That didn’t work"
      : "Something went wrong";
  const message =
    status === 403
      ? forbidden ??
        "Your role in this band does not allow this. Ask your band leader if you need it."
      : status === 401
      ? "Your session has ended. Sign in again to carry on."
      : status < 500
      ? typeof said === "string"
        ? said
        : "Go back and try again."
      : "An unexpected error happened on our side. Please try again in a moment.";
  return (
    <ScreenLandmark>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {status}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-600"
        >
          Go Home
        </Link>
        {status === 401 ? (
          <Link
            to="/login"
            className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800"
          >
            Sign In
          </Link>
        ) : null}
      </div>
    </ScreenLandmark>
  );
}

/**
 * Every route's ErrorBoundary (`export const ErrorBoundary = RouteErrorBoundary`): a 404
 * as Page Not Found, anything else as the error screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}

/** RouteErrorBoundary for a route whose 403 is not about band roles (the platform admin area). */
export function errorBoundaryWith({ forbidden }: { forbidden: string }) {
  return function ErrorBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404)
      return <NotFound />;
    return <ErrorScreen error={error} forbidden={forbidden} />;
  };
}
