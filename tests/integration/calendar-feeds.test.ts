import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { regenerateFeedToken, revokeFeedTokens } from "~/features/calendar-feeds/feeds.server";
import * as downloadRoute from "~/routes/_app+/calendar_.download[.]ics";
import * as feedRoute from "~/routes/feeds+/$token";
import * as profileCalendar from "~/routes/_app+/profile_.calendar";
import { bandWith, eventWith, person } from "./calendar-helpers";

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue("status"),
      stamp: vevent.getFirstPropertyValue("dtstamp"),
    };
  });
}

async function world() {
  const leader = await person("Lena", "Leader");
  const sub = await person("Sue", "Sub");
  const band = await bandWith("Feed Band; with, commas", "Europe/Berlin", [
    { user: leader, role: "band_leader" },
    { user: sub, role: "sub" },
  ]);
  // Berlin moves to summer time on Mar 31, 2030: 19:30 local is 18:30Z before and 17:30Z after.
  const before = await eventWith(band.id, { title: "Before DST, Rehearsal; \"quoted\"", kind: "rehearsal", startsAt: new Date("2030-03-29T18:30:00Z"), endsAt: new Date("2030-03-29T21:00:00Z") });
  const after = await eventWith(band.id, { title: "After DST gig", startsAt: new Date("2030-04-02T17:30:00Z"), endsAt: new Date("2030-04-02T20:00:00Z"), booked: [band.membershipOf(sub.id)] });
  await db.event.update({ where: { id: after.id }, data: { status: "tentative", sequence: 3 } });
  const cancelled = await eventWith(band.id, { title: "Called off", startsAt: new Date("2030-04-05T18:00:00Z"), cancelled: true });
  // An all-day festival on Apr 6-7 in Berlin: local midnights are 22:00Z the day before.
  const festival = await eventWith(band.id, { title: "Festival weekend", allDay: true, startsAt: new Date("2030-04-05T22:00:00Z"), endsAt: new Date("2030-04-07T22:00:00Z") });
  return { leader, sub, band, before, after, cancelled, festival };
}

async function download(userId: string, cookie: string, bandId: number) {
  const response = await callRoute(downloadRoute.loader, buildRequest("/calendar/download.ics", { cookie: `${cookie}; ${await bandCookie(bandId)}` }));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/attachment; filename=".*\.ics"/);
  return { text: await response.text(), userId };
}

describe("Download calendar", () => {
  test("valid RFC 5545 that ical.js parses: stable UIDs, DTSTAMP, SEQUENCE, statuses, times that round-trip across the DST change", async () => {
    const w = await world();
    const { text } = await download(w.leader.id, w.leader.cookie, w.band.id);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const events = parse(text);
    const byUid = new Map(events.map((e) => [e.uid, e]));

    const before = byUid.get(`event-${w.before.id}@bandroom`)!;
    expect(before.summary).toBe("Before DST, Rehearsal; \"quoted\"");
    expect(before.start.toJSDate().toISOString()).toBe("2030-03-29T18:30:00.000Z");
    expect(before.end.toJSDate().toISOString()).toBe("2030-03-29T21:00:00.000Z");
    expect(before.stamp).toBeTruthy();
    const after = byUid.get(`event-${w.after.id}@bandroom`)!;
    expect(after.start.toJSDate().toISOString()).toBe("2030-04-02T17:30:00.000Z");
    // Both at 19:30 on the band's wall clock.
    for (const event of [before, after]) {
      expect(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(event.start.toJSDate())).toBe("19:30");
    }
    expect(after.sequence).toBe(3);
    expect(after.status).toBe("TENTATIVE");
    expect(byUid.get(`event-${w.cancelled.id}@bandroom`)!.status).toBe("CANCELLED");

    const festival = byUid.get(`event-${w.festival.id}@bandroom`)!;
    expect(festival.start.isDate).toBe(true);
    expect(festival.start.toString()).toBe("2030-04-06");
    expect(festival.end.toString()).toBe("2030-04-08");

    // The same file twice: the same UIDs (calendar apps update rather than duplicate).
    const again = parse((await download(w.leader.id, w.leader.cookie, w.band.id)).text);
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
    expect(await db.analyticsEvent.count({ where: { name: "download_calendar", userId: w.leader.id } })).toBe(2);
  });

  test("a sub's download holds only the events they are booked on", async () => {
    const w = await world();
    const events = parse((await download(w.sub.id, w.sub.cookie, w.band.id)).text);
    expect(events.map((e) => e.uid)).toEqual([`event-${w.after.id}@bandroom`]);
  });
});

describe("private subscription feed", () => {
  const fetchFeed = (token: string) => callRoute(feedRoute.loader, buildRequest(`/feeds/${token}.ics`), { token: `${token}.ics` });

  test("holds every band's events the person may see and, when asked, their blackouts; revoked or unknown is 404", async () => {
    const w = await world();
    const otherLeader = await person("Olga", "Other");
    const other = await bandWith("Second Band", "America/New_York", [
      { user: otherLeader, role: "band_leader" },
      { user: w.sub, role: "band_member" },
    ]);
    const otherGig = await eventWith(other.id, { title: "Second band gig", startsAt: new Date("2030-05-01T23:00:00Z") });
    await db.blackout.create({ data: { userId: w.sub.id, startDate: "2030-06-01", endDate: "2030-06-03", reason: "Holiday" } });

    const token = await regenerateFeedToken(w.sub.id, true);
    const response = await fetchFeed(token);
    expect(response.status).toBe(200);
    const events = parse(await response.text());
    const uids = events.map((e) => e.uid);
    expect(uids.filter((uid) => uid.startsWith("event-")).sort()).toEqual([`event-${w.after.id}@bandroom`, `event-${otherGig.id}@bandroom`].sort());
    expect(uids.filter((uid) => uid.startsWith("blackout-"))).toHaveLength(1);
    expect(events.find((e) => e.uid === `event-${otherGig.id}@bandroom`)!.summary).toBe("Second band gig (Second Band)");
    const blackout = events.find((e) => e.uid.startsWith("blackout-"))!;
    expect([blackout.start.toString(), blackout.end.toString()]).toEqual(["2030-06-01", "2030-06-04"]);
    expect(events.some((e) => e.summary.includes("Before DST"))).toBe(false);

    // Regenerating: the old address stops working, the new one works.
    const second = await regenerateFeedToken(w.sub.id, false);
    expect((await fetchFeed(token)).status).toBe(404);
    const withoutBlackouts = parse(await (await fetchFeed(second)).text());
    expect(withoutBlackouts.some((e) => e.uid.startsWith("blackout-"))).toBe(false);

    await revokeFeedTokens(w.sub.id);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await fetchFeed("not-a-real-token")).status).toBe(404);
  });

  test("from the profile page without JavaScript: make an address (shown once), then turn it off", async () => {
    const w = await world();
    const made = await callRoute(profileCalendar.action, buildRequest("/profile/calendar", { cookie: w.leader.cookie, form: { intent: "feed-create" } }));
    expect(made.status).toBe(200);
    const { feedUrl } = (await made.json()) as { feedUrl: string };
    const token = /\/feeds\/(.+)\.ics$/.exec(feedUrl)![1]!;
    expect((await fetchFeed(token)).status).toBe(200);
    expect(await db.calendarFeedToken.count({ where: { tokenHash: token } })).toBe(0);

    const off = await callRoute(profileCalendar.action, buildRequest("/profile/calendar", { cookie: w.leader.cookie, form: { intent: "feed-revoke" } }));
    expect(off.status).toBe(302);
    expect((await fetchFeed(token)).status).toBe(404);
  });
});
