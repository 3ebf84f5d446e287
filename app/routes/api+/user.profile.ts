import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /api/user/profile — the signed-in user's profile (the client reads isPlatformAdmin). */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const { id, email, firstName, lastName, profileImageUrl, preferredBandId, isPlatformAdmin } = user;
  return data(
    { id, email, firstName, lastName, profileImageUrl, preferredBandId, isPlatformAdmin },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
