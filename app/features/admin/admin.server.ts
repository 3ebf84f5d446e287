import { data, redirect } from "@remix-run/node";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { pageWindow } from "~/utils/pagination";
import { displayName } from "~/utils/names";
import { requireUser, resendVerification, type CurrentUser } from "~/features/auth/auth.server";
import { CAN_SIGN_IN } from "~/features/auth/account.server";
import { isMfaEnabled } from "~/features/auth/mfa.server";
import { endSignIns } from "~/features/auth/session.server";
import { recordAudit } from "~/features/audit/audit.server";
import { isHandGrantedPro, setBandTierManually, type Tier } from "~/features/billing/billing.server";
import { planName, PRO_TIER } from "~/features/billing/plans";
import { billingMode } from "~/features/billing/stripe.server";
import { ADMIN_MESSAGES, type UserListQuery } from "./schema";
import { hitShared } from "~/utils/shared-rate-limit.server";

const ADMIN_RESEND_RULE = { name: "admin-resend-verification", limit: 1, windowMs: 60_000 };

/**
 * The platform-admin area exists only for platform admins: the server refuses every
 * admin page and endpoint to anyone else with 403 (issue 10), whatever the URL.
 */
export async function requirePlatformAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isPlatformAdmin) throw data({ message: "Only platform admins can open the admin area" }, { status: 403 });
  // ASVS 6.3.3: the admin area opens only to an account with two-step sign-in on.
  // Back to the page asked for once it is on (the profile offers the link beside the recovery codes).
  if (!(await isMfaEnabled(user.id))) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/profile?${new URLSearchParams({ mfa: "required", next: `${pathname}${search}` })}#two-step`);
  }
  return user;
}

/** How bands pay: "manual" (platform admins set plans here) or "stripe" (Stripe's subscriptions decide). */
export { billingMode };

export { parsePage } from "~/utils/pagination";

// ---------------------------------------------------------------------------
// The user list

export const USERS_PER_PAGE = 25;

function orderBy({ sort, dir }: UserListQuery): Prisma.UserOrderByWithRelationInput[] {
  switch (sort) {
    case "name":
      return [{ firstName: dir }, { lastName: { sort: dir, nulls: "first" } }, { email: "asc" }];
    case "email":
      return [{ email: dir }];
    case "active":
      // Never active sorts after everyone who was, either way.
      return [{ lastActiveAt: { sort: dir, nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }];
    case "created":
      return [{ createdAt: dir }, { id: "asc" }];
  }
}

/**
 * Each word of the search must appear in the first name, last name or email address
 * ("ada love" finds Ada Lovelace).
 */
function searchWords(q: string) {
  return q.split(/\s+/).filter(Boolean).slice(0, 10);
}

function searchWhere(words: string[]): Prisma.UserWhereInput {
  if (!words.length) return {};
  return { AND: words.map((word) => ({ OR: [{ firstName: { contains: word } }, { lastName: { contains: word } }, { email: { contains: word } }] })) };
}

// LIKE reads % and _ as wildcards and Prisma passes them through, so for a search that
// holds one the database's answer is a superset: the exact match is made here.
const WILDCARD = /[%_]/;

function matchesLiterally(user: { firstName: string; lastName: string | null; email: string }, words: string[]) {
  const fields = [user.firstName, user.lastName ?? "", user.email].map((field) => field.toLowerCase());
  return words.every((word) => fields.some((field) => field.includes(word.toLowerCase())));
}

const USER_ROW_SELECT = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  emailVerifiedAt: true,
  isPlatformAdmin: true,
  disabledAt: true,
  createdAt: true,
  lastActiveAt: true,
  memberships: {
    orderBy: [{ band: { name: "asc" } }, { bandId: "asc" }],
    select: { role: true, band: { select: { id: true, name: true, subscriptionTier: true } } },
  },
} satisfies Prisma.UserSelect;

/** The page's rows: two queries (count, then the page with its memberships), three for a search with % or _. */
async function findUserPage(query: UserListQuery, requestedPage: number) {
  const words = searchWords(query.q);
  const where = searchWhere(words);
  if (!words.some((word) => WILDCARD.test(word))) {
    const total = await db.user.count({ where });
    const { skip, take, info } = pageWindow(total, requestedPage, USERS_PER_PAGE);
    return { rows: await db.user.findMany({ where, orderBy: orderBy(query), skip, take, select: USER_ROW_SELECT }), info };
  }
  const candidates = await db.user.findMany({ where, orderBy: orderBy(query), select: { id: true, firstName: true, lastName: true, email: true } });
  const ids = candidates.filter((candidate) => matchesLiterally(candidate, words)).map((candidate) => candidate.id);
  const { skip, take, info } = pageWindow(ids.length, requestedPage, USERS_PER_PAGE);
  const pageIds = ids.slice(skip, skip + take);
  const rows = await db.user.findMany({ where: { id: { in: pageIds } }, select: USER_ROW_SELECT });
  rows.sort((a, b) => pageIds.indexOf(a.id) - pageIds.indexOf(b.id));
  return { rows, info };
}

/** With Stripe set up, the Pro bands' subscriptions (to tell Pro granted by hand from Pro paid for); one query, none in manual billing. */
async function stripeSubscriptionsOf(bands: { id: number; subscriptionTier: string }[]) {
  const proIds = [...new Set(bands.filter((band) => band.subscriptionTier === PRO_TIER).map((band) => band.id))];
  if (billingMode() !== "stripe" || !proIds.length) return new Map<number, { stripeSubscriptionId: string | null; status: string | null }>();
  const found = await db.bandSubscription.findMany({ where: { bandId: { in: proIds } }, select: { bandId: true, stripeSubscriptionId: true, status: true } });
  return new Map(found.map(({ bandId, ...sub }) => [bandId, sub]));
}

/** One page of users matching the search, in the chosen order, each with their bands and roles: a fixed number of queries, however many users. */
export async function listUsers(query: UserListQuery, requestedPage: number) {
  const { rows, info } = await findUserPage(query, requestedPage);
  const subscriptions = await stripeSubscriptionsOf(rows.flatMap((row) => row.memberships.map((membership) => membership.band)));
  const users = rows.map((row) => ({
    id: row.id,
    name: displayName({ firstName: row.firstName, lastName: row.lastName }),
    email: row.email,
    verified: row.emailVerifiedAt !== null,
    isPlatformAdmin: row.isPlatformAdmin,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt,
    lastActiveAt: row.lastActiveAt,
    bands: row.memberships.map((membership) => ({
      id: membership.band.id,
      name: membership.band.name,
      role: membership.role,
      tier: membership.band.subscriptionTier,
      plan: planName(membership.band.subscriptionTier),
      /** Pro no Stripe subscription pays for: the one plan change an admin may make in Stripe mode (ending it). */
      handGranted: isHandGrantedPro({ ...membership.band, subscription: subscriptions.get(membership.band.id) ?? null }),
    })),
  }));
  return { users, ...info };
}

// ---------------------------------------------------------------------------
// Admin actions. Each changes one thing in one transaction with its audit entry, and
// answers whether anything changed (asking for what is already so changes nothing and
// writes nothing). Refusals are RuleErrors with the message the page shows.

type Tx = Prisma.TransactionClient;
type Admin = Pick<CurrentUser, "id" | "email" | "firstName" | "lastName">;

const TARGET_SELECT = { id: true, email: true, firstName: true, lastName: true, isPlatformAdmin: true, disabledAt: true, emailVerifiedAt: true } as const;

async function findTarget(tx: Tx, userId: string) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: TARGET_SELECT });
  if (!user) throw new RuleError(404, ADMIN_MESSAGES.userNotFound, "userId");
  return user;
}

function userTarget(user: { id: string; email: string; firstName: string; lastName: string | null }) {
  return { type: "user", id: user.id, label: `${displayName(user)} <${user.email}>` };
}

export type ActionOutcome = { changed: boolean; label: string };

export async function grantPlatformAdmin(admin: Admin, userId: string): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const user = await findTarget(tx, userId);
    if (user.isPlatformAdmin) return { changed: false, label: displayName(user) };
    if (user.disabledAt) throw new RuleError(409, ADMIN_MESSAGES.grantDisabled);
    await tx.user.update({ where: { id: user.id }, data: { isPlatformAdmin: true } });
    await recordAudit(tx, { actor: admin, action: "admin.grant", target: userTarget(user), before: { isPlatformAdmin: false }, after: { isPlatformAdmin: true } });
    return { changed: true, label: displayName(user) };
  });
}

/** Never the last platform admin who can sign in, whether someone else or oneself. */
export async function revokePlatformAdmin(admin: Admin, userId: string): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const user = await findTarget(tx, userId);
    if (!user.isPlatformAdmin) return { changed: false, label: displayName(user) };
    // Counted inside the write's transaction, so two admins revoking each other at once cannot both succeed.
    const others = await tx.user.count({ where: { ...CAN_SIGN_IN, isPlatformAdmin: true, id: { not: user.id } } });
    if (others === 0) throw new RuleError(409, ADMIN_MESSAGES.lastAdmin);
    await tx.user.update({ where: { id: user.id }, data: { isPlatformAdmin: false } });
    await recordAudit(tx, { actor: admin, action: "admin.revoke", target: userTarget(user), before: { isPlatformAdmin: true }, after: { isPlatformAdmin: false } });
    return { changed: true, label: displayName(user) };
  });
}

/**
 * The account can no longer sign in, and every session it holds ends now, so its next
 * request is signed out. Nobody disables their own account, nor the last platform admin
 * who can sign in.
 */
export async function disableUser(admin: Admin, userId: string): Promise<ActionOutcome> {
  if (userId === admin.id) throw new RuleError(409, ADMIN_MESSAGES.disableSelf);
  return db.$transaction(async (tx) => {
    const user = await findTarget(tx, userId);
    if (user.disabledAt) return { changed: false, label: displayName(user) };
    // A platform admin only while another who can sign in stays, counted inside the write's
    // transaction: two admins disabling each other at once cannot both succeed.
    if (user.isPlatformAdmin && (await tx.user.count({ where: { ...CAN_SIGN_IN, isPlatformAdmin: true, id: { not: user.id } } })) === 0) {
      throw new RuleError(409, ADMIN_MESSAGES.lastAdmin);
    }
    const disabledAt = new Date();
    await tx.user.update({ where: { id: user.id }, data: { disabledAt } });
    const count = await endSignIns(tx, user.id);
    await recordAudit(tx, { actor: admin, action: "user.disable", target: userTarget(user), before: { disabledAt: null }, after: { disabledAt: disabledAt.toISOString(), sessionsEnded: count } });
    return { changed: true, label: displayName(user) };
  });
}

export async function enableUser(admin: Admin, userId: string): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const user = await findTarget(tx, userId);
    if (!user.disabledAt) return { changed: false, label: displayName(user) };
    await tx.user.update({ where: { id: user.id }, data: { disabledAt: null } });
    await recordAudit(tx, { actor: admin, action: "user.enable", target: userTarget(user), before: { disabledAt: user.disabledAt.toISOString() }, after: { disabledAt: null } });
    return { changed: true, label: displayName(user) };
  });
}

/** A fresh verification link for an account that has not verified its address (older links stop working). */
export async function resendVerificationFor(admin: Admin, userId: string, origin: string): Promise<ActionOutcome & { email: string }> {
  const user = await findTarget(db, userId);
  if (user.emailVerifiedAt) throw new RuleError(409, ADMIN_MESSAGES.alreadyVerified);
  // Once a minute per account, counted in the database (every process, every admin): a
  // double tap sent two mails, and each new link ends the one before it.
  if (!(await hitShared(ADMIN_RESEND_RULE, user.id)).ok) throw new RuleError(409, ADMIN_MESSAGES.resentRecently(user.email));
  await resendVerification(user.email, origin);
  await recordAudit(db, { actor: admin, action: "user.resend-verification", target: userTarget(user), after: { sentTo: user.email } });
  return { changed: true, label: displayName(user), email: user.email };
}

/** Manual billing; with Stripe set up, only ending Pro granted by hand (setBandTierManually refuses the rest: Stripe's subscriptions decide the plan). */
export async function setBandTier(admin: Admin, bandId: number, tier: Tier) {
  const { band, changed } = await setBandTierManually(admin, bandId, tier);
  return { changed, label: band.name, plan: planName(band.subscriptionTier) };
}
