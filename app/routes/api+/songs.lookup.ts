import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { LookupApiSchema } from "~/features/songs/schema.server";
import { lookupSong } from "~/features/songs/partners/lookup.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/**
 * POST /api/songs/lookup {title, artist?, isrc?}: what MusicBrainz and Deezer suggest,
 * field by field, with each partner's status (a partner that fails is said so, with 200).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireUser(request);
  const query = await parseJsonBody(request, LookupApiSchema);
  return data(await lookupSong(query));
});

export const loader = apiRoute(() => methodNotAllowed(["POST"]));
