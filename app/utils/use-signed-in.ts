import { useRouteLoaderData } from "@remix-run/react";

/**
 * Whether someone is signed in, from the root loader's data. For components below the
 * root (public header, article prompts) that must not import root.tsx.
 */
export function useSignedIn() {
  const root = useRouteLoaderData("root") as { user?: unknown } | undefined;
  return Boolean(root?.user);
}
