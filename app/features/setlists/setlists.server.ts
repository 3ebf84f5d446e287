import { db } from "~/utils/db.server";
import { requireGrant, type BandAccess } from "~/features/bands/access.server";

/**
 * The band's setlists as this member may see them, newest first, with the time zone
 * their dates are shown in. A sub ("booked") sees only the setlists of gigs they are
 * booked on, and nobody is booked on anything yet. Null when the band is gone.
 */
export async function listSetlists(access: BandAccess) {
  if (requireGrant(access, "content:view") === "booked") return { bookedOnly: true, timeZone: undefined, setlists: [] };
  const band = await db.band.findUnique({
    where: { id: access.band.id },
    select: {
      timeZone: true,
      setlists: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true, name: true, createdAt: true } },
    },
  });
  return band ? { bookedOnly: false, ...band } : null;
}

/** The band a setlist belongs to, for the gate; null when there is no such setlist. */
export async function bandIdOfSetlist(setlistId: number) {
  const setlist = await db.setlist.findUnique({ where: { id: setlistId }, select: { bandId: true } });
  return setlist?.bandId ?? null;
}

/**
 * A setlist of the band, or null: another band's setlist is "not found", and so is any
 * setlist for a sub, who sees only the setlists of gigs they are booked on (none yet).
 */
export async function getSetlist(access: BandAccess, setlistId: number) {
  if (requireGrant(access, "content:view") === "booked") return null;
  return db.setlist.findFirst({
    where: { id: setlistId, bandId: access.band.id },
    select: { id: true, name: true, createdAt: true, updatedAt: true, bandId: true, band: { select: { name: true, timeZone: true } } },
  });
}
