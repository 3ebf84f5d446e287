/**
 * A member of two bands opens an event of the band they are not working in (a reminder's
 * link, the calendar feed): the page says whose event it is, and its button switches band
 * (the band switcher's POST) and comes back to the event, with JavaScript and without.
 */
import { expect, test } from "./fixtures";

test("an event of your other band says whose it is, and switching comes back to it", async ({ page, login, createBand, isMobile }) => {
  test.skip(isMobile, "the same page and form on a phone; the desktop projects run it with JavaScript and without");
  const user = await login();
  const zulu = await createBand(user, { name: "Zulu Collective" });
  // Created last, so it is the band the user works in.
  await createBand(user, { name: "Alpha Sound" });
  const { db } = await import("~/utils/db.server");
  const gig = await db.event.create({ data: { bandId: zulu.id, title: "Harbour Stage", kind: "gig", startsAt: new Date(Date.now() + 9 * 86_400_000) }, select: { id: true } });

  await page.goto(`/events/${gig.id}`);
  await expect(page.getByRole("heading", { name: "Harbour Stage" })).toBeVisible();
  await expect(page.getByText("This is Zulu Collective’s event; you are working in Alpha Sound.")).toBeVisible();

  await page.getByRole("button", { name: "Switch to Zulu Collective" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${gig.id}$`));
  await expect(page.getByText("you are working in")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Harbour Stage" })).toBeVisible();
  // The side panel's band menu now names the event's band.
  await expect(page.getByText("Zulu Collective").first()).toBeVisible();
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { preferredBandId: true } })).preferredBandId).toBe(zulu.id);
});

test("a setlist of your other band says whose it is too, and switching comes back to it", async ({ page, login, createBand, isMobile }) => {
  test.skip(isMobile, "the same page and form on a phone; the desktop projects run it with JavaScript and without");
  const user = await login();
  const zulu = await createBand(user, { name: "Zulu Collective" });
  await createBand(user, { name: "Alpha Sound" });
  const { db } = await import("~/utils/db.server");
  const setlist = await db.setlist.create({ data: { bandId: zulu.id, name: "Harbour Set", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true } });

  await page.goto(`/setlists/${setlist.id}`);
  await expect(page.getByText("This is Zulu Collective’s setlist; you are working in Alpha Sound.")).toBeVisible();
  await page.getByRole("button", { name: "Switch to Zulu Collective" }).click();
  await expect(page).toHaveURL(new RegExp(`/setlists/${setlist.id}$`));
  await expect(page.getByText("you are working in")).toHaveCount(0);
});
