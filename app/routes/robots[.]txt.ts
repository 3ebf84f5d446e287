import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/features/content/site.server";
import { appOrigin } from "~/utils/request.server";
import { methodNotAllowed, resourceRoute } from "~/utils/api.server";

// A route rather than public/robots.txt: the Sitemap line needs this site's absolute URL.
export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(appOrigin(request)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
