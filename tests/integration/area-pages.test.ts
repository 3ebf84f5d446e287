import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, enableMfa, sessionCookieFor } from "#tests/db-utils";
import { recordTestMoney } from "#tests/helpers/finances";
import { db } from "~/utils/db.server";
import { PERMISSIONS } from "~/features/members/permissions";
import { loader as calendarLoader } from "~/routes/_app+/calendar";
import { loader as eventLoader } from "~/routes/_app+/events.$id";
import { loader as setlistsLoader } from "~/routes/_app+/setlists._index";
import { loader as setlistLoader } from "~/routes/_app+/setlists.$id";
import { loader as songsLoader } from "~/routes/_app+/songs._index";
import { loader as bandSongsLoader } from "~/routes/_app+/bands.$bandId.songs";
import { loader as membersLoader } from "~/routes/_app+/members";
import { loader as financesLoader } from "~/routes/_app+/finances";
import { loader as settingsLoader } from "~/routes/_app+/settings";
import { loader as subscriptionLoader } from "~/routes/_app+/subscription";
import { loader as adminLoader } from "~/routes/_app+/admin._index";
import { loader as adminUsersLoader } from "~/routes/_app+/admin.users";
import { body, expectRedirect } from "./auth-helpers";

type Loader = Parameters<typeof callRoute>[0];


/** A band with one member of every role; `cookies[role]` works in that band. */
async function bandWithEveryRole(options: { subscriptionTier?: string; timeZone?: string; currency?: string } = {}) {
  const leader = await createUser({ firstName: "Zoe", lastName: "Leader" });
  const admin = await createUser({ firstName: "Adam", lastName: "Admin" });
  const member = await createUser({ firstName: "Bea", lastName: "Member" });
  const sub = await createUser({ firstName: "Cy", lastName: "Sub" });
  const band = await createBand({
    subscriptionTier: options.subscriptionTier,
    members: [
      { userId: member.id, role: "band_member" },
      { userId: leader.id, role: "band_leader" },
      { userId: sub.id, role: "sub" },
      { userId: admin.id, role: "band_admin" },
    ],
  });
  if (options.timeZone || options.currency) {
    await db.band.update({ where: { id: band.id }, data: { timeZone: options.timeZone, currency: options.currency } });
  }
  const current = await bandCookie(band.id);
  const cookieOf = async (userId: string) => `${await sessionCookieFor(userId)}; ${current}`;
  return {
    band,
    users: { leader, admin, member, sub },
    cookies: {
      band_leader: await cookieOf(leader.id),
      band_admin: await cookieOf(admin.id),
      band_member: await cookieOf(member.id),
      sub: await cookieOf(sub.id),
    },
  };
}

async function otherBandContent() {
  const stranger = await createUser();
  const band = await createBand({ members: [{ userId: stranger.id, role: "band_leader" }] });
  const event = await db.event.create({ data: { bandId: band.id, title: "Their gig", kind: "gig", startsAt: new Date(Date.now() + 86_400_000) } });
  const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Their set" } });
  return { band, event, setlist };
}

async function get(loader: Loader, path: string, cookie?: string, params: Record<string, string> = {}) {
  return callRoute(loader, buildRequest(path, { cookie }), params);
}

describe("area pages: access", () => {
  test("signed-out visitors are sent to /api/login and come back where they were", async () => {
    const pages: [Loader, string, Record<string, string>?][] = [
      [calendarLoader, "/calendar"],
      [eventLoader, "/events/1", { id: "1" }],
      [setlistsLoader, "/setlists"],
      [setlistLoader, "/setlists/1", { id: "1" }],
      [songsLoader, "/songs"],
      [bandSongsLoader, "/bands/1/songs", { bandId: "1" }],
      [membersLoader, "/members"],
      [financesLoader, "/finances"],
      [settingsLoader, "/settings"],
      [subscriptionLoader, "/subscription"],
      [adminLoader, "/admin"],
      [adminUsersLoader, "/admin/users?page=2"],
    ];
    for (const [loader, path, params] of pages) {
      expectRedirect(await get(loader, path, undefined, params), `/api/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test("every band page loads for each role", async () => {
    const { band, cookies } = await bandWithEveryRole({ subscriptionTier: "pro" });
    for (const cookie of Object.values(cookies)) {
      for (const [loader, path] of [
        [calendarLoader, "/calendar"],
        [setlistsLoader, "/setlists"],
        [songsLoader, "/songs"],
        [membersLoader, "/members"],
        [financesLoader, "/finances"],
        [settingsLoader, "/settings"],
        [subscriptionLoader, "/subscription"],
      ] as const) {
        expect((await get(loader, path, cookie)).status, path).toBe(200);
      }
      expect((await get(bandSongsLoader, `/bands/${band.id}/songs`, cookie, { bandId: String(band.id) })).status).toBe(200);
    }
  });

  test("a user without a band is sent to create one", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    expectRedirect(await get(calendarLoader, "/calendar", cookie), "/getting-started");
    expectRedirect(await get(membersLoader, "/members", cookie), "/getting-started");
  });

  test("another band's event, setlist or song library is not found", async () => {
    const { cookies } = await bandWithEveryRole();
    const theirs = await otherBandContent();
    const cookie = cookies.band_leader;
    expect((await get(eventLoader, `/events/${theirs.event.id}`, cookie, { id: String(theirs.event.id) })).status).toBe(404);
    expect((await get(setlistLoader, `/setlists/${theirs.setlist.id}`, cookie, { id: String(theirs.setlist.id) })).status).toBe(404);
    expect((await get(bandSongsLoader, `/bands/${theirs.band.id}/songs`, cookie, { bandId: String(theirs.band.id) })).status).toBe(404);
    for (const id of ["999999", "abc", "0", "1.5"]) {
      expect((await get(eventLoader, `/events/${id}`, cookie, { id })).status).toBe(404);
      expect((await get(setlistLoader, `/setlists/${id}`, cookie, { id })).status).toBe(404);
      expect((await get(bandSongsLoader, `/bands/${id}/songs`, cookie, { bandId: id })).status).toBe(404);
    }
  });

  test("the admin pages are refused (403) to anyone but platform admins", async () => {
    const { cookies } = await bandWithEveryRole();
    expect((await get(adminLoader, "/admin", cookies.band_leader)).status).toBe(403);
    expect((await get(adminUsersLoader, "/admin/users", cookies.band_leader)).status).toBe(403);

    const admin = await createUser({ isPlatformAdmin: true });
    const cookie = await sessionCookieFor(admin.id);
    // Not before two-step sign-in is on (ASVS 6.3.3).
    // The profile then offers the way back to the page asked for.
    expectRedirect(await get(adminLoader, "/admin", cookie), "/profile?mfa=required&next=%2Fadmin#two-step");
    expectRedirect(await get(adminUsersLoader, "/admin/users?q=ann", cookie), "/profile?mfa=required&next=%2Fadmin%2Fusers%3Fq%3Dann#two-step");
    await enableMfa(admin.id);
    expect((await get(adminLoader, "/admin", cookie)).status).toBe(200);
    expect((await get(adminUsersLoader, "/admin/users", cookie)).status).toBe(200);
  });
});

describe("calendar and events", () => {
  test("the month shows the band's events in its time zone, with links to the months around it", async () => {
    const { band, cookies } = await bandWithEveryRole({ timeZone: "America/Chicago" });
    // A Saturday-night gig at 02:30 UTC is still Friday evening in Chicago.
    const gig = await db.event.create({
      data: { bandId: band.id, title: "Friday gig", kind: "gig", startsAt: new Date("2030-01-05T02:30:00Z"), endsAt: new Date("2030-01-05T05:00:00Z") },
    });
    await db.event.create({ data: { bandId: band.id, title: "February rehearsal", kind: "rehearsal", startsAt: new Date("2030-02-10T18:00:00Z") } });

    const month = await body<{ title: string; links: Record<string, string>; agenda: { id: number; title: string; date: string; firstDay: string }[]; days: { key: string; eventIds: number[] }[] }>(
      await get(calendarLoader, "/calendar?month=2030-01", cookies.band_member)
    );
    expect(month.title).toBe("January 2030");
    expect(month.links.prev).toBe("?month=2029-12");
    expect(month.links.next).toBe("?month=2030-02");
    expect(month.agenda.map((e) => e.title)).toEqual(["Friday gig"]);
    expect(month.agenda[0]).toMatchObject({ date: "Jan 4, 2030", firstDay: "2030-01-04" });
    expect(month.days.find((d) => d.key === "2030-01-04")!.eventIds).toEqual([gig.id]);
    // The grid runs Sunday to Saturday around the month.
    expect(month.days[0]!.key).toBe("2029-12-30");
    expect(month.days.length % 7).toBe(0);
    // Below the agenda (a phone's only view), the first event after the month, however far
    // (February's rehearsal is past January's grid); a cancelled one is skipped, and a sub
    // is told only of events they are booked on.
    const after = async (month: string, cookie = cookies.band_member) => (await body<{ after: { id: number; text: string } | null }>(await get(calendarLoader, `/calendar?month=${month}`, cookie))).after;
    const rehearsal = await db.event.findFirstOrThrow({ where: { bandId: band.id, title: "February rehearsal" } });
    expect(await after("2030-01")).toEqual({ id: rehearsal.id, text: "Next: February rehearsal, Feb 10, 2030 · 12:00 PM CST" });
    const early = await db.event.create({ data: { bandId: band.id, title: "Early February rehearsal", kind: "rehearsal", startsAt: new Date("2030-02-02T00:00:00Z") } });
    await db.event.create({ data: { bandId: band.id, title: "Called off", kind: "gig", startsAt: new Date("2030-02-01T01:00:00Z"), cancelledAt: new Date() } });
    expect(await after("2030-01")).toEqual({ id: early.id, text: "Next: Early February rehearsal, Feb 1, 2030 · 6:00 PM CST" });
    expect(await after("2030-02")).toBeNull();
    expect(await after("2030-01", cookies.sub)).toBeNull();

    const event = await body<{ event: { title: string; kindLabel: string; when: { date: string; time: string } }; band: { name: string } }>(
      await get(eventLoader, `/events/${gig.id}`, cookies.band_member, { id: String(gig.id) })
    );
    expect(event.event).toMatchObject({ title: "Friday gig", kindLabel: "Gig" });
    expect(event.event.when.date).toBe("Jan 4, 2030");
    expect(event.event.when.time).toMatch(/^8:30\sPM – 11:00\sPM CST$/);
    expect(event.band.name).toBe(band.name);
  });

  test("a sub not booked on anything sees no events, and the page says why", async () => {
    const { band, cookies } = await bandWithEveryRole();
    const gig = await db.event.create({ data: { bandId: band.id, title: "Gig", kind: "gig", startsAt: new Date(Date.now() + 86_400_000) } });
    const data = await body<{ abilities: { bookedOnly: boolean }; events: unknown[] }>(await get(calendarLoader, "/calendar", cookies.sub));
    expect(data).toMatchObject({ abilities: { bookedOnly: true }, events: [] });
    expect((await get(eventLoader, `/events/${gig.id}`, cookies.sub, { id: String(gig.id) })).status).toBe(404);
  });
});

describe("setlists and songs", () => {
  test("setlists list and detail", async () => {
    const { band, cookies } = await bandWithEveryRole({ timeZone: "Europe/London" });
    const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Wedding set", createdAt: new Date("2024-01-05T12:00:00Z") } });
    const list = await body<{ setlists: { id: number; name: string; created: string }[] }>(
      await get(setlistsLoader, "/setlists", cookies.band_admin)
    );
    expect(list.setlists).toEqual([expect.objectContaining({ id: setlist.id, name: "Wedding set", created: "Jan 5, 2024" })]);

    const detail = await body<{ setlist: { name: string; created: string; bandName: string } }>(
      await get(setlistLoader, `/setlists/${setlist.id}`, cookies.band_admin, { id: String(setlist.id) })
    );
    expect(detail.setlist).toMatchObject({ name: "Wedding set", created: "Jan 5, 2024", bandName: band.name });

    const subList = await body<{ bookedOnly: boolean; setlists: unknown[] }>(await get(setlistsLoader, "/setlists", cookies.sub));
    expect(subList).toEqual({ bandId: band.id, keys: { create: expect.any(String), fromGig: expect.any(String) }, bandName: band.name, bookedOnly: true, setlists: [], pastGigs: [] });
    expect((await get(setlistLoader, `/setlists/${setlist.id}`, cookies.sub, { id: String(setlist.id) })).status).toBe(404);
  });

  test("/songs and /bands/{id}/songs show the same library, by title", async () => {
    const { band, cookies } = await bandWithEveryRole();
    await db.song.createMany({
      data: [
        { bandId: band.id, title: "superstition", titleKey: "superstition", artist: "Stevie Wonder" },
        { bandId: band.id, title: "Africa", titleKey: "africa", artist: "Toto" },
        { bandId: band.id, title: "Mr. Brightside", titleKey: "mr brightside", artist: null },
      ],
    });
    const current = await body<{ songs: { title: string; artist: string | null }[] }>(await get(songsLoader, "/songs", cookies.band_member));
    expect(current.songs.map((s) => s.title)).toEqual(["Africa", "Mr. Brightside", "superstition"]);
    expect(current.songs[0]).toMatchObject({ title: "Africa", artist: "Toto", key: null, tempo: null, tags: [] });

    const byId = await body(await get(bandSongsLoader, `/bands/${band.id}/songs`, cookies.band_member, { bandId: String(band.id) }));
    expect(byId).toEqual(current);

    const sub = await body<{ bookedOnly: boolean; songs: unknown[] }>(await get(songsLoader, "/songs", cookies.sub));
    expect(sub).toMatchObject({ bookedOnly: true, songs: [] });
  });

  test("/bands/{id}/songs works for any of the user's bands, not only the current one", async () => {
    const { users, cookies } = await bandWithEveryRole();
    const second = await createBand({ name: "Side Project", members: [{ userId: users.member.id, role: "band_member" }] });
    await db.song.create({ data: { bandId: second.id, title: "Side song" } });
    const data = await body<{ band: { name: string }; songs: { title: string }[] }>(
      await get(bandSongsLoader, `/bands/${second.id}/songs`, cookies.band_member, { bandId: String(second.id) })
    );
    expect(data.band.name).toBe("Side Project");
    expect(data.songs.map((s) => s.title)).toEqual(["Side song"]);
  });
});

describe("members", () => {
  test("leaders first, then by name, with each member's join position for the avatar", async () => {
    const { cookies, users } = await bandWithEveryRole();
    const data = await body<{ members: { position: number; role: string; isYou: boolean; person: { id: string; email: string | null } }[] }>(
      await get(membersLoader, "/members", cookies.sub)
    );
    expect(data.members.map((m) => m.role)).toEqual(["band_leader", "band_admin", "band_member", "sub"]);
    expect(data.members.map((m) => m.position)).toEqual([1, 3, 0, 2]);
    expect(data.members.find((m) => m.isYou)?.person.id).toBe(users.sub.id);
    // A sub sees bandmates' names, not their email addresses; their own stays.
    expect(data.members[0]!.person.email).toBeNull();
    expect(data.members.find((m) => m.isYou)?.person.email).toBe(users.sub.email);
  });
});

describe("finances", () => {
  test("a free band's finances page explains Pro instead of failing (402, the upgrade prompt)", async () => {
    const { cookies } = await bandWithEveryRole();
    const response = await get(financesLoader, "/finances", cookies.band_leader);
    expect(response.status).toBe(402);
    expect(await body(response)).toMatchObject({ upgrade: true });
  });

  test("leaders and admins see everyone's line and the totals, members the totals and their own line, subs only their own line", async () => {
    const { band, cookies } = await bandWithEveryRole({ subscriptionTier: "pro", currency: "EUR" });
    await recordTestMoney(band.id, "payment", 120000, "Wedding gig fee", "2024-03-02");
    await recordTestMoney(band.id, "expense", 15050, "Van hire", "2024-03-01");

    type Page = { seesAll: boolean; totals: { key: string; value: string }[] | null; own: { name: string; balance: string }; members: { name: string }[] };
    const totals = (page: Page) => Object.fromEntries((page.totals ?? []).map((card) => [card.key, card.value]));
    const leader = await body<Page>(await get(financesLoader, "/finances", cookies.band_leader));
    expect(leader).toMatchObject({ seesAll: true, own: { name: "Zoe Leader", balance: "€0.00" } });
    expect(totals(leader)).toEqual({ fund: "€1,049.50", received: "€1,200.00", spent: "€150.50", paid: "€0.00" });
    expect(leader.members.map((m) => m.name)).toEqual(["Zoe Leader", "Adam Admin", "Bea Member", "Cy Sub"]);
    expect(await body(await get(financesLoader, "/finances", cookies.band_admin))).toMatchObject({ seesAll: true });

    const member = await body<Page>(await get(financesLoader, "/finances", cookies.band_member));
    expect(member).toMatchObject({ seesAll: false, own: { name: "Bea Member" }, members: [] });
    expect(totals(member).fund).toBe("€1,049.50");

    const sub = await body<Page>(await get(financesLoader, "/finances", cookies.sub));
    expect(sub).toMatchObject({ seesAll: false, totals: null, own: { name: "Cy Sub" }, members: [] });
  });
});

describe("settings and subscription", () => {
  test("band details, and the permission table generated from PERMISSIONS", async () => {
    const { band, cookies } = await bandWithEveryRole({ timeZone: "Europe/Berlin", currency: "EUR" });
    type Table = { roles: { role: string; label: string }[]; rows: { permission: string; label: string; cells: { role: string; text: string }[] }[] };
    const data = await body<{ band: Record<string, string>; role: string; permissions: Table }>(await get(settingsLoader, "/settings", cookies.sub));
    expect(data.band).toEqual({ name: band.name, timeZone: "Europe/Berlin", currency: "EUR", plan: "Free" });
    expect(data.role).toBe("sub");
    expect(data.permissions.roles.map((r) => r.label)).toEqual(["Band Leader", "Band Admin", "Band Member", "Sub"]);
    expect(data.permissions.rows.map((r) => [r.permission, r.label])).toEqual(Object.entries(PERMISSIONS).map(([key, row]) => [key, row.label]));
    const cell = (permission: string, role: string) =>
      data.permissions.rows.find((r) => r.permission === permission)!.cells.find((c) => c.role === role)!.text;
    expect(cell("content:view", "sub")).toBe("Events they're booked on");
    expect(cell("content:view", "band_member")).toBe("Yes");
    expect(cell("band:billing", "band_admin")).toBe("No");
    expect(cell("members:manage", "band_admin")).toBe("Yes, except leaders");
  });

  test("subscription shows the plan and who changes it", async () => {
    const { cookies } = await bandWithEveryRole({ subscriptionTier: "pro" });
    expect(await body(await get(subscriptionLoader, "/subscription", cookies.band_member))).toMatchObject({
      bandName: expect.any(String),
      isPro: true,
      proPrice: 8,
      isLeader: false,
      leaders: ["Zoe Leader"],
      mode: "manual",
      paymentMethod: null,
      actions: { checkout: false, portal: false, cancel: false, resume: false },
    });
    expect(await body(await get(subscriptionLoader, "/subscription", cookies.band_leader))).toMatchObject({ isLeader: true });
  });
});

describe("admin", () => {
  test("platform counts (the full figures: admin-stats.test.ts)", async () => {
    const admin = await createUser({ isPlatformAdmin: true });
    const cookie = await sessionCookieFor(admin.id);
    await enableMfa(admin.id);
    await createBand({ subscriptionTier: "pro" });
    await createBand();
    const proBands = await db.band.count({ where: { subscriptionTier: "pro" } });
    expect(await body(await get(adminLoader, "/admin", cookie))).toMatchObject({
      users: { total: await db.user.count() },
      bands: { total: await db.band.count(), pro: proBands },
      mrr: { amountMinor: proBands * 800 },
    });
  });

  test("users are listed 25 a page, newest first", async () => {
    const admin = await createUser({ isPlatformAdmin: true, firstName: "Ada", lastName: "Root" });
    const cookie = await sessionCookieFor(admin.id);
    await enableMfa(admin.id);
    // Dated ahead of the users other tests made, so this test knows the newest ones.
    const base = Date.now() + 3_600_000;
    await db.user.update({ where: { id: admin.id }, data: { createdAt: new Date(base) } });
    await db.user.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        email: `page-${i}@example.com`,
        firstName: `P${i}`,
        createdAt: new Date(base - (i + 1) * 60_000),
      })),
    });
    await createBand({ members: [{ userId: admin.id, role: "band_leader" }] });
    const total = await db.user.count();

    type Page = {
      page: number;
      pageCount: number;
      total: number;
      users: { name: string; email: string; verified: boolean; isPlatformAdmin: boolean; bands: unknown[]; joined: string }[];
    };
    const first = await body<Page>(await get(adminUsersLoader, "/admin/users", cookie));
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(total / 25), total });
    expect(first.users).toHaveLength(25);
    expect(first.users[0]).toMatchObject({ name: "Ada Root", verified: true, isPlatformAdmin: true });
    expect(first.users[0]!.bands).toHaveLength(1);
    expect(first.users[1]).toMatchObject({ email: "page-0@example.com", verified: false, isPlatformAdmin: false, bands: [] });
    expect(first.users[0]!.joined).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    const second = await body<Page>(await get(adminUsersLoader, "/admin/users?page=2", cookie));
    expect(second.page).toBe(2);
    expect(second.users).toHaveLength(Math.min(25, total - 25));
    expect(second.users.some((u) => first.users.some((f) => f.email === u.email))).toBe(false);

    expect((await body<Page>(await get(adminUsersLoader, "/admin/users?page=99", cookie))).page).toBe(first.pageCount);
    expect((await body<Page>(await get(adminUsersLoader, "/admin/users?page=nope", cookie))).page).toBe(1);
  });
});
