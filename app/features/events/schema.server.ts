import rrulePackage from "rrule";
import { z } from "zod";
import { apiVersion, apiVersionMessages } from "~/utils/api-version";
import { formatDate } from "~/utils/dates";
import { currencyChangedMessage, notNumberMessage, parseAmount } from "~/utils/money";
import {
  addDays,
  formatLocalDate,
  formatLocalTime,
  fromZoned,
  sameWallClock,
  canonicalZone,
  isTimeZone,
  parseLocalDate,
  parseLocalTime,
  startOfLocalDay,
  toZoned,
  type LocalDate,
  outsideYears,
  YEARS,
  YEARS_MESSAGE,
} from "./zoned-time";
import { ADDRESS_MAX, INSTRUMENT_MAX, INTERVAL_MAX, MAX_EVENT_DAYS, MAX_OCCURRENCES, NOTES_MAX, TEXT_MAX, TITLE_MAX } from "./limits";
import { hasUntypeable, isInvisible, untypeableMessage, visibleOr } from "~/utils/typed-text";

/**
 * The zod schemas of events, shared by the event forms (conform, on the server only: zod
 * stays out of the browser bundle) and the /api endpoints. Fields arrive as the person
 * typed them — a local date and time in the band's time zone (or the one chosen) — and
 * leave as UTC instants. Every check that can be made without the database is here,
 * with its message under its field; the rest (lineup, setlist) are in events.server.ts.
 */

// rrule ships CommonJS: its named exports are on the default import under Node's ESM.
const { RRule } = rrulePackage;

export const EVENT_KINDS = ["gig", "rehearsal", "meeting", "other"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_STATUSES = ["confirmed", "tentative"] as const;
export const RSVP_ANSWERS = ["going", "maybe", "no"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const SERIES_SCOPES = ["one", "following", "all"] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

export const MESSAGES = {
  title: "Give the event a title",
  kind: "Choose gig, rehearsal, meeting or other",
  date: "Enter a date like 2026-11-20",
  time: "Enter a time like 19:30",
  startTime: "Enter a start time, or make it an all-day event",
  endBeforeStart: "The end must be after the start",
  tooLong: "An event can last at most a year",
  timeZone: "Choose a time zone from the list, like Europe/Berlin",
  tooMany: `A series can have at most ${MAX_OCCURRENCES} occurrences`,
  callAfterStart: "Call / load-in must be at or before the start time (the day before, for a show after midnight)",
  soundcheckAfterStart: "Soundcheck must be at or before the start time (the day before, for a show after midnight)",
  pastLastYear: `A series must end by ${YEARS.max}: repeat it fewer times`,
  countOrUntil: "Say how many times, or until which date, it repeats",
  countAndUntil: "Send either count or until, or say which one counts with repeatEnds",
  untilBeforeStart: "The series must end on or after its first date",
  seriesMeetsSkippedTime: (time: string, date: LocalDate, timeZone: string) =>
    `${time} does not exist on ${formatDate(Date.UTC(date.year, date.month - 1, date.day))} in ${timeZone}, a date of this series: the clocks go forward then. Choose another time, or end the series before that date`,
  untilTooSoon: (second: LocalDate) => `A series repeats at least twice: end it on ${formatDate(Date.UTC(second.year, second.month - 1, second.day))} or later`,
  hasMoney: (title: string, several: boolean) =>
    several
      ? "Some of these events have money recorded in the band’s ledger, so they can’t be deleted. Cancel them instead: they stay on the calendar, struck through, and their money stays linked to them"
      : `“${title}” has money recorded in the band’s ledger, so it can’t be deleted. Cancel it instead: it stays on the calendar, struck through, and its money stays linked to it`,
  paidGigKind: (title: string) => `“${title}” has payments recorded in the band’s ledger as its gig fee, so it stays a gig. Keep it a gig, or reverse its payments first`,
  fee: "Enter the fee as an amount, like 250 or 250.50",
  feeCurrency: (currency: string) => currencyChangedMessage(currency, "fee"),
  deadline: "The answer deadline must be on or before the day of the event",
  deadlinePast: "The answer deadline can't be in the past: choose today or a later day",
  feeNotAllowed: "Only leaders and admins can set a gig's fee: leave the fee out",
  feeOnlyForGigs: "Only a gig has a fee: leave the fee out, or make it a gig",
  version: "Reload the event: the form is missing its version",
  stale: "Someone else changed this event while you were editing. Reload to see their changes, then make yours again.",
  lineupMember: "Everyone in the lineup must be a member of the band",
  setlist: "Choose one of the band's setlists",
  setlistEvent: "Choose one of the band's events",
  setlistTaken: (title: string) => `“${title}” got another setlist since this page was opened. Nothing changed: choose it again to replace that one.`,
  setlistMoved: (title: string) => `“${title}” uses another setlist now. Nothing changed.`,
  setlistCancelled: (title: string) => `“${title}” is cancelled. Nothing changed: choose an event that is going ahead.`,
  notFound: "Event not found",
  notBooked: "Only people booked on this event can answer for it",
  started: "Answers closed when the event started",
  cancelled: "This event is cancelled",
  intervalScope: "To change how often it repeats, choose this and the following events, or all events",
  reason: "Say why the event is cancelled",
  answer: "Choose going, maybe or can't make it",
} as const;

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "There is no April 31 in 2026": a date in the right shape that the calendar lacks. */
function noSuchDate(value: string) {
  if (outsideYears(value)) return YEARS_MESSAGE;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return MESSAGES.date;
  const month = MONTH_NAMES[Number(match[2]) - 1];
  return month ? `There is no ${month} ${Number(match[3])} in ${match[1]}` : MESSAGES.date;
}

/**
 * A text field. `missing` is the message for a required field left blank: a form posts a
 * blank field as missing (conform drops empty values), which must not read "must be text".
 */
const text = (max: number, label: string, missing?: string, { multiline = false } = {}) =>
  z
    .string({ error: (issue) => (issue.input === undefined && missing ? missing : `${label} must be text`) })
    .trim()
    .max(max, { error: `Keep ${label.toLowerCase()} to ${max} characters or fewer` })
    // A NUL or a bell would be written raw into calendar feeds and exports.
    .refine((value) => !hasUntypeable(value, { multiline }), { error: untypeableMessage(label) });

/** A required line of text: blank, or invisible characters alone, is `missing`. */
const requiredText = (max: number, label: string, missing: string) =>
  text(max, label, missing)
    .min(1, { error: missing })
    // (Blank already has its message: not twice.)
    .refine((value) => value === "" || !isInvisible(value), { error: missing });

/** An optional line of text: blank, or invisible characters alone (a zero-width space), is none. */
const optionalText = (max: number, label: string, options: { multiline?: boolean } = {}) =>
  text(max, label, undefined, options)
    .nullish()
    .transform((value) => visibleOr(value, null));

const dateText = z.string({ error: MESSAGES.date }).trim().max(10, { error: MESSAGES.date });
const timeText = z.string({ error: MESSAGES.time }).trim().max(5, { error: MESSAGES.time });
/** A number as a form (text) or JSON (a number) sends it; a list or a yes/no is no number ([3] would coerce to 3). */
const numberInput = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === "number" || typeof value === "string" ? value : Number.NaN), schema);
const positiveId = (message: string) => numberInput(z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }));

const READ_ONLY_LINEUP_KEYS = Object.fromEntries(["userId", "answer", "note", "answeredAt", "history"].map((key) => [key, z.unknown().optional()]));

// A key it does not know ("instrumnet") is refused, as the body's own are: lost in silence, the booking would take the member's own instrument.
const LineupRow = z.strictObject(
  {
    membershipId: positiveId(MESSAGES.lineupMember).optional(),
    // Left out (an /api client booking a member): the member's own instrument; sent empty (the form): none.
    instrument: optionalText(INSTRUMENT_MAX, "Instrument").optional(),
    // What GET /api/events/{id} shows of a row comes back with it from a client that
    // sends the lineup it read: taken and set aside (an answer is its person's own, PUT
    // /api/events/{id}/rsvp).
    ...READ_ONLY_LINEUP_KEYS,
  },
  { error: "Each person in the lineup is { membershipId, instrument? }" },
);

const lineupOf = (row: typeof LineupRow) =>
  z
    .array(row.optional(), { error: "The lineup must be a list" })
    .max(200, { error: "A lineup can have at most 200 people" })
    .transform((rows) => {
      const seen = new Set<number>();
      return rows.flatMap((entry) => {
        if (!entry?.membershipId || seen.has(entry.membershipId)) return [];
        seen.add(entry.membershipId);
        return [{ membershipId: entry.membershipId, instrument: entry.instrument }];
      });
    });

/** The lineup: who is booked, on which instrument. Form rows whose box is unticked arrive without a member and are dropped. */
const LineupSchema = lineupOf(LineupRow);

/**
 * The JSON API's lineup: every row names its person. A row without one (a client that sent
 * the lineup it read, keyed by userId) would be dropped like an unticked box, and the
 * lineup saved empty, everyone's answers with it.
 */
const ApiLineupSchema = lineupOf(LineupRow.refine((row) => row.membershipId !== undefined, { error: "Each person in the lineup needs their membershipId" }));

/** The raw fields of an event, as a form or a JSON body sends them. */
const eventFields = {
  title: requiredText(TITLE_MAX, "Title", MESSAGES.title),
  kind: z.enum(EVENT_KINDS, { error: MESSAGES.kind }),
  status: z.enum(EVENT_STATUSES, { error: "Choose confirmed or tentative" }).default("confirmed"),
  allDay: z.boolean({ error: "All day is yes or no" }).default(false),
  date: dateText,
  // null clears a time or the end date, as it clears every other optional field (PATCH /api/events/{id}).
  startTime: timeText.nullish(),
  endDate: dateText.nullish(),
  endTime: timeText.nullish(),
  timeZone: z.string({ error: MESSAGES.timeZone }).trim().max(64, { error: MESSAGES.timeZone }).optional(),
  callTime: timeText.nullish(),
  soundcheckTime: timeText.nullish(),
  venueName: optionalText(TEXT_MAX, "Venue"),
  venueAddress: optionalText(ADDRESS_MAX, "Address", { multiline: true }),
  dressCode: optionalText(TEXT_MAX, "Dress code"),
  notes: optionalText(NOTES_MAX, "Notes", { multiline: true }),
  // A union's own error is zod's "Invalid input": a list or an object sent as the fee gets the fee's message.
  fee: z.union([z.number({ error: MESSAGES.fee }), z.string({ error: MESSAGES.fee }).trim().max(20, { error: MESSAGES.fee })], { error: MESSAGES.fee }).nullish(),
  setlistId: positiveId(MESSAGES.setlist).nullish(),
  /** The currency the form showed its fee in (the form sends it; a JSON client may). */
  currency: z.string({ error: "currency must be text" }).max(8).optional(),
  rsvpDeadline: dateText.nullish(),
  lineup: LineupSchema.default([]),
};

const recurrenceFields = {
  repeat: z.enum(["none", "weekly"], { error: "Choose whether it repeats" }).default("none"),
  interval: numberInput(z.coerce.number({ error: "Repeat every 1 to 52 weeks" }).int({ error: "Repeat every 1 to 52 weeks" }).min(1, { error: "Repeat every 1 to 52 weeks" }).max(INTERVAL_MAX, { error: "Repeat every 1 to 52 weeks" })).default(1),
  repeatEnds: z.enum(["count", "until"], { error: MESSAGES.countOrUntil }).optional(),
  count: numberInput(z.coerce.number({ error: "Enter a whole number of times" }).int({ error: "Enter a whole number of times" }).min(2, { error: "A series repeats at least twice" }).max(100_000, { error: MESSAGES.tooMany })).optional(),
  until: dateText.optional(),
};

export type EventFields = z.input<z.ZodObject<typeof eventFields>>;

/** "Save anyway" after a conflict warning (features/availability/conflicts.server.ts): the form's checkbox, or true in a JSON body. */
const confirmFields = { confirmConflicts: z.boolean({ error: "Save anyway is yes or no" }).default(false) };

export type EventInput = {
  title: string;
  kind: EventKind;
  status: (typeof EVENT_STATUSES)[number];
  allDay: boolean;
  timeZone: string;
  startsAt: Date;
  endsAt: Date | null;
  /** The local day and time-of-day of the start, for series arithmetic. */
  localDate: LocalDate;
  callAt: Date | null;
  soundcheckAt: Date | null;
  venueName: string | null;
  venueAddress: string | null;
  dressCode: string | null;
  notes: string | null;
  /** undefined: not sent (keep what is stored); null: no fee. */
  feeMinor: number | null | undefined;
  setlistId: number | null;
  rsvpDeadline: Date | null;
  /** `instrument` undefined: the member's own (their first instrument), filled in when the lineup is checked. */
  lineup: { membershipId: number; instrument: string | null | undefined }[];
};

export type Recurrence = { interval: number; count?: number; until?: LocalDate; rrule: string; occurrences: Date[] };

type Ctx = z.RefinementCtx;

/**
 * The fee in minor units, read as Finances reads an amount (utils/money parseAmount): "250",
 * "250.50", "1,250" or 250; "12,50" is refused, not read as 1,250, and a fee above the
 * largest amount Finances takes is refused too (the payment form is filled from it).
 * Zero is a fee (a free gig). Null when blank, undefined when not sent.
 */
function parseFee(value: string | number | null | undefined, currency: string, ctx: Ctx): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  const parsed = parseAmount(String(value), currency, { allowZero: true });
  if (parsed.ok) return parsed.minor;
  // Not an amount at all: the fee's own words; a negative, too precise or too large one: why.
  ctx.addIssue({ code: "custom", path: ["fee"], message: parsed.message === notNumberMessage(currency) ? MESSAGES.fee : parsed.message });
  return null;
}

/** How long before a show after midnight its call or soundcheck may be, on the day before. */
const BEFORE_MIDNIGHT_SHOW_MS = 12 * 3_600_000;

/**
 * A wall-clock time on `date` in `timeZone`, or an issue under `field` (bad shape, or
 * skipped by a clock change). A time the fall-back hour repeats reads as the first, unless
 * the event already stands at the second (`rules.keep`): an edit that leaves it alone must
 * not move it an hour earlier.
 */
function instantOn(date: LocalDate, time: string, timeZone: string, field: string, rules: Rules, ctx: Ctx) {
  const parsed = parseLocalTime(time);
  if (!parsed) {
    ctx.addIssue({ code: "custom", path: [field], message: MESSAGES.time });
    return null;
  }
  const local = { ...date, ...parsed };
  const instant = fromZoned(local, timeZone);
  if (!instant) {
    const day = formatDate(Date.UTC(date.year, date.month - 1, date.day));
    ctx.addIssue({ code: "custom", path: [field], message: `${time} does not exist on ${day} in ${timeZone}: the clocks go forward then. Choose another time` });
    return null;
  }
  // The field's own stored time only: the call at the first 01:30 is not the soundcheck at the second.
  const stored = rules.keep?.[field as keyof Kept];
  return stored && stored.getTime() !== instant.getTime() && sameWallClock(toZoned(stored, timeZone), local) ? stored : instant;
}

function localDateOf(value: string | null | undefined, field: string, ctx: Ctx) {
  if (!value) return null;
  const parsed = parseLocalDate(value);
  if (!parsed) ctx.addIssue({ code: "custom", path: [field], message: noSuchDate(value) });
  return parsed;
}

/**
 * `now`: given on create, where a deadline already past is refused (an edit refuses only a
 * changed one, in events.server.ts). `keep`: on an edit, the event's stored times (see instantOn).
 */
type Rules = { bandTimeZone: string; currency: string; now?: Date; keep?: Kept };
/** An event's stored times, by the field each is typed in. */
export type Kept = Partial<Record<"startTime" | "endTime" | "callTime" | "soundcheckTime", Date>>;

/** Turns the checked raw fields into an EventInput (adding issues to `ctx` on the way). */
function resolveEvent(raw: z.output<z.ZodObject<typeof eventFields>>, rules: Rules, ctx: Ctx): EventInput | null {
  // Every field is checked even after one fails, so the form shows all its messages at once.
  const zoneOk = isTimeZone(raw.timeZone || rules.bandTimeZone);
  if (!zoneOk) ctx.addIssue({ code: "custom", path: ["timeZone"], message: MESSAGES.timeZone });
  // The zone the times are typed in. An all-day event's days and the answer deadline's day
  // are the band's: the calendar shows and edits them there.
  // Kept by its canonical name ("america/new_york" as America/New_York), as calendars expect it.
  const timeZone = zoneOk && !raw.allDay ? canonicalZone(raw.timeZone || rules.bandTimeZone) : rules.bandTimeZone;
  const date = raw.date ? localDateOf(raw.date, "date", ctx) : (ctx.addIssue({ code: "custom", path: ["date"], message: MESSAGES.date }), null);
  const endDate = localDateOf(raw.endDate, "endDate", ctx);
  const feeMinor = parseFee(raw.fee, rules.currency, ctx);
  // A fee typed in the currency the form showed, which the band has changed since (possible
  // until its first money entry): $1,250 would be saved as ¥1,250.
  if (typeof feeMinor === "number" && raw.currency && raw.currency !== rules.currency) ctx.addIssue({ code: "custom", path: ["fee"], message: MESSAGES.feeCurrency(rules.currency) });
  const deadlineDay = localDateOf(raw.rsvpDeadline, "rsvpDeadline", ctx);
  if (!date) return null;

  let startsAt: Date | null;
  let endsAt: Date | null = null;
  if (raw.allDay) {
    startsAt = startOfLocalDay(date, timeZone);
    endsAt = startOfLocalDay(addDays(endDate ?? date, 1), timeZone);
    if (endDate && endsAt <= startsAt) ctx.addIssue({ code: "custom", path: ["endDate"], message: MESSAGES.endBeforeStart });
  } else {
    if (!raw.startTime) ctx.addIssue({ code: "custom", path: ["startTime"], message: MESSAGES.startTime });
    startsAt = raw.startTime ? instantOn(date, raw.startTime, timeZone, "startTime", rules, ctx) : null;
    // An end date refused under its field has its message: the end time is not read against another day.
    if (raw.endTime && !(raw.endDate && !endDate)) {
      endsAt = instantOn(endDate ?? date, raw.endTime, timeZone, "endTime", rules, ctx);
    } else if (endDate) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "Enter the end time for the end date" });
    }
    if (startsAt && endsAt && endsAt <= startsAt) {
      // Without an end date, an end time earlier than the start means "after midnight": a gig from 21:00 to 01:00.
      if (!endDate && raw.endTime) endsAt = instantOn(addDays(date, 1), raw.endTime, timeZone, "endTime", rules, ctx);
      // (An end the clocks skip on the day after has said so already: the end is not before the start.)
      if (endDate || (endsAt && endsAt <= startsAt)) ctx.addIssue({ code: "custom", path: ["endTime"], message: MESSAGES.endBeforeStart });
    }
  }
  // Said under the end date when one was typed (the day is what makes it too long), else the end time.
  if (startsAt && endsAt && endsAt.getTime() - startsAt.getTime() > MAX_EVENT_DAYS * 86_400_000) {
    ctx.addIssue({ code: "custom", path: [raw.allDay || raw.endDate ? "endDate" : "endTime"], message: MESSAGES.tooLong });
  } else if (endsAt && toZoned(new Date(endsAt.getTime() - 1), timeZone).year > YEARS.max) {
    // An overnight gig on 31 December 9998 would end in a year no later edit could send.
    ctx.addIssue({ code: "custom", path: [raw.allDay ? "endDate" : "endTime"], message: YEARS_MESSAGE });
  }
  // Both are read on the event's day, or, for a show after midnight (on at 00:30, load-in at
  // 22:00), on the day before, up to BEFORE_MIDNIGHT_SHOW_MS before the start: later than
  // that they are a mistyped time.
  const beforeStart = (time: string | undefined | null, field: "callTime" | "soundcheckTime", message: string) => {
    if (!time || raw.allDay) return null;
    const sameDay = instantOn(date, time, timeZone, field, rules, ctx);
    if (!startsAt || !sameDay || sameDay <= startsAt) return sameDay;
    const parsed = parseLocalTime(time);
    const evening = parsed ? fromZoned({ ...addDays(date, -1), ...parsed }, timeZone) : null;
    if (evening && evening <= startsAt && startsAt.getTime() - evening.getTime() <= BEFORE_MIDNIGHT_SHOW_MS) return evening;
    ctx.addIssue({ code: "custom", path: [field], message });
    return sameDay;
  };
  const callAt = beforeStart(raw.callTime, "callTime", MESSAGES.callAfterStart);
  const soundcheckAt = beforeStart(raw.soundcheckTime, "soundcheckTime", MESSAGES.soundcheckAfterStart);
  // Answers are open until the end of the deadline's day.
  const rsvpDeadline = deadlineDay ? startOfLocalDay(addDays(deadlineDay, 1), rules.bandTimeZone) : null;
  // The deadline's day is the band's (its end is read there): held against the event's day
  // there too, not the date as typed in another zone (01:00 in Kiritimati on Mar 1 is Feb 28
  // in Sydney, and "answer by Mar 1" would fall after it).
  const eventDay = startsAt ? formatLocalDate(toZoned(startsAt, rules.bandTimeZone)) : formatLocalDate(date);
  if (deadlineDay && formatLocalDate(deadlineDay) > eventDay) ctx.addIssue({ code: "custom", path: ["rsvpDeadline"], message: MESSAGES.deadline });
  else if (rsvpDeadline && rules.now && rsvpDeadline <= rules.now) ctx.addIssue({ code: "custom", path: ["rsvpDeadline"], message: MESSAGES.deadlinePast });
  if (!startsAt || !zoneOk) return null;
  return {
    title: raw.title,
    kind: raw.kind,
    status: raw.status,
    allDay: raw.allDay,
    timeZone,
    startsAt,
    endsAt,
    localDate: date,
    callAt,
    soundcheckAt,
    venueName: raw.venueName,
    venueAddress: raw.venueAddress,
    dressCode: raw.dressCode,
    notes: raw.notes,
    feeMinor: raw.kind === "gig" ? feeMinor : null,
    setlistId: raw.setlistId ?? null,
    rsvpDeadline,
    lineup: raw.lineup,
  };
}

/**
 * The occurrences of a weekly series starting at `input`, at the same wall-clock time in
 * its zone (7 pm stays 7 pm across a clock change). rrule works on "floating" times, so
 * the local wall clock goes in as if it were UTC and each result is placed in the zone.
 */
export function expandWeekly(input: Pick<EventInput, "localDate" | "startsAt" | "timeZone">, rule: { interval: number; count?: number; until?: LocalDate }, limit = MAX_OCCURRENCES + 1) {
  const startLocal = localTimeOf(input.startsAt, input.timeZone, input.localDate);
  const dtstart = new Date(Date.UTC(startLocal.year, startLocal.month - 1, startLocal.day, startLocal.hour, startLocal.minute));
  const options = {
    freq: RRule.WEEKLY,
    interval: rule.interval,
    ...(rule.count ? { count: rule.count } : {}),
    ...(rule.until ? { until: new Date(Date.UTC(rule.until.year, rule.until.month - 1, rule.until.day, 23, 59, 59)) } : {}),
  };
  const floating = new RRule({ ...options, dtstart }).all((_date, index) => index < limit);
  // The days whose start time the clocks skip (a 02:30 series meeting the spring change).
  const skipped: { date: LocalDate; time: string }[] = [];
  const occurrences = floating.map((wall) => {
    const local = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
    const instant = fromZoned(local, input.timeZone);
    if (instant) return instant;
    skipped.push({ date: { year: local.year, month: local.month, day: local.day }, time: formatLocalTime(local) });
    // Such a time moves on by the hour skipped (RFC 5545 3.3.5), as calendars read it.
    return new Date(fromZoned({ ...local, hour: local.hour + 1 }, input.timeZone)?.getTime() ?? wall.getTime());
  });
  const rrule = RRule.optionsToString(options).replace(/^RRULE:/, "");
  return { occurrences, rrule, skipped };
}

function localTimeOf(instant: Date, timeZone: string, date: LocalDate) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }).formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0) % 24;
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return { ...date, hour, minute };
}

type RecurrenceRaw = { repeat: "none" | "weekly"; interval: number; repeatEnds?: "count" | "until"; count?: number; until?: string };

/**
 * When a field fails its own check (a blank title, a kind not on the list), zod skips the
 * transforms that check dates, times and the fee. This pass runs them anyway on the
 * fields that are well-formed, adding their messages to the ones already found (one per
 * field), so a form with several mistakes shows all of them at once.
 */
function alsoWhenInvalid(check: (raw: Record<string, unknown>, ctx: Ctx) => void) {
  return {
    run(value: unknown, ctx: z.core.$RefinementCtx) {
      const taken = new Set(ctx.issues.map((issue) => issue.path?.[0]).filter((key) => key !== undefined));
      const raw = Object.fromEntries(
        Object.entries(value && typeof value === "object" ? value : {}).filter(([key, field]) => !taken.has(key) && (typeof field === "string" || typeof field === "boolean" || typeof field === "number" || key === "lineup")),
      );
      const found: z.core.$ZodRawIssue[] = [];
      check(raw, { addIssue: (issue: z.core.$ZodRawIssue | string) => (typeof issue === "string" ? null : found.push(issue)) } as unknown as Ctx);
      for (const issue of found) {
        if (!taken.has(issue.path?.[0] as PropertyKey)) ctx.addIssue({ code: "custom", message: issue.message ?? "Check this field", path: issue.path ?? [], continue: true });
      }
    },
    when: (payload: z.core.ParsePayload) => payload.issues.length > 0,
  };
}

const BAD_LATER = { allDay: false, interval: 1, repeat: "none" } as const;

/**
 * Create (form and POST): the event fields plus an optional weekly recurrence. `strict`
 * (the JSON API) refuses a field it does not know ("venu"), which a form's extra fields
 * (intent, band) must not be; lost in silence, a typo would save an event without it.
 */
export function createEventSchema(givenRules: Rules, { strict = false } = {}) {
  const rules = { ...givenRules, now: givenRules.now ?? new Date() };
  const extra = alsoWhenInvalid((raw, ctx) => {
    const merged = { ...BAD_LATER, ...raw } as unknown as z.output<z.ZodObject<typeof eventFields>> & RecurrenceRaw;
    resolveRecurrence(merged, resolveEvent(merged, rules, ctx), ctx);
  });
  return (strict ? z.strictObject : z.object)({ ...eventFields, ...(strict ? { lineup: ApiLineupSchema.default([]) } : {}), ...recurrenceFields, ...confirmFields })
    .superRefine(extra.run, { when: extra.when })
    .transform((raw, ctx) => {
      const event = resolveEvent(raw, rules, ctx);
      const recurrence = resolveRecurrence(raw, event, ctx);
      return event ? { event, recurrence, confirmConflicts: raw.confirmConflicts } : z.NEVER;
    });
}

function resolveRecurrence(raw: RecurrenceRaw, event: EventInput | null, ctx: Ctx) {
  let recurrence: Recurrence | null = null;
  if (raw.repeat === "weekly" && event) {
    // Both ends sent without saying which: an API client's mistake, said (the form always says which).
    if (!raw.repeatEnds && raw.count && raw.until) ctx.addIssue({ code: "custom", path: ["repeatEnds"], message: MESSAGES.countAndUntil });
    // The end that was given, when the choice names the other and it was left empty.
    const chosen = raw.repeatEnds ?? (raw.until ? "until" : "count");
    const ends = chosen === "count" && !raw.count && raw.until ? "until" : chosen === "until" && !raw.until && raw.count ? "count" : chosen;
    const until = ends === "until" ? localDateOf(raw.until, "until", ctx) : null;
    if (ends === "until" && !raw.until) ctx.addIssue({ code: "custom", path: ["until"], message: MESSAGES.countOrUntil });
    if (ends === "count" && !raw.count) ctx.addIssue({ code: "custom", path: ["count"], message: MESSAGES.countOrUntil });
    if (until && formatLocalDate(until) < formatLocalDate(event.localDate)) ctx.addIssue({ code: "custom", path: ["until"], message: MESSAGES.untilBeforeStart });
    const rule = { interval: raw.interval, ...(ends === "count" && raw.count ? { count: raw.count } : {}), ...(until ? { until } : {}) };
    if (rule.count && rule.count > MAX_OCCURRENCES) {
      ctx.addIssue({ code: "custom", path: ["count"], message: MESSAGES.tooMany });
    } else if (rule.count || rule.until) {
      const { occurrences, rrule, skipped } = expandWeekly(event, rule);
      const last = occurrences.at(-1);
      if (occurrences.length > MAX_OCCURRENCES) ctx.addIssue({ code: "custom", path: [ends === "until" ? "until" : "count"], message: MESSAGES.tooMany });
      // An occurrence on a day the clocks skip its start time: said, as for a single event,
      // not moved an hour on the quiet (calendars disagree on where such a time goes).
      else if (skipped.length) {
        const [{ date, time }] = skipped as [(typeof skipped)[number]];
        ctx.addIssue({ code: "custom", path: ["startTime"], message: MESSAGES.seriesMeetsSkippedTime(time, date, event.timeZone) });
      }
      // An end date inside the first interval is a series of one, which a count of 1 may not be either.
      else if (until && occurrences.length < 2) {
        if (formatLocalDate(until) >= formatLocalDate(event.localDate)) ctx.addIssue({ code: "custom", path: ["until"], message: MESSAGES.untilTooSoon(addDays(event.localDate, 7 * raw.interval)) });
      }
      // Cut short silently, a series past the last year would leave events nobody could edit.
      else if ((rule.count && occurrences.length < rule.count) || (last && toZoned(last, event.timeZone).year > YEARS.max)) {
        ctx.addIssue({ code: "custom", path: [ends === "until" ? "until" : "count"], message: MESSAGES.pastLastYear });
      } else recurrence = { ...rule, rrule, occurrences };
    }
  }
  return recurrence;
}

/**
 * What the event form sends, as conform sees it on the client: the create schema's input
 * plus the edit-only version and series scope. A type only, so zod stays out of the browser.
 */
export type EventFormInput = z.input<ReturnType<typeof createEventSchema>> & Partial<Pick<z.input<ReturnType<typeof updateEventSchema>>, "version" | "scope" | "interval">>;

/** Edit (form and PATCH after merging with what is stored): the event fields, the version read, and for a series which occurrences. */
export function updateEventSchema(rules: Rules, { api = false } = {}) {
  const extra = alsoWhenInvalid((raw, ctx) => void resolveEvent({ ...BAD_LATER, ...raw } as unknown as z.output<z.ZodObject<typeof eventFields>>, rules, ctx));
  return z
    .object({
      ...eventFields,
      ...(api ? { lineup: ApiLineupSchema.default([]) } : {}),
      version: z.coerce.number({ error: MESSAGES.version }).int({ error: MESSAGES.version }).positive({ error: MESSAGES.version }),
      scope: z.enum(SERIES_SCOPES, { error: "Choose which events of the series to change" }).default("one"),
      // A series only: how often it repeats, for this and the following events or all of them.
      interval: recurrenceFields.interval.optional(),
      ...confirmFields,
    })
    .superRefine(extra.run, { when: extra.when })
    .transform((raw, ctx) => {
      const event = resolveEvent(raw, rules, ctx);
      return event ? { event, version: raw.version, scope: raw.scope, ...(raw.interval ? { interval: raw.interval } : {}), confirmConflicts: raw.confirmConflicts } : z.NEVER;
    });
}

export const API_VERSION_MESSAGES = apiVersionMessages("event", "/api/events/{id}");

/**
 * PATCH /api/events/{id}: any of the event's fields and the version the client read.
 * The body is merged over the stored event and the whole checked by updateEventSchema,
 * so a PATCH obeys exactly the rules of the edit form.
 */
export const PatchEventSchema = z.strictObject({
  ...(Object.fromEntries(Object.keys(eventFields).map((key) => [key, z.unknown().optional()])) as Record<keyof typeof eventFields, z.ZodOptional<z.ZodUnknown>>),
  // The form's words ("Reload the event…") would puzzle a client that sent "1": say what the field wants.
  version: apiVersion("event", "/api/events/{id}"),
  scope: z.enum(SERIES_SCOPES, { error: "Choose which events of the series to change" }).optional(),
  interval: z.unknown().optional(),
  confirmConflicts: z.boolean({ error: "Save anyway is yes or no" }).optional(),
});

export const CancelEventSchema = z.object({
  reason: requiredText(300, "Reason", MESSAGES.reason),
  scope: z.enum(SERIES_SCOPES, { error: "Choose which events of the series to cancel" }).default("one"),
});

export const DeleteEventSchema = z.object({
  scope: z.enum(SERIES_SCOPES, { error: "Choose which events of the series to delete" }).default("one"),
});

/** A DELETE's body, when a client sends one: only `scope` (else in the query string), anything else refused rather than ignored. */
export const DeleteEventBodySchema = z.strictObject({ scope: z.enum(SERIES_SCOPES, { error: "Choose which events of the series to delete" }).optional() });

/** The RSVP form (which also sends where to go back to). */
export const RsvpSchema = z.object({
  answer: z.enum(RSVP_ANSWERS, { error: MESSAGES.answer }),
  note: optionalText(200, "Note"),
});

/** PUT /api/events/{id}/rsvp: the same two fields, and no other ("nots" is refused, not lost). */
export const RsvpApiSchema = z.strictObject(RsvpSchema.shape);

export const CalendarQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, error: "from must be an ISO date-time, like 2026-11-01T00:00:00Z" }).optional(),
  to: z.iso.datetime({ offset: true, error: "to must be an ISO date-time, like 2026-12-01T00:00:00Z" }).optional(),
});
