import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { currentBandCookieHeader, setPreferredBand } from "~/features/bands/bands.server";
import { PreferredBandSchema } from "~/features/bands/schema";
import { resourceRoute } from "~/utils/api.server";
import { safeRedirect } from "~/utils/request.server";

/** Switching band is a plain form POST, so it works without JavaScript. */
export const action = resourceRoute(act);

async function act({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const parsed = PreferredBandSchema.safeParse({ bandId: form.get("bandId") ?? undefined });
  if (!parsed.success) throw data({ message: "Choose a band" }, { status: 400 });
  const { bandId } = parsed.data;
  // setPreferredBand checks membership: a band the user is not in is "not found".
  if (!(await setPreferredBand(user.id, bandId))) throw data({ message: "Band not found" }, { status: 404 });
  const headers = new Headers({ "Set-Cookie": await currentBandCookieHeader(bandId) });
  return redirect(safeRedirect(form.get("redirectTo"), "/dashboard"), { headers });
}

/** Nothing to show here; a stray GET (a bookmarked URL) goes to the dashboard. */
export function loader() {
  return redirect("/dashboard");
}
