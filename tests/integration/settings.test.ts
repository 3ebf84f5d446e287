/**
 * /settings: band details for everyone in the band, edits for leaders and admins,
 * deleting the band for leaders only. Driven like a browser without JavaScript.
 */
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { recordTestMoney } from "#tests/helpers/finances";
import { db } from "~/utils/db.server";
import { currentZoneName } from "~/features/bands/time-zone-names";
import { action, loader } from "~/routes/_app+/settings";
import { body, clearsCookie, cookiePair, CROSS_SITE, expectNotInBand, expectRedirect, toastOf } from "./auth-helpers";

type FormReply = { intent: string; result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
type SettingsData = {
  bandId: number;
  band: { name: string; timeZone: string; currency: string; plan: string };
  canEdit: boolean;
  canDelete: boolean;
  editorsNote: string;
  currencyLabel: string;
  options: { timeZones: string[]; currencies: { code: string; label: string }[]; moneyRecorded: boolean } | null;
};


/** A band with one member of every role, and a cookie per role with it as current band. */
async function bandWithEveryRole(name = "The Late Shift") {
  const leader = await createUser({ firstName: "Zoe", lastName: "Leader" });
  const admin = await createUser({ firstName: "Adam", lastName: "Admin" });
  const member = await createUser({ firstName: "Bea", lastName: "Member" });
  const sub = await createUser({ firstName: "Cy", lastName: "Sub" });
  const band = await createBand({
    name,
    members: [
      { userId: leader.id, role: "band_leader" },
      { userId: admin.id, role: "band_admin" },
      { userId: member.id, role: "band_member" },
      { userId: sub.id, role: "sub" },
    ],
  });
  const current = await bandCookie(band.id);
  const cookieOf = async (userId: string) => `${await sessionCookieFor(userId)}; ${current}`;
  return {
    band,
    users: { leader, admin, member, sub },
    cookies: {
      leader: await cookieOf(leader.id),
      admin: await cookieOf(admin.id),
      member: await cookieOf(member.id),
      sub: await cookieOf(sub.id),
    },
  };
}

async function page(cookie: string) {
  const response = await callRoute(loader, buildRequest("/settings", { cookie }));
  expect(response.status).toBe(200);
  return body<SettingsData>(response);
}

function post(cookie: string, form: Record<string, string>, headers?: Record<string, string>) {
  return callRoute(action, buildRequest("/settings", { cookie, form, headers }));
}

const validSettings = (bandId: number, overrides: Record<string, string> = {}) => ({
  intent: "update-band",
  bandId: String(bandId),
  name: "The Early Shift",
  timeZone: "Europe/Berlin",
  currency: "EUR",
  ...overrides,
});

const bandRow = (id: number) => db.band.findUnique({ where: { id }, select: { name: true, timeZone: true, currency: true } });

describe("/settings loader", () => {
  test("leaders and admins get the form with every IANA zone and every ISO currency in use; USD and UTC by default", async () => {
    const { cookies } = await bandWithEveryRole();
    for (const cookie of [cookies.leader, cookies.admin]) {
      const data = await page(cookie);
      expect(data.canEdit).toBe(true);
      expect(data.band).toMatchObject({ timeZone: "UTC", currency: "USD" });
      expect(data.options!.timeZones[0]).toBe("UTC");
      // Every zone Intl knows, each by its current IANA name: ICU still says Asia/Calcutta.
      const zones = data.options!.timeZones;
      expect(zones).toEqual(expect.arrayContaining(Intl.supportedValuesOf("timeZone").map(currentZoneName)));
      expect(zones).toEqual(expect.arrayContaining(["Asia/Kolkata", "Europe/Kyiv", "America/Nuuk", "Asia/Ho_Chi_Minh"]));
      expect(zones).not.toContain("Asia/Calcutta");
      expect(new Set(zones).size).toBe(zones.length);
      // Every currency Intl knows but those no band is paid in (units of account, replaced currencies).
      const offered = data.options!.currencies.map((option) => option.code);
      expect(offered).toEqual(Intl.supportedValuesOf("currency").filter((code) => !["XDR", "XSU", "HRK", "SLL", "ZWL", "ANG", "CUC"].includes(code)));
      expect(offered).toEqual(expect.arrayContaining(["USD", "EUR", "JPY", "XOF"]));
      expect(data.options!.currencies.find((option) => option.code === "EUR")!.label).toBe("EUR · Euro");
      expect(data.options!.moneyRecorded).toBe(false);
    }
    expect((await page(cookies.leader)).canDelete).toBe(true);
    expect((await page(cookies.admin)).canDelete).toBe(false);
  });

  test("members and subs see the values read-only, with who can change them", async () => {
    const { cookies } = await bandWithEveryRole();
    for (const cookie of [cookies.member, cookies.sub]) {
      const data = await page(cookie);
      expect(data.canEdit).toBe(false);
      expect(data.canDelete).toBe(false);
      expect(data.options).toBeNull();
      expect(data.currencyLabel).toBe("USD · US Dollar");
      expect(data.editorsNote).toBe("Only a Band Leader or Band Admin can change these (Zoe Leader, Adam Admin).");
    }
  });
});

describe("saving band settings", () => {
  test("a leader renames the band and sets its time zone and currency", async () => {
    const { band, cookies } = await bandWithEveryRole();
    const response = await post(cookies.leader, validSettings(band.id, { name: "  The Early Shift  " }));
    expectRedirect(response, "/settings");
    expect(await toastOf(response)).toEqual({ title: "Settings saved", description: "The Early Shift is up to date.", type: "default" });
    expect(await bandRow(band.id)).toEqual({ name: "The Early Shift", timeZone: "Europe/Berlin", currency: "EUR" });
  });

  test("a new time zone keeps all-day events and answer deadlines on their dates; a timed event keeps its moment", async () => {
    const { band, cookies } = await bandWithEveryRole();
    await db.band.update({ where: { id: band.id }, data: { timeZone: "America/Chicago" } });
    // Jan 15–17, 2027 in Chicago (midnights, the end exclusive), and a gig at 20:00 Chicago time on Jan 20.
    const festival = await db.event.create({ data: { bandId: band.id, title: "Festival weekend", kind: "gig", allDay: true, startsAt: new Date("2027-01-15T06:00:00Z"), endsAt: new Date("2027-01-18T06:00:00Z") } });
    // Its answers are due by the end of Jan 16 in Chicago (the next midnight, exclusive).
    const gig = await db.event.create({ data: { bandId: band.id, title: "Club gig", kind: "gig", startsAt: new Date("2027-01-21T02:00:00Z"), endsAt: new Date("2027-01-21T04:00:00Z"), rsvpDeadline: new Date("2027-01-17T06:00:00Z") } });
    expectRedirect(await post(cookies.leader, validSettings(band.id, { timeZone: "Europe/Berlin" })), "/settings");
    // The deadline is a date, kept: the end of Jan 16 in Berlin now (it would read Jan 17 there).
    expect((await db.event.findUniqueOrThrow({ where: { id: gig.id }, select: { rsvpDeadline: true } })).rsvpDeadline).toEqual(new Date("2027-01-16T23:00:00Z"));
    // Midnights in Berlin now: the same three days.
    expect(await db.event.findUniqueOrThrow({ where: { id: festival.id }, select: { startsAt: true, endsAt: true } })).toEqual({ startsAt: new Date("2027-01-14T23:00:00Z"), endsAt: new Date("2027-01-17T23:00:00Z") });
    expect((await db.event.findUniqueOrThrow({ where: { id: gig.id }, select: { startsAt: true } })).startsAt).toEqual(new Date("2027-01-21T02:00:00Z"));
    // Saving again with the same zone moves nothing.
    const version = (await db.band.findUniqueOrThrow({ where: { id: band.id }, select: { settingsVersion: true } })).settingsVersion;
    expectRedirect(await post(cookies.leader, validSettings(band.id, { timeZone: "Europe/Berlin", settingsVersion: String(version) })), "/settings");
    expect((await db.event.findUniqueOrThrow({ where: { id: festival.id }, select: { startsAt: true } })).startsAt).toEqual(new Date("2027-01-14T23:00:00Z"));
    // Nor is it a change: another leader's form opened before it is still current.
    expect((await db.band.findUniqueOrThrow({ where: { id: band.id }, select: { settingsVersion: true } })).settingsVersion).toBe(version);

    // A deadline on the event's own day, where the new zone puts the event on the day before
    // (01:30 on Jan 21 in Berlin is 19:30 on Jan 20 in Chicago): it becomes that day, not after it.
    const early = await db.event.create({ data: { bandId: band.id, title: "Early gig", kind: "gig", startsAt: new Date("2027-01-21T00:30:00Z"), rsvpDeadline: new Date("2027-01-21T23:00:00Z") } });
    const now = (await db.band.findUniqueOrThrow({ where: { id: band.id }, select: { settingsVersion: true } })).settingsVersion;
    expectRedirect(await post(cookies.leader, validSettings(band.id, { timeZone: "America/Chicago", settingsVersion: String(now) })), "/settings");
    // The end of Jan 20 in Chicago.
    expect((await db.event.findUniqueOrThrow({ where: { id: early.id }, select: { rsvpDeadline: true } })).rsvpDeadline).toEqual(new Date("2027-01-21T06:00:00Z"));
  });

  test("a new time zone moves all-day days and deadlines by date, also from a zone that skips midnight", async () => {
    const { band, cookies } = await bandWithEveryRole();
    await db.band.update({ where: { id: band.id }, data: { timeZone: "America/Santiago" } });
    // Santiago skips midnight into summer time: Sep 6, 2026 starts at 01:00 (-03), the same
    // instant as 00:00 (-04) would have been. An all-day event on Sep 5 ends there.
    const day = await db.event.create({ data: { bandId: band.id, title: "Street fair", kind: "other", allDay: true, startsAt: new Date("2026-09-05T04:00:00Z"), endsAt: new Date("2026-09-06T04:00:00Z") } });
    // Answers due by the end of Sep 4, 2027: Sep 5, 2027 starts at 01:00 (-03) too.
    const gig = await db.event.create({ data: { bandId: band.id, title: "Club gig", kind: "gig", startsAt: new Date("2027-09-10T23:00:00Z"), rsvpDeadline: new Date("2027-09-05T04:00:00Z") } });
    expectRedirect(await post(cookies.leader, validSettings(band.id, { timeZone: "UTC" })), "/settings");
    // Still one day, Sep 5, midnight to midnight in UTC (read as a clock, 01:00 made it end on Sep 6 at 01:00: two days).
    expect(await db.event.findUniqueOrThrow({ where: { id: day.id }, select: { startsAt: true, endsAt: true } })).toEqual({ startsAt: new Date("2026-09-05T00:00:00Z"), endsAt: new Date("2026-09-06T00:00:00Z") });
    // Still the end of Sep 4 (not an hour into Sep 5, when the page read "Answer by Sep 5").
    expect((await db.event.findUniqueOrThrow({ where: { id: gig.id }, select: { rsvpDeadline: true } })).rsvpDeadline).toEqual(new Date("2027-09-05T00:00:00Z"));
  });

  test("an admin may edit the settings too", async () => {
    const { band, cookies } = await bandWithEveryRole();
    expectRedirect(await post(cookies.admin, validSettings(band.id, { timeZone: "America/Argentina/Salta" })), "/settings");
    expect((await bandRow(band.id))!.timeZone).toBe("America/Argentina/Salta");
  });

  test("without a bandId the form acts on the current band", async () => {
    const { band, cookies } = await bandWithEveryRole();
    const { bandId: _bandId, ...form } = validSettings(band.id);
    expectRedirect(await post(cookies.leader, form), "/settings");
    expect((await bandRow(band.id))!.name).toBe("The Early Shift");
  });

  test("a band member or sub gets 403 and nothing changes", async () => {
    const { band, cookies } = await bandWithEveryRole();
    for (const cookie of [cookies.member, cookies.sub]) {
      const response = await post(cookie, validSettings(band.id));
      expect(response.status).toBe(403);
    }
    expect(await bandRow(band.id)).toEqual({ name: "The Late Shift", timeZone: "UTC", currency: "USD" });
  });

  test("another band's settings are out of reach: nothing changed, home with a message naming no band", async () => {
    const { cookies } = await bandWithEveryRole();
    const stranger = await createUser();
    const theirs = await createBand({ name: "Theirs", members: [{ userId: stranger.id, role: "band_leader" }] });
    await expectNotInBand(await post(cookies.leader, validSettings(theirs.id)));
    await expectNotInBand(await post(cookies.leader, { ...validSettings(theirs.id), intent: "delete-band", confirmName: "Theirs" }));
    expect((await bandRow(theirs.id))!.name).toBe("Theirs");
  });

  test("the band name follows the create rules and messages", async () => {
    const { band, cookies } = await bandWithEveryRole();
    for (const [name, message] of [
      ["", "Band name is required"],
      ["   ", "Band name is required"],
      ["x".repeat(51), "Band name is too long"],
    ]) {
      const response = await post(cookies.leader, validSettings(band.id, { name: name! }));
      expect(response.status).toBe(400);
      const reply = await body<FormReply>(response);
      expect(reply.intent).toBe("update-band");
      expect(reply.result.error?.name).toEqual([message]);
    }
    expectRedirect(await post(cookies.leader, validSettings(band.id, { name: "x".repeat(50) })), "/settings");
  });

  test("two people save the settings from the same page: the later save, made from the older version, is refused and undoes nothing", async () => {
    const { band, cookies } = await bandWithEveryRole();
    const opened = ((await page(cookies.leader)) as unknown as { version: number }).version;
    expect(((await page(cookies.admin)) as unknown as { version: number }).version).toBe(opened);
    // The admin renames the band first.
    expectRedirect(await post(cookies.admin, validSettings(band.id, { name: "The Late Shift Band", timeZone: "UTC", currency: "USD", settingsVersion: String(opened) })), "/settings");
    // The leader, on the page opened before, changes the zone only: sent as it stands, the old name would come back.
    const stale = await post(cookies.leader, validSettings(band.id, { name: "The Late Shift", timeZone: "America/New_York", currency: "USD", settingsVersion: String(opened) }));
    expect(stale.status).toBe(409);
    const reply = await body<FormReply>(stale);
    expect(reply.result.error?.[""]).toEqual(["Someone else changed the band's settings while you were editing. Here they are as saved now; make your change again."]);
    expect(await bandRow(band.id)).toEqual({ name: "The Late Shift Band", timeZone: "UTC", currency: "USD" });
    // The page now holds the saved values and the new version: saving from it works.
    const fresh = (await page(cookies.leader)) as unknown as { version: number; band: { name: string } };
    expect(fresh).toMatchObject({ version: opened + 1, band: { name: "The Late Shift Band" } });
    expectRedirect(await post(cookies.leader, validSettings(band.id, { name: "The Late Shift Band", timeZone: "America/New_York", currency: "USD", settingsVersion: String(fresh.version) })), "/settings");
    expect(await bandRow(band.id)).toEqual({ name: "The Late Shift Band", timeZone: "America/New_York", currency: "USD" });
    // A version that is not one (a tampered form) is refused as stale, not a pass.
    for (const settingsVersion of ["abc", "-1", "0", "1.5"]) {
      const tampered = await post(cookies.leader, validSettings(band.id, { name: "Renamed By Hand", timeZone: "UTC", currency: "USD", settingsVersion }));
      expect(tampered.status, settingsVersion).toBe(409);
    }
    expect(await bandRow(band.id)).toEqual({ name: "The Late Shift Band", timeZone: "America/New_York", currency: "USD" });
  });

  test("a time zone or currency outside the lists is refused", async () => {
    const { band, cookies } = await bandWithEveryRole();
    const response = await post(cookies.leader, validSettings(band.id, { timeZone: "Mars/Olympus_Mons", currency: "XYZ" }));
    expect(response.status).toBe(400);
    const reply = await body<FormReply>(response);
    expect(reply.result.error?.timeZone).toEqual(["Choose a time zone from the list"]);
    expect(reply.result.error?.currency).toEqual(["Choose a currency from the list"]);
    // Codes Intl knows that no band is paid in (a unit of account, a currency since replaced) are not offered.
    for (const currency of ["XDR", "HRK"]) {
      expect((await body<FormReply>(await post(cookies.leader, validSettings(band.id, { currency })))).result.error?.currency).toEqual(["Choose a currency from the list"]);
    }
    const missing = await body<FormReply>(await post(cookies.leader, { intent: "update-band", bandId: String(band.id), name: "Ok" }));
    expect(missing.result.error?.timeZone).toEqual(["Choose a time zone from the list"]);
    expect(await bandRow(band.id)).toEqual({ name: "The Late Shift", timeZone: "UTC", currency: "USD" });
  });

  test("a renamed zone is chosen by its current name; its old name is taken and saved as the current one", async () => {
    const { band, cookies } = await bandWithEveryRole();
    expectRedirect(await post(cookies.leader, validSettings(band.id, { timeZone: "Asia/Kolkata" })), "/settings");
    expect((await bandRow(band.id))!.timeZone).toBe("Asia/Kolkata");
    expectRedirect(await post(cookies.leader, validSettings(band.id, { timeZone: "Europe/Kiev" })), "/settings");
    expect((await bandRow(band.id))!.timeZone).toBe("Europe/Kyiv");
    // A band saved under the old name before: the form shows the current one.
    await db.band.update({ where: { id: band.id }, data: { timeZone: "Asia/Calcutta" } });
    const data = await page(cookies.leader);
    expect(data.band.timeZone).toBe("Asia/Kolkata");
    expect(data.options!.timeZones.filter((zone) => zone.includes("Calcutta") || zone === "Asia/Kolkata")).toEqual(["Asia/Kolkata"]);
  });

  test("UTC, the default zone, can be kept and chosen again", async () => {
    const { band, cookies } = await bandWithEveryRole();
    await db.band.update({ where: { id: band.id }, data: { timeZone: "Asia/Tokyo" } });
    expectRedirect(await post(cookies.leader, validSettings(band.id, { timeZone: "UTC" })), "/settings");
    expect((await bandRow(band.id))!.timeZone).toBe("UTC");
  });

  test("the currency is locked once a payment or expense is recorded; the rest still saves", async () => {
    const { band, cookies } = await bandWithEveryRole();
    await recordTestMoney(band.id, "payment", 50_000);
    expect((await page(cookies.leader)).options!.moneyRecorded).toBe(true);

    const response = await post(cookies.leader, validSettings(band.id, { currency: "EUR" }));
    expect(response.status).toBe(400);
    // Said at the top of the form (a locked currency has no control to show it under), with what else was not saved.
    expect((await body<FormReply>(response)).result.error?.[""]).toEqual(["Nothing was saved: currency can't change once money is recorded, and this band has money recorded in USD. Save again to keep your other changes."]);
    expect(await bandRow(band.id)).toEqual({ name: "The Late Shift", timeZone: "UTC", currency: "USD" });

    expectRedirect(await post(cookies.leader, validSettings(band.id, { currency: "USD" })), "/settings");
    expect(await bandRow(band.id)).toEqual({ name: "The Early Shift", timeZone: "Europe/Berlin", currency: "USD" });
  });

  test("an expense locks it too", async () => {
    const { band, cookies } = await bandWithEveryRole();
    await recordTestMoney(band.id, "expense", 1_200, "Strings");
    const response = await post(cookies.admin, validSettings(band.id, { currency: "GBP" }));
    expect((await body<FormReply>(response)).result.error?.[""]?.[0]).toMatch(/^Nothing was saved: currency can't change once money is recorded/);
  });

  test("unknown intents are 400; cross-site posts are refused", async () => {
    const { band, cookies } = await bandWithEveryRole();
    expect((await post(cookies.leader, { intent: "rename", bandId: String(band.id) })).status).toBe(400);
    expect((await post(cookies.leader, validSettings(band.id), CROSS_SITE)).status).toBe(403);
    expect((await bandRow(band.id))!.name).toBe("The Late Shift");
  });

  test("signed-out posts are sent to sign in", async () => {
    const { band } = await bandWithEveryRole();
    const response = await callRoute(action, buildRequest("/settings", { form: validSettings(band.id) }));
    expectRedirect(response, `/api/login?${new URLSearchParams({ redirectTo: "/settings" })}`);
  });
});

describe("deleting the band", () => {
  async function withContent() {
    const setup = await bandWithEveryRole();
    const { band } = setup;
    await db.song.create({ data: { bandId: band.id, title: "Superstition" } });
    await db.setlist.create({ data: { bandId: band.id, name: "Friday" } });
    await db.event.create({ data: { bandId: band.id, title: "Gig", kind: "gig", startsAt: new Date() } });
    await recordTestMoney(band.id, "payment", 100, "Fee");
    await recordTestMoney(band.id, "expense", 100, "Van");
    await db.invitation.create({
      data: { bandId: band.id, email: "new@example.com", role: "band_member", tokenHash: `hash-${band.id}`, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    return setup;
  }

  const remove = (cookie: string, bandId: number, confirmName: string) => post(cookie, { intent: "delete-band", bandId: String(bandId), confirmName });

  test("the name must be typed exactly", async () => {
    const { band, cookies } = await bandWithEveryRole();
    for (const typed of ["", "the late shift", "The Late", "The Late Shift!"]) {
      const response = await remove(cookies.leader, band.id, typed);
      expect(response.status).toBe(400);
      const reply = await body<FormReply>(response);
      expect(reply.intent).toBe("delete-band");
      expect(reply.result.error?.confirmName).toEqual(["Type the band name exactly to confirm"]);
    }
    expect(await bandRow(band.id)).not.toBeNull();
  });

  test("a name saved with spaces in a row (before they were made one) is confirmed as the page shows it", async () => {
    const { band, cookies } = await bandWithEveryRole();
    await db.band.update({ where: { id: band.id }, data: { name: "The  Late   Shift" } });
    expectRedirect(await remove(cookies.leader, band.id, "The Late Shift"), "/getting-started");
    expect(await bandRow(band.id)).toBeNull();
  });

  test("admins, members and subs may not delete it", async () => {
    const { band, cookies } = await bandWithEveryRole();
    for (const cookie of [cookies.admin, cookies.member, cookies.sub]) {
      expect((await remove(cookie, band.id, band.name)).status).toBe(403);
    }
    expect(await bandRow(band.id)).not.toBeNull();
  });

  test("a leader deletes it with everything in it; everyone's preference and this browser move on", async () => {
    const { band, users, cookies } = await withContent();
    const other = await createBand({ name: "Acoustic Duo", members: [{ userId: users.leader.id, role: "band_member" }] });
    await db.user.updateMany({ where: { id: { in: [users.leader.id, users.member.id] } }, data: { preferredBandId: band.id } });

    const response = await remove(cookies.leader, band.id, " The Late Shift ");
    expectRedirect(response, "/getting-started");
    expect(await toastOf(response)).toMatchObject({ title: "The Late Shift was deleted" });
    expect(cookiePair(response, "bandroom_band")).toBe(await bandCookie(other.id));

    expect(await bandRow(band.id)).toBeNull();
    for (const count of await Promise.all([
      db.bandMembership.count({ where: { bandId: band.id } }),
      db.song.count({ where: { bandId: band.id } }),
      db.setlist.count({ where: { bandId: band.id } }),
      db.event.count({ where: { bandId: band.id } }),
      db.payment.count({ where: { bandId: band.id } }),
      db.expense.count({ where: { bandId: band.id } }),
      db.ledgerEntry.count({ where: { bandId: band.id } }),
      db.ledgerLine.count({ where: { bandId: band.id } }),
      db.invitation.count({ where: { bandId: band.id } }),
    ])) {
      expect(count).toBe(0);
    }
    // The members themselves stay; nobody prefers a band that is gone.
    expect(await db.user.count({ where: { id: { in: Object.values(users).map((user) => user.id) } } })).toBe(4);
    expect((await db.user.findUniqueOrThrow({ where: { id: users.leader.id } })).preferredBandId).toBe(other.id);
    expect((await db.user.findUniqueOrThrow({ where: { id: users.member.id } })).preferredBandId).toBeNull();
    expect(await bandRow(other.id)).not.toBeNull();
    // The audit log keeps who deleted it and what went with it, after the band is gone.
    const entry = await db.auditEntry.findFirstOrThrow({ where: { action: "band.delete", bandId: band.id } });
    expect(entry).toMatchObject({ actorId: users.leader.id, targetType: "band", targetLabel: "The Late Shift" });
    expect(JSON.parse(entry.before!)).toMatchObject({ name: "The Late Shift", members: 4 });
  });

  test("deleting the last band clears the current band", async () => {
    const leader = await createUser();
    const band = await createBand({ name: "Solo", members: [{ userId: leader.id, role: "band_leader" }] });
    const cookie = `${await sessionCookieFor(leader.id)}; ${await bandCookie(band.id)}`;
    const response = await remove(cookie, band.id, "Solo");
    expectRedirect(response, "/getting-started");
    expect(clearsCookie(response, "bandroom_band")).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: leader.id } })).preferredBandId).toBeNull();
  });
});
