/**
 * Issue 10's dashboard journeys, with JavaScript and without, and on a phone: a member
 * sees their next gig and answers it from the dashboard; a leader sees who hasn't
 * answered and chases them.
 */
import { expect, test } from "./fixtures";

const DAY = 86_400_000;

async function gigWithLineup(bandId: number, title: string, membershipIds: number[], inDays = 4) {
  const { db } = await import("~/utils/db.server");
  return db.event.create({
    data: {
      bandId,
      title,
      kind: "gig",
      startsAt: new Date(Date.now() + inDays * DAY),
      endsAt: new Date(Date.now() + inDays * DAY + 3 * 3_600_000),
      venueName: "The Harbour Inn",
      bookings: { create: membershipIds.map((membershipId) => ({ membershipId })) },
    },
    select: { id: true },
  });
}

async function membershipsOf(bandId: number) {
  const { db } = await import("~/utils/db.server");
  const rows = await db.bandMembership.findMany({ where: { bandId }, select: { id: true, userId: true } });
  return (userId: string) => rows.find((row) => row.userId === userId)!.id;
}

test.describe("the dashboard's panels", () => {
  test.setTimeout(90_000);

  test("a gig without a setlist: 'Pick a setlist' opens the gig's form at its setlist picker, not at the top", async ({ page, login, createBand }) => {
    const leader = await login();
    const band = await createBand(leader, { name: `No Setlist ${Date.now().toString(36)}` });
    const membership = await membershipsOf(band.id);
    const gig = await gigWithLineup(band.id, "Saturday without a setlist", [membership(leader.id)]);
    await page.goto("/dashboard");
    await page.getByRole("region", { name: "Gigs without a setlist" }).getByRole("link", { name: "Pick a setlist for Saturday without a setlist" }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${gig.id}/edit#setlist$`));
    // The form drawn (with JavaScript the address changes a moment before the page does).
    await expect(page.getByRole("heading", { name: "Edit Saturday without a setlist" })).toBeVisible();
    // Far down the form on a phone: on the screen without scrolling, its label too (not under the sticky header).
    await expect(page.getByRole("combobox", { name: "Setlist" })).toBeInViewport();
    await expect(page.locator('label[for="setlist"]')).toBeInViewport({ ratio: 1 });
    const labelTop = await page.locator('label[for="setlist"]').evaluate((label) => label.getBoundingClientRect().top);
    const headerBottom = await page.evaluate(() => Math.max(0, ...[...document.querySelectorAll("header")].filter((h) => getComputedStyle(h).position === "sticky" || getComputedStyle(h).position === "fixed").map((h) => h.getBoundingClientRect().bottom)));
    expect(labelTop).toBeGreaterThanOrEqual(headerBottom);
    // The next gig's own "Pick one for this gig" goes there too.
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Setlist for the next gig" }).getByRole("link", { name: "Pick one for this gig" })).toHaveAttribute("href", `/events/${gig.id}/edit#setlist`);
  });

  test("a member sees their next gig and answers it in one tap", async ({ page, login, createUser, createBand }) => {
    const leader = await createUser({ firstName: "Lena", lastName: "Leader" });
    const member = await login(await createUser({ firstName: "Milo", lastName: "Member" }));
    const band = await createBand(member, { name: "Harbour Lights", role: "band_member", timeZone: "Europe/Berlin", members: [{ userId: leader.id, role: "band_leader" }] });
    const membership = await membershipsOf(band.id);
    await gigWithLineup(band.id, "Friday at the Harbour", [membership(member.id), membership(leader.id)]);

    await page.goto("/dashboard");
    const coming = page.getByRole("region", { name: "Coming up" });
    await expect(coming.getByRole("link", { name: "Friday at the Harbour" })).toBeVisible();
    await expect(coming.getByText("0 going · 2 no answer")).toBeVisible();
    await expect(page.getByText("Times are in the band’s time zone, Europe/Berlin.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Waiting for your answer" }).getByText("1 event is waiting for your answer.")).toBeVisible();
    // Members don't get the leaders' panels.
    await expect(page.getByRole("region", { name: "Who hasn’t answered" })).toHaveCount(0);

    const answers = coming.getByRole("form", { name: "Your answer for Friday at the Harbour" });
    const going = answers.getByRole("button", { name: "Going" });
    await expect(going).toHaveAttribute("aria-pressed", "false");
    await going.click();
    // Back on the dashboard, JavaScript or not, with the answer saved.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(going).toHaveAttribute("aria-pressed", "true");
    await expect(coming.getByText("1 going · 1 no answer")).toBeVisible();
    await expect(page.getByText("You’re all caught up: every event you’re booked on has your answer.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Coming up" }).getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  });

  test("an answer from \"Waiting for your answer\" takes the event off the list, and with JavaScript the keyboard stays in the list", async ({ page, javaScriptEnabled, login, createUser, createBand }) => {
    const leader = await createUser({ firstName: "Lena", lastName: "Leader" });
    const member = await login(await createUser({ firstName: "Milo", lastName: "Member" }));
    const band = await createBand(member, { name: "Long Season", role: "band_member", timeZone: "Europe/Berlin", members: [{ userId: leader.id, role: "band_leader" }] });
    const membership = await membershipsOf(band.id);
    // Seven gigs: "Coming up" shows five, so the sixth and seventh are answered from the waiting list.
    for (let day = 2; day <= 8; day++) await gigWithLineup(band.id, `Gig day ${day}`, [membership(member.id)], day);
    await page.goto("/dashboard");
    const waiting = page.getByRole("region", { name: "Waiting for your answer" });
    await expect(waiting.getByText("7 events are waiting for your answer.")).toBeVisible();
    const answers = waiting.getByRole("form", { name: "Your answer for Gig day 7" });
    await answers.getByRole("button", { name: "Going" }).focus();
    await page.keyboard.press("Enter");
    await expect(waiting.getByText("6 events are waiting for your answer.")).toBeVisible();
    await expect(waiting.getByRole("link", { name: "Gig day 7" })).toHaveCount(0);
    if (javaScriptEnabled) await expect(waiting.locator(":focus")).toHaveCount(1);
  });

  test("a leader sees who hasn't answered and chases them", async ({ page, login, createUser, createBand, outbox, isMobile }) => {
    const leader = await login(await createUser({ firstName: "Lena", lastName: "Leader" }));
    const quiet = await createUser({ firstName: "Quinn", lastName: "Quiet" });
    const band = await createBand(leader, { name: "Chasing Cars", timeZone: "Europe/Berlin", members: [{ userId: quiet.id, role: "band_member" }] });
    const membership = await membershipsOf(band.id);
    await gigWithLineup(band.id, "Saturday Social", [membership(quiet.id)]);

    await page.goto("/dashboard");
    const waiting = page.getByRole("region", { name: "Who hasn’t answered" });
    await expect(waiting.getByRole("link", { name: "Saturday Social" })).toBeVisible();
    await expect(waiting.getByText("Quinn Quiet")).toBeVisible();
    await expect(page.getByRole("region", { name: "Gigs without a setlist" }).getByRole("link", { name: "Saturday Social", exact: true })).toBeVisible();
    if (isMobile) {
      // Phone first: one column, nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    }

    await waiting.getByRole("button", { name: "Chase now for Saturday Social" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Reminded Quinn Quiet.").first()).toBeVisible();
    const mail = await outbox.waitForMail(quiet.email, /can you make Saturday Social\?/);
    expect(mail.text).toContain("haven't said yet whether you can make it");
  });
});
