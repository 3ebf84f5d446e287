import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { createBand, currentBandCookieHeader, listBandsForUser, shownBandItem } from "~/features/bands/bands.server";
import { CreateBandSchema } from "~/features/bands/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/bands: the user's bands, each with their membership, sorted by name. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  return data((await listBandsForUser(user.id)).map(shownBandItem));
});

/** POST /api/bands {name}: creates the band with the caller as its leader; it becomes current and preferred (the same name again within seconds: that band, 200). */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const { name, timeZone } = await parseJsonBody(request, CreateBandSchema);
  const band = await createBand(user.id, name, timeZone);
  // Sent again within seconds: the band the first call made (200, not a second band).
  return data({ id: band.id, name: band.name }, { status: band.repeated ? 200 : 201, headers: { "Set-Cookie": await currentBandCookieHeader(band.id) } });
});
