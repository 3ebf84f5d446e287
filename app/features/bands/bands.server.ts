import { createCookie } from "@remix-run/node";
import { db } from "~/utils/db.server";
import { refreshMemberOrder } from "~/features/members/member-order.server";
import { track } from "~/features/analytics/analytics.server";
import { parseId } from "~/utils/ids";
import { canonicalZone, isTimeZone } from "~/features/events/zoned-time";
import { currentZoneName } from "./time-zone-names";

export type BandListItem = {
  /**
   * timeZone and currency too: band pages read them on every request (one query fewer each);
   * and how long its longest event is, which bounds a read of what is on now (events.server.ts).
   */
  band: { id: number; name: string; subscriptionTier: string; timeZone: string; currency: string; longestEventMinutes?: number };
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
      band: { select: { id: true, name: true, subscriptionTier: true, timeZone: true, currency: true, longestEventMinutes: true } },
    },
  });
  return memberships
    .map(({ band, ...membership }) => ({ band, membership }))
    .sort((a, b) => a.band.name.localeCompare(b.band.name, "en", { sensitivity: "base" }) || a.band.id - b.band.id);
}

/** A band list item as pages and /api show it: without what only the server's reads use (longestEventMinutes). */
export function shownBandItem({ band: { longestEventMinutes: _, ...band }, membership }: BandListItem) {
  return { band, membership };
}

/** Creates the band with its creator as band_leader and makes it the preferred band. */
/** How long the same band (name and leader) created again counts as the same press. */
export const REPEAT_BAND_MS = 30_000;

/**
 * Creates a band led by `userId`, who prefers it from now on. The same name sent again
 * by the same person within seconds (a double tap without JavaScript, a retried API call,
 * parallel posts) is the band already made, not a second one: `repeated` says so.
 * Transactions here run one at a time (BEGIN IMMEDIATE), so the second sees the first.
 */
export async function createBand(userId: string, name: string, timeZone?: string) {
  // The browser's zone when the form sent one (a best guess, not typed: an unknown one is ignored).
  // Saved under its current name, as Settings saves it ("Asia/Calcutta" → "Asia/Kolkata").
  const zone = timeZone && isTimeZone(timeZone) ? currentZoneName(canonicalZone(timeZone)) : undefined;
  const result = await db.$transaction(async (tx) => {
    const recent = await tx.band.findFirst({
      where: { name, createdAt: { gt: new Date(Date.now() - REPEAT_BAND_MS) }, memberships: { some: { userId, role: "band_leader" } } },
      orderBy: { id: "desc" },
      select: { id: true, name: true, subscriptionTier: true },
    });
    if (recent) return { band: recent, repeated: true };
    const created = await tx.band.create({ data: { name, ...(zone ? { timeZone: zone } : {}) }, select: { id: true, name: true, subscriptionTier: true } });
    await tx.bandMembership.create({ data: { bandId: created.id, userId, role: "band_leader" } });
    await refreshMemberOrder(tx, created.id);
    await tx.user.update({ where: { id: userId }, data: { preferredBandId: created.id } });
    return { band: created, repeated: false };
  });
  if (!result.repeated) await track("create_band", { userId, bandId: result.band.id });
  return { ...result.band, repeated: result.repeated };
}

/** Makes `bandId` the user's preferred band; false when they are not in it, else the band's name (null: none chosen). */
export async function setPreferredBand(userId: string, bandId: number | null): Promise<false | { bandName: string | null }> {
  let bandName: string | null = null;
  if (bandId !== null) {
    const member = await db.bandMembership.findUnique({ where: { bandId_userId: { bandId, userId } }, select: { band: { select: { name: true } } } });
    if (!member) return false;
    bandName = member.band.name;
  }
  await db.user.update({ where: { id: userId }, data: { preferredBandId: bandId } });
  return { bandName };
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
