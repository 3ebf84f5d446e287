import type { LoaderFunctionArgs } from "@remix-run/node";
import { blogFeed } from "~/features/content/site.server";
import { appOrigin } from "~/utils/request.server";

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
