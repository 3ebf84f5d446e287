import { requireUser } from "~/features/auth/auth.server";
import { getCurrentBand } from "~/features/bands/access.server";
import { memberPlace } from "~/features/bands/overview.server";
import { initials } from "~/utils/names";
import { isPro } from "~/features/billing/plans";

/**
 * The signed-in shell's loader (routes/_app+/_layout): it guards the area and adds the
 * user's place in the current band, so their avatar has the same colour in the shell as
 * on the band's member lists, and whether the band is on Pro (the Finances entry). The
 * shell reads the user and bands from the root loader.
 *
 * Its own module so the layout imports one `.server` path only it imports: the browser
 * build turns each `.server` path several routes share into a script of its own, which
 * the layout would load on every signed-in page (issue 11).
 */
export async function shellData(request: Request) {
  const user = await requireUser(request);
  const current = await getCurrentBand(request, user);
  const place = current ? await memberPlace(current.band.id, user.id) : null;
  return {
    avatarPosition: place?.position ?? null,
    // Made here, not in the browser: the letters of a name (graphemes) need Intl.Segmenter's
    // code, which every signed-in page would otherwise load for one avatar (issue 11).
    avatarInitials: place?.initials ?? initials({ ...user, displayName: current?.membership.displayName }),
    isPro: current ? isPro(current.band.subscriptionTier) : false,
  };
}
