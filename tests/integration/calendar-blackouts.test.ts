/**
 * Blackouts on the calendar (issue 7, "Blackouts and the viewer's own answer are visible
 * on each event"): each event in the month grid, the agenda and the event page says who
 * booked on it is blacked out; others' blackouts only for those who may see availability,
 * reasons only with "availability:reasons"; the viewer sees their own blackout days.
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import * as calendarPage from "~/routes/_app+/calendar";
import * as eventPage from "~/routes/_app+/events.$id";
import { body } from "./auth-helpers";
import { bandWith, eventWith, person } from "./calendar-helpers";

type Calendar = {
  events: { id: number; title: string; date: string; blackedOut: { count: string; names: string } | null }[];
  days: { key: string; blackout: { startDate: string; endDate: string; reason: string | null } | null }[];
  ownBlackoutsText: string;
};
type EventPage = { summary: string; blackedOut: number; lineup: { name: string; blackout: { when: string; reason: string | null } | null }[] };

async function world() {
  const leader = await person("Lena", "Leader");
  const drummer = await person("Dave", "Drums");
  const bassist = await person("Bea", "Bass");
  const member = await person("Mo", "Member");
  const sub = await person("Sid", "Sub");
  const band = await bandWith("Blackout Band", "Europe/London", [
    { user: leader, role: "band_leader" },
    { user: drummer, role: "band_member" },
    { user: bassist, role: "band_member" },
    { user: member, role: "band_member" },
    { user: sub, role: "sub" },
  ]);
  await db.blackout.create({ data: { userId: drummer.id, startDate: "2031-03-10", endDate: "2031-03-12", reason: "Surgery" } });
  await db.blackout.create({ data: { userId: sub.id, startDate: "2031-03-11", endDate: "2031-03-11", reason: "Wedding" } });
  // Mo's own blackout, on a day with no event.
  await db.blackout.create({ data: { userId: member.id, startDate: "2031-03-20", endDate: "2031-03-21", reason: "Holiday" } });
  const m = band.membershipOf;
  const gig = await eventWith(band.id, { title: "Blackout Gig", startsAt: new Date("2031-03-11T19:00:00Z"), endsAt: new Date("2031-03-11T22:00:00Z"), booked: [m(drummer.id), m(bassist.id), m(sub.id)] });
  const clear = await eventWith(band.id, { title: "Clear Gig", startsAt: new Date("2031-03-14T19:00:00Z"), booked: [m(drummer.id), m(bassist.id)] });
  return { leader, drummer, bassist, member, sub, band, gig, clear };
}

async function calendarAs(userId: string, bandId: number, cookie: string) {
  const response = await callRoute(calendarPage.loader, buildRequest("/calendar?month=2031-03", { cookie: `${cookie}; ${await bandCookie(bandId)}` }));
  expect(response.status).toBe(200);
  return body<Calendar>(response);
}

async function eventAs(cookie: string, bandId: number, eventId: number) {
  const response = await callRoute(eventPage.loader, buildRequest(`/events/${eventId}`, { cookie: `${cookie}; ${await bandCookie(bandId)}` }), { id: String(eventId) });
  expect(response.status).toBe(200);
  return body<EventPage>(response);
}

describe("blackouts on the calendar's events", () => {
  test("a leader sees on each event how many booked people are blacked out, with names and reasons", async () => {
    const w = await world();
    const month = await calendarAs(w.leader.id, w.band.id, w.leader.cookie);
    const gig = month.events.find((e) => e.id === w.gig.id)!;
    expect(gig.blackedOut).toEqual({ count: "2 blacked out", names: "Dave Drums (Surgery), Sid Sub (Wedding)" });
    expect(month.events.find((e) => e.id === w.clear.id)!.blackedOut).toBeNull();

    const page = await eventAs(w.leader.cookie, w.band.id, w.gig.id);
    expect(page.blackedOut).toBe(2);
    expect(page.lineup.find((row) => row.name === "Dave Drums")!.blackout).toEqual({ when: "Mar 10, 2031 – Mar 12, 2031", reason: "Surgery" });
    expect(page.lineup.find((row) => row.name === "Bea Bass")!.blackout).toBeNull();
  });

  test("a member sees the names but not the reasons; a sub sees only their own", async () => {
    const w = await world();
    const month = await calendarAs(w.member.id, w.band.id, w.member.cookie);
    expect(month.events.find((e) => e.id === w.gig.id)!.blackedOut).toEqual({ count: "2 blacked out", names: "Dave Drums, Sid Sub" });
    const page = await eventAs(w.member.cookie, w.band.id, w.gig.id);
    expect(page.lineup.find((row) => row.name === "Dave Drums")!.blackout).toEqual({ when: "Mar 10, 2031 – Mar 12, 2031", reason: null });

    const subMonth = await calendarAs(w.sub.id, w.band.id, w.sub.cookie);
    expect(subMonth.events.map((e) => e.title)).toEqual(["Blackout Gig"]);
    expect(subMonth.events[0]!.blackedOut).toEqual({ count: "1 blacked out", names: "you (Wedding)" });
    const subPage = await eventAs(w.sub.cookie, w.band.id, w.gig.id);
    expect(subPage.lineup.filter((row) => row.blackout).map((row) => row.name)).toEqual(["Sid Sub"]);
    expect(JSON.stringify(subMonth)).not.toContain("Surgery");
    expect(JSON.stringify(subPage)).not.toContain("Surgery");
  });

  test("the viewer's own blackout days show on the grid and above the agenda", async () => {
    const w = await world();
    const month = await calendarAs(w.member.id, w.band.id, w.member.cookie);
    expect(month.days.filter((d) => d.blackout).map((d) => d.key)).toEqual(["2031-03-20", "2031-03-21"]);
    expect(month.ownBlackoutsText).toBe("Mar 20, 2031 – Mar 21, 2031 (Holiday)");
    // Another member's blackout is not the viewer's.
    const leaderMonth = await calendarAs(w.leader.id, w.band.id, w.leader.cookie);
    expect(leaderMonth.days.filter((d) => d.blackout)).toEqual([]);
    expect(leaderMonth.ownBlackoutsText).toBe("");
  });

  test("an all-day event of several days gives the agenda (a phone's only view) all its days", async () => {
    const w = await world();
    const festival = await eventWith(w.band.id, { title: "Festival weekend", allDay: true, startsAt: new Date("2031-03-14T00:00:00Z"), endsAt: new Date("2031-03-17T00:00:00Z") });
    const month = await calendarAs(w.leader.id, w.band.id, w.leader.cookie);
    const shown = month.events.find((event) => event.id === festival.id)!;
    expect(shown.date).toBe("Mar 14, 2031 – Mar 16, 2031");
    expect(month.events.find((event) => event.title === "Blackout Gig")!.date).toBe("Mar 11, 2031");
  });
});
