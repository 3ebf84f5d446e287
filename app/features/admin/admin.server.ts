import { data, redirect } from "@remix-run/node";
import { db } from "~/utils/db.server";
import { requireUser, type CurrentUser } from "~/features/auth/auth.server";
import { pageWindow } from "~/utils/pagination";
import { isMfaEnabled } from "~/features/auth/mfa.server";

/**
 * The platform-admin area exists only for platform admins: the server refuses every
 * admin page and endpoint to anyone else with 403 (issue 10), whatever the URL.
 */
export async function requirePlatformAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isPlatformAdmin) throw data({ message: "Only platform admins can open the admin area" }, { status: 403 });
  // ASVS 6.3.3: the admin area opens only to an account with two-step sign-in on.
  if (!(await isMfaEnabled(user.id))) throw redirect("/profile?mfa=required#two-step");
  return user;
}

export async function getPlatformCounts(now = new Date()) {
  const [users, bands, proBands, activeSessions] = await Promise.all([
    db.user.count(),
    db.band.count(),
    db.band.count({ where: { subscriptionTier: "pro" } }),
    db.session.count({ where: { expiresAt: { gt: now } } }),
  ]);
  return { users, bands, proBands, activeSessions };
}

export const USERS_PER_PAGE = 50;

export { parsePage } from "~/utils/pagination";

/** One page of users, newest first; a page past the end shows the last one. */
export async function listUsersPage(requestedPage: number) {
  const total = await db.user.count();
  const { skip, info } = pageWindow(total, requestedPage, USERS_PER_PAGE);
  const { page, pageCount } = info;
  const users = await db.user.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    skip,
    take: USERS_PER_PAGE,
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      emailVerifiedAt: true,
      isPlatformAdmin: true,
      createdAt: true,
      _count: { select: { memberships: true } },
    },
  });
  return { users, page, pageCount, total };
}
