import { requireUser } from "~/features/auth/auth.server";
import { requireBandAccess, type BandAccess } from "~/features/bands/access.server";
import { apiError } from "~/utils/api.server";
import type { Permission } from "./permissions";
import { MESSAGES, seesContact, type MemberListItem } from "./members.server";
import { parseId } from "~/utils/ids";

/**
 * Helpers for the members /api endpoints: the gate for ids that are not band ids
 * (memberships, invitations), and the JSON shapes. Refusals are RuleErrors, which
 * apiRoute answers.
 */

/**
 * The permission gate for a row that belongs to a band (a membership, an invitation):
 * 401 signed out, then 404 when the row is unknown or in a band the caller is not in
 * (the same answer, so ids of other bands reveal nothing), then the band permission.
 */
export async function requireRowAccess(request: Request, idInput: unknown, bandIdOf: (id: number) => Promise<number | null>, notFound: string, permission: Permission) {
  const id = parseId(idInput);
  const bandId = id ? await bandIdOf(id) : null;
  // Signed out is 401 before anything about the row is looked at.
  if (!id || !bandId) await requireUser(request);
  if (!id || !bandId) throw apiError(404, notFound);
  return { id, access: await requireBandAccess(request, { band: bandId, permission, notFound }) };
}

export const NOT_FOUND = { member: MESSAGES.memberNotFound, invitation: MESSAGES.invitationNotFound } as const;

/** The spec's member list item (section 3), plus the instruments this issue adds. */
export function memberJson(member: Pick<MemberListItem, "membership" | "user">, viewer?: BandAccess) {
  const { membership, user } = member;
  // A sub sees bandmates' names, not their email addresses (members:contact); always their own.
  const showEmail = !viewer || seesContact(viewer, user.id);
  return {
    membership: { id: membership.id, userId: membership.userId, displayName: membership.displayName, role: membership.role, instruments: membership.instruments, version: membership.version },
    user: { id: user.id, firstName: user.firstName, lastName: user.lastName, ...(showEmail ? { email: user.email } : {}) },
  };
}

export function invitationJson(created: { invitation: { id: number; email: string; role: string; expiresAt: Date }; inviteUrl: string }) {
  const { id, email, role, expiresAt } = created.invitation;
  return { id, email, role, expiresAt: expiresAt.toISOString(), inviteUrl: created.inviteUrl };
}
