/**
 * A member of two bands opens an event of the band they are not working in (a reminder's
 * link, the calendar feed): the page says whose event it is, and its button switches band
 * (the band switcher's POST) and comes back to the event, with JavaScript and without.
 */
import { expect, test } from "./fixtures";

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

/** A user of two bands working in Alpha Sound, and a gig of the other, Zulu Collective. */
async function gigOfOtherBand(login: Fixtures["login"], createBand: Fixtures["createBand"]) {
  const user = await login();
  const zulu = await createBand(user, { name: "Zulu Collective" });
  // Created last, so it is the band the user works in.
  await createBand(user, { name: "Alpha Sound" });
  const { db } = await import("~/utils/db.server");
  const gig = await db.event.create({ data: { bandId: zulu.id, title: "Harbour Stage", kind: "gig", startsAt: new Date(Date.now() + 9 * 86_400_000) }, select: { id: true } });
  return { user, zulu, gig, db };
}

test("an event of your other band says whose it is, and switching comes back to it", async ({ page, login, createBand, isMobile }) => {
  test.skip(isMobile, "the same page and form on a phone; the desktop projects run it with JavaScript and without");
  const { user, zulu, gig, db } = await gigOfOtherBand(login, createBand);

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

test("duplicating an event of your other band switches to it and opens the copy; a copy that cannot be made says so", async ({ page, login, createBand, isMobile }) => {
  test.skip(isMobile, "the same page and form on a phone; the desktop projects run it with JavaScript and without");
  const { gig } = await gigOfOtherBand(login, createBand);

  await page.goto(`/events/${gig.id}`);
  await page.getByRole("button", { name: "Duplicate in Zulu Collective" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/new\\?duplicate=${gig.id}$`));
  await expect(page.getByText("A copy of Harbour Stage: change what differs.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Harbour Stage (copy)");

  // Typed by hand for an event that is not the band's: said, and the form starts empty.
  await page.goto(`/events/new?duplicate=999999`);
  await expect(page.getByText("That event was not copied: it is not an event of Zulu Collective.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");
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

test("an entry of your other band's ledger says whose it is, and its button opens that band's ledger", async ({ page, login, createBand, isMobile }) => {
  test.skip(isMobile, "the same page and form on a phone; the desktop projects run it with JavaScript and without");
  const user = await login();
  const zulu = await createBand(user, { name: "Zulu Collective", subscriptionTier: "pro" });
  await createBand(user, { name: "Alpha Sound", subscriptionTier: "pro" });
  const { db } = await import("~/utils/db.server");
  const entry = await db.ledgerEntry.create({
    data: {
      bandId: zulu.id,
      kind: "expense",
      occurredOn: "2026-11-02",
      amountMinor: 4500,
      description: "Van hire",
      createdByName: "Test",
      expense: { create: { bandId: zulu.id, category: "travel", amountMinor: 4500 } },
      lines: { create: [{ bandId: zulu.id, kind: "expense", amountMinor: -4500 }] },
    },
    select: { id: true },
  });

  await page.goto(`/finances/entries/${entry.id}/reverse`);
  await expect(page.getByText("This is Zulu Collective’s entry; you are working in Alpha Sound.")).toBeVisible();
  // No "← Ledger" here: it would be Alpha Sound's.
  await expect(page.getByRole("link", { name: /Ledger/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Open Zulu Collective’s ledger" }).click();
  await expect(page).toHaveURL(/\/finances\/ledger$/);
  await expect(page.getByText("Van hire").first()).toBeVisible();
  await expect(page.getByText("you are working in")).toHaveCount(0);
});
