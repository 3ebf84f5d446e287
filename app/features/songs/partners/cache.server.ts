import { db } from "~/utils/db.server";
import { CACHE_TTL_MS } from "./config.server";

/**
 * A partner's answer kept in the database for a day, shared by every process: `fetch`
 * runs only when there is no fresh copy. Failures are not kept, so the next look-up
 * asks again.
 */
export async function cached<T>(provider: string, key: string, fetch: () => Promise<T>, now = new Date()): Promise<T> {
  const row = await db.metadataCache.findUnique({ where: { provider_key: { provider, key } } });
  if (row && now.getTime() - row.fetchedAt.getTime() < CACHE_TTL_MS) {
    try {
      return JSON.parse(row.json) as T;
    } catch {
      // an unreadable copy is fetched again
    }
  }
  const value = await fetch();
  const json = JSON.stringify(value);
  await db.metadataCache.upsert({ where: { provider_key: { provider, key } }, create: { provider, key, json, fetchedAt: now }, update: { json, fetchedAt: now } });
  return value;
}

/** Drops copies older than a day (housekeeping). */
export function pruneMetadataCache(now = new Date()) {
  return db.metadataCache.deleteMany({ where: { fetchedAt: { lt: new Date(now.getTime() - CACHE_TTL_MS) } } });
}
