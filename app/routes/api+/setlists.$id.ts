import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { setlistAccess } from "~/features/setlists/editor.server";
import { SetlistPutApiSchema } from "~/features/setlists/schema.server";
import { SETLIST_NOT_FOUND, deleteSetlist, getSetlist, saveLayout, setlistJson } from "~/features/setlists/setlists.server";
import { apiError, apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

const ALLOWED = ["GET", "PUT", "DELETE"];

/** GET /api/setlists/{id}: the whole setlist with its sets, items and version. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const { id, access } = await setlistAccess(request, params.id, "content:view");
  const setlist = await getSetlist(access, id);
  return setlist ? data(setlistJson(setlist)) : apiError(404, SETLIST_NOT_FOUND);
});

/**
 * PUT /api/setlists/{id}: the whole setlist with the version it was read at (409 when
 * someone saved since). DELETE: removes it (204).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method === "DELETE") {
    const { id, access } = await setlistAccess(request, params.id, "content:delete");
    await deleteSetlist(access, id);
    return new Response(null, { status: 204 });
  }
  if (request.method !== "PUT") return methodNotAllowed(ALLOWED);
  const { id, access } = await setlistAccess(request, params.id, "content:edit");
  const { version, sets, ...details } = await parseJsonBody(request, SetlistPutApiSchema);
  await saveLayout(
    access,
    id,
    version,
    sets.map((set) => ({
      id: set.id,
      name: set.name,
      items: set.items.map((item) =>
        item.type === "break" ? { id: item.id, isBreak: true, breakSeconds: item.durationSeconds, note: item.note ?? null } : { id: item.id, songId: item.songId, note: item.note ?? null },
      ),
    })),
    { strict: false, details: Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)) },
  );
  return data(setlistJson((await getSetlist(access, id))!));
});
