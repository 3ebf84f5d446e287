import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireSongAccess } from "~/features/songs/api.server";
import { JsonObject, SongPatchApiSchema, patchInput } from "~/features/songs/schema.server";
import { deleteSong, getSong, songJson, updateSong } from "~/features/songs/songs.server";
import { apiError, apiRoute, fieldErrors, methodNotAllowed, NOTHING_TO_CHANGE, parseJsonBody } from "~/utils/api.server";

const ALLOWED = ["GET", "PATCH", "DELETE"];

/** GET /api/songs/{id}. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const { id, access } = await requireSongAccess(request, params.id, "content:view");
  return data(songJson(await getSong(access, id)));
});

/** PATCH /api/songs/{id}: changes the fields sent (with `version`, 409 when someone else changed it since). DELETE: removes it (204). */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method === "DELETE") {
    const { id, access } = await requireSongAccess(request, params.id, "content:delete");
    await deleteSong(access, id);
    return new Response(null, { status: 204 });
  }
  if (request.method !== "PATCH") return methodNotAllowed(ALLOWED);
  const { id, access } = await requireSongAccess(request, params.id, "content:edit");
  // Read once (size-capped) as it came, so a field sent as null is told apart from one not sent.
  const raw = await parseJsonBody(request, JsonObject);
  const parsed = SongPatchApiSchema.safeParse(raw);
  if (!parsed.success) return apiError(400, "Invalid request", fieldErrors(parsed.error));
  const changes = patchInput(raw, parsed.data);
  if (!Object.keys(changes).length) return apiError(400, "Invalid request", { body: [NOTHING_TO_CHANGE] });
  return data(songJson(await updateSong(access, id, changes, { allowDuplicate: parsed.data.allowDuplicate, version: parsed.data.version })));
});
