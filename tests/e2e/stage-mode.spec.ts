import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Stage mode on a music stand: opened from the setlist page, one song per screen, moved
 * on with plain links (JavaScript off), keys, a pedal's PageDown and taps (on); and with
 * JavaScript the page opened once still shows with no signal, until signing out.
 */
async function showWithSetlist(login: () => Promise<{ id: string }>, createBand: (owner: { id: string }, options: { name: string }) => Promise<{ id: number }>) {
  const leader = await login();
  const band = await createBand(leader, { name: `Stage Band ${Date.now().toString(36)}` });
  const { db } = await import("~/utils/db.server");
  const song = (title: string, key: string, tempo: number) =>
    db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), artist: "The Testers", artistKey: "the testers", key, tempo, durationSeconds: 200, createdById: leader.id } });
  const [first, second, third] = [await song("Opening Number", "A", 128), await song("Slow One", "Ebm", 72), await song("Encore Song", "G", 140)];
  const setlist = await db.setlist.create({
    data: { bandId: band.id, name: "Saturday at the Crown", createdById: leader.id, sets: { create: [{ name: "Set 1", position: 0 }, { name: "Encore", position: 1 }] } },
    select: { id: true, sets: { orderBy: { position: "asc" }, select: { id: true } } },
  });
  await db.setlistItem.createMany({
    data: [
      { setlistId: setlist.id, setId: setlist.sets[0]!.id, position: 0, songId: first.id, note: "Drums count in" },
      { setlistId: setlist.id, setId: setlist.sets[0]!.id, position: 1, songId: second.id },
      { setlistId: setlist.id, setId: setlist.sets[0]!.id, position: 2, isBreak: true, breakSeconds: 900 },
      { setlistId: setlist.id, setId: setlist.sets[1]!.id, position: 0, songId: third.id },
    ],
  });
  return setlist.id;
}

const onStage = (page: Page, title: string) => expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

test.describe("stage mode", () => {
  test.setTimeout(90_000);

  test("open stage mode from the setlist and move through the show", async ({ page, login, createBand, javaScriptEnabled }) => {
    const id = await showWithSetlist(login, createBand);
    await page.goto(`/setlists/${id}`);
    await page.getByRole("link", { name: "Stage mode" }).click();
    await expect(page).toHaveURL(new RegExp(`/setlists/${id}/stage$`));
    await onStage(page, "Opening Number");
    await expect(page.getByText("A major")).toBeVisible();
    await expect(page.getByText("128 BPM")).toBeVisible();
    await expect(page.getByText("Drums count in")).toBeVisible();
    await expect(page.getByText("Set 1 starts")).toBeVisible();
    await expect(page.getByText("Previous", { exact: false })).not.toHaveAttribute("href");

    await page.getByRole("link", { name: "Next ›" }).click();
    await expect(page).toHaveURL(new RegExp(`/setlists/${id}/stage\\?at=2$`));
    await onStage(page, "Slow One");
    await expect(page.getByText("E♭/D♯ minor")).toBeVisible();
    await page.getByRole("link", { name: "Next ›" }).click();
    await onStage(page, "Break");
    await expect(page.getByText("Next (Encore):")).toBeVisible();
    await page.getByRole("link", { name: "‹ Previous" }).click();
    await onStage(page, "Slow One");

    if (javaScriptEnabled) {
      // A page-turner pedal sends PageDown / PageUp; arrows and space work too.
      await page.keyboard.press("PageDown");
      await onStage(page, "Break");
      await page.keyboard.press("Space");
      await onStage(page, "Encore Song");
      await expect(page).toHaveURL(new RegExp(`\\?at=4$`));
      await expect(page.getByText("End of the show")).toBeVisible();
      await page.keyboard.press("ArrowRight"); // the last song stays
      await onStage(page, "Encore Song");
      await page.keyboard.press("PageUp");
      await onStage(page, "Break");
    }
  });

  test("taps on the right of the screen go on, on the left go back", async ({ page, login, createBand, isMobile }) => {
    test.skip(!isMobile, "taps on a phone or tablet");
    const id = await showWithSetlist(login, createBand);
    await page.goto(`/setlists/${id}/stage?at=2`);
    await onStage(page, "Slow One");
    const main = page.getByRole("main");
    const box = (await main.boundingBox())!;
    await main.tap({ position: { x: box.width - 20, y: 20 } });
    await onStage(page, "Break");
    await main.tap({ position: { x: 20, y: 20 } });
    await onStage(page, "Slow One");
    await main.tap({ position: { x: 20, y: 20 } });
    await onStage(page, "Opening Number");
  });

  test("a stage page opened once still shows offline, and signing out forgets it", async ({ page, context, login, createBand, javaScriptEnabled, isMobile }) => {
    test.skip(!javaScriptEnabled || isMobile, "the service worker needs JavaScript; the desktop shell's Sign Out");
    const id = await showWithSetlist(login, createBand);
    await page.goto(`/setlists/${id}/stage`);
    await onStage(page, "Opening Number");
    const kept = () => page.evaluate(async (path) => Boolean(await caches.match(new URL(path, location.origin).href, { cacheName: "bandroom-stage" })), `/setlists/${id}/stage`);
    await expect.poll(kept, { timeout: 15_000 }).toBe(true);
    await page.getByRole("link", { name: "Next ›" }).click();
    await onStage(page, "Slow One");

    await context.setOffline(true);
    await page.reload();
    await onStage(page, "Slow One");
    await expect(page.getByText("E♭/D♯ minor")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await onStage(page, "Break");
    await page.goto(`/setlists/${id}/stage?at=4`);
    await onStage(page, "Encore Song");
    await context.setOffline(false);

    // Signing out (the shell's Sign Out) drops the kept copy: a shared phone keeps no setlist.
    await page.goto("/setlists");
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page).not.toHaveURL(/\/setlists/);
    await expect.poll(kept).toBe(false);
  });
});
