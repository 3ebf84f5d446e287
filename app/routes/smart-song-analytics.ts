import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { methodNotAllowed, resourceRoute } from "~/utils/api.server";

// The guide's old address; links to it live on in bookmarks and search results.
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/resources/analytics/smart-song-analytics${new URL(request.url).search}`, 301);
}

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
