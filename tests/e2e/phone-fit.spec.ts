/**
 * On a phone (390 px) every page fits the screen: the public site as a visitor reads it,
 * every signed-in page of the demo band, and the admin area. Tables, grids and long
 * labels scroll or wrap inside their own box, never the page sideways.
 * /finances/reports once ran 534 px wide. Journeys whose forms are the same on every
 * screen size (finances, admin, two-step sign-in…) run on the desktop projects only;
 * this is what holds their pages on a phone.
 */
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";

const PUBLIC_PAGES = [
  "/", "/blog", "/blog/booking-gigs-around-everyones-calendar", "/resources", "/resources/setlist-strategy/great-cover-band-setlist",
  "/privacy-policy", "/terms", "/login", "/login?mode=register",
];


/** The pages (of `paths`) that scroll sideways on this screen, with how wide they ran. */
async function tooWide(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    if (scroll > client) wide.push(`${path}: ${scroll} px on a ${client} px screen`);
  }
  return wide;
}

test("every page of the public site, the demo band and the admin area fits a phone's width", async ({ page, context, isMobile, createUser, createBand }) => {
  test.skip(!isMobile, "the phone layout");
  test.setTimeout(180_000);
  const { db } = await import("~/utils/db.server");
  const { enableMfa } = await import("../db-utils");
  const { DEMO_EMAIL } = await import("../../prisma/seed");
  const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
  const bandId = demo.preferredBandId!;
  const [event, setlist, member] = await Promise.all([
    db.event.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
    db.setlist.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
    db.bandMembership.findFirstOrThrow({ where: { bandId, role: "band_member" }, orderBy: { id: "asc" }, select: { userId: true } }),
  ]);

  // A member away on a day with a reason typed as one long word: the day's availability (a leader reads reasons) wraps it.
  const away = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await db.blackout.create({ data: { userId: member.userId, startDate: away, endDate: away, reason: "y".repeat(200) } });

  // A visitor, signed out.
  const wide = await tooWide(page, PUBLIC_PAGES);

  await signInAs(context, demo.id);
  wide.push(
    ...(await tooWide(page, [
      "/dashboard", "/calendar", "/calendar/availability", `/calendar/availability?month=${away.slice(0, 7)}&day=${away}`, "/calendar/blackouts", `/events/${event.id}`, "/events/new", "/songs", "/songs/new",
      "/setlists", `/setlists/${setlist.id}`, "/members", "/finances", "/finances/ledger", "/finances/history", "/finances/settle",
      "/finances/reports", `/finances/reports?member=${member.userId}`, "/finances/payments/new", "/finances/expenses/new", "/finances/payouts/new",
      "/settings", "/profile", "/subscription",
      // The public site as a member reads it (its header says "Back to Bandroom" instead of signing in).
      "/blog", "/resources",
    ])),
  );

  // Every amount of the money tables is on the screen, under its name: a card per row. (The
  // tables scrolled sideways inside their box, and the per-gig profit and loss showed only
  // its Gig and Date columns, the statement its Date and Kind.)
  const screen = page.viewportSize()!;
  const outOfSight: string[] = [];
  for (const path of ["/finances", "/finances/reports"]) {
    await page.goto(path);
    const cells = await page.locator("table td").evaluateAll((tds) =>
      tds.map((td) => {
        const box = td.getBoundingClientRect();
        // Its text inside its own box too (not running over the next amount).
        return { text: (td.textContent ?? "").trim(), left: box.left, right: Math.max(box.right, box.left + td.scrollWidth), label: getComputedStyle(td, "::before").content };
      }),
    );
    expect(cells.length, path).toBeGreaterThan(20);
    for (const cell of cells) if (cell.left < 0 || cell.right > screen.width) outOfSight.push(`${path}: “${cell.text}” at ${Math.round(cell.left)}–${Math.round(cell.right)} px`);
  }
  expect(outOfSight).toEqual([]);
  await expect(page.getByRole("table", { name: /Profit and loss per gig/ }).locator("td", { hasText: "$" }).first()).toBeVisible();
  const labelled = await page.getByRole("table", { name: /Profit and loss per gig/ }).locator("td[data-label]").first().evaluate((td) => getComputedStyle(td, "::before").content);
  expect(labelled, "each amount under its column's name").toBe('"Fee agreed"');

  // A platform admin (two-step sign-in on: the admin area asks for it) finds a user whose
  // band has a long one-word name (its plan form once ran the page 519 px wide).
  const admin = await createUser({ firstName: "Ada", lastName: "Admin", isPlatformAdmin: true });
  await enableMfa(admin.id);
  const owner = await createUser({ firstName: "Wolfgang", lastName: "Longname" });
  const longBand = await createBand(owner, { name: "Thelongestonewordbandnameyoucaneverfitonaphonexyz" });
  // A song whose title is one 200-character word, with a long one-word note, in a setlist
  // (it ran the setlist editor 1,636 px wide: list items are outside the wrapping rule).
  const longWord = "Supercalifragilisticexpialidocious".repeat(6);
  const song = await db.song.create({ data: { bandId: longBand.id, title: longWord, titleKey: longWord.toLowerCase(), artist: longWord.slice(0, 60), artistKey: longWord.slice(0, 60).toLowerCase(), createdById: owner.id }, select: { id: true } });
  // Its setlist's one-word name ran stage mode's header 900 px wide.
  // Its second set, empty, named by one 40-letter word: its "Remove …" button ran the editor 632 px wide.
  const longSetlist = await db.setlist.create({
    data: { bandId: longBand.id, name: "Theneverendingsaturdaynightpubsetlistwithoutaspace", sets: { create: [{ name: "Set 1", position: 0 }, { name: "Ш".repeat(40), position: 1 }] } },
    select: { id: true, sets: { orderBy: { position: "asc" }, select: { id: true } } },
  });
  await db.setlistItem.create({ data: { setlistId: longSetlist.id, setId: longSetlist.sets[0]!.id, position: 0, songId: song.id, note: "x".repeat(150) } });
  // Gigs with long titles (one a 120-character word, one a long hyphenated word) the owner
  // is booked on and has not answered, and a blackout with a long one-word reason: they ran
  // the availability view 492 px, the agenda 2,151 px and the dashboard 1,989 px wide.
  const soon = new Date(Date.now() + 3 * 86_400_000);
  const soonMonth = soon.toISOString().slice(0, 7);
  const membership = await db.bandMembership.findFirstOrThrow({ where: { bandId: longBand.id, userId: owner.id }, select: { id: true } });
  const longGig = await db.event.create({
    data: { bandId: longBand.id, title: longWord.slice(0, 120), kind: "gig", startsAt: soon, bookings: { create: [{ membershipId: membership.id }] } },
    select: { id: true },
  });
  await db.event.create({ data: { bandId: longBand.id, title: "Sommerfest-Hauptbühnen-Eröffnungskonzert", kind: "gig", startsAt: new Date(soon.getTime() + 3_600_000), bookings: { create: [{ membershipId: membership.id }] } } });
  const blackoutDay = new Date(soon.getTime() + 86_400_000).toISOString().slice(0, 10);
  await db.blackout.create({ data: { userId: owner.id, startDate: blackoutDay, endDate: blackoutDay, reason: "y".repeat(200) } });
  await signInAs(context, admin.id);
  wide.push(...(await tooWide(page, ["/admin", "/admin/users", `/admin/users?q=${encodeURIComponent(owner.email)}`])));
  // That band's owner on their own pages: the name wraps in headings and text (it ran them
  // 450–590 px wide).
  await signInAs(context, owner.id);
  wide.push(
    ...(await tooWide(page, [
      "/getting-started", "/members", "/settings", "/profile", "/songs", `/songs/${song.id}/edit`, "/calendar", "/setlists",
      `/setlists/${longSetlist.id}`, `/setlists/${longSetlist.id}?q=Supercal`, `/setlists/${longSetlist.id}/stage`,
      "/dashboard", `/calendar?month=${soonMonth}`, `/calendar/availability?month=${soonMonth}`, "/calendar/blackouts", `/events/${longGig.id}`, `/events/${longGig.id}/edit`,
    ])),
  );
  // The band's invitation, opened signed out: "… invited you to join {band} as …" ran it 1,424 px wide.
  const { hashToken } = await import("~/utils/crypto.server");
  const token = `phone-fit-${Date.now()}`;
  await db.invitation.create({ data: { bandId: longBand.id, email: `newcomer-${Date.now()}@example.com`, role: "band_member", tokenHash: hashToken(token), invitedById: owner.id, expiresAt: new Date(Date.now() + 7 * 86_400_000) } });
  await context.clearCookies();
  wide.push(...(await tooWide(page, [`/invitations/${token}`])));
  // The invitation itself, naming the band (not a "not valid" page, which would fit anyway).
  await expect(page.getByRole("heading", { level: 1 })).toContainText(longBand.name);

  expect(wide).toEqual([]);
});

test("the narrowest phones (320 px) fit too: the public header, footer and landing sections, the calendar's month bar, the admin's user list, the money cards", async ({ page, context, isMobile, createUser, createBand }) => {
  test.skip(!isMobile, "the phone layout");
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const { db } = await import("~/utils/db.server");
  const { DEMO_EMAIL } = await import("../../prisma/seed");
  const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true } });
  // The landing page ran 342 px wide (its feature sections' text cut at the right edge), and
  // every public page's footer did; the month bar ran /calendar 363 px wide.
  const wide = await tooWide(page, ["/", "/blog", "/privacy-policy"]);
  await signInAs(context, demo.id);
  wide.push(...(await tooWide(page, ["/blog", "/dashboard", "/calendar", "/calendar/availability", "/members", "/songs", "/setlists", "/settings", "/profile"])));
  // Its "Order" list ran /admin/users 331 px wide.
  const { enableMfa } = await import("../db-utils");
  const admin = await createUser({ firstName: "Ada", lastName: "Admin", isPlatformAdmin: true });
  await enableMfa(admin.id);
  await signInAs(context, admin.id);
  wide.push(...(await tooWide(page, ["/admin", "/admin/users"])));
  expect(wide).toEqual([]);

  // The money cards hold the largest amounts there are: two fees at the limit in one month
  // ($40,000,000.00) ran over the next amount of the month's card.
  const treasurer = await createUser({ firstName: "Tess", lastName: "Treasurer" });
  // A member with a long double-barrelled name: the reports' "Statement for" picker grew to
  // fit it and ran the page 530 px wide.
  const longNamed = await createUser({ firstName: "Christopher-Alexander", lastName: "Montgomery-Featherstonehaugh" });
  const rich = await createBand(treasurer, { name: `Big Fees ${Date.now().toString(36)}`, subscriptionTier: "pro", members: [{ userId: longNamed.id, role: "band_member" }] });
  const { recordTestMoney } = await import("../helpers/finances");
  for (let i = 0; i < 2; i++) await recordTestMoney(rich.id, "payment", 2_000_000_000);
  await signInAs(context, treasurer.id);
  expect(await tooWide(page, ["/finances/reports"])).toEqual([]);
  const overflowing: string[] = [];
  for (const path of ["/finances", "/finances/reports?year=2024"]) {
    await page.goto(path);
    overflowing.push(...(await page.locator("table td").evaluateAll((tds) => tds.filter((td) => td.scrollWidth > td.clientWidth + 1).map((td) => `${(td.textContent ?? "").trim()}: ${td.scrollWidth} px in ${td.clientWidth}`))).map((cell) => `${path}: ${cell}`));
  }
  await expect(page.getByRole("table", { name: /Income and expenses by month/ })).toContainText("$40,000,000.00");
  expect(overflowing).toEqual([]);
});
