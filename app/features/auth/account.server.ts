import { db } from "~/utils/db.server";
import { refreshMemberOrder, refreshMemberOrderOfUser } from "~/features/members/member-order.server";
import { keepPastBookings } from "~/features/members/former-bookings.server";
import { recordAudit } from "~/features/audit/audit.server";
import { recordBandDeletion } from "~/features/bands/settings.server";
import { displayName } from "~/utils/names";
import { forgetQueuedPageViews } from "~/features/analytics/analytics.server";
import { endBillingOfBands } from "~/features/billing/billing.server";
import { limitAuthAttempt, notifyPasswordChanged, RateLimitedError, verifyLogin } from "./auth.server";
import { hashPassword } from "./password.server";
import { destroyAllSessions } from "./session.server";
import type { ProfileInput } from "./account-schema";

export async function getProfile(userId: string) {
  return db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      profileImageUrl: true,
      updatedAt: true,
      password: { select: { updatedAt: true } },
    },
  });
}

export async function updateProfile(userId: string, input: ProfileInput) {
  return db.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: userId },
      data: { firstName: input.firstName, lastName: input.lastName || null, profileImageUrl: input.profileImageUrl || null },
      select: { firstName: true },
    });
    // Their name places them in each band's member list and makes their initials there.
    await refreshMemberOrderOfUser(tx, userId);
    return updated;
  });
}

export type PasswordCheck = { status: "ok" } | { status: "incorrect" } | { status: "limited"; error: RateLimitedError };

/**
 * Checks the signed-in user's password before a sensitive change. It counts against
 * the same limits as signing in (per client address, and failures per email), so a
 * stolen session cannot be used to guess the password here instead of on /login.
 */
export async function checkCurrentPassword(request: Request, email: string, password: string): Promise<PasswordCheck> {
  try {
    await limitAuthAttempt(request, "login", email);
  } catch (error) {
    if (error instanceof RateLimitedError) return { status: "limited", error };
    throw error;
  }
  // limitAuthAttempt counted the attempt as a failure against the email; verifyLogin clears the count on success.
  // "unverified" still means the password matched.
  const result = await verifyLogin(email, password);
  return result.status === "invalid" ? { status: "incorrect" } : { status: "ok" };
}

/**
 * Sets the new password and ends every other session of the user; `keepSessionId`
 * (the hashed id of the session making the change) stays signed in. Reset links
 * mailed before the change stop working too.
 */
export async function changePassword(userId: string, newPassword: string, keepSessionId: string) {
  const hash = await hashPassword(newPassword);
  await db.$transaction([
    db.password.upsert({ where: { userId }, update: { hash }, create: { userId, hash } }),
    // Reset links, and a move to another address asked for with the old password, end with it.
    db.userToken.deleteMany({ where: { userId, purpose: { in: ["reset-password", "change-email"] } } }),
  ]);
  await destroyAllSessions(userId, keepSessionId);
  await notifyPasswordChanged(userId);
}

export type BandRef = { id: number; name: string };

/**
 * What deleting the account would do to the user's bands: those where they are the
 * only leader but not the only member block it (the band would be left without a
 * leader); those where they are the only member go with the account; from the rest
 * they simply leave.
 */
export async function accountDeletionImpact(
  userId: string,
  { client = db, isPlatformAdmin }: { client?: Pick<typeof db, "bandMembership" | "user">; isPlatformAdmin?: boolean } = {},
) {
  const [memberships, lastAdmin] = await Promise.all([
    client.bandMembership.findMany({
      where: { userId },
      select: { role: true, band: { select: { id: true, name: true, memberships: { select: { userId: true, role: true } } } } },
    }),
    // A caller that already knows the user is no admin asks nothing more.
    isPlatformAdmin === false ? false : isLastPlatformAdmin(userId, client),
  ]);
  const blocking: BandRef[] = [];
  const deleted: BandRef[] = [];
  const left: BandRef[] = [];
  for (const { role, band } of memberships) {
    const others = band.memberships.filter((member) => member.userId !== userId);
    const ref = { id: band.id, name: band.name };
    if (others.length === 0) deleted.push(ref);
    else if (role === "band_leader" && !others.some((member) => member.role === "band_leader")) blocking.push(ref);
    else left.push(ref);
  }
  const byName = (a: BandRef, b: BandRef) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id - b.id;
  return { blocking: blocking.sort(byName), deleted: deleted.sort(byName), left: left.sort(byName), lastAdmin };
}

/** An account that can sign in: not disabled, its address verified (sign-in refuses it before), with a password. */
export const CAN_SIGN_IN = { disabledAt: null, emailVerifiedAt: { not: null }, password: { isNot: null } } as const;

/**
 * Bandroom always keeps a platform admin who can sign in (the admin area refuses to revoke the last one):
 * the last one may not delete their account either, or nobody could open /admin again.
 */
async function isLastPlatformAdmin(userId: string, client: Pick<typeof db, "user">) {
  const admins = await client.user.findMany({ where: { ...CAN_SIGN_IN, isPlatformAdmin: true }, select: { id: true }, take: 2 });
  return admins.length === 1 && admins[0]!.id === userId;
}

export const LAST_ADMIN_MESSAGE = "You’re Bandroom’s only platform admin: make someone else a platform admin first";

export type DeleteAccountResult = { status: "deleted"; deletedBands: BandRef[] } | { status: "blocked"; bands: BandRef[] } | { status: "last-admin" };

/**
 * Deletes the user, their password, sessions, tokens and memberships (by cascade) and
 * the bands only they were in, all in one transaction that checks the blockers again.
 * The analytics events linked to them go too, as the privacy policy promises.
 */
export async function deleteAccount(userId: string): Promise<DeleteAccountResult> {
  // The bands going with the account stop paying at Stripe first (a failure there refuses
  // the deletion), outside the transaction, which must not wait on the network.
  const before = await accountDeletionImpact(userId);
  if (!before.blocking.length && !before.lastAdmin) await endBillingOfBands(before.deleted.map((band) => band.id));
  return db.$transaction(async (tx) => {
    const impact = await accountDeletionImpact(userId, { client: tx });
    if (impact.blocking.length) return { status: "blocked", bands: impact.blocking } as const;
    if (impact.lastAdmin) return { status: "last-admin" } as const;
    const bandIds = impact.deleted.map((band) => band.id);
    // The audit log outlives the account: who it was, and what went with it.
    const actor = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, firstName: true, lastName: true, email: true } });
    for (const bandId of bandIds) await recordBandDeletion(tx, bandId, actor);
    if (bandIds.length) {
      await tx.user.updateMany({ where: { preferredBandId: { in: bandIds } }, data: { preferredBandId: null } });
      await tx.band.deleteMany({ where: { id: { in: bandIds } } });
    }
    forgetQueuedPageViews(userId);
    await tx.analyticsEvent.deleteMany({ where: { userId } });
    const bandsLeft = await tx.bandMembership.findMany({ where: { userId, bandId: { notIn: bandIds } }, select: { id: true, bandId: true, role: true, displayName: true } });
    // The bands they leave behind keep them on the lineups of gigs already played, by name, as their ledgers do.
    if (bandsLeft.length) await keepPastBookings(tx, { userId, bandId: { notIn: bandIds } });
    // Each band they leave sees them go in its own log, as when a member leaves.
    const label = displayName(actor);
    for (const membership of bandsLeft) {
      await recordAudit(tx, { actor, action: "member.leave", bandId: membership.bandId, target: { type: "membership", id: membership.id, label: `${displayName({ ...actor, displayName: membership.displayName })} (account deleted)` }, before: { role: membership.role }, after: null });
    }
    await recordAudit(tx, { actor, action: "account.delete", target: { type: "user", id: userId, label }, before: null, after: { bandsLeft: bandsLeft.length, bandsDeleted: bandIds.length } });
    await tx.user.delete({ where: { id: userId } });
    // Their memberships went with them: the bands they leave behind renumber and may free initials.
    for (const { bandId } of bandsLeft) await refreshMemberOrder(tx, bandId);
    return { status: "deleted", deletedBands: impact.deleted } as const;
  });
}

const bandList = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

/** "Hand over leadership or delete The Late Shift and Basement Tapes first". */
export function handOverMessage(bands: BandRef[]) {
  return `Hand over leadership or delete ${bandList.format(bands.map((band) => band.name))} first`;
}
