import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { createBand, currentBandCookieHeader, listBandsForUser } from "~/features/bands/bands.server";
import { CreateBandSchema } from "~/features/bands/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/bands: the user's bands, each with their membership, sorted by name. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  return data(await listBandsForUser(user.id));
});

/** POST /api/bands {name}: creates the band with the caller as its leader; it becomes current and preferred. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const { name } = await parseJsonBody(request, CreateBandSchema);
  const band = await createBand(user.id, name);
  return data({ id: band.id, name: band.name }, { status: 201, headers: { "Set-Cookie": await currentBandCookieHeader(band.id) } });
});
