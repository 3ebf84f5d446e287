import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { setlistAccess } from "~/features/setlists/editor.server";
import { SETLIST_NOT_FOUND, setlistText } from "~/features/setlists/setlists.server";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/** /setlists/{id}/text: the setlist as plain text to paste into a group chat (?keys=0, ?notes=0 leave those out). */
async function load({ request, params }: LoaderFunctionArgs) {
  const { id, access } = await setlistAccess(request, params.id, "content:view");
  const query = new URL(request.url).searchParams;
  const result = await setlistText(access, id, { keys: query.get("keys") !== "0", notes: query.get("notes") !== "0" });
  if (!result) throw data({ message: SETLIST_NOT_FOUND }, { status: 404 });
  return new Response(result.text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
