import { requireUser } from "~/features/auth/auth.server";
import { apiError } from "~/utils/api.server";
import { can, type Permission } from "./permissions";
import { isMemberOf, MemberRuleError, MESSAGES, type MemberListItem } from "./members.server";
import { requireBandPermission } from "./permissions.server";
import { parseId } from "./schema";

/**
 * Helpers for the members /api endpoints: the gate for ids that are not band ids
 * (memberships, invitations), and MemberRuleError as a JSON answer.
 */

/** A domain refusal as the API's error body: 400 with field errors, else 403/404/409 with a message. */
export function ruleErrorResponse(error: unknown) {
  if (!(error instanceof MemberRuleError)) throw error;
  if (error.status === 400 && error.field) return apiError(400, "Invalid request", { [error.field]: [error.message] });
  return apiError(error.status, error.message);
}

/**
 * The permission gate for a row that belongs to a band (a membership, an invitation):
 * 401 signed out, then 404 when the row is unknown or in a band the caller is not in
 * (the same answer, so ids of other bands reveal nothing), then the band permission.
 */
export async function requireRowAccess(request: Request, idInput: unknown, bandIdOf: (id: number) => Promise<number | null>, notFound: string, permission: Permission) {
  const user = await requireUser(request);
  const id = parseId(idInput);
  const bandId = id ? await bandIdOf(id) : null;
  if (!id || !bandId || !(await isMemberOf(bandId, user.id))) throw apiError(404, notFound);
  return { id, access: await requireBandPermission(request, bandId, permission) };
}

export const NOT_FOUND = { member: MESSAGES.memberNotFound, invitation: MESSAGES.invitationNotFound } as const;

/** The spec's member list item (section 3), plus the instruments this issue adds. */
export function memberJson(member: Pick<MemberListItem, "membership" | "user">, viewer?: { userId: string; role: string }) {
  const { membership, user } = member;
  // A sub sees bandmates' names, not their email addresses (members:contact); always their own.
  const showEmail = !viewer || viewer.userId === user.id || can(viewer.role, "members:contact");
  return {
    membership: { id: membership.id, userId: membership.userId, displayName: membership.displayName, role: membership.role, instruments: membership.instruments },
    user: { id: user.id, firstName: user.firstName, lastName: user.lastName, ...(showEmail ? { email: user.email } : {}) },
  };
}

export function invitationJson(created: { invitation: { id: number; email: string; role: string; expiresAt: Date }; inviteUrl: string }) {
  const { id, email, role, expiresAt } = created.invitation;
  return { id, email, role, expiresAt: expiresAt.toISOString(), inviteUrl: created.inviteUrl };
}
