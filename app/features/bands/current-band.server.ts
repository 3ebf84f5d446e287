import { redirect } from "@remix-run/node";
import { requireUser, type CurrentUser } from "~/features/auth/auth.server";
import { requireBandPermission, type BandAccess } from "~/features/members/permissions.server";
import type { Permission } from "~/features/members/permissions";
import { listBandsForUser, readCurrentBandCookie, resolveCurrentBand, type BandListItem } from "./bands.server";
import { getOnboardingStatusFor } from "./onboarding.server";

/**
 * The band this browser is working in, chosen exactly as the root loader chooses it
 * (cookie, else preferred band, else first by name), or null when the user has none.
 */
export async function getCurrentBand(request: Request, user: Pick<CurrentUser, "id" | "preferredBandId">): Promise<BandListItem | null> {
  const [bands, storedId] = await Promise.all([listBandsForUser(user.id), readCurrentBandCookie(request)]);
  return resolveCurrentBand(bands, storedId, user.preferredBandId);
}

/**
 * The current band with the user's access to it, through the one permission gate.
 * Without a band there is nothing to show yet, so the user is sent to create one.
 */
export async function requireCurrentBand(request: Request, permission: Permission = "band:view"): Promise<BandAccess> {
  const user = await requireUser(request);
  const current = await getCurrentBand(request, user);
  if (!current) throw redirect("/getting-started");
  return requireBandPermission(request, current.band.id, permission);
}

/** Where "/" sends a signed-in user: Getting Started until the band has something in it. */
export async function homePathFor(request: Request, user: Pick<CurrentUser, "id" | "preferredBandId">) {
  const current = await getCurrentBand(request, user);
  if (!current) return "/getting-started";
  const onboarding = await getOnboardingStatusFor(current.band.id, current.membership.role);
  // A sub has no setup to do: their home is the dashboard.
  if (!onboarding) return "/dashboard";
  return onboarding.isBrandNew ? "/getting-started" : "/dashboard";
}
