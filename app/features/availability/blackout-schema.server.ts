import { z } from "zod";
import { daysBetween, formatDayShort, isDay, parseDay } from "./local-day";
import { outsideYears, YEARS_MESSAGE } from "~/features/events/zoned-time";
import { hasUntypeable, untypeableMessage } from "~/utils/typed-text";

/** Server-only (zod stays off the client): the blackout form and POST /api/blackouts. */

export const BLACKOUT_MESSAGES = {
  startDate: "Enter the first day you can't play, like 2026-11-20",
  endDate: "Enter the last day you can't play, like 2026-11-22, or leave it empty for one day",
  endBeforeStart: "The last day can't be before the first day",
  tooLong: "A blackout can cover at most a year (366 days). Split a longer one",
  reason: "Keep the reason to 200 characters or fewer",
  notFound: "Blackout not found",
  tooMany: "You have 500 blackouts already. Delete some old ones first",
} as const;

export const BLACKOUT_MAX_DAYS = 366;
export const REASON_MAX = 200;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "There is no April 31 in 2027" for a well-shaped day that does not exist. */
function dayMessage(value: string, fallback: string) {
  if (outsideYears(value)) return YEARS_MESSAGE;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match && Number(match[2]) >= 1 && Number(match[2]) <= 12 && !parseDay(value)) return `There is no ${MONTHS[Number(match[2]) - 1]} ${Number(match[3])} in ${match[1]}`;
  return fallback;
}

const dayField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(10, { error: message })
    .superRefine((value, ctx) => {
      if (value && !isDay(value)) ctx.addIssue({ code: "custom", message: dayMessage(value, message) });
    });

/**
 * A day or a range of days, and an optional reason. `today` is the earliest day allowed
 * (the person's "today" is not known to the server, so the caller passes a lenient one).
 */
export function blackoutSchema(today: string) {
  return z
    .object({
      startDate: dayField(BLACKOUT_MESSAGES.startDate).pipe(z.string().min(1, { error: BLACKOUT_MESSAGES.startDate })),
      endDate: dayField(BLACKOUT_MESSAGES.endDate).nullish(),
      reason: z
        .string({ error: "The reason must be text" })
        .trim()
        .max(REASON_MAX, { error: BLACKOUT_MESSAGES.reason })
        .refine((value) => !hasUntypeable(value), { error: untypeableMessage("The reason") })
        .nullish()
        .transform((value) => value || null),
    })
    .transform((raw, ctx) => {
      const startDate = raw.startDate;
      const endDate = raw.endDate || startDate;
      if (endDate < startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: BLACKOUT_MESSAGES.endBeforeStart });
      else if (daysBetween(startDate, endDate) + 1 > BLACKOUT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["endDate"], message: BLACKOUT_MESSAGES.tooLong });
      if (endDate >= startDate && endDate < today) ctx.addIssue({ code: "custom", path: [raw.endDate ? "endDate" : "startDate"], message: `That day has passed. Choose ${formatDayShort(today)} or a later day` });
      return { startDate, endDate, reason: raw.reason };
    });
}

export type BlackoutInput = z.output<ReturnType<typeof blackoutSchema>>;

/** The JSON body of POST /api/blackouts: the same fields, nothing else. */
export function blackoutJsonSchema(today: string) {
  return z.strictObject({ startDate: z.unknown().optional(), endDate: z.unknown().optional(), reason: z.unknown().optional() }).pipe(blackoutSchema(today));
}
