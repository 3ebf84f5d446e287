/**
 * Every page a visitor, the demo band's leader and a platform admin open passes axe-core's
 * WCAG 2.1 A and AA rules (contrast, labels, names, ARIA, focusable scroll boxes…), on a
 * desktop and on a phone, including the states a page opens into (a chosen day, a member's
 * panel). Found when it came in: a link with aria-pressed and past days faded below 4.5:1
 * in the availability view, and wide tables whose scroll box a keyboard could not reach.
 * Later: the dashboard's answer forms for a weekly rehearsal all had one name.
 */
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

// axe runs as a script in the page, which the app's Content-Security-Policy (nonces) would refuse.
test.use({ bypassCSP: true });

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };

/** What axe finds on each of `paths`, as one line per rule broken. */
async function violations(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const result = await page.evaluate(async (tags) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
      // Plus one best-practice rule: landmarks a screen reader lists apart (the same
      // rehearsal's answer form on every week, a table's scroll box named as its section).
      return axe.run(document, { runOnly: { type: "tag", values: tags }, rules: { "landmark-unique": { enabled: true } }, resultTypes: ["violations"] });
    }, TAGS);
    for (const v of result.violations) found.push(`${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.length} element(s), first ${v.nodes[0]?.target.join(" ")}`);
  }
  return found;
}


/**
 * On a phone, the pages whose layout differs from the desktop's (the shell's header, menu
 * and tab bar; grids and tables that turn into lists): every page there would repeat the
 * desktop's findings and cost CI a minute more.
 */
const PHONE_PAGES = new Set(["/", "/login", "/dashboard", "/calendar", "/calendar/availability", "/songs", "/members", "/finances", "/finances/reports", "/settings", "/admin/users"]);

test("the public site, the demo band's pages and the admin area pass axe's WCAG 2.1 AA rules", async ({ page, context, javaScriptEnabled, isMobile, createUser }) => {
  test.skip(!javaScriptEnabled, "axe runs as a script in the page");
  const scan = (paths: string[]) => violations(page, isMobile ? paths.filter((path) => PHONE_PAGES.has(path) || path.startsWith("/setlists/")) : paths);
  test.setTimeout(240_000);
  // Once for the context: the browser puts axe in every page it opens. Added to each page
  // with addScriptTag, its 500 KB went over the wire again each time: a quarter of the test.
  await context.addInitScript({ path: AXE });
  const { db } = await import("~/utils/db.server");
  const { enableMfa } = await import("../db-utils");
  const { DEMO_EMAIL } = await import("../../prisma/seed");
  const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
  const bandId = demo.preferredBandId!;
  const [event, setlist, member, song] = await Promise.all([
    db.event.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true, startsAt: true } }),
    db.setlist.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
    db.bandMembership.findFirstOrThrow({ where: { bandId, role: "band_member" }, orderBy: { id: "asc" }, select: { id: true, userId: true } }),
    db.song.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
  ]);

  const found = await scan(["/", "/blog", "/blog/booking-gigs-around-everyones-calendar", "/resources", "/resources/setlist-strategy/great-cover-band-setlist", "/privacy-policy", "/login", "/login?mode=register"]);

  await signInAs(context, demo.id);
  const today = new Date().toISOString().slice(0, 10);
  found.push(
    ...(await scan([
      "/dashboard", "/getting-started", "/calendar", "/calendar/availability", `/calendar/availability?day=${today}`, "/calendar/blackouts",
      `/events/${event.id}`, `/events/${event.id}/edit`, "/events/new", "/songs", "/songs/new", "/songs/import", `/songs/${song.id}/edit`,
      "/setlists", `/setlists/${setlist.id}`, "/members", `/members?manage=${member.id}`, "/finances", "/finances/ledger", "/finances/history",
      "/finances/settle", "/finances/reports", `/finances/reports?member=${member.userId}`, "/finances/payments/new", "/finances/expenses/new",
      "/settings", "/subscription", "/profile", "/profile/calendar", "/bands/new",
    ])),
  );

  // A member and a sub of the demo band, where their pages differ from the leader's (their
  // own column of the settings table once fell to 4.34:1).
  const sub = await db.bandMembership.findFirstOrThrow({ where: { bandId, role: "sub" }, orderBy: { id: "asc" }, select: { userId: true } });
  for (const userId of [member.userId, sub.userId]) {
    await signInAs(context, userId);
    found.push(...(await scan(["/dashboard", "/settings", "/finances", "/calendar"])).map((line) => `(as ${userId === sub.userId ? "sub" : "member"}) ${line}`));
  }

  const admin = await createUser({ firstName: "Ada", lastName: "Admin", isPlatformAdmin: true });
  await enableMfa(admin.id);
  await signInAs(context, admin.id);
  found.push(...(await scan(["/admin", "/admin/users"])));

  expect(found).toEqual([]);
});
