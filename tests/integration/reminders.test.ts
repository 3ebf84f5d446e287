import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, test } from "vitest";
import { buildRequest, callRoute, clearOutbox, readOutbox } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { dueReminders, runReminderPass, setReminderPreference } from "~/features/reminders/reminders.server";
import * as unsubscribeRoute from "~/routes/reminders+/unsubscribe";
import * as chaseApi from "~/routes/api+/events.$id.chase";
import * as chasePage from "~/routes/_app+/events.$id_.chase";
import { body } from "./auth-helpers";
import { bandWith, eventWith, person } from "./calendar-helpers";
import { addDays, dayOf, startOfDay } from "~/features/availability/local-day";
import { formatTime } from "~/utils/dates";

/** `hours` after the start of tomorrow in the test band's zone: a "Tomorrow" mail is due today whatever the time of the run. */
const tomorrowAt = (hours: number) => new Date(startOfDay(addDays(dayOf(new Date(), "Europe/Berlin"), 1), "Europe/Berlin").getTime() + hours * 3_600_000);

const DAY = 86_400_000;
const run = promisify(execFile);

beforeEach(() => clearOutbox());

async function world() {
  const leader = await person("Lena", "Leader");
  const ana = await person("Ana", "Answered");
  const nick = await person("Nick", "Noanswer");
  const band = await bandWith("Reminder Band", "Europe/Berlin", [
    { user: leader, role: "band_leader" },
    { user: ana, role: "band_member" },
    { user: nick, role: "sub" },
  ]);
  return { leader, ana, nick, band };
}

const candidate = (over: Partial<Parameters<typeof dueReminders>[0]> & { startsAt: Date; rsvpDeadline?: Date | null }) => ({
  bookingId: 1,
  createdAt: over.createdAt ?? new Date("2030-03-01T10:00:00Z"),
  answer: over.answer ?? null,
  userId: "u",
  email: "u@example.com",
  name: "U",
  event: { id: 1, title: "Gig", startsAt: over.startsAt, rsvpDeadline: over.rsvpDeadline ?? null, allDay: false, venueName: null, bandName: "B", timeZone: "Europe/Berlin", tentative: false },
});
const kinds = (c: ReturnType<typeof candidate>, now: string) => dueReminders(c, new Date(now)).map((r) => `${r.kind}@${r.dueOn}`);

describe("which reminders are due", () => {
  test("3 days after being booked, then 2 days before an event without a deadline, then the day before", () => {
    const c = candidate({ startsAt: new Date("2030-03-20T19:00:00Z") });
    expect(kinds(c, "2030-03-03T12:00:00Z")).toEqual([]);
    expect(kinds(c, "2030-03-04T10:00:00Z")).toEqual(["rsvp-chase@2030-03-04"]);
    expect(kinds(c, "2030-03-18T19:00:00Z")).toEqual(["rsvp-soon@2030-03-20"]);
    // Local midnight starting Mar 19 in Berlin is 23:00 UTC on Mar 18.
    expect(kinds(c, "2030-03-18T23:00:00Z")).toEqual(["day-before@2030-03-20", "rsvp-soon@2030-03-20"]);
    expect(kinds(c, "2030-03-20T19:00:00Z")).toEqual([]);
  });

  test("with a deadline: chased on the deadline's day while answers are open", () => {
    // Deadline "end of Mar 10" in Berlin, stored as the start of Mar 11.
    const c = candidate({ startsAt: new Date("2030-03-20T19:00:00Z"), rsvpDeadline: new Date("2030-03-10T23:00:00Z") });
    expect(kinds(c, "2030-03-09T22:59:00Z")).toEqual(["rsvp-chase@2030-03-04"]);
    expect(kinds(c, "2030-03-09T23:00:00Z")).toEqual(["rsvp-deadline@2030-03-10"]);
    expect(kinds(c, "2030-03-10T23:00:00Z")).toEqual([]);
  });

  test("an answer stops the chases; someone who can't make it gets no day-before reminder", () => {
    expect(kinds(candidate({ startsAt: new Date("2030-03-20T19:00:00Z"), answer: "going" }), "2030-03-19T12:00:00Z")).toEqual(["day-before@2030-03-20"]);
    expect(kinds(candidate({ startsAt: new Date("2030-03-20T19:00:00Z"), answer: "no" }), "2030-03-19T12:00:00Z")).toEqual([]);
  });
});

describe("the scheduler", () => {
  test("the day-before mail says when to be there: call / load-in, soundcheck and the address", async () => {
    const w = await world();
    const event = await eventWith(w.band.id, { title: "Load-in Gig", startsAt: tomorrowAt(20), endsAt: tomorrowAt(23), booked: [w.band.membershipOf(w.ana.id)] });
    await db.event.update({ where: { id: event.id }, data: { venueName: "The Anchor", venueAddress: "12 Harbour Street", callAt: tomorrowAt(18.5), soundcheckAt: tomorrowAt(19) } });
    await runReminderPass();
    const mail = readOutbox().find((m) => m.to === w.ana.email && m.subject.includes("Load-in Gig"))!;
    const at = (hours: number) => formatTime(tomorrowAt(hours), "Europe/Berlin");
    expect(at(18.5)).toMatch(/^6:30 PM CES?T$/);
    expect(mail.text).toContain(`at The Anchor. Call / load-in ${at(18.5)}; soundcheck ${at(19)}; address: 12 Harbour Street.`);
  });

  test("two passes at once in this process and a third in another process send each reminder once", async () => {
    const w = await world();
    const booked = [w.band.membershipOf(w.ana.id), w.band.membershipOf(w.nick.id)];
    const event = await eventWith(w.band.id, { title: "Tomorrow Gig", startsAt: tomorrowAt(19), endsAt: tomorrowAt(22), booked });
    await db.rsvp.create({ data: { bookingId: event.bookings.find((b) => b.membershipId === booked[0])!.id, answer: "going" } });

    const other = execPass();
    const [a, b] = await Promise.all([runReminderPass(), runReminderPass()]);
    await other;
    // Each gets the day-before mail; Nick, who has not answered, is asked in it (one mail, not a chase beside it).
    const mails = readOutbox().filter((m) => m.subject.includes("Tomorrow Gig"));
    const byPerson = (email: string) => mails.filter((m) => m.to === email);
    expect(byPerson(w.ana.email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Tomorrow: Tomorrow Gig/)]);
    expect(byPerson(w.ana.email)[0]!.text).not.toContain("haven't said");
    expect(byPerson(w.nick.email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Tomorrow: Tomorrow Gig/)]);
    expect(byPerson(w.nick.email)[0]!.text).toContain("You haven't said yet whether you can make it.");
    expect(byPerson(w.nick.email)[0]!.text).toContain("Answer going, maybe or can't make it:");
    expect(a.sent + b.sent).toBeLessThanOrEqual(2);
    const deliveries = await db.reminderDelivery.findMany({ where: { eventId: event.id } });
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((d) => d.sentAt)).toBe(true);

    // Later passes (a restart) find nothing new: nor a chase the day-before mail stood in for.
    expect((await runReminderPass()).sent).toBe(0);
    expect(readOutbox().filter((m) => m.subject.includes("Tomorrow Gig"))).toHaveLength(2);
  }, 60_000);

  test("a band that changes its zone after the day-before mail went sends no second one (the event's local day moved, the event did not)", async () => {
    const w = await world();
    const event = await eventWith(w.band.id, { title: "Zone Gig", startsAt: tomorrowAt(20), endsAt: tomorrowAt(23), booked: [w.band.membershipOf(w.ana.id)] });
    const now = tomorrowAt(12);
    expect((await runReminderPass(now)).sent).toBe(1);
    // 20:00 in Berlin is the next morning in Kiritimati (UTC+14): the event's day is a day later there.
    await db.band.update({ where: { id: w.band.id }, data: { timeZone: "Pacific/Kiritimati" } });
    expect(dayOf(event.startsAt, "Pacific/Kiritimati")).not.toBe(dayOf(event.startsAt, "Europe/Berlin"));
    expect((await runReminderPass(now)).sent).toBe(0);
    expect(readOutbox().filter((m) => m.to === w.ana.email && m.subject.includes("Zone Gig"))).toHaveLength(1);
  }, 60_000);

  test("a day-before mail sent on the day itself (an event made that morning, a server down overnight) says today, not tomorrow", async () => {
    const w = await world();
    // 20:00 in Berlin on May 10; the pass runs at 08:00 that day, then one runs the day before for another event.
    const event = await eventWith(w.band.id, { title: "Same Day Gig", startsAt: new Date("2031-05-10T18:00:00Z"), booked: [w.band.membershipOf(w.ana.id)] });
    await db.rsvp.create({ data: { bookingId: event.bookings[0]!.id, answer: "going" } });
    const pass = await runReminderPass(new Date("2031-05-10T06:00:00Z"));
    expect(pass).toEqual({ sent: 1, due: 1, before: 0 });
    const [mail] = readOutbox().filter((m) => m.subject.includes("Same Day Gig"));
    expect(mail!.subject).toBe("Today: Same Day Gig, 8:00 PM CEST");
    expect(mail!.text).toContain("Same Day Gig (Reminder Band) is today, Sat, May 10, 2031, 8:00 PM CEST.");
    expect(await runReminderPass(new Date("2031-05-10T06:05:00Z"))).toEqual({ sent: 0, due: 0, before: 1 });

    await eventWith(w.band.id, { title: "Next Day Gig", startsAt: new Date("2031-06-10T18:00:00Z"), booked: [w.band.membershipOf(w.ana.id)] });
    await runReminderPass(new Date("2031-06-09T18:00:00Z"));
    expect(readOutbox().find((m) => m.subject.includes("Next Day Gig"))!.subject).toMatch(/^Tomorrow: Next Day Gig/);
  });

  test("a person who turned a kind off gets none of it; every mail has its one-click unsubscribe link", async () => {
    const w = await world();
    await eventWith(w.band.id, { title: "Soon Gig", startsAt: new Date(Date.now() + 30 * 3_600_000), booked: [w.band.membershipOf(w.ana.id), w.band.membershipOf(w.nick.id)] });
    await setReminderPreference(w.ana.id, "day-before", false);
    await runReminderPass();
    const mails = readOutbox().filter((m) => m.subject.includes("Soon Gig")) as Array<{ to: string; subject: string; text: string; headers?: Record<string, string> }>;
    expect(mails.filter((m) => m.to === w.ana.email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Can you make it\?/)]);
    for (const mail of mails) {
      expect(mail.text).toMatch(/\/reminders\/unsubscribe\?token=/);
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
  });
});

describe("one mail per booking the day before, and nobody left unasked", () => {
  async function unansweredTomorrow(title: string) {
    const w = await world();
    const event = await eventWith(w.band.id, { title, startsAt: tomorrowAt(19), booked: [w.band.membershipOf(w.nick.id)] });
    return { w, event, booking: event.bookings[0]! };
  }
  const subjects = (title: string, to: string) => readOutbox().filter((m) => m.subject.includes(title) && m.to === to).map((m) => m.subject);

  test("a day-before mail that could not be sent leaves the chase to ask", async () => {
    const { w, event, booking } = await unansweredTomorrow("Failed Gig");
    // Claimed earlier, but the mail server refused it.
    await db.reminderDelivery.create({ data: { kind: "day-before", eventId: event.id, bookingId: booking.id, userId: w.nick.id, dueOn: (await import("~/features/availability/local-day")).dayOf(event.startsAt, "Europe/Berlin"), error: "SMTP down" } });
    await runReminderPass();
    expect(subjects("Failed Gig", w.nick.email)).toEqual([expect.stringMatching(/^Can you make it\?/)]);
  });

  test("a day-before mail another pass is sending right now stands in for the chase (two passes at once sent both)", async () => {
    const { w, event, booking } = await unansweredTomorrow("Racing Gig");
    const dueOn = (await import("~/features/availability/local-day")).dayOf(event.startsAt, "Europe/Berlin");
    // Claimed a moment ago by another pass, not sent yet.
    const claim = await db.reminderDelivery.create({ data: { kind: "day-before", eventId: event.id, bookingId: booking.id, userId: w.nick.id, dueOn } });
    await runReminderPass();
    expect(subjects("Racing Gig", w.nick.email)).toEqual([]);
    // A claim whose process stopped before sending (unsent for long) asks no more: the chase goes.
    await db.reminderDelivery.update({ where: { id: claim.id }, data: { claimedAt: new Date(Date.now() - 60 * 60_000) } });
    await runReminderPass();
    expect(subjects("Racing Gig", w.nick.email)).toEqual([expect.stringMatching(/^Can you make it\?/)]);
  });

  test("booked again after the day-before mail went: the new booking is chased", async () => {
    const { w, event, booking } = await unansweredTomorrow("Rebooked Gig");
    await runReminderPass();
    expect(subjects("Rebooked Gig", w.nick.email)).toEqual([expect.stringMatching(/^Tomorrow: Rebooked Gig/)]);
    // Taken off the lineup and booked again: a new booking, never asked.
    await db.eventBooking.delete({ where: { id: booking.id } });
    await db.eventBooking.create({ data: { eventId: event.id, membershipId: w.band.membershipOf(w.nick.id) } });
    await runReminderPass();
    expect(subjects("Rebooked Gig", w.nick.email)).toEqual([expect.stringMatching(/^Tomorrow: Rebooked Gig/), expect.stringMatching(/^Can you make it\?/)]);
  });

  test("after the answer deadline no more chases, and the day-before mail still asks: a late answer counts", async () => {
    const w = await world();
    const deadline = new Date(Date.now() - 3_600_000);
    await eventWith(w.band.id, { title: "Late Gig", startsAt: tomorrowAt(19), booked: [w.band.membershipOf(w.nick.id)], rsvpDeadline: deadline });
    await runReminderPass();
    const mails = readOutbox().filter((m) => m.subject.includes("Late Gig"));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Tomorrow: Late Gig/)]);
    expect(mails[0]!.text).toContain("You haven't said yet whether you can make it. The deadline for answers has passed, but your answer still counts: please answer today.");
    expect(mails[0]!.text).toMatch(/Answer going, maybe or can't make it: http/);
    // Booked after the deadline: no "last day to answer" for a day gone.
    expect(dueReminders(candidate({ startsAt: new Date(Date.now() + 5 * 86_400_000), rsvpDeadline: deadline, createdAt: new Date(Date.now() - 10 * 86_400_000) }), new Date()).map((r) => r.kind)).toEqual([]);
  });
});

describe("what a reminder says", () => {
  test("a hold says it is not confirmed yet, in the subject and the text", async () => {
    const w = await world();
    const event = await eventWith(w.band.id, { title: "Held Gig", startsAt: tomorrowAt(19), booked: [w.band.membershipOf(w.ana.id)] });
    await db.event.update({ where: { id: event.id }, data: { status: "tentative" } });
    await db.rsvp.create({ data: { bookingId: event.bookings[0]!.id, answer: "maybe" } });
    await runReminderPass();
    const [mail] = readOutbox().filter((m) => m.subject.includes("Held Gig"));
    expect(mail!.subject).toMatch(/^Tomorrow \(not confirmed yet\): Held Gig, /);
    expect(mail!.text).toContain("It's a hold, not confirmed yet.");
    // Answered: no ask, the details.
    expect(mail!.text).not.toContain("haven't said");
    expect(mail!.text).toMatch(/Details: http\S+\/events\/\d+/);
  });
});

describe("unsubscribe links", () => {
  async function linkFor(email: string, kindText: RegExp) {
    const mail = readOutbox().find((m) => m.to === email && kindText.test(m.subject))!;
    return new URL(/(http\S+\/reminders\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!);
  }

  test("GET shows what will stop and changes nothing; the button turns that kind off", async () => {
    const w = await world();
    await eventWith(w.band.id, { title: "Unsub Gig", startsAt: tomorrowAt(19), booked: [w.band.membershipOf(w.nick.id)] });
    await runReminderPass();
    const url = await linkFor(w.nick.email, /^Tomorrow/);
    const page = await callRoute(unsubscribeRoute.loader, buildRequest(url.pathname + url.search));
    expect(page.status).toBe(200);
    expect(await db.reminderPreference.count({ where: { userId: w.nick.id } })).toBe(0);

    const done = await callRoute(unsubscribeRoute.action, buildRequest(url.pathname + url.search, { form: { token: url.searchParams.get("token")! } }));
    expect(done.status).toBe(200);
    expect(await db.reminderPreference.findMany({ where: { userId: w.nick.id }, select: { kind: true, enabled: true } })).toEqual([{ kind: "day-before", enabled: false }]);
  });

  test("one-click (RFC 8058) POST from a mail app works cross-site without a session", async () => {
    const w = await world();
    // Booked four days ago on a gig in ten days: the "3 days after being booked" chase is due, whatever the time of day.
    const event = await eventWith(w.band.id, { title: "Oneclick Gig", startsAt: new Date(Date.now() + 10 * 86_400_000), booked: [w.band.membershipOf(w.nick.id)] });
    await db.eventBooking.updateMany({ where: { eventId: event.id }, data: { createdAt: new Date(Date.now() - 4 * 86_400_000) } });
    await runReminderPass();
    const url = await linkFor(w.nick.email, /^Can you make it/);
    const response = await callRoute(
      unsubscribeRoute.action,
      buildRequest(url.pathname + url.search, { form: { "List-Unsubscribe": "One-Click" }, headers: { "sec-fetch-site": "cross-site" } }),
    );
    expect(response.status).toBe(200);
    expect(await db.reminderPreference.findFirst({ where: { userId: w.nick.id, kind: "rsvp-chase" }, select: { enabled: true } })).toEqual({ enabled: false });
  });

  test("a forged or altered token is refused", async () => {
    const w = await world();
    const forged = Buffer.from(`${w.nick.id}:day-before`).toString("base64url") + ".bm90LWEtc2lnbmF0dXJl";
    for (const token of [forged, "garbage", ""]) {
      const response = await callRoute(unsubscribeRoute.action, buildRequest(`/reminders/unsubscribe?token=${token}`, { form: {} }));
      expect(response.status).toBe(404);
    }
    expect(await db.reminderPreference.count({ where: { userId: w.nick.id } })).toBe(0);
  });
});

describe("chase now", () => {
  test("a leader chases who hasn't answered, once a day each; a member may not", async () => {
    const w = await world();
    // The leader is booked too and has not answered: pressing Chase now mails the others, not them.
    const event = await eventWith(w.band.id, { title: "Chase Gig", startsAt: new Date(Date.now() + 20 * DAY), booked: [w.band.membershipOf(w.ana.id), w.band.membershipOf(w.nick.id), w.band.membershipOf(w.leader.id)] });
    await db.rsvp.create({ data: { bookingId: event.bookings.find((b) => b.membershipId === w.band.membershipOf(w.ana.id))!.id, answer: "maybe" } });
    const chase = (cookie: string) => callRoute(chaseApi.action, buildRequest(`/api/events/${event.id}/chase`, { method: "POST", cookie }), { id: String(event.id) });

    const first = await chase(w.leader.cookie);
    expect(first.status).toBe(200);
    expect(await body(first)).toEqual({ chased: ["Nick Noanswer"], alreadyToday: [], optedOut: [] });
    expect(readOutbox().filter((m) => m.to === w.nick.email).map((m) => m.subject)).toEqual(["Lena Leader asks: can you make Chase Gig?"]);
    expect(readOutbox().filter((m) => m.to === w.leader.email)).toEqual([]);
    expect(await body(await chase(w.leader.cookie))).toEqual({ chased: [], alreadyToday: ["Nick Noanswer"], optedOut: [] });
    expect(readOutbox().filter((m) => m.to === w.nick.email)).toHaveLength(1);

    expect((await chase(w.ana.cookie)).status).toBe(403);

    // Past the RSVP deadline answers still count, so the leader can still chase.
    const late = await eventWith(w.band.id, { title: "Late Chase Gig", startsAt: new Date(Date.now() + 5 * DAY), booked: [w.band.membershipOf(w.nick.id)], rsvpDeadline: new Date(Date.now() - DAY) });
    const after = await callRoute(chaseApi.action, buildRequest(`/api/events/${late.id}/chase`, { method: "POST", cookie: w.leader.cookie }), { id: String(late.id) });
    expect(await body(after)).toEqual({ chased: ["Nick Noanswer"], alreadyToday: [], optedOut: [] });
    expect(readOutbox().find((m) => m.subject === "Lena Leader asks: can you make Late Chase Gig?")!.text).toContain("The deadline for answers has passed, but your answer still counts");
  });

  test("the event page's button posts without JavaScript and comes back with a toast", async () => {
    const w = await world();
    const event = await eventWith(w.band.id, { title: "Form Chase Gig", startsAt: new Date(Date.now() + 20 * DAY), booked: [w.band.membershipOf(w.nick.id)] });
    const response = await callRoute(chasePage.action, buildRequest(`/events/${event.id}/chase`, { form: {}, cookie: w.leader.cookie }), { id: String(event.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/events/${event.id}`);
    expect(readOutbox().filter((m) => m.to === w.nick.email)).toHaveLength(1);
  });
});

/** `npm run reminders` in its own process against this test's database and outbox. */
function execPass() {
  const root = path.resolve(import.meta.dirname, "../..");
  return run(path.join(root, "node_modules/.bin/tsx"), ["scripts/reminders.ts"], { cwd: root, env: { ...process.env, NODE_ENV: "test" } });
}
