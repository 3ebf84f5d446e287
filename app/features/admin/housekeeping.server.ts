import { purgeExpiredSessions } from "~/features/auth/session.server";
import { applyAnalyticsRetention } from "~/features/analytics/analytics.server";
import { db } from "~/utils/db.server";

let started = false;

/**
 * Housekeeping on start and hourly: expired sessions, spent tokens, analytics past
 * retention. (Here, not in utils: it reaches into auth and analytics, and utils depend
 * on nothing of ours.)
 */
export function startBackgroundTasks() {
  if (started || process.env.NODE_ENV === "test") return;
  started = true;
  const run = async () => {
    try {
      await purgeExpiredSessions();
      await db.userToken.deleteMany({ where: { expiresAt: { lte: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000) } } });
      await applyAnalyticsRetention();
    } catch (error) {
      console.error("Housekeeping failed", error);
    }
  };
  void run();
  setInterval(run, 60 * 60 * 1000).unref();
}
