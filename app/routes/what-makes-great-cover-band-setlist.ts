import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

// The guide's old address; links to it live on in bookmarks and search results.
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/resources/setlist-strategy/great-cover-band-setlist${new URL(request.url).search}`, 301);
}
