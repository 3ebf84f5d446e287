import crypto from "node:crypto";
import { deadlineLastMoment } from "~/features/events/zoned-time";
import { timeBeforeStart } from "~/features/events/event-when";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { addDays, dayOf, formatDayLong, startOfDay } from "~/features/availability/local-day";
import { db, isUniqueViolation } from "~/utils/db.server";
import { formatTime } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { sendMail } from "~/utils/mail.server";
import { displayName } from "~/utils/names";
import { RuleError } from "~/utils/rule-error";

/**
 * Reminder mail. Booked people who have not answered are chased (3 days after being
 * booked; on the RSVP deadline's day, or 2 days before an event without a deadline),
 * everyone booked who has not said "can't make it" gets a reminder the day before,
 * and a leader can "chase now". Each reminder is claimed by inserting its
 * ReminderDelivery row (unique per kind, event, person and due day) before the mail
 * goes out: an insert that hits the unique key means another pass (another process,
 * or an earlier run before a restart) has it, so it is never sent twice. A mail that
 * fails after its claim is recorded, not retried: a missed reminder beats a double one.
 */

/** What a person can turn off, each with its own unsubscribe link. */
export const REMINDER_PREFERENCES = {
  "rsvp-chase": { label: "Chases when I haven't answered", hint: "A few days after I'm booked, on the RSVP deadline, and when a leader chases." },
  "day-before": { label: "The day before an event I'm booked on", hint: "Where and when, so nobody is late." },
} as const;
export type ReminderPreference = keyof typeof REMINDER_PREFERENCES;
export const PREFERENCE_KINDS = Object.keys(REMINDER_PREFERENCES) as ReminderPreference[];

export function isPreferenceKind(value: unknown): value is ReminderPreference {
  return typeof value === "string" && value in REMINDER_PREFERENCES;
}

/** Kinds of delivery, each counted once per (event, person, due day), and the preference that turns it off. */
export const DELIVERY_KINDS = {
  "rsvp-chase": "rsvp-chase",
  "rsvp-deadline": "rsvp-chase",
  "rsvp-soon": "rsvp-chase",
  "chase-now": "rsvp-chase",
  "day-before": "day-before",
} as const satisfies Record<string, ReminderPreference>;
export type DeliveryKind = keyof typeof DELIVERY_KINDS;

export const CHASE_AFTER_DAYS = 3;
export const CHASE_BEFORE_EVENT_DAYS = 2;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// Preferences and one-click unsubscribe

export async function getReminderPreferences(userId: string) {
  const rows = await db.reminderPreference.findMany({ where: { userId }, select: { kind: true, enabled: true } });
  return Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, rows.find((r) => r.kind === kind)?.enabled ?? true])) as Record<ReminderPreference, boolean>;
}

export async function setReminderPreference(userId: string, kind: ReminderPreference, enabled: boolean) {
  await db.reminderPreference.upsert({ where: { userId_kind: { userId, kind } }, create: { userId, kind, enabled }, update: { enabled } });
}

function sign(payload: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`reminder-unsubscribe:${payload}`).digest("base64url");
}

/** A token naming a person and a reminder kind, signed with the session secret (no expiry: old mails keep working). */
export function unsubscribeToken(userId: string, kind: ReminderPreference) {
  const payload = Buffer.from(`${userId}:${kind}`).toString("base64url");
  return `${payload}.${sign(payload, env.sessionSecrets[0]!)}`;
}

/** The person and kind a token names, or null when it was not made by us. */
export function readUnsubscribeToken(token: string | null | undefined) {
  if (!token || token.length > 300) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const valid = env.sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(payload, secret));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  const [userId, kind] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  return userId && isPreferenceKind(kind) ? { userId, kind } : null;
}

/** Turns a kind off from an unsubscribe link; false when the person no longer exists. */
export async function unsubscribe(token: { userId: string; kind: ReminderPreference }) {
  const user = await db.user.findUnique({ where: { id: token.userId }, select: { id: true } });
  if (!user) return false;
  await setReminderPreference(token.userId, token.kind, false);
  return true;
}

export function unsubscribeUrl(origin: string, userId: string, kind: ReminderPreference) {
  return `${origin}/reminders/unsubscribe?token=${unsubscribeToken(userId, kind)}`;
}

/** Where links in scheduled mail point: APP_URL, else this machine (never a request's Host). */
export function mailOrigin() {
  return (env.APP_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`).replace(/\/$/, "");
}

// ---------------------------------------------------------------------------
// Which reminders are due

type Candidate = {
  bookingId: number;
  createdAt: Date;
  answer: string | null;
  userId: string;
  email: string;
  name: string;
  event: {
    id: number;
    title: string;
    startsAt: Date;
    rsvpDeadline: Date | null;
    allDay: boolean;
    venueName: string | null;
    venueAddress?: string | null;
    callAt?: Date | null;
    soundcheckAt?: Date | null;
    bandName: string;
    timeZone: string;
    tentative: boolean;
  };
};

export type DueReminder = { kind: DeliveryKind; dueOn: string; candidate: Candidate };

/** The reminders due for one booking at `now` (pure, so the rules are testable on their own). */
export function dueReminders(c: Candidate, now: Date): DueReminder[] {
  const { event } = c;
  if (now >= event.startsAt) return [];
  const tz = event.timeZone;
  const eventDay = dayOf(event.startsAt, tz);
  const due: DueReminder[] = [];
  if (c.answer !== "no" && now >= startOfDay(addDays(eventDay, -1), tz)) due.push({ kind: "day-before", dueOn: eventDay, candidate: c });
  if (c.answer) return due;
  // Past the deadline answers still count (answerWindow), but the automatic chases stop:
  // the deadline's own chase has gone, and the day-before mail still asks.
  if (event.rsvpDeadline && now >= event.rsvpDeadline) return due;
  let chasedForTime = false;
  if (event.rsvpDeadline) {
    const deadlineDay = dayOf(deadlineLastMoment(event.rsvpDeadline), tz);
    if (now >= startOfDay(deadlineDay, tz)) {
      due.push({ kind: "rsvp-deadline", dueOn: deadlineDay, candidate: c });
      chasedForTime = true;
    }
  } else if (now.getTime() >= event.startsAt.getTime() - CHASE_BEFORE_EVENT_DAYS * DAY_MS) {
    due.push({ kind: "rsvp-soon", dueOn: eventDay, candidate: c });
    chasedForTime = true;
  }
  const chaseAt = new Date(c.createdAt.getTime() + CHASE_AFTER_DAYS * DAY_MS);
  // One chase at a time: the deadline or event-soon chase stands in for a late "3 days after".
  if (!chasedForTime && now >= chaseAt) due.push({ kind: "rsvp-chase", dueOn: dayOf(chaseAt, tz), candidate: c });
  return due;
}

async function candidates(now: Date, where: { eventId?: number; onlyUnanswered?: boolean } = {}): Promise<Candidate[]> {
  const rows = await db.eventBooking.findMany({
    where: {
      event: { cancelledAt: null, startsAt: { gt: now }, ...(where.eventId ? { id: where.eventId } : {}) },
      ...(where.onlyUnanswered ? { rsvp: null } : { OR: [{ rsvp: null }, { event: { startsAt: { lte: new Date(now.getTime() + 2 * DAY_MS) } } }] }),
    },
    orderBy: { id: "asc" },
    select: {
      id: true,
      createdAt: true,
      rsvp: { select: { answer: true } },
      membership: { select: { userId: true, displayName: true, user: { select: { email: true, firstName: true, lastName: true } } } },
      event: { select: { id: true, title: true, startsAt: true, rsvpDeadline: true, allDay: true, venueName: true, venueAddress: true, callAt: true, soundcheckAt: true, status: true, band: { select: { name: true, timeZone: true } } } },
    },
  });
  return rows.map((row) => ({
    bookingId: row.id,
    createdAt: row.createdAt,
    answer: row.rsvp?.answer ?? null,
    userId: row.membership.userId,
    email: row.membership.user.email,
    name: displayName({ ...row.membership.user, displayName: row.membership.displayName }),
    event: { ...row.event, bandName: row.event.band.name, timeZone: row.event.band.timeZone, tentative: row.event.status === "tentative" },
  }));
}

async function disabledFor(userIds: string[]) {
  if (!userIds.length) return new Set<string>();
  const rows = await db.reminderPreference.findMany({ where: { userId: { in: [...new Set(userIds)] }, enabled: false }, select: { userId: true, kind: true } });
  return new Set(rows.map((r) => `${r.userId}:${r.kind}`));
}


/** Inserts the delivery row; false when another pass holds it already. */
async function claim(reminder: DueReminder) {
  try {
    const row = await db.reminderDelivery.create({
      data: { kind: reminder.kind, eventId: reminder.candidate.event.id, bookingId: reminder.candidate.bookingId, userId: reminder.candidate.userId, dueOn: reminder.dueOn },
      select: { id: true },
    });
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function reminderMail(reminder: DueReminder, origin: string, leaderName?: string, now = new Date()) {
  const { candidate: c, kind } = reminder;
  const { event } = c;
  const day = formatDayLong(dayOf(event.startsAt, event.timeZone));
  // A day-before mail goes until the event starts: sent on the day itself (an event made
  // that morning, a server down overnight) it says "today", not "tomorrow".
  const when = dayOf(event.startsAt, event.timeZone) === dayOf(now, event.timeZone) ? "Today" : "Tomorrow";
  const time = event.allDay ? "all day" : formatTime(event.startsAt, event.timeZone);
  const link = `${origin}/events/${event.id}`;
  const preference = DELIVERY_KINDS[kind];
  const unsubscribe = unsubscribeUrl(origin, c.userId, preference);
  const where = event.venueName ? ` at ${event.venueName}` : "";
  const deadline = !event.rsvpDeadline
    ? ""
    : now < event.rsvpDeadline
    ? ` Please answer by the end of ${formatDayLong(dayOf(deadlineLastMoment(event.rsvpDeadline), event.timeZone))}.`
    : " The deadline for answers has passed, but your answer still counts: please answer today.";
  const hold = event.tentative ? " It's a hold, not confirmed yet." : "";
  // The day before: when to be there, as the event page says it, so nobody is late.
  const arrive = [
    event.callAt ? `Call / load-in ${timeBeforeStart(event.callAt, event.startsAt, event.timeZone)}` : null,
    event.soundcheckAt ? `soundcheck ${timeBeforeStart(event.soundcheckAt, event.startsAt, event.timeZone)}` : null,
    event.venueAddress ? `address: ${event.venueAddress}` : null,
  ].filter(Boolean);
  const arriving = kind === "day-before" && arrive.length ? ` ${arrive.join("; ")}.` : "";
  // The day before, someone who has not answered gets this one mail, and it asks (see oneMailPerBooking).
  const ask = kind !== "day-before" || c.answer === null;
  const subject =
    kind === "day-before"
      ? `${when}${event.tentative ? " (not confirmed yet)" : ""}: ${event.title}, ${time}`
      : kind === "chase-now"
      ? `${leaderName ?? "Your band leader"} asks: can you make ${event.title}?`
      : kind === "rsvp-deadline"
      ? `Last day to answer: ${event.title}`
      : `Can you make it? ${event.title} on ${day}`;
  const intro =
    kind === "day-before"
      ? `${event.title} (${event.bandName}) is ${when.toLowerCase()}, ${day}, ${time}${where}.${arriving}${hold}${ask ? ` You haven't said yet whether you can make it.${deadline}` : ""}`
      : `You're booked on ${event.title} (${event.bandName}) on ${day}, ${time}${where}, and haven't said yet whether you can make it.${hold}${deadline}`;
  const text = [
    `Hi ${c.name},`,
    "",
    intro,
    "",
    ask ? `Answer going, maybe or can't make it: ${link}` : `Details: ${link}`,
    "",
    `Don't want these? Turn them off in one click: ${unsubscribe}`,
  ].join("\n");
  return {
    to: c.email,
    subject,
    text,
    link,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

async function deliver(reminder: DueReminder, origin: string, leaderName?: string, now = new Date()) {
  const claimed = await claim(reminder);
  if (!claimed) return false;
  try {
    await sendMail(reminderMail(reminder, origin, leaderName, now));
    await db.reminderDelivery.update({ where: { id: claimed }, data: { sentAt: new Date() } });
  } catch (error) {
    console.error(`Reminder ${reminder.kind} for event ${reminder.candidate.event.id} could not be sent`, error);
    await db.reminderDelivery.update({ where: { id: claimed }, data: { error: String(error).slice(0, 500) } });
  }
  return true;
}

/** How long a claimed, unsent reminder counts as being sent by the pass that claimed it. */
const CLAIM_SENDING_MS = 10 * 60_000;

/**
 * The day before, someone booked who has not answered gets one mail that asks (the
 * day-before mail), not the day-before mail and a chase side by side: a chase of a
 * booking goes only when no day-before mail goes to it in this pass and none went to
 * that same booking before. So whoever turned the day-before mail off, whose day-before
 * mail could not be sent, or who was booked again after it went, is still chased.
 */
function oneMailPerBooking(due: DueReminder[], askedBefore: Set<number>) {
  const dayBefore = new Set(due.filter((r) => r.kind === "day-before").map((r) => r.candidate.bookingId));
  return due.filter((r) => r.kind === "day-before" || (!dayBefore.has(r.candidate.bookingId) && !askedBefore.has(r.candidate.bookingId)));
}

/**
 * One pass of the scheduler: claims and sends every reminder due at `now`. Safe to run
 * in several processes at once and again after a restart. Returns how many it sent.
 */
export async function runReminderPass(now = new Date(), origin = mailOrigin()) {
  const all = await candidates(now);
  const off = await disabledFor(all.map((c) => c.userId));
  const wanted = all.flatMap((c) => dueReminders(c, now)).filter((r) => !off.has(`${r.candidate.userId}:${DELIVERY_KINDS[r.kind]}`));
  if (!wanted.length) return { sent: 0, due: 0, before: 0 };
  // Skip what is claimed already without a failed insert for each (the insert still decides).
  const claimed = await db.reminderDelivery.findMany({
    where: { eventId: { in: [...new Set(wanted.map((r) => r.candidate.event.id))] }, kind: { in: [...new Set([...wanted.map((r) => r.kind), "day-before" as const])] } },
    select: { kind: true, eventId: true, userId: true, dueOn: true, bookingId: true, sentAt: true, error: true, claimedAt: true },
  });
  // The day-before mail goes once per event and person, whatever day it was due on: a band
  // that changes its zone can put the event on another local day (dueOn), and its people
  // had the mail already. A move to another day forgets it (clearAnswersOfMoved), so the
  // new day gets its own.
  const key = (k: { kind: string; eventId: number; userId: string; dueOn: string }) => `${k.kind}|${k.eventId}|${k.userId}|${k.kind === "day-before" ? "" : k.dueOn}`;
  const taken = new Set(claimed.map(key));
  const unclaimed = wanted.filter((r) => !taken.has(key({ kind: r.kind, eventId: r.candidate.event.id, userId: r.candidate.userId, dueOn: r.dueOn })));
  // Bookings a day-before mail already went to (and asked, if they had not answered), or
  // is going to: another pass claimed it a moment ago and is sending it now (without this,
  // two passes at once sent such a booking the day-before mail and a chase). One that
  // failed, or whose claim is old and unsent (its process stopped), asks no more.
  const sending = now.getTime() - CLAIM_SENDING_MS;
  const askedBefore = new Set(
    claimed.filter((row) => row.kind === "day-before" && row.bookingId !== null && (row.sentAt || (!row.error && row.claimedAt.getTime() > sending))).map((row) => row.bookingId!),
  );
  const due = oneMailPerBooking(unclaimed, askedBefore);
  let sent = 0;
  for (const reminder of due) if (await deliver(reminder, origin, undefined, now)) sent++;
  // due: the mails this pass had to send (a chase the day-before mail stands in for is none);
  // before: those an earlier pass (or another process) already claimed.
  return { sent, due: due.length, before: wanted.length - unclaimed.length };
}

/**
 * "Chase now": mails everyone booked on the event who has not answered, at most once a
 * day each, except those who turned chases off. Leaders and admins only.
 */
/**
 * Whether the event page offers this viewer "Chase now" for an event: those who may
 * chase, while answers are open (also after the deadline) and someone booked has not
 * answered (chaseNow's rules).
 */
export function chaseOffered(access: BandAccess, event: { cancelledAt: Date | null; startsAt: Date }, unanswered: number, now = new Date()) {
  if (grantIn(access, "reminders:chase") === null || !unanswered) return false;
  return !event.cancelledAt && event.startsAt > now;
}

export async function chaseNow(access: BandAccess, eventId: number, origin: string, now = new Date()) {
  requireGrant(access, "reminders:chase");
  const event = await db.event.findFirst({ where: { id: eventId, bandId: access.band.id }, select: { id: true, cancelledAt: true, startsAt: true, band: { select: { timeZone: true } } } });
  if (!event) throw new RuleError(404, "Event not found");
  if (event.cancelledAt) throw new RuleError(400, "This event is cancelled: there is nobody to chase");
  if (event.startsAt <= now) throw new RuleError(400, "This event has started: answers are closed");
  const unanswered = await candidates(now, { eventId, onlyUnanswered: true });
  const off = await disabledFor(unanswered.map((c) => c.userId));
  const today = dayOf(now, event.band.timeZone);
  const leaderName = access.membership.displayName || displayName(access.user);
  const result = { chased: [] as string[], alreadyToday: [] as string[], optedOut: [] as string[] };
  for (const candidate of unanswered) {
    // Whoever presses it is on the page where they can answer: no mail to themselves.
    if (candidate.userId === access.user.id) continue;
    if (off.has(`${candidate.userId}:rsvp-chase`)) {
      result.optedOut.push(candidate.name);
      continue;
    }
    const sent = await deliver({ kind: "chase-now", dueOn: today, candidate }, origin, leaderName);
    (sent ? result.chased : result.alreadyToday).push(candidate.name);
  }
  return result;
}
