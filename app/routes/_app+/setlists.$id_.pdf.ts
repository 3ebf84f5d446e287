import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { setlistAccess } from "~/features/setlists/editor.server";
import { setlistPdf } from "~/features/setlists/pdf.server";
import { SETLIST_NOT_FOUND } from "~/features/setlists/setlists.server";
import { resourceRoute, methodNotAllowed } from "~/utils/api.server";

/**
 * /setlists/{id}/pdf: the setlist as a PDF for the stage, downloaded with a file name
 * from its name. ?layout=one puts the whole show on one page (else a page per set);
 * ?keys=0 and ?notes=0 leave those out.
 */
async function load({ request, params }: LoaderFunctionArgs) {
  const { id, access } = await setlistAccess(request, params.id, "content:view");
  const query = new URL(request.url).searchParams;
  const result = await setlistPdf(access, id, { layout: query.get("layout") === "one" ? "one" : "sets", keys: query.get("keys") !== "0", notes: query.get("notes") !== "0" });
  if (!result) throw data({ message: SETLIST_NOT_FOUND }, { status: 404 });
  return new Response(new Uint8Array(result.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const loader = resourceRoute(load);

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
