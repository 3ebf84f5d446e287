import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { createBand, currentBandCookieHeader, listBandsForUser, shownBandItem } from "~/features/bands/bands.server";
import { CreateBandSchema } from "~/features/bands/schema";
import { isTimeZone } from "~/features/events/zoned-time";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { RuleError } from "~/utils/rule-error";

/** GET /api/bands: the user's bands, each with their membership, sorted by name. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  return data((await listBandsForUser(user.id)).map(shownBandItem));
});

/** POST /api/bands {name, timeZone?}: creates the band with the caller as its leader; it becomes current and preferred (the same name again within seconds: that band, 200). */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const { name, timeZone } = await parseJsonBody(request, CreateBandSchema);
  // The page sends the browser's guess, and a band starts in UTC when it is not a zone; a
  // client that names a zone meant that one: a name that is none is refused, not dropped.
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw new RuleError(400, "A time zone is a name, like Europe/Berlin", "timeZone");
  const band = await createBand(user.id, name, timeZone);
  // Sent again within seconds: the band the first call made (200, not a second band).
  return data({ id: band.id, name: band.name }, { status: band.repeated ? 200 : 201, headers: { "Set-Cookie": await currentBandCookieHeader(band.id) } });
});
