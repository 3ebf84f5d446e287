import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet } from "@remix-run/react";
import { PublicLayout } from "~/components/public-layout";
import { RouteErrorBoundary } from "~/components/error-screens";

export default function PublicRoutes() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

// When a page below throws, this boundary's meta is the one rendered.
export const meta: MetaFunction = ({ error, matches }) => {
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: "Page Not Found" }];
  if (error) return [{ title: "Something went wrong | Bandroom" }];
  return matches.find((match) => match.id === "root")?.meta ?? [];
};

// An unknown post or guide keeps the public header and footer around the Not Found screen.
export function ErrorBoundary() {
  return (
    <PublicLayout>
      <RouteErrorBoundary />
    </PublicLayout>
  );
}
