import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/features/content/site.server";
import { appOrigin } from "~/utils/request.server";

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
