/**
 * The figures /admin shows (issue 10): users, bands, monthly recurring revenue, sign-ups
 * per day and the funnel. A fixed number of queries whatever the platform's size: counts
 * and groupBy, never a query per row.
 */
import { db } from "~/utils/db.server";
import { track } from "~/features/analytics/analytics.server";
import type { AnalyticsEventName } from "~/features/analytics/events";
import { PRO_PRICE_USD, PRO_TIER } from "~/features/billing/plans";
import { billingMode } from "~/features/billing/stripe.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SIGNUP_DAYS = 90;
export const FUNNEL_DAYS = 30;

/** Midnight UTC of the day `days` before today's (0: today). */
function utcDayStart(now: Date, days: number) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days));
}

export type FunnelStep = { key: string; label: string; count: number; source: string; /** Percent of the step before, null for the first step or after a zero. */ conversion: number | null };

// The funnel's steps after "register" and "verify", from the first-party analytics events.
const EVENT_STEPS = [
  ["create_band", "Create band"],
  ["invite_member", "Invite member"],
  ["checkout", "Checkout"],
  ["purchase", "Purchase"],
] as const satisfies readonly (readonly [AnalyticsEventName, string])[];

/**
 * How many people took each step in the window. Landing views are anonymous (no visitor
 * id is kept, by design), so each counts; signed-in steps count each person once however
 * often they did it. Registering and verifying are not analytics events (spec section 1
 * does not list them): they are read from the accounts themselves, which know exactly.
 */
function funnel(
  counts: { landing: number; registered: number; verified: number; events: Map<string, number> },
): FunnelStep[] {
  const steps = [
    { key: "landing_view", label: "Landing view", count: counts.landing, source: "Landing page views (analytics)" },
    { key: "register", label: "Register", count: counts.registered, source: "Accounts created" },
    { key: "verify", label: "Verify", count: counts.verified, source: "Email addresses verified" },
    ...EVENT_STEPS.map(([name, label]) => ({ key: name, label, count: counts.events.get(name) ?? 0, source: "People who did it (analytics)" })),
  ];
  return steps.map((step, index) => {
    const before = index === 0 ? null : steps[index - 1]!.count;
    return { ...step, conversion: before ? Math.round((step.count / before) * 1000) / 10 : null };
  });
}

/** Everything /admin shows, for `admin`, whose visit is counted as "view analytics". */
export async function getAdminDashboard(admin: { id: string }, now = new Date()) {
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const signupsFrom = utcDayStart(now, SIGNUP_DAYS - 1);
  const funnelFrom = new Date(now.getTime() - FUNNEL_DAYS * DAY_MS);

  const [users, verified, new7, new30, active30, tiers, bandsNew30, signupRows, registered, verifiedInWindow, eventGroups] = await Promise.all([
    db.user.count(),
    db.user.count({ where: { emailVerifiedAt: { not: null } } }),
    db.user.count({ where: { createdAt: { gte: since7 } } }),
    db.user.count({ where: { createdAt: { gte: since30 } } }),
    db.user.count({ where: { lastActiveAt: { gte: since30 } } }),
    db.band.groupBy({ by: ["subscriptionTier"], _count: { _all: true } }),
    db.band.count({ where: { createdAt: { gte: since30 } } }),
    db.user.findMany({ where: { createdAt: { gte: signupsFrom } }, select: { createdAt: true } }),
    db.user.count({ where: { createdAt: { gte: funnelFrom } } }),
    db.user.count({ where: { emailVerifiedAt: { gte: funnelFrom } } }),
    db.analyticsEvent.groupBy({
      by: ["name", "userId"],
      where: {
        createdAt: { gte: funnelFrom },
        OR: [{ name: "page_view", path: "/" }, { name: { in: EVENT_STEPS.map(([name]) => name) } }],
      },
      _count: { _all: true },
    }),
  ]);

  // One group per (event, person); anonymous events share the group with no person and each counts.
  const people = new Map<string, number>();
  let landing = 0;
  for (const group of eventGroups) {
    const count = group.userId === null ? group._count._all : 1;
    if (group.name === "page_view") landing += count;
    else people.set(group.name, (people.get(group.name) ?? 0) + count);
  }

  const bands = tiers.reduce((sum, row) => sum + row._count._all, 0);
  const proBands = tiers.find((row) => row.subscriptionTier === PRO_TIER)?._count._all ?? 0;

  const perDay = new Map<string, number>();
  for (const { createdAt } of signupRows) {
    const key = createdAt.toISOString().slice(0, 10);
    perDay.set(key, (perDay.get(key) ?? 0) + 1);
  }
  const signups = Array.from({ length: SIGNUP_DAYS }, (_, index) => {
    const day = utcDayStart(now, SIGNUP_DAYS - 1 - index).toISOString().slice(0, 10);
    return { day, count: perDay.get(day) ?? 0 };
  });

  const mode = billingMode();
  await track("view_analytics", { userId: admin.id, props: { page: "admin" } });

  return {
    users: { total: users, verified, new7, new30, active30 },
    bands: { total: bands, pro: proBands, new30: bandsNew30 },
    mrr: {
      /** US cents a month. */
      amountMinor: proBands * PRO_PRICE_USD * 100,
      currency: "USD",
      source:
        mode === "manual"
          ? `Manual billing: ${proBands} Pro band${proBands === 1 ? "" : "s"} × $${PRO_PRICE_USD} a month.`
          : `Stripe billing is set up: estimated from the plans stored here (${proBands} Pro × $${PRO_PRICE_USD}). Stripe’s dashboard has the amounts actually billed.`,
    },
    signups,
    funnel: funnel({ landing, registered, verified: verifiedInWindow, events: people }),
  };
}
