import { track } from "~/features/analytics/analytics.server";
import { db, isUniqueViolation } from "~/utils/db.server";
import { RuleError } from "~/utils/rule-error";
import { BLACKOUT_MESSAGES, type BlackoutInput } from "./blackout-schema.server";
import { addDays, daysBetween } from "./local-day";

/**
 * Blackouts: days a person cannot play. They belong to the person, not to a band, so
 * one blackout applies in every band they are in (each band reads the days in its own
 * time zone). Only the person changes their own; leaders and admins of their bands see
 * the reason (see availability.server.ts), everyone else only the days.
 */

export const MAX_BLACKOUTS_PER_PERSON = 500;

const SELECT = { id: true, startDate: true, endDate: true, reason: true, createdAt: true } as const;

/**
 * The earliest last day a new blackout may have: yesterday in UTC, so a person a day
 * behind UTC can still mark their own today (the server does not know where the person
 * is, and their bands' zones need not be theirs).
 */
export function earliestBlackoutDay(now = new Date()) {
  return addDays(now.toISOString().slice(0, 10), -1);
}

/** The person's blackouts that have not ended before `from` (all upcoming by default), soonest first. */
export function listOwnBlackouts(userId: string, from = earliestBlackoutDay()) {
  return db.blackout.findMany({ where: { userId, endDate: { gte: from } }, orderBy: [{ startDate: "asc" }, { id: "asc" }], select: SELECT, take: MAX_BLACKOUTS_PER_PERSON });
}

/**
 * Marks the days. The same days marked again (a second tap, a form sent twice) are the
 * blackout already there (`created: false`), with the new reason if one was given, not
 * a second row listed twice.
 */
export async function createBlackout(userId: string, input: BlackoutInput) {
  const same = await db.blackout.findFirst({ where: { userId, startDate: input.startDate, endDate: input.endDate }, select: SELECT });
  if (same) {
    if (!input.reason || input.reason === same.reason) return { ...same, created: false, reasonChanged: false };
    return { ...(await db.blackout.update({ where: { id: same.id }, data: { reason: input.reason }, select: SELECT })), created: false, reasonChanged: true };
  }
  const count = await db.blackout.count({ where: { userId, endDate: { gte: earliestBlackoutDay() } } });
  if (count >= MAX_BLACKOUTS_PER_PERSON) throw new RuleError(400, BLACKOUT_MESSAGES.tooMany, "startDate");
  let blackout;
  try {
    blackout = await db.blackout.create({ data: { userId, ...input }, select: SELECT });
  } catch (error) {
    // The same form posted twice at the same moment: the other post saved these days (the unique key).
    if (!isUniqueViolation(error)) throw error;
    const saved = await db.blackout.findFirstOrThrow({ where: { userId, startDate: input.startDate, endDate: input.endDate }, select: SELECT });
    return { ...saved, created: false, reasonChanged: false };
  }
  await track("mark_blackout_date", { userId, props: { days: daysBetween(input.startDate, input.endDate) + 1, withReason: Boolean(input.reason) } });
  return { ...blackout, created: true, reasonChanged: false };
}

/** Deletes one of the person's own blackouts; anyone else's (or none) is "not found". */
export async function deleteBlackout(userId: string, blackoutId: number) {
  const { count } = await db.blackout.deleteMany({ where: { id: blackoutId, userId } });
  if (!count) throw new RuleError(404, BLACKOUT_MESSAGES.notFound);
}

export type OwnBlackout = Awaited<ReturnType<typeof listOwnBlackouts>>[number];

export function blackoutJson(blackout: OwnBlackout) {
  return { id: blackout.id, startDate: blackout.startDate, endDate: blackout.endDate, reason: blackout.reason, createdAt: blackout.createdAt.toISOString() };
}
