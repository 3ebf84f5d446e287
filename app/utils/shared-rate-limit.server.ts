import type { Prisma } from "~/generated/prisma/client";
import { db } from "./db.server";
import type { RateLimitResult, RateLimitRule } from "./rate-limit.server";

/**
 * Fixed-window counters in the database, so every app process serving one database file
 * shares them (docs/decisions/0004-rate-limits.md). Each costs a write, so they guard
 * the rare, per-account attempts (two-step codes, failed passwords, mails to an address);
 * the per-address limits on every request stay in memory (rate-limit.server.ts).
 * Same rules and results as the in-memory limiter.
 */

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

function result(rule: RateLimitRule, count: number, resetAt: Date, now: number): RateLimitResult {
  return {
    ok: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)),
  };
}

let lastSweep = 0;

/**
 * Counts one attempt against `rule` for `subject` and says whether it is allowed. Given
 * `tx`, it counts inside that (write) transaction, so the attempt counts only if the
 * transaction commits.
 */
export async function hitShared(rule: RateLimitRule, subject: string, now = Date.now(), tx?: Prisma.TransactionClient): Promise<RateLimitResult> {
  const key = keyOf(rule, subject);
  const count = async (client: Prisma.TransactionClient) => {
    const found = await client.rateLimitBucket.findUnique({ where: { key } });
    if (!found || found.resetAt.getTime() <= now) {
      const fresh = { count: 1, resetAt: new Date(now + rule.windowMs) };
      return client.rateLimitBucket.upsert({ where: { key }, create: { key, ...fresh }, update: fresh });
    }
    return client.rateLimitBucket.update({ where: { key }, data: { count: { increment: 1 } } });
  };
  // One write transaction (BEGIN IMMEDIATE, db.server.ts): two processes counting the same
  // key queue on the write lock, so no attempt is lost between the read and the write.
  const bucket = tx ? await count(tx) : await db.$transaction(count);
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    // In the caller's transaction when there is one: outside it, this write would wait on
    // (PostgreSQL) or slip into (SQLite, one connection) the transaction it runs inside.
    await (tx ?? db).rateLimitBucket.deleteMany({ where: { resetAt: { lte: new Date(now) } } });
  }
  return result(rule, bucket.count, bucket.resetAt, now);
}

/** Reads a counter without counting (e.g. failures recorded elsewhere): ok while below the limit. */
export async function peekShared(rule: RateLimitRule, subject: string, now = Date.now()): Promise<RateLimitResult> {
  const found = await db.rateLimitBucket.findUnique({ where: { key: keyOf(rule, subject) } });
  const live = found && found.resetAt.getTime() > now ? found : null;
  const count = live?.count ?? 0;
  return { ...result(rule, count, live?.resetAt ?? new Date(now + rule.windowMs), now), ok: count < rule.limit };
}

export async function resetShared(rule: RateLimitRule, subject: string) {
  await db.rateLimitBucket.deleteMany({ where: { key: keyOf(rule, subject) } });
}
