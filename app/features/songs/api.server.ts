import { requireUser } from "~/features/auth/auth.server";
import { requireBandAccess, requireGrant } from "~/features/bands/access.server";
import type { Permission } from "~/features/members/permissions";
import { apiError } from "~/utils/api.server";
import { parseId } from "~/utils/ids";
import { SONG_NOT_FOUND, bandIdOfSong, songVisibleTo } from "./songs.server";

/** The gate for /api/songs/{id}: 401 signed out, 404 for an unknown song or another band's, then the permission. */
export async function requireSongAccess(request: Request, idParam: unknown, permission: Permission) {
  const id = parseId(idParam);
  const bandId = id ? await bandIdOfSong(id) : null;
  if (!id || !bandId) {
    await requireUser(request);
    throw apiError(404, SONG_NOT_FOUND);
  }
  // A song a sub may not see is "not found" whatever they ask to do with it (songVisibleTo).
  const viewer = await requireBandAccess(request, { band: bandId, permission: "content:view", notFound: SONG_NOT_FOUND });
  if (!(await songVisibleTo(viewer, id))) throw apiError(404, SONG_NOT_FOUND);
  return { id, access: { ...viewer, grant: requireGrant(viewer, permission) } };
}
