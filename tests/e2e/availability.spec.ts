import fs from "node:fs";
import ICAL from "ical.js";
import { expect, test } from "./fixtures";

/**
 * Issue 7's availability journey, with JavaScript and without: a member marks a
 * blackout; the leader tries to book a rehearsal on that day with the member in the
 * lineup and is warned by name before anything is saved; the leader picks a free day
 * in "Can we take this date?" and lands on a new event for that day; the band's
 * calendar downloads as an .ics that parses.
 */

/** A day of the month after next (always in the future), as YYYY-MM-DD. */
function dayInTwoMonths(day: number) {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, day));
  return month.toISOString().slice(0, 10);
}

// A long journey on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("a blackout warns the leader by name; a free day starts a new event; the calendar downloads", async ({ page, context, javaScriptEnabled, login, createUser, createBand }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const leader = await createUser({ firstName: "Lena", lastName: `Leader${tag}` });
  const member = await createUser({ firstName: "Dave", lastName: `Drums${tag}` });
  await createBand(leader, { name: `Availability ${tag}`, members: [{ userId: member.id, role: "band_member" }] });
  const memberName = `Dave Drums${tag}`;
  const blackoutDay = dayInTwoMonths(10);
  const freeDay = dayInTwoMonths(12);
  const month = blackoutDay.slice(0, 7);

  // The member marks the blackout.
  await login(member);
  await page.goto("/calendar/blackouts");
  await page.getByLabel("First day").fill(blackoutDay);
  await page.getByLabel("Reason (optional)").fill("Sister's wedding");
  await page.getByRole("button", { name: "Save blackout" }).click();
  // With JavaScript the toast is also announced in a live region: the first is the visible one.
  await expect(page.getByText("Blackout saved").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Remove blackout/ })).toHaveCount(1);
  // The form starts empty again (with JavaScript too), so a second tap cannot save it twice.
  await expect(page.getByLabel("First day")).toHaveValue("");
  await expect(page.getByLabel("Reason (optional)")).toHaveValue("");
  // The same day again is the blackout already there, and the form empties again.
  await page.getByLabel("First day").fill(blackoutDay);
  await page.getByRole("button", { name: "Save blackout" }).click();
  await expect(page.getByText("Already marked").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Remove blackout/ })).toHaveCount(1);
  await expect(page.getByLabel("First day")).toHaveValue("");

  // The leader tries to book a rehearsal on that day with the member in the lineup.
  await context.clearCookies();
  await login(leader);
  await page.goto(`/events/new?date=${blackoutDay}`);
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(blackoutDay);
  await page.getByLabel("Title").fill(`Rehearsal ${tag}`);
  await page.getByLabel("Kind").selectOption("rehearsal");
  await page.getByLabel("Start time").fill("19:00");
  await page.getByLabel("End time").fill("21:00");
  await page.getByRole("checkbox", { name: memberName }).check();
  await page.getByRole("button", { name: "Create event" }).click();

  const warning = page.getByRole("alert").filter({ hasText: "Not everyone in the lineup can make it" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`${memberName} has a blackout on`);
  // The leader sees the reason; nothing is saved until "Save anyway".
  await expect(warning).toContainText("Sister's wedding");
  await expect(page).toHaveURL(/\/events\/new/);
  await expect(page.getByRole("checkbox", { name: memberName })).toBeChecked();
  // With JavaScript, focus lands on what the warning asks, not back at the top of the page.
  if (javaScriptEnabled) await expect(page.getByRole("checkbox", { name: "Save anyway" })).toBeFocused();
  // The top of the form says nothing was saved, and its link goes to the warning (with
  // JavaScript too, where the warning stays: the router once took the # for a new page).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText("Not saved yet.")).toBeInViewport();
  await page.getByRole("link", { name: "Read the warning by the Save button" }).click();
  await expect(warning).toBeInViewport();
  await expect(page.getByRole("checkbox", { name: "Save anyway" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Save anyway" }).check();
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  await expect(page.getByRole("heading", { name: `Rehearsal ${tag}` })).toBeVisible();

  // "Can we take this date?": the member is away on the blackout day, free two days later.
  await page.goto("/calendar");
  await page.getByRole("link", { name: "Can we take this date?" }).click();
  await expect(page).toHaveURL(/\/calendar\/availability/);
  await page.goto(`/calendar/availability?month=${month}`);
  const dayCard = (day: string) => page.locator("article", { has: page.locator(`[id="day-${day}"]`) });
  await expect(dayCard(blackoutDay)).toContainText(`Away: ${memberName}`);
  await expect(dayCard(freeDay)).not.toContainText("Away");
  // Opening the away day (a tap anywhere on its card, here on its "Away:" line) shows who is
  // away; with JavaScript the keyboard lands on it, and closing it goes back to that day's card.
  const away = dayCard(blackoutDay).getByText(`Away: ${memberName}`);
  await away.scrollIntoViewIfNeeded();
  const box = (await away.boundingBox())!;
  await page.mouse.click(box.x + 4, box.y + box.height / 2);
  const detail = page.locator("#day-detail");
  await expect(detail).toContainText(memberName);
  if (javaScriptEnabled) await expect(page.locator("#day-detail-heading")).toBeFocused();
  await detail.getByRole("link", { name: "Close day" }).click();
  await expect(page.locator("#day-detail")).toHaveCount(0);
  if (javaScriptEnabled) await expect(page.locator(`[id="day-${blackoutDay}"]`).getByRole("link")).toBeFocused();
  await dayCard(freeDay).getByRole("link", { name: /Book a gig/ }).click();
  await expect(page).toHaveURL(new RegExp(`/events/new\\?date=${freeDay}$`));
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(freeDay);

  // Once the band's instruments are known, the chosen day's own "Book a gig" starts the gig
  // with its free players booked on them (the leader ticked them again by hand).
  const { db } = await import("~/utils/db.server");
  const memberships = await db.bandMembership.findMany({ where: { userId: { in: [leader.id, member.id] } }, select: { id: true, userId: true } });
  for (const row of memberships) await db.membershipInstrument.create({ data: { membershipId: row.id, instrument: row.userId === member.id ? "Drums" : "Vocals" } });
  await page.goto(`/calendar/availability?month=${month}&day=${freeDay}`);
  await page.locator("#day-detail").getByRole("link", { name: /^Book a gig on .* with 2 free players$/ }).click();
  await expect(page).toHaveURL(/\/events\/new\?date=.*&book=/);
  await expect(page.getByRole("checkbox", { name: memberName })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Lena Leader${tag}` })).toBeChecked();
  await expect(page.getByLabel(`${memberName}’s instrument`)).toHaveValue("Drums");

  // "Download calendar": an .ics with the rehearsal that ical.js parses.
  await page.goto("/calendar");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download calendar (.ics)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const calendar = new ICAL.Component(ICAL.parse(text));
  const rehearsal = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent)).find((event) => event.summary === `Rehearsal ${tag}`);
  expect(rehearsal, "the rehearsal is in the downloaded calendar").toBeDefined();
  expect(rehearsal!.startDate.toJSDate().toISOString().slice(0, 10)).toBe(blackoutDay);
});
