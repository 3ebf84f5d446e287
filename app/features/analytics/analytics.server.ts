import { db } from "~/utils/db.server";
import type { AnalyticsEventName } from "./events";

type Properties = Record<string, string | number | boolean | null>;

export type TrackInput = { userId?: string | null; bandId?: number | null; path?: string | null; props?: Properties };

/** Raw events are kept this long, then deleted by `applyAnalyticsRetention`. */
export const ANALYTICS_RETENTION_DAYS = 396; // 13 months

/**
 * Records one analytics event in our own database. Counting must never break the action
 * it counts, so a failure is logged and swallowed.
 */
export async function track(name: AnalyticsEventName, input: TrackInput = {}) {
  try {
    await db.analyticsEvent.create({
      data: {
        name,
        userId: input.userId ?? null,
        bandId: input.bandId ?? null,
        path: input.path?.slice(0, 500) ?? null,
        properties: input.props ? JSON.stringify(input.props).slice(0, 4000) : null,
      },
    });
  } catch (error) {
    console.error(`Could not record analytics event ${name}`, error);
  }
}

/** Deletes raw events older than the retention period; returns how many went. */
export async function applyAnalyticsRetention(now = new Date()) {
  const cutoff = new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.analyticsEvent.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
