import type { LoaderFunctionArgs } from "@remix-run/node";
import { blogFeed } from "~/features/content/site.server";
import { appOrigin } from "~/utils/request.server";
import { methodNotAllowed, resourceRoute } from "~/utils/api.server";

// A resource route answers with a real Response: data() would lose its headers here.
export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(await blogFeed(appOrigin(request)), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
