import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemap } from "~/features/content/site.server";
import { appOrigin } from "~/utils/request.server";
import { methodNotAllowed, resourceRoute } from "~/utils/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(await sitemap(appOrigin(request)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
