/**
 * An answer tapped with no signal (JavaScript on): the page stays, the answer goes back
 * to what it was and a toast says it was not saved; with signal again the same tap saves.
 * It used to replace the whole page with the error screen.
 */
import { expect, test, waitForHydration, type Fixtures } from "./fixtures";

/** A signed-in leader booked on "Cellar Club", five days from now, in a band of their own. */
async function bookedGig(login: Fixtures["login"], createBand: Fixtures["createBand"]) {
  const user = await login();
  const band = await createBand(user, { name: "Basement Band" });
  const { db } = await import("~/utils/db.server");
  const membership = await db.bandMembership.findFirstOrThrow({ where: { bandId: band.id, userId: user.id }, select: { id: true } });
  const gig = await db.event.create({
    data: { bandId: band.id, title: "Cellar Club", kind: "gig", startsAt: new Date(Date.now() + 5 * 86_400_000), bookings: { create: [{ membershipId: membership.id }] } },
    select: { id: true },
  });
  return { db, gig };
}

test("an answer that cannot be sent is undone with a toast, and the page stays", async ({ page, login, createBand, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser itself reports a failed post");
  const { db, gig } = await bookedGig(login, createBand);

  await page.goto(`/events/${gig.id}`);
  const answers = page.getByRole("form", { name: "Your answer for Cellar Club" });
  const going = answers.getByRole("button", { name: "Going" });
  await expect(going).toHaveAttribute("aria-pressed", "false");
  // A tap before hydration is a plain form post, which the browser itself reports failed.
  await waitForHydration(page);

  await page.route(/\/events\/\d+\/rsvp/, (route) => route.abort("internetdisconnected"));
  await going.click();
  await expect(page.getByRole("status").filter({ hasText: "Answer not saved" }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No connection right now" }).first()).toBeVisible();
  await expect(going).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("heading", { name: "Cellar Club" })).toBeVisible();
  expect(await db.rsvp.count({ where: { booking: { eventId: gig.id } } })).toBe(0);

  await page.unrouteAll({ behavior: "wait" });
  await going.click();
  await expect(page.getByRole("status").filter({ hasText: "Answer saved" }).first()).toBeVisible();
  await expect(going).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("form", { name: "Your answer for Cellar Club" }).getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
});

test("an answer for an event taken away while its page was open goes to the calendar and says why, with JavaScript or without", async ({ page, login, createBand, javaScriptEnabled }) => {
  const { db, gig } = await bookedGig(login, createBand);
  await page.goto(`/events/${gig.id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  // Deleted (or the person removed from the band) by someone else meanwhile.
  await db.event.delete({ where: { id: gig.id } });
  await page.getByRole("form", { name: "Your answer for Cellar Club" }).getByRole("button", { name: "Going" }).click();
  // Its own page is gone for them: the calendar, not the 404 screen (with JavaScript, the page's data reloaded there).
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByText("Event not found").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toHaveCount(0);
});

test("an answer tapped after the session ended goes to sign in, not a dead-end toast", async ({ page, context, login, createBand, javaScriptEnabled }) => {
  const { gig } = await bookedGig(login, createBand);
  await page.goto(`/events/${gig.id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await context.clearCookies();
  await page.getByRole("form", { name: "Your answer for Cellar Club" }).getByRole("button", { name: "Going" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("The answer could not be saved")).toHaveCount(0);
});
