/**
 * On a phone (390 px) every signed-in page of the demo band fits the screen: tables,
 * grids and long labels scroll or wrap inside their own box, never the page sideways.
 * /finances/reports once ran 534 px wide.
 */
import { expect, test } from "./fixtures";
import { E2E_BASE_URL } from "./e2e-env";

test("every page of the demo band fits a phone's width", async ({ page, context, isMobile }) => {
  test.skip(!isMobile, "the phone layout");
  test.setTimeout(90_000);
  const { db } = await import("~/utils/db.server");
  const { sessionCookieFor } = await import("../db-utils");
  const { DEMO_EMAIL } = await import("../../prisma/seed");
  const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
  const bandId = demo.preferredBandId!;
  const [event, setlist, member] = await Promise.all([
    db.event.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
    db.setlist.findFirstOrThrow({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } }),
    db.bandMembership.findFirstOrThrow({ where: { bandId, role: "band_member" }, orderBy: { id: "asc" }, select: { userId: true } }),
  ]);
  const [name, ...value] = (await sessionCookieFor(demo.id)).split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: E2E_BASE_URL, httpOnly: true, sameSite: "Lax" }]);

  const pages = [
    "/dashboard", "/calendar", "/calendar/availability", "/calendar/blackouts", `/events/${event.id}`, "/events/new", "/songs", "/songs/new",
    "/setlists", `/setlists/${setlist.id}`, "/members", "/finances", "/finances/ledger", "/finances/reports", `/finances/reports?member=${member.userId}`,
    "/finances/payments/new", "/settings", "/profile", "/subscription",
  ];
  const tooWide: string[] = [];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    if (scroll > client) tooWide.push(`${path}: ${scroll} px on a ${client} px screen`);
  }
  expect(tooWide).toEqual([]);
});
