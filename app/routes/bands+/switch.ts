import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { currentBandCookieHeader, setPreferredBand } from "~/features/bands/bands.server";
import { PreferredBandSchema } from "~/features/bands/schema";
import { resourceRoute } from "~/utils/api.server";
import { safeRedirect } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Switching band is a plain form POST, so it works without JavaScript. */
export const action = resourceRoute(act);

async function act({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/dashboard");
  // A refusal goes back where the form was, with a toast: a browser without JavaScript
  // would otherwise show the bare message as the whole page. Nothing changes.
  const refuse = (description: string) => redirectWithToast(back, { title: "Band not switched", description, type: "destructive" });
  const parsed = PreferredBandSchema.safeParse({ bandId: form.get("bandId") ?? undefined });
  if (!parsed.success) return refuse("Choose a band");
  const { bandId } = parsed.data;
  // setPreferredBand checks membership: a band the user is not in is "not found".
  const switched = await setPreferredBand(user.id, bandId);
  if (!switched) return refuse("Band not found");
  // Said in a toast, which screen readers announce: the page behind it changes band.
  return redirectWithToast(back, { title: `Switched to ${switched.bandName}` }, [await currentBandCookieHeader(bandId)]);
}

/** Nothing to show here; a stray GET (a bookmarked URL) goes to the dashboard. */
export function loader() {
  return redirect("/dashboard");
}
