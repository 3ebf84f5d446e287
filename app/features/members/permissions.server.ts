import { data } from "@remix-run/node";
import { db } from "~/utils/db.server";
import { requireUser, type CurrentUser } from "~/features/auth/auth.server";
import { grantFor, type Grant, type Permission } from "./permissions";

export type BandAccess = {
  user: CurrentUser;
  membership: { id: number; role: string; displayName: string | null };
  band: { id: number; name: string; subscriptionTier: string };
  grant: Grant;
};

/** Band ids arrive as strings from URLs and forms; anything but a positive integer is "not found". */
export function parseBandId(value: unknown) {
  const id = typeof value === "number" ? value : Number(String(value ?? ""));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function notFound() {
  return data({ message: "Band not found" }, { status: 404 });
}

/**
 * The one gate for band data: the signed-in user must belong to the band (else 404, so
 * nobody learns the band exists) and their role must hold `permission` (else 403).
 */
export async function requireBandPermission(request: Request, bandIdInput: unknown, permission: Permission): Promise<BandAccess> {
  const user = await requireUser(request);
  const bandId = parseBandId(bandIdInput);
  if (!bandId) throw notFound();
  const membership = await db.bandMembership.findUnique({
    where: { bandId_userId: { bandId, userId: user.id } },
    select: { id: true, role: true, displayName: true, band: { select: { id: true, name: true, subscriptionTier: true } } },
  });
  if (!membership) throw notFound();
  const grant = grantFor(membership.role, permission);
  if (!grant) throw data({ message: "You do not have permission to do that" }, { status: 403 });
  const { band, ...rest } = membership;
  return { user, membership: rest, band, grant };
}
