import type { Permission } from "~/features/members/permissions";
import { apiError } from "~/utils/api.server";
import { SONG_NOT_FOUND, requireSongGate } from "./songs.server";

/** The gate for /api/songs/{id}: 401 signed out, 404 for an unknown song, another band's or one a sub may not see, then the permission. */
export function requireSongAccess(request: Request, idParam: unknown, permission: Permission) {
  return requireSongGate(request, idParam, permission, () => apiError(404, SONG_NOT_FOUND));
}
