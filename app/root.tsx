import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
// One import of the loader's server functions, see root.server.ts.
import { currentBandCookieHeader, data, getShellOnboarding, getToast, getUserForDocument, resolveBands } from "~/root.server";
import { useNonce } from "~/utils/nonce-provider";
import { RouteErrorBoundary, Toaster, useSignedIn } from "~/components/kit";
import tailwind from "~/styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "Bandroom — run your band in one place" },
  { name: "description", content: "Gigs and rehearsals, who can make it, what to play, and who is owed what: one shared place for your band." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers();
  const [{ user, setCookie }, { toast, setCookie: clearToast }] = await Promise.all([getUserForDocument(request), getToast(request)]);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (clearToast) headers.append("Set-Cookie", clearToast);

  if (!user) return data({ user: null, bands: [], currentBand: null, onboarding: null, toast }, { headers });

  const { bands, storedBandId, currentBand } = await resolveBands(request, user);
  const resolvedId = currentBand?.band.id ?? null;
  if (storedBandId !== resolvedId) headers.append("Set-Cookie", await currentBandCookieHeader(resolvedId));
  const onboarding = currentBand ? await getShellOnboarding(currentBand) : null;
  return data({ user, bands, currentBand, onboarding, toast }, { headers });
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

/** A route module may export `handle = { hydrate: false }` (or `true`) to decide for itself. */
export type RouteHandle = { hydrate?: boolean };

// Signed-out visitors get these pages as plain server-rendered HTML (see useHydration).
const STATIC_FOR_VISITORS = [/^routes\/_index$/, /^routes\/_public\+\//];

/**
 * Whether this page loads React and hydrates. The landing page, blog, guides and policies
 * are documents to read: for signed-out visitors they ship no framework bundle, only
 * /js/public.js (section analytics, service worker). The rule lives here, by route id, so
 * every page under `_public+/` is covered without each file opting out; the deepest route
 * with a `handle.hydrate` boolean overrides it. Signed-in members get the hydrated app on
 * every page, so their navigation stays client-side.
 */
export function useHydration() {
  const matches = useMatches();
  const signedIn = useSignedIn();
  for (const match of [...matches].reverse()) {
    const hydrate = (match.handle as RouteHandle | undefined)?.hydrate;
    if (typeof hydrate === "boolean") return hydrate;
  }
  return signedIn || !matches.some((match) => STATIC_FOR_VISITORS.some((pattern) => pattern.test(match.id)));
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

const PUBLIC_SCRIPT = "/js/public.js";

type PublicScriptApi = { observeSections: () => () => void };
declare global {
  interface Window {
    bandroomPublic?: PublicScriptApi;
  }
}

/**
 * A visitor who reaches a static page by client-side navigation (the logo on the sign-in
 * page, say) sees it rendered by React; the same public script then observes its
 * sections, so section views count however the page was reached.
 */
function useSectionViewsAfterNavigation(enabled: boolean, pathname: string) {
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      if (!cancelled) stop = window.bandroomPublic?.observeSections();
    };
    if (window.bandroomPublic) start();
    else {
      const script = document.createElement("script");
      script.src = PUBLIC_SCRIPT;
      script.addEventListener("load", start, { once: true });
      document.head.append(script);
    }
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled, pathname]);
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
  useSectionViewsAfterNavigation(!useHydration(), pathname);
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
