import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFound } from "~/components/error-screens";
import { PublicLayout } from "~/components/public-layout";
import type { RouteHandle } from "~/utils/use-signed-in";

// Returned rather than thrown so that this route renders the screen with a real 404 status.
export async function loader() {
  return data(null, { status: 404 });
}

// A form posted to a path that does not exist is just as missing as a GET.
export async function action() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return (
    <PublicLayout>
      <NotFound />
    </PublicLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Page Not Found" }];

// A dead end to read, like the public pages: served as plain HTML with /js/public.js, not
// the app's 95 KB of JavaScript (its links and Refresh Page work without it).
export const handle: RouteHandle = { hydrate: false };
