import { createCookie } from "@remix-run/node";
import { db } from "~/utils/db.server";
import { refreshMemberOrder } from "~/features/members/member-order.server";
import { track } from "~/features/analytics/analytics.server";
import { parseId } from "~/utils/ids";

export type BandListItem = {
  /** timeZone and currency too: band pages read them on every request (one query fewer each). */
  band: { id: number; name: string; subscriptionTier: string; timeZone: string; currency: string };
  membership: { id: number; role: string; displayName: string | null; userId: string };
};

/** The user's bands, sorted by name (the spec's order for choosing a default). */
export async function listBandsForUser(userId: string): Promise<BandListItem[]> {
  const memberships = await db.bandMembership.findMany({
    where: { userId },
    select: {
      id: true,
      role: true,
      displayName: true,
      userId: true,
      band: { select: { id: true, name: true, subscriptionTier: true, timeZone: true, currency: true } },
    },
  });
  return memberships
    .map(({ band, ...membership }) => ({ band, membership }))
    .sort((a, b) => a.band.name.localeCompare(b.band.name, "en", { sensitivity: "base" }) || a.band.id - b.band.id);
}

/** Creates the band with its creator as band_leader and makes it the preferred band. */
export async function createBand(userId: string, name: string) {
  const band = await db.$transaction(async (tx) => {
    const created = await tx.band.create({ data: { name }, select: { id: true, name: true, subscriptionTier: true } });
    await tx.bandMembership.create({ data: { bandId: created.id, userId, role: "band_leader" } });
    await refreshMemberOrder(tx, created.id);
    await tx.user.update({ where: { id: userId }, data: { preferredBandId: created.id } });
    return created;
  });
  await track("create_band", { userId, bandId: band.id });
  return band;
}

/** Saves the preferred band; false when the user is not in that band. */
export async function setPreferredBand(userId: string, bandId: number | null) {
  if (bandId !== null) {
    const member = await db.bandMembership.findUnique({ where: { bandId_userId: { bandId, userId } }, select: { id: true } });
    if (!member) return false;
  }
  await db.user.update({ where: { id: userId }, data: { preferredBandId: bandId } });
  return true;
}

// ---------------------------------------------------------------------------
// Current band: remembered per browser in a cookie so the server renders the right
// band without JavaScript.

const currentBandCookie = createCookie("bandroom_band", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 400 * 24 * 60 * 60,
});

export async function readCurrentBandCookie(request: Request) {
  return parseId(await currentBandCookie.parse(request.headers.get("Cookie")));
}

export function currentBandCookieHeader(bandId: number | null) {
  return bandId === null
    ? currentBandCookie.serialize("", { maxAge: 0, expires: new Date(0) })
    : currentBandCookie.serialize(String(bandId));
}

/**
 * The spec's rule (section 4): the stored id, or when nothing is stored the preferred
 * band; when that is unset or not one of the user's bands, the first band by name;
 * with no bands, none (and the caller clears the stored id).
 */
export function resolveCurrentBand(bands: BandListItem[], storedId: number | null, preferredBandId: number | null) {
  const wanted = storedId ?? preferredBandId;
  return bands.find((item) => item.band.id === wanted) ?? bands[0] ?? null;
}
