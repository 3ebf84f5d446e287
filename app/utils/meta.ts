import { isRouteErrorResponse } from "@remix-run/react";

/**
 * A signed-in page's document title, "Calendar · Bandroom", or the not-found screen's
 * own title when the loader answered 404, so the tab does not name a page (an admin
 * area, another band's event) that the screen says is not there.
 */
export function pageTitle(title: string, error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: "Page Not Found" }];
  return [{ title: `${title} · Bandroom` }];
}
