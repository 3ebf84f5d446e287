import { redirect } from "@remix-run/node";
import { methodNotAllowed, resourceRoute } from "~/utils/api.server";

// Pages name /favicon.svg; a browser that opens a file with no <link rel="icon"> (the
// setlist's text export, a feed) asks for /favicon.ico, which was a 404 in its console.
export function loader() {
  return redirect("/favicon.svg", { status: 301, headers: { "Cache-Control": "public, max-age=86400" } });
}

export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
