import { db } from "~/utils/db.server";

/**
 * The availability view's months, computed once per band, month and version of what it
 * shows, and kept in this server process (issue 7: a band of 200 renders it as fast as a
 * band of 6). Nothing here is shared between processes and nothing can go stale: the key
 * holds the band's `AvailabilityStamp`, which database triggers move on every write that
 * changes the view, from any process or code path (schema.prisma), and is read before the
 * month is. A month read while a write lands is kept under the older stamp, which the
 * next request no longer asks for.
 *
 * At most MAX_MONTHS months are kept, the least recently used going first: a month of a
 * band of 200 is some tens of kilobytes.
 */
export const MAX_MONTHS = 64;

const months = new Map<string, unknown>();

/** What the band's availability view shows is at this version (0 before its first change). */
export async function availabilityStamp(bandId: number) {
  const row = await db.availabilityStamp.findUnique({ where: { bandId }, select: { version: true } });
  return row?.version ?? 0;
}

/**
 * The value kept under `key`, else `compute()`'s, kept. Callers share it: one that changed
 * it would change every later request's page. Outside production it is frozen, so that a
 * test of such a caller fails (freezing a large band's month costs a first drawing a
 * tenth more).
 */
export async function cachedMonth<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
  const kept = months.get(key) as T | undefined;
  if (kept) {
    // Most recently used last: the Map's order is the eviction order.
    months.delete(key);
    months.set(key, kept);
    return kept;
  }
  const value = await compute();
  if (process.env.NODE_ENV !== "production") deepFreeze(value);
  months.set(key, value);
  if (months.size > MAX_MONTHS) months.delete(months.keys().next().value!);
  return value;
}

/** For tests: forget every kept month. */
export function forgetMonths() {
  months.clear();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
