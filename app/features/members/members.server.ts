import type { Prisma } from "~/generated/prisma/client";
import { db, isUniqueViolation } from "~/utils/db.server";
import { hashToken, randomToken } from "~/utils/crypto.server";
import { escapeHtml } from "~/utils/html";
import { sendMail } from "~/utils/mail.server";
import { formatDate } from "~/utils/dates";
import { displayName, resolveInitials } from "~/utils/names";
import { pageWindow } from "~/utils/pagination";
import { track } from "~/features/analytics/analytics.server";
import { hashPassword } from "~/features/auth/password.server";
import type { CurrentUser } from "~/features/auth/auth.server";
import { hitShared } from "~/utils/shared-rate-limit.server";
import { can, grantFor, roleLabel, type Role } from "./permissions";
import type { BandAccess } from "~/features/bands/access.server";
import { compareMembers } from "./order";
import { refreshMemberOrder } from "./member-order.server";
import { keepPastBookings, restorePastBookings } from "./former-bookings.server";
import { INVITATION_TTL_DAYS } from "./schema";
import { RuleError } from "~/utils/rule-error";
import { rateLimitHeaders, waitWords, type RateLimitResult, type RateLimitRule } from "~/utils/rate-limit.server";
import { recordAudit } from "~/features/audit/audit.server";

/**
 * Members and invitations: every rule about who may invite, change, remove, leave and
 * lead lives here, once. The /members page and the /api endpoints are thin adapters
 * that call these functions and turn a RuleError into their own kind of answer.
 */

const DAY_MS = 24 * 60 * 60 * 1000;


/**
 * Whether the viewer may see `userId`'s email address: their own always, a bandmate's
 * only with members:contact (a sub sees bandmates' names, not their addresses).
 */
export function seesContact(access: Pick<BandAccess, "user" | "membership">, userId: string) {
  return access.user.id === userId || can(access.membership.role, "members:contact");
}

export const MESSAGES = {
  forbidden: "You do not have permission to do that",
  memberNotFound: "Member not found",
  invitationNotFound: "Invitation not found",
  adminTouchesLeader: "Band admins cannot change or remove a Band Leader",
  adminTouchesLeaderInvitation: "Band admins cannot withdraw, resend or replace an invitation to join as Band Leader",
  onlyLeadersMakeLeaders: "Only a Band Leader can make someone a Band Leader",
  lastLeader: "A band always keeps at least one Band Leader. Make someone else Band Leader first.",
  stale: "Someone else changed this member while you were editing. Here they are as saved now; make your change again.",
  soleLeaderLeaves: "You’re the only Band Leader. Make another member Band Leader or delete the band in Settings before you leave.",
  /** The members page's Leave band panel, for the only leader. */
  soleLeaderNote: "You’re the only Band Leader. Make another member Band Leader (under Manage beside their name) or delete the band in Settings before you leave.",
  transferToSelf: "Choose another member to lead the band",
  transferToLeader: "They already lead the band. Choose a member who is not a Band Leader",
  alreadyMember: (email: string) => `${email} is already a member of this band`,
  justInvited: (email: string) => `${email} was invited a moment ago. For a new link, use Resend under Pending invitations.`,
  justSent: (email: string) => `A link was mailed to ${email} a moment ago: that mail's link works. Try again in half a minute for a new one.`,
  tooManyInvitations: (email: string, wait: string) => `Too many invitations have gone to ${email} this hour. Please wait ${wait} and try again.`,
  alreadyInBand: (band: string) => `You're already a member of ${band}`,
  invitationNotPending: "This invitation is no longer pending",
} as const;

export type MemberListItem = {
  /** Place in the band in joining order; it picks the avatar colour. */
  position: number;
  membership: { id: number; userId: string; displayName: string | null; role: string; instruments: string[]; version: number };
  user: { id: string; firstName: string; lastName: string | null; email: string; profileImageUrl: string | null };
};

const MEMBER_SELECT = {
  id: true,
  userId: true,
  displayName: true,
  role: true,
  version: true,
  instruments: { select: { instrument: true }, orderBy: { id: "asc" } },
  user: { select: { id: true, firstName: true, lastName: true, email: true, profileImageUrl: true } },
} as const;

export function memberName(member: Pick<MemberListItem, "membership" | "user">) {
  return displayName({ ...member.user, displayName: member.membership.displayName });
}

/** Everyone in the band in the one member order (compareMembers); `position` is the joining order. */
export async function listMembers(access: Pick<BandAccess, "band">): Promise<MemberListItem[]> {
  const rows = await db.bandMembership.findMany({
    where: { bandId: access.band.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: MEMBER_SELECT,
  });
  const members = rows.map(({ user, instruments, ...membership }, position) => ({
    position,
    membership: { ...membership, instruments: instruments.map((row) => row.instrument) },
    user,
  }));
  return members.sort(compareMembers);
}

export type MemberPageItem = MemberListItem & { initials: string };

/**
 * One page of the band in the member order, for the /members list: read in SQL by the
 * stored order (member-order.server.ts), so a band of hundreds costs one page of rows.
 * With `initials` settled over the whole band (clashes resolved in joining order), the
 * band's size and its number of leaders. A band whose stored order is not filled yet
 * (NULLs, e.g. before its first membership write after the migration) is read whole and
 * sorted in memory, giving the same page.
 */
export async function listMembersPage(access: Pick<BandAccess, "band">, requested: number, perPage: number) {
  const byRole = await db.bandMembership.groupBy({ by: ["role"], where: { bandId: access.band.id }, _count: { _all: true, listRank: true, joinRank: true, initials: true } });
  const total = byRole.reduce((sum, group) => sum + group._count._all, 0);
  const leaders = byRole.find((group) => group.role === "band_leader")?._count._all ?? 0;
  const stored = byRole.every(({ _count: count }) => count.listRank === count._all && count.joinRank === count._all && count.initials === count._all);
  const { skip, take, info } = pageWindow(total, requested, perPage);
  if (!stored) {
    const everyone = await listMembers(access);
    const initialsById = resolveMemberInitials(everyone);
    const items = everyone.slice(skip, skip + take).map((member) => ({ ...member, initials: initialsById.get(member.membership.id) ?? "?" }));
    return { items, leaders, ...info };
  }
  const rows = await db.bandMembership.findMany({
    where: { bandId: access.band.id },
    orderBy: [{ listRank: "asc" }, { id: "asc" }],
    skip,
    take,
    select: { ...MEMBER_SELECT, joinRank: true, initials: true },
  });
  const items: MemberPageItem[] = rows.map(({ user, instruments, joinRank, initials, ...membership }) => ({
    position: joinRank!,
    membership: { ...membership, instruments: instruments.map((row) => row.instrument) },
    user,
    initials: initials!,
  }));
  return { items, leaders, ...info };
}

/** How many of `members` lead the band. */
export function countLeaders(members: Pick<MemberListItem, "membership">[]) {
  return members.filter((member) => member.membership.role === "band_leader").length;
}

/** Initials for everyone in `members` (any order), settled in joining order so whoever joined first keeps their own. */
export function resolveMemberInitials(members: MemberListItem[]) {
  const joiningOrder = [...members].sort((a, b) => a.position - b.position);
  return resolveInitials(joiningOrder.map((m) => ({ ...m.user, displayName: m.membership.displayName, id: m.membership.id })));
}

/** The band leaders' names, for pages that tell people who decides. */
export async function listLeaderNames(bandId: number) {
  const leaders = await db.bandMembership.findMany({
    where: { bandId, role: "band_leader" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { displayName: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  return leaders.map((leader) => displayName({ ...leader.user, displayName: leader.displayName }));
}

// ---------------------------------------------------------------------------
// Who may do what to whom (the PERMISSIONS table decides the role; these add the
// per-target rules it cannot express: admins never touch leaders, self-service).

type Actor = Pick<BandAccess, "user" | "membership" | "band">;
type Target = { id: number; userId: string; role: string; bandId: number; version: number };

/** Rights over another member (role, removal, their details): members:manage, and admins keep off leaders. */
export function mayManage(actorRole: string, targetRole: string) {
  const grant = grantFor(actorRole, "members:manage");
  if (!grant) return false;
  return grant === true || targetRole !== "band_leader";
}

/** The roles someone with `actorRole` may give (invite with, or change to). */
export function grantableRoles(actorRole: string): Role[] {
  const grant = grantFor(actorRole, "members:manage");
  if (!grant) return [];
  return grant === true ? ["band_leader", "band_admin", "band_member", "sub"] : ["band_admin", "band_member", "sub"];
}

export type MemberAbilities = { edit: boolean; changeRole: boolean; remove: boolean; transfer: boolean };

/**
 * What the viewer may do to one member: the flags the /members page shows, from the same
 * rules the functions below enforce (requireManage, requireMayTransfer).
 */
export function memberAbilities(actor: Actor, target: Pick<Target, "userId" | "role">): MemberAbilities {
  const isYou = target.userId === actor.user.id;
  const manages = !isYou && mayManage(actor.membership.role, target.role);
  return {
    edit: isYou || manages,
    changeRole: (isYou && can(actor.membership.role, "members:manage")) || manages,
    remove: manages,
    transfer: transferRefusal(actor, target) === null,
  };
}

/** Whether the actor may revoke or resend an invitation (the rule revokeInvitation and resendInvitation enforce). */
export function mayManageInvitation(actor: Actor, invitation: { role: string }) {
  return mayManage(actor.membership.role, invitation.role);
}

/** What the viewer may do on the members page as a whole. */
export function membersPageAbilities(actor: Actor, leaders: number) {
  return {
    manage: can(actor.membership.role, "members:manage"),
    grantableRoles: grantableRoles(actor.membership.role),
    /** The only leader cannot leave (see leaveBand): the page says so up front. */
    soleLeader: actor.membership.role === "band_leader" && leaders === 1,
  };
}

/** Why the actor may not hand the band to `target`, or null when they may. */
function transferRefusal(actor: Actor, target: Pick<Target, "userId" | "role">) {
  if (!can(actor.membership.role, "band:delete")) return new RuleError(403, MESSAGES.forbidden);
  if (target.userId === actor.user.id) return new RuleError(400, MESSAGES.transferToSelf, "membershipId");
  if (target.role === "band_leader") return new RuleError(400, MESSAGES.transferToLeader, "membershipId");
  return null;
}

function requireManage(actor: Actor, target: Pick<Target, "role">) {
  if (!can(actor.membership.role, "members:manage")) throw new RuleError(403, MESSAGES.forbidden);
  if (!mayManage(actor.membership.role, target.role)) throw new RuleError(403, MESSAGES.adminTouchesLeader);
}

function requireMayGrant(actor: Actor, role: string) {
  if (!grantableRoles(actor.membership.role).some((allowed) => allowed === role)) {
    throw new RuleError(403, role === "band_leader" ? MESSAGES.onlyLeadersMakeLeaders : MESSAGES.forbidden, "role");
  }
}

/** The band id a membership belongs to, for the /api routes' permission gate; null when unknown. */
export async function bandIdOfMembership(membershipId: number) {
  const row = await db.bandMembership.findUnique({ where: { id: membershipId }, select: { bandId: true } });
  return row?.bandId ?? null;
}

async function findTarget(bandId: number, membershipId: number): Promise<Target> {
  const target = await db.bandMembership.findUnique({ where: { id: membershipId }, select: { id: true, userId: true, role: true, bandId: true, version: true } });
  // Another band's membership is "not found", exactly like one that does not exist.
  if (!target || target.bandId !== bandId) throw new RuleError(404, MESSAGES.memberNotFound);
  return target;
}

type Tx = Prisma.TransactionClient;

/** Counted inside the write's transaction, so two leaders stepping down at once cannot both succeed. */
async function refuseLosingLastLeader(tx: Tx, bandId: number, message: string = MESSAGES.lastLeader, field?: string) {
  const leaders = await tx.bandMembership.count({ where: { bandId, role: "band_leader" } });
  if (leaders <= 1) throw new RuleError(409, message, field);
}

async function forgetPreferredBand(tx: Tx, userId: string, bandId: number) {
  await tx.user.updateMany({ where: { id: userId, preferredBandId: bandId }, data: { preferredBandId: null } });
}

// The audit log names a member as they were called at the time (issue 10).
const MEMBER_NAME_SELECT = { displayName: true, user: { select: { firstName: true, lastName: true, email: true } } } as const;

function membershipTarget(membershipId: number, member: { displayName: string | null; user: { firstName: string; lastName: string | null; email: string } }) {
  return { type: "membership", id: membershipId, label: displayName({ ...member.user, displayName: member.displayName }) };
}

// ---------------------------------------------------------------------------
// Changing members

export type MembershipChanges = { role?: Role; displayName?: string | null; instruments?: string[]; /** The version the form or client read: 409 when it is not the stored one. */ version?: number };

/** Inside a change's transaction: the actor still has the role their permission was checked against (403 otherwise). */
async function requireRoleUnchanged(tx: Tx, actor: Actor) {
  const own = await tx.bandMembership.findUnique({ where: { id: actor.membership.id }, select: { role: true } });
  if (own?.role !== actor.membership.role) throw new RuleError(403, MESSAGES.forbidden);
}

/**
 * Changes a member's role, display name and/or instruments. Your own display name and
 * instruments are yours to change; anything of someone else's, and any role, needs
 * members:manage over them. The last leader cannot be demoted.
 */
export async function updateMembership(actor: Actor, membershipId: number, given: MembershipChanges) {
  const target = await findTarget(actor.band.id, membershipId);
  const self = target.userId === actor.user.id;
  // Your own role sent back as it is (a client that PATCHes the member it read) changes
  // nothing, so it asks for no right to change roles: the rest of the change is saved.
  const { role: ownRole, ...rest } = given;
  const changes: MembershipChanges = self && ownRole === target.role ? rest : given;
  if (changes.role !== undefined) {
    requireManage(actor, target);
    if (changes.role !== target.role) requireMayGrant(actor, changes.role);
  }
  if ((changes.displayName !== undefined || changes.instruments !== undefined) && !self) requireManage(actor, target);

  // Made from an older version (the form's, else the one just read, so that a change landing
  // between this read and the write, such as a transfer of leadership, is not overwritten).
  if (changes.version !== undefined && changes.version !== target.version) throw new RuleError(409, MESSAGES.stale);
  const managing = changes.role !== undefined || !self;
  await db.$transaction(async (tx) => {
    // Checked above against the role read with the request: demoted meanwhile (a request already on its way), nothing is changed.
    if (managing) await requireRoleUnchanged(tx, actor);
    if (changes.role !== undefined && changes.role !== target.role && target.role === "band_leader") {
      // Said at the Role box that asked for it.
      await refuseLosingLastLeader(tx, target.bandId, MESSAGES.lastLeader, "role");
    }
    const { count } = await tx.bandMembership.updateMany({
      where: { id: target.id, version: target.version },
      data: {
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.displayName !== undefined ? { displayName: changes.displayName } : {}),
        version: { increment: 1 },
      },
    });
    if (!count) throw new RuleError(409, MESSAGES.stale);
    const updated = await tx.bandMembership.findUniqueOrThrow({ where: { id: target.id }, select: MEMBER_NAME_SELECT });
    // Role and display name place them in the list and make their initials.
    if (changes.role !== undefined || changes.displayName !== undefined) await refreshMemberOrder(tx, target.bandId);
    if (changes.role !== undefined && changes.role !== target.role) {
      await recordAudit(tx, { actor: actor.user, action: "member.role", bandId: target.bandId, target: membershipTarget(target.id, updated), before: { role: target.role }, after: { role: changes.role } });
    }
    if (changes.instruments !== undefined) {
      await tx.membershipInstrument.deleteMany({ where: { membershipId: target.id } });
      if (changes.instruments.length) {
        await tx.membershipInstrument.createMany({ data: changes.instruments.map((instrument) => ({ membershipId: target.id, instrument })) });
      }
    }
  });
  return getMember(target.id);
}

export async function getMember(membershipId: number) {
  const row = await db.bandMembership.findUniqueOrThrow({ where: { id: membershipId }, select: MEMBER_SELECT });
  const { user, instruments, ...membership } = row;
  return { membership: { ...membership, instruments: instruments.map((entry) => entry.instrument) }, user };
}

/**
 * Removes someone else from the band (members:manage; admins never remove a leader).
 * Removing yourself is leaving, with leaving's rule.
 */
export async function removeMember(actor: Actor, membershipId: number) {
  const target = await findTarget(actor.band.id, membershipId);
  if (target.userId === actor.user.id) return leaveBand(actor);
  requireManage(actor, target);
  const removed = await getMember(target.id);
  await db.$transaction(async (tx) => {
    await requireRoleUnchanged(tx, actor);
    if (target.role === "band_leader") await refuseLosingLastLeader(tx, target.bandId);
    await keepPastBookings(tx, { id: target.id });
    await tx.bandMembership.delete({ where: { id: target.id } });
    await refreshMemberOrder(tx, target.bandId);
    await forgetPreferredBand(tx, target.userId, target.bandId);
    await recordAudit(tx, { actor: actor.user, action: "member.remove", bandId: target.bandId, target: { type: "membership", id: target.id, label: memberName(removed) }, before: { role: target.role }, after: null });
  });
  return { left: false as const, name: memberName(removed) };
}

/** Anyone may leave, except the only leader, who must hand over or delete the band first. */
export async function leaveBand(actor: Actor) {
  await db.$transaction(async (tx) => {
    const own = await tx.bandMembership.findUnique({ where: { id: actor.membership.id }, select: { role: true, ...MEMBER_NAME_SELECT } });
    if (!own) throw new RuleError(404, MESSAGES.memberNotFound);
    if (own.role === "band_leader") await refuseLosingLastLeader(tx, actor.band.id, MESSAGES.soleLeaderLeaves);
    await keepPastBookings(tx, { id: actor.membership.id });
    await tx.bandMembership.delete({ where: { id: actor.membership.id } });
    await refreshMemberOrder(tx, actor.band.id);
    await forgetPreferredBand(tx, actor.user.id, actor.band.id);
    await recordAudit(tx, { actor: actor.user, action: "member.leave", bandId: actor.band.id, target: membershipTarget(actor.membership.id, own), before: { role: own.role }, after: null });
  });
  return { left: true as const };
}

/** The leader hands the band to another member, who becomes Band Leader; the old leader stays as Band Admin. */
export async function transferLeadership(actor: Actor, membershipId: number) {
  if (!can(actor.membership.role, "band:delete")) throw new RuleError(403, MESSAGES.forbidden);
  const target = await findTarget(actor.band.id, membershipId);
  const refusal = transferRefusal(actor, target);
  if (refusal) throw refusal;
  await db.$transaction(async (tx) => {
    // Both as they were read: a role change landing in between (the leader demoted, the
    // target changed) refuses the transfer rather than leave the band without a leader.
    const moved = await tx.bandMembership.updateMany({ where: { id: target.id, version: target.version }, data: { role: "band_leader", version: { increment: 1 } } });
    const stepped = await tx.bandMembership.updateMany({ where: { id: actor.membership.id, role: actor.membership.role }, data: { role: "band_admin", version: { increment: 1 } } });
    if (!moved.count || !stepped.count) throw new RuleError(409, MESSAGES.stale);
    const leader = await tx.bandMembership.findUniqueOrThrow({ where: { id: target.id }, select: MEMBER_NAME_SELECT });
    const former = await tx.bandMembership.findUniqueOrThrow({ where: { id: actor.membership.id }, select: MEMBER_NAME_SELECT });
    await refreshMemberOrder(tx, actor.band.id);
    const formerName = membershipTarget(actor.membership.id, former).label;
    await recordAudit(tx, {
      actor: actor.user,
      action: "member.leadership",
      bandId: actor.band.id,
      target: membershipTarget(target.id, leader),
      before: { role: target.role, formerLeader: formerName, formerLeaderRole: actor.membership.role },
      after: { role: "band_leader", formerLeader: formerName, formerLeaderRole: "band_admin" },
    });
  });
  return getMember(target.id);
}

/**
 * The member this person handed the band to within the last minute, or null: a transfer
 * sent twice (a double tap without JavaScript) finds its sender a Band Admin the second
 * time, and is answered as done rather than refused.
 */
export async function justTransferredTo(actor: Actor, membershipId: number) {
  const recent = await db.auditEntry.findFirst({
    where: { bandId: actor.band.id, actorId: actor.user.id, action: "member.leadership", targetId: String(membershipId), createdAt: { gt: new Date(Date.now() - 60_000) } },
    select: { id: true },
  });
  if (!recent) return null;
  const target = await db.bandMembership.findFirst({ where: { id: membershipId, bandId: actor.band.id, role: "band_leader" }, select: { id: true } });
  return target ? getMember(target.id) : null;
}

// ---------------------------------------------------------------------------
// Invitations

export type PendingInvitation = {
  id: number;
  email: string;
  role: string;
  expiresAt: Date;
  createdAt: Date;
  invitedBy: string | null;
};

/**
 * Invitation mail, counted in the database (every app process shares the counts): one
 * band sends an address at most 5 invitations or resends an hour, and an address gets at
 * most 20 an hour from all bands together, so that no one can make bands to flood an
 * inbox (nor, with a throwaway band's five, keep a real band from inviting someone); one
 * person sends at most 50 an hour.
 */
export const INVITATION_LIMITS = {
  fromBandToAddress: { name: "invite-band-address", limit: 5, windowMs: 60 * 60_000 },
  toAddress: { name: "invite-address", limit: 20, windowMs: 60 * 60_000 },
  byInviter: { name: "invite-inviter", limit: 50, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** A refused invitation mail (429): why, and when to try again, with the RateLimit headers. */
function invitationsLimited(result: RateLimitResult, email: string) {
  return new RuleError(429, MESSAGES.tooManyInvitations(email, waitWords(result.resetSeconds)), "email", rateLimitHeaders(result));
}

/** Counts one invitation mail to `email` from `inviterId` in `bandId` inside the write `tx`, or refuses it (429, and the transaction counts nothing). */
async function limitInvitationMail(tx: Prisma.TransactionClient, bandId: number, inviterId: string, email: string) {
  const now = Date.now();
  for (const [rule, subject] of [
    [INVITATION_LIMITS.byInviter, inviterId],
    [INVITATION_LIMITS.fromBandToAddress, `${bandId}:${email}`],
    [INVITATION_LIMITS.toAddress, email],
  ] as const) {
    const result = await hitShared(rule, subject, now, tx);
    if (!result.ok) throw invitationsLimited(result, email);
  }
}

/** How long the same invitation (address, role and inviter) counts as sent twice rather than again. */
export const REPEAT_INVITATION_MS = 30_000;

function pendingWhere(now = new Date()) {
  return { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
}

function inviteUrl(origin: string, token: string) {
  return `${origin}/invitations/${token}`;
}

/** Invitations not yet accepted, revoked or expired, newest first. */
export async function listPendingInvitations(access: Pick<BandAccess, "band" | "membership">): Promise<PendingInvitation[]> {
  // Only those who manage members see who has been invited.
  if (!can(access.membership.role, "members:manage")) throw new RuleError(403, MESSAGES.forbidden);
  const rows = await db.invitation.findMany({
    where: { bandId: access.band.id, ...pendingWhere() },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    // The inviter by the name the band knows them by (their display name here), as the mail named them.
    select: { id: true, email: true, role: true, expiresAt: true, createdAt: true, invitedBy: { select: { firstName: true, lastName: true, email: true, memberships: { where: { bandId: access.band.id }, select: { displayName: true } } } } },
  });
  return rows.map(({ invitedBy, ...invitation }) => ({ ...invitation, invitedBy: invitedBy ? displayName({ ...invitedBy, displayName: invitedBy.memberships[0]?.displayName }) : null }));
}

export type CreatedInvitation = {
  invitation: { id: number; email: string; role: string; expiresAt: Date };
  /** Shown once to whoever invited; only its hash is stored. */
  inviteUrl: string;
  /** False when the mail could not be sent; the link still works and can be copied. */
  mailed: boolean;
};

async function requireNotMember(bandId: number, email: string) {
  const member = await db.bandMembership.findFirst({ where: { bandId, user: { email } }, select: { id: true } });
  if (member) throw new RuleError(400, MESSAGES.alreadyMember(email), "email");
}


async function mailInvitation(input: { email: string; role: string; bandName: string; inviter: string; url: string; expiresAt: Date; timeZone: string }) {
  const role = roleLabel(input.role);
  // The day it expires where the band is (a link sent at 8 PM in Chicago expires at 8 PM there).
  const expires = formatDate(input.expiresAt, input.timeZone);
  try {
    await sendMail({
      to: input.email,
      subject: `${input.inviter} invited you to join ${input.bandName} on Bandroom`,
      text: `Hi,\n\n${input.inviter} invited you to join ${input.bandName} on Bandroom as ${role}.\n\nAccept the invitation here:\n${input.url}\n\nThe link works once and expires on ${expires}. If you weren't expecting this, you can ignore this message.`,
      html: `<p>Hi,</p><p>${escapeHtml(input.inviter)} invited you to join <strong>${escapeHtml(input.bandName)}</strong> on Bandroom as ${role}.</p><p><a href="${input.url}">Accept the invitation</a></p><p>The link works once and expires on ${expires}. If you weren't expecting this, you can ignore this message.</p>`,
      link: input.url,
    });
    return true;
  } catch (error) {
    console.error("Could not send an invitation mail", error);
    return false;
  }
}

function actorName(actor: Actor) {
  return displayName({ ...actor.user, displayName: actor.membership.displayName });
}

/**
 * Invites `email` to the band with `role` (members:manage; admins cannot invite a
 * leader). Inviting an address with a pending invitation replaces it: the old link
 * stops working. The link is mailed and returned once; only its hash is kept.
 */
export async function inviteMember(actor: Actor, input: { email: string; role: Role }, origin: string): Promise<CreatedInvitation> {
  if (!can(actor.membership.role, "members:manage")) throw new RuleError(403, MESSAGES.forbidden);
  requireMayGrant(actor, input.role);
  await requireNotMember(actor.band.id, input.email);

  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  const invitation = await db.$transaction(async (tx) => {
    const pending = { bandId: actor.band.id, email: input.email, acceptedAt: null, revokedAt: null };
    // A new invitation replaces the address's pending one, which the actor must be allowed
    // to withdraw: an admin re-inviting a leader-to-be as a sub would cancel the leader's.
    const live = await tx.invitation.findMany({ where: { ...pending, expiresAt: { gt: new Date() } }, select: { role: true, invitedById: true, createdAt: true } });
    if (live.some((other) => !mayManage(actor.membership.role, other.role))) throw new RuleError(403, MESSAGES.adminTouchesLeaderInvitation);
    // The same invitation sent again within seconds is the same press (a double tap, a
    // resend after a dropped connection, parallel API calls): replacing it would mail a
    // link that no longer works. Transactions here run one at a time (BEGIN IMMEDIATE), so
    // the second sees the first.
    const repeat = Date.now() - REPEAT_INVITATION_MS;
    if (live.some((other) => other.role === input.role && other.invitedById === actor.user.id && other.createdAt.getTime() > repeat)) {
      throw new RuleError(409, MESSAGES.justInvited(input.email), "email");
    }
    await limitInvitationMail(tx, actor.band.id, actor.user.id, input.email);
    await tx.invitation.updateMany({ where: pending, data: { revokedAt: new Date() } });
    return tx.invitation.create({
      data: { bandId: actor.band.id, email: input.email, role: input.role, tokenHash: hashToken(token), invitedById: actor.user.id, expiresAt },
      select: { id: true, email: true, role: true, expiresAt: true },
    });
  });
  const url = inviteUrl(origin, token);
  const mailed = await mailInvitation({ email: input.email, role: input.role, bandName: actor.band.name, inviter: actorName(actor), url, expiresAt, timeZone: actor.band.timeZone });
  await track("invite_member", { userId: actor.user.id, bandId: actor.band.id, props: { role: input.role } });
  return { invitation, inviteUrl: url, mailed };
}

async function findInvitationForManager(actor: Actor, invitationId: number) {
  const invitation = await db.invitation.findUnique({
    where: { id: invitationId },
    select: { id: true, bandId: true, email: true, role: true, acceptedAt: true, revokedAt: true },
  });
  if (!invitation || invitation.bandId !== actor.band.id) throw new RuleError(404, MESSAGES.invitationNotFound);
  if (!can(actor.membership.role, "members:manage")) throw new RuleError(403, MESSAGES.forbidden);
  // A pending leader invitation is a leader-to-be: admins leave it alone too.
  if (!mayManage(actor.membership.role, invitation.role)) throw new RuleError(403, MESSAGES.adminTouchesLeaderInvitation);
  if (invitation.acceptedAt || invitation.revokedAt) throw new RuleError(409, MESSAGES.invitationNotPending);
  return invitation;
}

/** The band an invitation belongs to, for the /api routes' permission gate; null when unknown. */
export async function bandIdOfInvitation(invitationId: number) {
  const row = await db.invitation.findUnique({ where: { id: invitationId }, select: { bandId: true } });
  return row?.bandId ?? null;
}

/** Withdraws a pending invitation; its link stops working. */
export async function revokeInvitation(actor: Actor, invitationId: number) {
  const invitation = await findInvitationForManager(actor, invitationId);
  // Only while still pending: accepted at the same moment (another server process), it is not "withdrawn" after the person joined.
  const { count } = await db.invitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new RuleError(409, MESSAGES.invitationNotPending);
  return { id: invitation.id, email: invitation.email };
}

/** A fresh link (the old one stops working), seven more days, and the mail again. */
export async function resendInvitation(actor: Actor, invitationId: number, origin: string): Promise<CreatedInvitation> {
  const found = await findInvitationForManager(actor, invitationId);
  await requireNotMember(actor.band.id, found.email);
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  const invitation = await db.$transaction(async (tx) => {
    // A link mailed a moment ago (a double tap, two tabs): a second would make the first
    // mail's link stop working. Read inside the write, so two at once cannot both send.
    const current = await tx.invitation.findUnique({ where: { id: found.id }, select: { expiresAt: true, tokenHash: true } });
    if (current && current.expiresAt.getTime() - INVITATION_TTL_DAYS * DAY_MS > Date.now() - REPEAT_INVITATION_MS) {
      throw new RuleError(409, MESSAGES.justSent(found.email));
    }
    await limitInvitationMail(tx, actor.band.id, actor.user.id, found.email);
    return tx.invitation.update({
      where: { id: found.id },
      // The old link stops working; its page says a newer one was sent.
      data: { tokenHash: hashToken(token), replacedTokenHash: current?.tokenHash ?? null, expiresAt, invitedById: actor.user.id },
      select: { id: true, email: true, role: true, expiresAt: true },
    });
  });
  const url = inviteUrl(origin, token);
  const mailed = await mailInvitation({ email: invitation.email, role: invitation.role, bandName: actor.band.name, inviter: actorName(actor), url, expiresAt, timeZone: actor.band.timeZone });
  return { invitation, inviteUrl: url, mailed };
}

export type InvitationStatus = "pending" | "expired" | "revoked" | "accepted" | "replaced";

export type InvitationView = {
  id: number;
  status: InvitationStatus;
  email: string;
  role: string;
  band: { id: number; name: string; timeZone: string };
  inviter: string;
  expiresAt: Date;
};

/** What an invitation link shows, or null for a token that never existed. Reading changes nothing. */
export async function getInvitationByToken(token: string, now = new Date()): Promise<InvitationView | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  // The link a resend replaced is found by its own column (a second read only for such links).
  const row = (await readInvitation({ tokenHash })) ?? (await readInvitation({ replacedTokenHash: tokenHash }));
  if (!row) return null;
  const inviterPlace = row.invitedBy?.memberships.find((membership) => membership.bandId === row.band.id);
  // Used or withdrawn says so first, even through a link a resend replaced (the newer one is dead too).
  const status: InvitationStatus = row.acceptedAt
    ? "accepted"
    : row.revokedAt
      ? "revoked"
      : row.tokenHash !== tokenHash
        ? "replaced"
        : row.expiresAt.getTime() <= now.getTime()
          ? "expired"
          : "pending";
  return {
    id: row.id,
    status,
    email: row.email,
    role: row.role,
    band: row.band,
    inviter: row.invitedBy ? displayName({ ...row.invitedBy, displayName: inviterPlace?.displayName }) : "A band leader",
    expiresAt: row.expiresAt,
  };
}

function readInvitation(where: { tokenHash: string } | { replacedTokenHash: string }) {
  return db.invitation.findUnique({
    where,
    select: {
      id: true,
      email: true,
      role: true,
      tokenHash: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      band: { select: { id: true, name: true, timeZone: true } },
      // Their name in this band, as the invitation mail gave it.
      invitedBy: { select: { firstName: true, lastName: true, email: true, memberships: { select: { bandId: true, displayName: true } } } },
    },
  });
}

/** Why a link cannot be used, in words for the person holding it. */
export function invitationProblem(view: InvitationView | null) {
  if (!view) return "This invitation link is not valid. Check that you copied all of it, or ask the band for a new invitation.";
  switch (view.status) {
    case "expired":
      return `This invitation expired on ${formatDate(view.expiresAt, view.band.timeZone)}. Ask ${view.inviter} to send a new one.`;
    case "revoked":
      return `This invitation was withdrawn or replaced by a newer one. Check your mail for a newer link, or ask ${view.inviter}.`;
    case "replaced":
      return `This invitation link was replaced by a newer one. Use the link in the latest mail from ${view.inviter}, or ask them to send it again.`;
    case "accepted":
      return "This invitation has already been used.";
    case "pending":
      return null;
  }
}

export async function isMemberOf(bandId: number, userId: string) {
  return Boolean(await db.bandMembership.findUnique({ where: { bandId_userId: { bandId, userId } }, select: { id: true } }));
}

export type Joined = { band: { id: number; name: string }; membershipId: number; role: string };

/** Inside a transaction: consumes the invitation (only once, only while pending) and adds the member. */
async function join(tx: Tx, view: InvitationView, userId: string): Promise<Joined> {
  const consumed = await tx.invitation.updateMany({ where: { id: view.id, ...pendingWhere() }, data: { acceptedAt: new Date() } });
  if (consumed.count !== 1) throw new RuleError(409, invitationProblem({ ...view, status: "accepted" })!);
  const membership = await tx.bandMembership.create({ data: { bandId: view.band.id, userId, role: view.role }, select: { id: true } });
  // Back in a band they played with: the past gigs' lineups name them as a member again.
  await restorePastBookings(tx, { id: membership.id, bandId: view.band.id, userId });
  await refreshMemberOrder(tx, view.band.id);
  const user = await tx.user.update({ where: { id: userId }, data: { preferredBandId: view.band.id }, select: { id: true, email: true, firstName: true, lastName: true } });
  await recordAudit(tx, {
    actor: user,
    action: "member.join",
    bandId: view.band.id,
    target: membershipTarget(membership.id, { displayName: null, user }),
    before: null,
    after: { role: view.role, invitation: view.id },
  });
  return { band: { id: view.band.id, name: view.band.name }, membershipId: membership.id, role: view.role };
}

/**
 * Accepts an invitation as `user`, whatever address it was sent to (whoever holds the
 * link was meant to have it). The band becomes their preferred band. An existing
 * member is told so; an expired, withdrawn or used link is refused.
 */
export async function acceptInvitation(token: string, user: Pick<CurrentUser, "id" | "email">): Promise<Joined> {
  const view = await getInvitationByToken(token);
  const problem = invitationProblem(view);
  if (!view) throw new RuleError(404, problem!);
  if (await isMemberOf(view.band.id, user.id)) {
    // Their own invitation has nothing left to do: it leaves the pending list.
    if (view.status === "pending" && view.email === user.email.toLowerCase()) {
      await db.invitation.update({ where: { id: view.id }, data: { acceptedAt: new Date() } });
    }
    throw new RuleError(409, MESSAGES.alreadyInBand(view.band.name));
  }
  if (problem) throw new RuleError(409, problem);
  const joined = await db.$transaction((tx) => join(tx, view, user.id));
  await track("join_band", { userId: user.id, bandId: view.band.id, props: { role: view.role } });
  return joined;
}

/**
 * Sign-up from an invitation mail: when the address is the invited one and has no
 * account yet, the person has shown they read that mailbox, so the account starts
 * verified and joins the band in the same transaction. Null means "not this path":
 * the caller goes on with the ordinary sign-up (verification mail), which also keeps
 * an existing account's owner from being revealed.
 */
export async function registerWithInvitation(
  token: string,
  input: { email: string; password: string; firstName: string; lastName?: string | null },
): Promise<{ userId: string; joined: Joined } | null> {
  const view = await getInvitationByToken(token);
  if (!view || view.status !== "pending" || view.email !== input.email) return null;
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) return null;
  const hash = await hashPassword(input.password);
  let result: { userId: string; joined: Joined };
  try {
    result = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName || null,
          emailVerifiedAt: new Date(),
          password: { create: { hash } },
        },
        select: { id: true },
      });
      return { userId: user.id, joined: await join(tx, view, user.id) };
    });
  } catch (error) {
    // Used a moment ago, or the address registered in between: the ordinary path answers.
    if (error instanceof RuleError || isUniqueViolation(error)) return null;
    throw error;
  }
  await track("join_band", { userId: result.userId, bandId: view.band.id, props: { role: view.role } });
  return result;
}

