import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef } from "react";
// One import of the loader's server functions, see root.server.ts.
import { billingMode, currentBandCookieHeader, data, getShellOnboarding, getToast, getUserForDocument, resolveBands, shownBandItem } from "~/root.server";
import { useNonce } from "~/utils/nonce-provider";
import { RouteErrorBoundary, Toaster } from "~/components/kit";
import { PUBLIC_SCRIPT, useHydration } from "~/utils/use-signed-in";
import tailwind from "~/styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// Sent by the loader, not held in the browser's script (issue 11: every page's bytes).
const META = [
  { title: "Bandroom — run your band in one place" },
  { name: "description", content: "Gigs and rehearsals, who can make it, what to play, and who is owed what: one shared place for your band." },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: "Bandroom" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers();
  const [{ user, setCookie }, { toast, setCookie: clearToast }] = await Promise.all([getUserForDocument(request), getToast(request)]);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (clearToast) headers.append("Set-Cookie", clearToast);

  if (!user) return data({ user: null, bands: [], currentBand: null, onboarding: null, toast, meta: META }, { headers });

  const { bands, storedBandId, currentBand } = await resolveBands(request, user);
  const resolvedId = currentBand?.band.id ?? null;
  if (storedBandId !== resolvedId) headers.append("Set-Cookie", await currentBandCookieHeader(resolvedId));
  // This browser was working in a band the person is no longer in (removed while away): said
  // once (the cookie is rewritten above), without naming that band (docs/decisions/0007).
  const lostBand = storedBandId !== null && !bands.some((item) => item.band.id === storedBandId);
  const shownToast =
    toast ??
    (lostBand
      ? { id: `lost-${storedBandId}`, type: "default" as const, title: "Band changed", description: `You are no longer in the band you were working in${currentBand ? `: this is ${currentBand.band.name}` : ""}.` }
      : null);
  const onboarding = currentBand ? await getShellOnboarding(currentBand) : null;
  // How a free band becomes Pro here (its leader through Stripe, or a platform admin): the upgrade prompts say so.
  return data({ user, bands: bands.map(shownBandItem), currentBand: currentBand && shownBandItem(currentBand), onboarding, toast: shownToast, billing: billingMode(), meta: META }, { headers });
}

export type RootLoaderData = typeof loader;

/**
 * The root loader's data. Inside root.tsx only: a route reads it with
 * `useRouteLoaderData<RootLoaderData>("root")` and `import type { RootLoaderData }`, because a
 * value imported from ~/root moves root.tsx into a chunk shared with that route, one more
 * script on every page (issue 11).
 */
export function useRootData() {
  return useRouteLoaderData<RootLoaderData>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  // Only a document rendered on the server can be static. Anything rendered in the
  // browser is already part of a hydrated app (static pages never hydrate), so it keeps
  // its scripts, and hydration always sees the same markup the server sent.
  const staticDocument = !useHydration() && typeof document === "undefined";
  return (
    // Static pages scroll smoothly to in-page anchors; the hydrated app does not, since
    // its scroll restoration would then animate on every navigation.
    <html lang="en" className={staticDocument ? "h-full motion-safe:scroll-smooth" : "h-full"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#5b21b6" />
        <Meta />
        <Links />
        {staticDocument ? (
          <script src={PUBLIC_SCRIPT} defer nonce={nonce} data-static="" data-sw={process.env.NODE_ENV === "production" ? "" : undefined} />
        ) : null}
      </head>
      <body className="min-h-full">
        {children}
        <Toaster toast={root?.toast ?? null} />
        {staticDocument ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * Counts pages reached by client-side navigation in the hydrated app; the first page of a
 * visit was a document, which the server counted as it rendered it.
 */
function useClientPageViews(pathname: string) {
  const counted = useRef(pathname);
  useEffect(() => {
    if (counted.current === pathname) return;
    counted.current = pathname;
    const body = JSON.stringify({ name: "page_view", path: pathname });
    if (!navigator.sendBeacon?.("/api/analytics", body)) {
      void fetch("/api/analytics", { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => undefined);
    }
  }, [pathname]);
}

export default function App() {
  const { pathname } = useLocation();
  useClientPageViews(pathname);
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;

/**
 * Nothing is reloaded after a submit the server did not answer (the sign-in page's
 * clientAction: the reload would fail too, into the error page), nor after one it refused
 * (4xx/5xx): the router's own rule, which Remix's single fetch overrides for a route that
 * has a `shouldRevalidate`. The sign-in page has the same (a copy: imported from here or
 * from a shared module, it cost every page a script or a few bytes more, issue 11).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) =>
  !actionResult?.serverUnanswered && !((actionStatus ?? 0) >= 400) && defaultShouldRevalidate;
