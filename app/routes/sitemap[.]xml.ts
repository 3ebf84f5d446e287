import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemap } from "~/features/content/site.server";
import { appOrigin } from "~/utils/request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(await sitemap(appOrigin(request)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
