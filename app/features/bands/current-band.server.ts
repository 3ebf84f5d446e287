import type { CurrentUser } from "~/features/auth/auth.server";
import { getCurrentBand } from "./access.server";
import { getOnboardingStatusFor } from "./onboarding.server";

/** Where "/" sends a signed-in user: Getting Started until the band has something in it. */
export async function homePathFor(request: Request, user: Pick<CurrentUser, "id" | "preferredBandId">) {
  const current = await getCurrentBand(request, user);
  if (!current) return "/getting-started";
  const onboarding = await getOnboardingStatusFor(current.band.id, current.membership.role);
  // A sub has no setup to do: their home is the dashboard.
  if (!onboarding) return "/dashboard";
  return onboarding.isBrandNew ? "/getting-started" : "/dashboard";
}
