import { db, isUniqueViolation } from "~/utils/db.server";

/**
 * The partners' rate limits, shared by every process through the database: each
 * provider has a row holding the next moment a call may start. A caller claims the
 * slot by moving it on by the provider's interval with a compare-and-set (an update
 * that matches only the value it read), retrying when another process won the race,
 * then waits until its slot. A caller who would wait longer than `maxWaitMs` claims
 * nothing and is told the partner is busy.
 */
export const PARTNER_LIMITS = {
  // "at most one request a second" (MusicBrainz's rule for every client)
  musicbrainz: { intervalMs: 1000, maxWaitMs: 2000 },
  // 50 requests per 5 seconds, spread evenly
  deezer: { intervalMs: 100, maxWaitMs: 1000 },
} as const;

export type Provider = keyof typeof PARTNER_LIMITS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait (ms) before this caller's slot, or null when the queue is longer than it may wait. */
export async function claimSlot(provider: Provider, now: () => number = Date.now): Promise<number | null> {
  const { intervalMs, maxWaitMs } = PARTNER_LIMITS[provider];
  for (let attempt = 0; attempt < 20; attempt++) {
    const row = await db.partnerRateLimit.findUnique({ where: { provider } });
    const at = now();
    if (!row) {
      try {
        await db.partnerRateLimit.create({ data: { provider, nextAt: new Date(at + intervalMs) } });
        return 0;
      } catch (error) {
        if (isUniqueViolation(error)) continue;
        throw error;
      }
    }
    const slot = Math.max(at, row.nextAt.getTime());
    if (slot - at > maxWaitMs) return null;
    const { count } = await db.partnerRateLimit.updateMany({ where: { provider, nextAt: row.nextAt }, data: { nextAt: new Date(slot + intervalMs) } });
    if (count === 1) return slot - at;
  }
  return null;
}

/** Claims a slot and waits for it; false when the partner's queue is too long right now. */
export async function waitForSlot(provider: Provider) {
  const wait = await claimSlot(provider);
  if (wait === null) return false;
  if (wait > 0) await sleep(wait);
  return true;
}
