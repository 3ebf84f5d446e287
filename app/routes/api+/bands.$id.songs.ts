import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { SongCreateApiSchema, parseListQuery } from "~/features/songs/schema.server";
import { createSong, listSongs, songJson } from "~/features/songs/songs.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/bands/{id}/songs?q=&tag=&key=&sort=&dir=&page=: one page of the library (50 songs), as the page shows it. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "content:view" });
  const list = await listSongs(access, parseListQuery(new URL(request.url).searchParams));
  return data({ songs: list.songs.map(songJson), total: list.total, page: list.page, pageCount: list.pageCount, tags: list.tags });
});

/** POST /api/bands/{id}/songs: adds a song (201); the same title and artist again is a 409 unless allowDuplicate. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const access = await requireBandAccess(request, { band: params.id, permission: "content:edit" });
  const { allowDuplicate, ...input } = await parseJsonBody(request, SongCreateApiSchema);
  return data(songJson(await createSong(access, input, { allowDuplicate })), { status: 201 });
});
