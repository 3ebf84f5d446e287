import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requirePlatformAdmin } from "~/features/admin/admin.server";
// Through the kit, so this route shares its script instead of splitting one off (issue 11).
import { errorBoundaryWith, pageTitle } from "~/components/kit";

/**
 * Any other path under /admin: refused (403) to everyone but platform admins, whatever
 * the URL (issue 10), and Page Not Found for them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  throw data({ message: "Not found" }, { status: 404 });
}

export const action = loader;

export const meta: MetaFunction = ({ error }) => pageTitle("Admin", error);

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = errorBoundaryWith({ forbidden: "Only platform admins can open the admin area." });
