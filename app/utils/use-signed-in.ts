import { useMatches, useRouteLoaderData } from "@remix-run/react";

/**
 * Whether someone is signed in, from the root loader's data. For components below the
 * root (public header, article prompts) that must not import root.tsx.
 */
export function useSignedIn() {
  const root = useRouteLoaderData("root") as { user?: unknown } | undefined;
  return Boolean(root?.user);
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

/** Static pages' one script (section views, the header menu, the service worker). */
export const PUBLIC_SCRIPT = "/js/public.js";

declare global {
  interface Window {
    bandroomPublic?: { observeSections: () => () => void };
  }
}
