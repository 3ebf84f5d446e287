import { describe, expect, test } from "vitest";
import { db } from "~/utils/db.server";
import { checkConflicts, requireConflictsConfirmed } from "~/features/availability/conflicts.server";
import { RuleError } from "~/utils/rule-error";
import { buildRequest, callRoute, sessionCookieFor } from "#tests/db-utils";
import * as bandEventsApi from "~/routes/api+/bands.$id.events";
import { accessAs, bandWith, eventWith, person } from "./calendar-helpers";

const at = (iso: string) => new Date(iso);

async function world() {
  const leader = await person("Lena", "Leader");
  const member = await person("Max", "Drums");
  const sub = await person("Sue", "Sub");
  const band = await bandWith("Conflict Band", "Europe/Berlin", [
    { user: leader, role: "band_leader" },
    { user: member, role: "band_member" },
    { user: sub, role: "sub" },
  ]);
  const otherLeader = await person("Olga", "Other");
  const other = await bandWith("Secret Other Band", "America/New_York", [
    { user: otherLeader, role: "band_leader" },
    { user: member, role: "sub" },
  ]);
  return { leader, member, sub, band, other, otherLeader };
}

describe("checkConflicts", () => {
  test("another band's tour that began weeks before still makes its player busy (its band's longest event bounds the read)", async () => {
    const w = await world();
    const response = await callRoute(
      bandEventsApi.action,
      buildRequest(`/api/bands/${w.other.id}/events`, { method: "POST", cookie: await sessionCookieFor(w.otherLeader.id), json: { title: "Secret Tour", kind: "gig", allDay: true, date: "2030-04-02", endDate: "2030-05-11", lineup: [{ membershipId: w.other.membershipOf(w.member.id) }] } }),
      { id: String(w.other.id) },
    );
    expect(response.status).toBe(201);
    const input = { startsAt: at("2030-05-08T18:00:00Z"), endsAt: at("2030-05-08T21:00:00Z"), membershipIds: [w.band.membershipOf(w.member.id), w.band.membershipOf(w.sub.id)] };
    const conflicts = await checkConflicts(await accessAs(w.leader.id, w.band.id), input);
    expect(conflicts).toEqual([expect.objectContaining({ kind: "booked", name: "Max Drums", event: null, message: "Max Drums is busy at that time" })]);
    expect(JSON.stringify(conflicts)).not.toContain("Secret");
    // After the tour, no clash.
    expect(await checkConflicts(await accessAs(w.leader.id, w.band.id), { ...input, startsAt: at("2030-05-13T18:00:00Z"), endsAt: at("2030-05-13T21:00:00Z") })).toEqual([]);
  });

  test("two members of the same name, each busy in another band, are two warnings", async () => {
    const w = await world();
    // The sub is a second "Max Drums", busy in the other band at the same time as the first.
    await db.bandMembership.update({ where: { id: w.band.membershipOf(w.sub.id) }, data: { displayName: "Max Drums" } });
    const otherSub = await db.bandMembership.create({ data: { bandId: w.other.id, userId: w.sub.id, role: "sub" }, select: { id: true } });
    await eventWith(w.other.id, { title: "Secret Gig", startsAt: at("2030-06-08T18:00:00Z"), endsAt: at("2030-06-08T21:00:00Z"), booked: [w.other.membershipOf(w.member.id), otherSub.id] });
    const conflicts = await checkConflicts(await accessAs(w.leader.id, w.band.id), { startsAt: at("2030-06-08T19:00:00Z"), endsAt: at("2030-06-08T20:00:00Z"), membershipIds: [w.band.membershipOf(w.member.id), w.band.membershipOf(w.sub.id)] });
    expect(conflicts.map((c) => ["membershipId" in c ? c.membershipId : null, c.message])).toEqual([
      [w.band.membershipOf(w.member.id), "Max Drums is busy at that time"],
      [w.band.membershipOf(w.sub.id), "Max Drums is busy at that time"],
    ]);
  });

  test("a blackout on the event's local day warns with the person's name; the reason only for leaders and admins", async () => {
    const w = await world();
    // 23:30 UTC on Nov 19 is already Nov 20 in Berlin: the band's day is what counts.
    await db.blackout.create({ data: { userId: w.member.id, startDate: "2030-11-20", endDate: "2030-11-21", reason: "Hospital visit" } });
    const range = { startsAt: at("2030-11-19T23:30:00Z"), endsAt: at("2030-11-20T01:00:00Z"), membershipIds: [w.band.membershipOf(w.member.id), w.band.membershipOf(w.sub.id)] };

    const asLeader = await checkConflicts(await accessAs(w.leader.id, w.band.id), range);
    expect(asLeader).toEqual([expect.objectContaining({ kind: "blackout", name: "Max Drums", reason: "Hospital visit", message: "Max Drums has a blackout on Nov 20, 2030 – Nov 21, 2030 (Hospital visit)" })]);

    const asMember = await checkConflicts(await accessAs(w.member.id, w.band.id), range);
    expect(asMember).toHaveLength(1);
    expect(JSON.stringify(asMember)).not.toContain("Hospital");

    // 21:00 to 23:00 in Berlin on Nov 19: the day before the blackout, no clash.
    const earlier = { ...range, startsAt: at("2030-11-19T20:00:00Z"), endsAt: at("2030-11-19T22:00:00Z") };
    expect(await checkConflicts(await accessAs(w.leader.id, w.band.id), earlier)).toEqual([]);
  });

  test("a booking in the same band names the event; cancelled events and the edited event itself do not clash", async () => {
    const w = await world();
    const memberId = w.band.membershipOf(w.member.id);
    const rehearsal = await eventWith(w.band.id, { title: "Rehearsal at Studio 4", startsAt: at("2030-06-01T17:00:00Z"), endsAt: at("2030-06-01T20:00:00Z"), booked: [memberId] });
    await eventWith(w.band.id, { title: "Called off", startsAt: at("2030-06-01T17:00:00Z"), endsAt: at("2030-06-01T20:00:00Z"), booked: [memberId], cancelled: true });
    const access = await accessAs(w.leader.id, w.band.id);
    const input = { startsAt: at("2030-06-01T19:00:00Z"), endsAt: at("2030-06-01T23:00:00Z"), membershipIds: [memberId] };

    const conflicts = await checkConflicts(access, input);
    expect(conflicts).toEqual([expect.objectContaining({ kind: "booked", name: "Max Drums", event: expect.objectContaining({ id: rehearsal.id, title: "Rehearsal at Studio 4" }) })]);
    expect(await checkConflicts(access, { ...input, excludeEventId: rehearsal.id })).toEqual([]);
    // Back to back is no clash.
    expect(await checkConflicts(access, { ...input, startsAt: at("2030-06-01T20:00:00Z") })).toEqual([]);
    // An event without an end counts for three hours.
    expect(await checkConflicts(access, { startsAt: at("2030-06-01T15:00:00Z"), endsAt: null, membershipIds: [memberId] })).toHaveLength(1);
  });

  test("cross-band: another band's event shows only as busy and reveals nothing of that band", async () => {
    const w = await world();
    const gig = await eventWith(w.other.id, {
      title: "Top Secret Wedding Gig",
      startsAt: at("2030-07-04T22:00:00Z"),
      endsAt: at("2030-07-05T02:00:00Z"),
      booked: [w.other.membershipOf(w.member.id)],
    });
    await eventWith(w.other.id, { title: "Another Secret Gig", startsAt: at("2030-07-04T23:00:00Z"), endsAt: at("2030-07-05T01:00:00Z"), booked: [w.other.membershipOf(w.member.id)] });
    const access = await accessAs(w.leader.id, w.band.id);
    const conflicts = await checkConflicts(access, { startsAt: at("2030-07-04T20:00:00Z"), endsAt: at("2030-07-04T23:00:00Z"), membershipIds: [w.band.membershipOf(w.member.id)] });

    // 22:00 to 01:00 in the band's Berlin; the other band's gigs begin after midnight there, so the line names that day.
    expect(conflicts).toEqual([{ kind: "booked", membershipId: w.band.membershipOf(w.member.id), name: "Max Drums", event: null, message: "Max Drums is busy on Jul 5, 2030 at that time" }]);
    const text = JSON.stringify(conflicts);
    // (The answer is spelt out above, to the letter: no id, no link, nothing else of the event.)
    for (const secret of ["Top Secret Wedding Gig", "Another Secret Gig", "Secret Other Band", `"id":${gig.id}`, "New_York", "22:00", "02:00"]) expect(text).not.toContain(secret);
  });

  test("people outside the band are ignored, not reported", async () => {
    const w = await world();
    const outsiderMembership = w.other.membershipOf(w.member.id);
    await db.blackout.create({ data: { userId: w.member.id, startDate: "2030-01-10", endDate: "2030-01-10" } });
    const conflicts = await checkConflicts(await accessAs(w.leader.id, w.band.id), { startsAt: at("2030-01-10T12:00:00Z"), endsAt: null, membershipIds: [outsiderMembership] });
    expect(conflicts).toEqual([]);
  });

  test("saving over a conflict needs the confirmation: first a 409 naming them, then it passes", async () => {
    const w = await world();
    await db.blackout.create({ data: { userId: w.sub.id, startDate: "2030-03-03", endDate: "2030-03-03" } });
    const access = await accessAs(w.leader.id, w.band.id);
    const input = { startsAt: at("2030-03-03T18:00:00Z"), endsAt: at("2030-03-03T21:00:00Z"), membershipIds: [w.band.membershipOf(w.sub.id)] };
    const refusal = await requireConflictsConfirmed(access, input, false).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RuleError);
    expect((refusal as RuleError).status).toBe(409);
    expect((refusal as RuleError).field).toBe("confirmConflicts");
    expect((refusal as RuleError).message).toContain("Sue Sub has a blackout on Mar 3, 2030");
    expect(await requireConflictsConfirmed(access, input, true)).toHaveLength(1);
  });
});
