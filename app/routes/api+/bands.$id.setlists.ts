import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { SetlistCreateApiSchema } from "~/features/setlists/schema.server";
import { createSetlist, getSetlist, linkedEventJson, listSetlists, setlistFromPastGig, setlistJson } from "~/features/setlists/setlists.server";
import { apiError, apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/bands/{id}/setlists: the band's setlists, newest first, with length and song count. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "content:view" });
  const list = await listSetlists(access);
  if (!list) return apiError(404, "Band not found");
  return data({
    setlists: list.setlists.map((setlist) => ({ id: setlist.id, name: setlist.name, durationSeconds: setlist.seconds, songCount: setlist.songCount, createdAt: setlist.createdAt.toISOString(), events: setlist.events.map(linkedEventJson) })),
  });
});

/**
 * POST /api/bands/{id}/setlists: a new setlist (201) with the sets named, else one "Set 1";
 * with `fromEventId`, a copy of the setlist that past gig was played from.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const access = await requireBandAccess(request, { band: params.id, permission: "content:edit" });
  const { fromEventId, ...input } = await parseJsonBody(request, SetlistCreateApiSchema);
  const { id } = fromEventId ? await setlistFromPastGig(access, fromEventId, input.name, { field: "fromEventId" }) : await createSetlist(access, input);
  return data(setlistJson((await getSetlist(access, id))!), { status: 201 });
});
