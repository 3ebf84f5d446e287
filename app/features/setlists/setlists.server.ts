import { db } from "~/utils/db.server";

/** The band's setlists, newest first, with the time zone their dates are shown in. */
export async function listSetlists(bandId: number) {
  return db.band.findUnique({
    where: { id: bandId },
    select: {
      timeZone: true,
      setlists: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true, name: true, createdAt: true } },
    },
  });
}

/** A setlist of one of the user's bands, or null (another band's setlist is "not found" too). */
export async function getSetlistForUser(userId: string, setlistId: number) {
  return db.setlist.findFirst({
    where: { id: setlistId, band: { memberships: { some: { userId } } } },
    select: { id: true, name: true, createdAt: true, updatedAt: true, bandId: true, band: { select: { name: true, timeZone: true } } },
  });
}
