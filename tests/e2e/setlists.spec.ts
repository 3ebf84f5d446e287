import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Building a two-set setlist: with JavaScript by dragging (a pointer between sets, the
 * keyboard within one), without it by the move buttons. Either way the order is saved
 * with the version it was made from and is there after a reload.
 */
const SONGS = ["Alpha Song", "Bravo Song", "Charlie Song", "Delta Song"];

async function bandWithSongs(login: () => Promise<{ id: string }>, createBand: (owner: { id: string }, options: { name: string }) => Promise<{ id: number }>) {
  const leader = await login();
  const band = await createBand(leader, { name: `Setlist Band ${Date.now().toString(36)}` });
  const { db } = await import("~/utils/db.server");
  for (const [i, title] of SONGS.entries()) {
    await db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), artist: "The Testers", artistKey: "the testers", durationSeconds: 180 + i * 30, createdById: leader.id } });
  }
  return band;
}

const setList = (page: Page, name: string) => page.getByRole("list", { name: `${name} running order` });
const titles = async (list: Locator) => (await list.getByRole("listitem").allInnerTexts()).map((text) => SONGS.find((song) => text.includes(song)) ?? "").filter(Boolean);

async function startSetlist(page: Page) {
  await page.goto("/setlists");
  await page.getByLabel("Name", { exact: true }).fill("Saturday at the Crown");
  await page.getByRole("button", { name: "Create setlist" }).click();
  await expect(page.getByRole("heading", { name: "Saturday at the Crown", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add a set" }).click();
  await expect(page.getByRole("heading", { name: "Set 2" })).toBeVisible();
  await page.getByLabel("Title or artist").fill("song");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  for (const song of SONGS) await page.getByRole("checkbox", { name: new RegExp(song) }).check();
  await page.getByLabel("Add to", { exact: true }).first().selectOption({ label: "Set 1" });
  await page.getByRole("button", { name: "Add to setlist" }).click();
  await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(SONGS);
}

async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

/** A drop's save answered and the page has the new version (the handles take the next drag only then). */
const saved = async (page: Page) => {
  await page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/setlists/"));
  await expect(page.getByText("Saving the new order…")).toHaveCount(0);
};

/** A setlist "Pub" of the band's first songs in id order: `counts` is each set's number of songs (Set 1, Set 2…). */
async function setlistOf(bandId: number, counts: number[]) {
  const { db } = await import("~/utils/db.server");
  const songs = await db.song.findMany({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true } });
  const setlist = await db.setlist.create({
    data: { bandId, name: "Pub", sets: { create: counts.map((_, position) => ({ name: `Set ${position + 1}`, position })) } },
    select: { id: true, sets: { orderBy: { position: "asc" }, select: { id: true } } },
  });
  let next = 0;
  for (const [s, count] of counts.entries()) {
    await db.setlistItem.createMany({ data: songs.slice(next, next + count).map((song, position) => ({ setlistId: setlist.id, setId: setlist.sets[s]!.id, position, songId: song.id })) });
    next += count;
  }
  return setlist;
}

/** Holds the form posts to `url` until `release()`, counting them: a pending state can be seen before the server answers. */
async function holdPosts(page: Page, url: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent = { posts: 0, release: () => release() };
  await page.route(url, async (route) => {
    if (route.request().method() === "POST") {
      sent.posts += 1;
      await held;
    }
    await route.continue();
  });
  return sent;
}

test.describe("setlist editor", () => {
  test.skip(({ isMobile }) => isMobile, "a desktop journey");
  test.setTimeout(90_000);

  test("build a two-set setlist by dragging", async ({ page, login, createBand, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "drag and drop needs JavaScript; the buttons journey covers it without");
    await bandWithSongs(login, createBand);
    await startSetlist(page);
    // The drag handles appear once the page runs JavaScript.
    await expect(page.getByRole("button", { name: "Drag Charlie Song" })).toBeVisible();

    // Charlie and Delta go to the empty Set 2 with the pointer.
    let save = saved(page);
    await dragTo(page, page.getByRole("button", { name: "Drag Charlie Song" }), setList(page, "Set 2"));
    await save;
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(["Charlie Song"]);
    save = saved(page);
    await dragTo(page, page.getByRole("button", { name: "Drag Delta Song" }), setList(page, "Set 2"));
    await save;
    await expect.poll(async () => (await titles(setList(page, "Set 2"))).sort()).toEqual(["Charlie Song", "Delta Song"]);
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Alpha Song", "Bravo Song"]);

    // Alpha one place down with the keyboard: space picks it up, an arrow moves it, space drops it.
    save = saved(page);
    await page.getByRole("button", { name: "Drag Alpha Song" }).focus();
    await page.keyboard.press("Space");
    const announcer = page.locator("[role=status][aria-live]").filter({ hasText: /Alpha Song/ });
    await expect(announcer).toHaveText("Picked up Alpha Song, position 1 of 2 in Set 1.");
    // dnd-kit listens for the arrow keys only from the task after the pick-up (a setTimeout),
    // and the announcement can render first on a busy machine: an arrow pressed in between is
    // lost. Press again only while the pick-up is still all that was announced.
    await expect(async () => {
      if ((await announcer.textContent())?.startsWith("Picked up")) await page.keyboard.press("ArrowDown");
      await expect(announcer).toHaveText("Alpha Song is over position 2 of 2 in Set 1.", { timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press("Space");
    await save;
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song"]);

    // Saved with the version: the same order after a reload, and totals per set.
    const set2 = await titles(setList(page, "Set 2"));
    await page.reload();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song"]);
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(set2);
    // 3:00 + 3:30 in Set 1; 4:00 + 4:30 in Set 2; 15:00 in all.
    await expect(page.getByRole("region", { name: "Set 1" })).toContainText("2 songs · 6:30");
    await expect(page.getByRole("region", { name: "Set 2" })).toContainText("2 songs · 8:30");
    await expect(page.getByRole("region", { name: "Set 2" })).toContainText("show so far 15:00");

    // The stage PDF downloads with the setlist's name.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "PDF for the stage (a page per set)" }).click();
    expect((await download).suggestedFilename()).toBe("saturday-at-the-crown.pdf");
  });

  test("with the keyboard a song moves across sets one place at a time, and lands where it was announced", async ({ page, login, createBand, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "drag and drop needs JavaScript");
    const band = await bandWithSongs(login, createBand);
    // Set 1: Alpha, Bravo; Set 2: Charlie, Delta.
    const setlist = await setlistOf(band.id, [2, 2]);
    await page.goto(`/setlists/${setlist.id}`);
    // dnd-kit listens for the arrows only from the task after the pick-up: press again only while the pick-up is all that was announced.
    const move = async (song: string, key: string, over: string, dropped: string) => {
      const announcer = page.locator("[role=status][aria-live]").filter({ hasText: new RegExp(song) });
      const save = saved(page);
      await page.getByRole("button", { name: `Drag ${song}` }).focus();
      await page.keyboard.press("Space");
      await expect(announcer).toHaveText(new RegExp(`^Picked up ${song}`));
      await expect(async () => {
        if ((await announcer.textContent())?.startsWith("Picked up")) await page.keyboard.press(key);
        await expect(announcer).toHaveText(`${song} is over ${over}.`, { timeout: 3_000 });
      }).toPass({ timeout: 15_000 });
      await page.keyboard.press("Space");
      await expect(announcer).toHaveText(`${song} dropped at ${dropped}. Saving.`);
      await save;
    };
    // Up once from the top of Set 2: the end of Set 1.
    await move("Charlie Song", "ArrowUp", "position 3 of 3 in Set 1", "position 3 of 3 in Set 1");
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Alpha Song", "Bravo Song", "Charlie Song"]);
    // Down once from the end of Set 1: the top of Set 2.
    await move("Charlie Song", "ArrowDown", "position 1 of 2 in Set 2", "position 1 of 2 in Set 2");
    await page.reload();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Alpha Song", "Bravo Song"]);
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(["Charlie Song", "Delta Song"]);
  });

  test("with the keyboard, each arrow is one place, also through a set it has just crossed into, and back", async ({ page, login, createBand, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "drag and drop needs JavaScript");
    const band = await bandWithSongs(login, createBand);
    // Set 1: Alpha; Set 2: Bravo, Charlie, Delta. (Down went 1, 1, 3, 4 of 4 in Set 2, and up again 3, 2, 2.)
    const setlist = await setlistOf(band.id, [1, 3]);
    await page.goto(`/setlists/${setlist.id}`);
    const announcer = page.locator("[role=status][aria-live]").filter({ hasText: /Alpha Song/ });
    await page.getByRole("button", { name: "Drag Alpha Song" }).focus();
    await page.keyboard.press("Space");
    await expect(announcer).toHaveText(/^Picked up Alpha Song/);
    // dnd-kit listens for the arrows only from the task after the pick-up.
    await expect(async () => {
      if ((await announcer.textContent())?.startsWith("Picked up")) await page.keyboard.press("ArrowDown");
      await expect(announcer).toHaveText("Alpha Song is over position 1 of 4 in Set 2.", { timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
    for (const [key, place] of [
      ["ArrowDown", "position 2 of 4 in Set 2"],
      ["ArrowDown", "position 3 of 4 in Set 2"],
      ["ArrowDown", "position 4 of 4 in Set 2"],
      ["ArrowUp", "position 3 of 4 in Set 2"],
      ["ArrowUp", "position 2 of 4 in Set 2"],
    ] as const) {
      await page.keyboard.press(key);
      await expect(announcer).toHaveText(`Alpha Song is over ${place}.`);
    }
    const save = saved(page);
    await page.keyboard.press("Space");
    await expect(announcer).toHaveText("Alpha Song dropped at position 2 of 4 in Set 2. Saving.");
    await save;
    // And when it is saved, that is said too.
    await expect(page.getByRole("status").filter({ hasText: "New order saved." })).toHaveCount(1);
    await page.reload();
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(["Bravo Song", "Alpha Song", "Charlie Song", "Delta Song"]);
  });

  test("on a slow connection a second drag waits for the first to save, instead of being refused as someone else's change", async ({ page, login, createBand, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "drag and drop needs JavaScript");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [3]);
    await page.goto(`/setlists/${setlist.id}`);
    await expect(page.getByRole("button", { name: "Drag Alpha Song" })).toBeVisible();
    const { release } = await holdPosts(page, new RegExp(`/setlists/${setlist.id}(\\.data)?(\\?|$)`));
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await dragTo(page, page.getByRole("button", { name: "Drag Alpha Song" }), page.getByRole("button", { name: "Drag Charlie Song" }));
    await expect(page.getByText("Saving the new order…")).toBeVisible();
    // Until it is saved, no handle picks a song up.
    await expect(page.getByRole("button", { name: "Drag Bravo Song" })).toHaveAttribute("aria-disabled", "true");
    release();
    await answered;
    await expect(page.getByText("Saving the new order…")).toHaveCount(0);
    await page.unrouteAll({ behavior: "wait" });
    const order = await titles(setList(page, "Set 1"));
    expect(order[0]).toBe("Bravo Song");
    // The next drag goes with the new version: saved, no conflict.
    const save = saved(page);
    await dragTo(page, page.getByRole("button", { name: `Drag ${order[2]}` }), page.getByRole("button", { name: `Drag ${order[0]}` }));
    await save;
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.reload();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual([order[2], order[0], order[1]]);
  });

  test("Create setlist shows that it is sending, and a second press sends nothing more", async ({ page, javaScriptEnabled, isMobile, login, createBand }) => {
    test.skip(!javaScriptEnabled || isMobile, "the pending state is the script's; one project is enough");
    const band = await bandWithSongs(login, createBand);
    await page.goto("/setlists");
    await page.getByLabel("Name", { exact: true }).fill("Held back");
    // The post is held until the button has shown it is sending.
    const held = await holdPosts(page, /\/setlists(\.data)?(\?|$)/);
    await page.getByRole("button", { name: "Create setlist" }).click();
    const sending = page.getByRole("button", { name: "Creating…" });
    await expect(sending).toBeDisabled();
    await sending.click({ force: true });
    held.release();
    await expect(page.getByRole("heading", { name: "Held back", level: 1 })).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });
    expect(held.posts).toBe(1);
    const { db } = await import("~/utils/db.server");
    expect(await db.setlist.count({ where: { bandId: band.id, name: "Held back" } })).toBe(1);
  });

  test("while a change of the editor is sending, its buttons rest: a second tap sends nothing", async ({ page, javaScriptEnabled, isMobile, login, createBand }) => {
    test.skip(!javaScriptEnabled || isMobile, "the pending state is the script's; one project is enough");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [3]);
    await page.goto(`/setlists/${setlist.id}`);
    // A tap before hydration is a plain form post, with no pending state to see (it flaked in CI).
    await waitForHydration(page);
    const held = await holdPosts(page, new RegExp(`/setlists/${setlist.id}(\\.data)?(\\?|$)`));
    await page.getByRole("button", { name: "Move Alpha Song down" }).click();
    await expect(page.locator('[data-print="setlist"]')).toHaveAttribute("aria-busy", "true");
    // Another row's button does not take the tap while the first change is on its way.
    await page.getByRole("button", { name: "Move Charlie Song up" }).click({ force: true });
    held.release();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song", "Charlie Song"]);
    await expect(page.locator('[data-print="setlist"]')).not.toHaveAttribute("aria-busy", "true");
    await page.unrouteAll({ behavior: "wait" });
    expect(held.posts).toBe(1);
  });

  test("a break of the wrong length is refused at its field, which keeps what was typed and takes the focus", async ({ page, isMobile, login, createBand }) => {
    test.skip(isMobile, "the same form on every screen");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [0]);
    await page.goto(`/setlists/${setlist.id}`);
    const minutes = page.getByLabel("Break (minutes)");
    await minutes.fill("0");
    await page.getByRole("button", { name: "Add a break" }).click();
    await expect(minutes).toHaveAccessibleDescription("A break must be a whole number of minutes from 1 to 120");
    await expect(minutes).toHaveValue("0");
    await expect(minutes).toBeFocused();
    await minutes.fill("10");
    await page.getByRole("button", { name: "Add a break" }).click();
    await expect(setList(page, "Set 1")).toContainText("Break");
    await expect(page.getByLabel("Break (minutes)")).toHaveValue("15");
    await expect(page.getByLabel("Break (minutes)")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a song's note or a set's new name refused because someone else saved first comes back typed, in its open field; sent again, it is saved", async ({ page, isMobile, login, createBand, javaScriptEnabled }) => {
    test.skip(isMobile, "the same forms on every screen");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [2]);
    // With JavaScript the rows are drawn again once drag and drop has loaded: open a note only then.
    const opened = async () => {
      if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Drag Alpha Song" })).toBeVisible();
    };
    await page.goto(`/setlists/${setlist.id}`);
    await opened();
    const { db } = await import("~/utils/db.server");
    const bump = () => db.setlist.update({ where: { id: setlist.id }, data: { version: { increment: 1 } } });
    // Someone else saves while this page is open.
    await bump();
    await page.getByText("Add a note").first().click();
    const note = page.getByLabel("Note for Alpha Song");
    await note.fill("Count in slow, segue into Bravo");
    await page.getByRole("button", { name: "Save note" }).first().click();
    await expect(page.getByRole("alert")).toContainText("Reload the setlist");
    await expect(page.getByLabel("Note for Alpha Song")).toHaveValue("Count in slow, segue into Bravo");
    await expect(page.getByLabel("Note for Alpha Song")).toBeVisible();
    // The page now holds what is saved (without JavaScript, drawn anew; with it, its data reloaded by the next action): sent again, it is saved.
    await page.goto(`/setlists/${setlist.id}`);
    await opened();
    await page.getByText("Add a note").first().click();
    await page.getByLabel("Note for Alpha Song").fill("Count in slow, segue into Bravo");
    await page.getByRole("button", { name: "Save note" }).first().click();
    await expect(setList(page, "Set 1")).toContainText("Count in slow, segue into Bravo");

    await bump();
    await page.getByText("Rename Set 1…").click();
    await page.getByLabel("New name for Set 1").fill("Warm-up");
    await page.getByRole("button", { name: "Rename", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Reload the setlist");
    await expect(page.getByLabel("New name for Set 1")).toHaveValue("Warm-up");
    await expect(page.getByLabel("New name for Set 1")).toBeVisible();

    // So does a break's length.
    await page.goto(`/setlists/${setlist.id}`);
    await opened();
    await bump();
    await page.getByLabel("Break (minutes)").fill("22");
    await page.getByRole("button", { name: "Add a break" }).click();
    await expect(page.getByRole("alert")).toContainText("Reload the setlist");
    await expect(page.getByLabel("Break (minutes)")).toHaveValue("22");
  });

  test("a note and a set's new name typed before drag and drop has loaded stay open, typed and focused when it draws the rows again", async ({ page, isMobile, login, createBand, javaScriptEnabled }) => {
    test.skip(isMobile, "the same forms on every screen");
    test.skip(!javaScriptEnabled, "without JavaScript the rows are never drawn again");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [2, 1, 1]);
    // A slow connection: drag and drop's script arrives only once the person has started typing.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/build\/.*drag-board-[^/]*\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`/setlists/${setlist.id}`);
    await page.getByText("Rename Set 2…").click();
    await page.getByLabel("New name for Set 2").fill("Encore");
    await page.getByLabel("Set to move Bravo Song to").selectOption({ label: "Set 3" });
    await page.getByText("Add a note").first().click();
    const note = page.getByLabel("Note for Alpha Song");
    await note.fill("Count in slow");
    for (let i = 0; i < 4; i++) await note.press("ArrowLeft");
    arrive();
    await expect(page.getByRole("button", { name: "Drag Alpha Song" })).toBeVisible();
    await expect(note).toBeVisible();
    await expect(note).toHaveValue("Count in slow");
    await expect(note).toBeFocused();
    // Typing goes on where the caret was.
    await page.keyboard.type("very ");
    await expect(note).toHaveValue("Count in very slow");
    await expect(page.getByLabel("New name for Set 2")).toBeVisible();
    await expect(page.getByLabel("New name for Set 2")).toHaveValue("Encore");
    await expect(page.getByLabel("Set to move Bravo Song to")).toHaveValue(String(setlist.sets[2]!.id));
    await page.getByRole("button", { name: "Save note" }).first().click();
    await expect(setList(page, "Set 1")).toContainText("Count in very slow");
  });

  test("a note typed in a song's row and not saved stays when that row's Down is pressed", async ({ page, isMobile, login, createBand }) => {
    test.skip(isMobile, "the same forms on every screen");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [3]);
    await page.goto(`/setlists/${setlist.id}`);
    await page.getByText("Add a note").first().click();
    await page.getByLabel("Note for Alpha Song").fill("Capo 2");
    await page.getByRole("button", { name: "Move Alpha Song down" }).click();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song", "Charlie Song"]);
    await expect(setList(page, "Set 1")).toContainText("Capo 2");
  });

  test("songs ticked to add, refused because someone else saved first, stay ticked with their set; sent again, they are added", async ({ page, isMobile, login, createBand }) => {
    test.skip(isMobile, "the same form on every screen");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [1, 0]);
    const { db } = await import("~/utils/db.server");
    await page.goto(`/setlists/${setlist.id}?q=song`);
    await page.getByRole("checkbox", { name: /Charlie Song/ }).check();
    await page.getByRole("checkbox", { name: /Delta Song/ }).check();
    await page.getByLabel("Add to", { exact: true }).first().selectOption({ label: "Set 2" });
    await db.setlist.update({ where: { id: setlist.id }, data: { version: { increment: 1 } } });
    await page.getByRole("button", { name: "Add to setlist" }).click();
    await expect(page.getByRole("alert")).toContainText("Reload the setlist");
    await expect(page.getByRole("checkbox", { name: /Charlie Song/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Delta Song/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Bravo Song/ })).not.toBeChecked();
    await expect(page.getByLabel("Add to", { exact: true }).first()).toHaveValue(String(setlist.sets[1]!.id));
    expect(await db.setlistItem.count({ where: { setlistId: setlist.id } })).toBe(1);
    // Reloaded, the page holds the saved version: the same ticks sent again are added.
    await page.goto(`/setlists/${setlist.id}?q=song`);
    await page.getByRole("checkbox", { name: /Charlie Song/ }).check();
    await page.getByRole("checkbox", { name: /Delta Song/ }).check();
    await page.getByLabel("Add to", { exact: true }).first().selectOption({ label: "Set 2" });
    await page.getByRole("button", { name: "Add to setlist" }).click();
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(["Charlie Song", "Delta Song"]);
  });

  test("notes refused because someone else saved first stay typed, with the version they were typed over, after the next editor action", async ({ page, isMobile, login, createBand, javaScriptEnabled }) => {
    test.skip(isMobile, "the same form on every screen");
    test.skip(!javaScriptEnabled, "without JavaScript every editor action loads the page anew, which cannot hold text typed into another form");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [2]);
    await page.goto(`/setlists/${setlist.id}`);
    // Someone else saves the setlist's notes while this page is open.
    const { db } = await import("~/utils/db.server");
    await db.setlist.update({ where: { id: setlist.id }, data: { notes: "Theirs: start with Bravo", version: { increment: 1 } } });
    const notes = page.getByLabel("Notes");
    await notes.fill("Mine: long notes for the encore");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("alert")).toContainText("Reload the setlist");
    await expect(notes).toHaveValue("Mine: long notes for the encore");
    // The next editor action (a search of the library) replaces the page's reply.
    await page.getByLabel("Title or artist").fill("Delta");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("checkbox", { name: /Delta Song/ })).toBeVisible();
    await expect(notes).toHaveValue("Mine: long notes for the encore");
    // Saving again is still refused: the other person's notes are not overwritten unseen.
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("alert")).toContainText("Reload the setlist");
    expect((await db.setlist.findUniqueOrThrow({ where: { id: setlist.id }, select: { notes: true } })).notes).toBe("Theirs: start with Bravo");
  });

  test("a song's note refused because someone else saved first stays open, typed, after the next editor action", async ({ page, isMobile, login, createBand, javaScriptEnabled }) => {
    test.skip(isMobile, "the same form on every screen");
    test.skip(!javaScriptEnabled, "without JavaScript every editor action loads the page anew");
    const band = await bandWithSongs(login, createBand);
    const setlist = await setlistOf(band.id, [2]);
    await page.goto(`/setlists/${setlist.id}`);
    await expect(page.getByRole("button", { name: "Drag Alpha Song" })).toBeVisible();
    const { db } = await import("~/utils/db.server");
    await db.setlist.update({ where: { id: setlist.id }, data: { version: { increment: 1 } } });
    await page.getByText("Add a note").first().click();
    const note = page.getByLabel("Note for Alpha Song");
    await note.fill("Capo 2, count in slow");
    await page.getByRole("button", { name: "Save note" }).first().click();
    await expect(page.getByRole("alert")).toContainText("Reload the setlist");
    // The next editor action (a search of the library) replaces the page's reply.
    await page.getByLabel("Title or artist").fill("Delta");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("checkbox", { name: /Delta Song/ })).toBeVisible();
    await expect(note).toBeVisible();
    await expect(note).toHaveValue("Capo 2, count in slow");
  });

  test("build a two-set setlist with the move buttons", async ({ page, javaScriptEnabled, login, createBand }) => {
    await bandWithSongs(login, createBand);
    await startSetlist(page);

    // Charlie and Delta to Set 2, then Delta up above Charlie, then Alpha down below Bravo.
    for (const song of ["Charlie Song", "Delta Song"]) {
      await page.getByRole("button", { name: `Move ${song} to the chosen set` }).click();
      await expect(setList(page, "Set 2")).toContainText(song);
      // The song is drawn anew in its new set; the keyboard stays on the button pressed (it fell to the drag handle).
      if (javaScriptEnabled) await expect(page.getByRole("button", { name: `Move ${song} to the chosen set` })).toBeFocused();
    }
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(["Charlie Song", "Delta Song"]);
    await page.getByRole("button", { name: "Move Delta Song up" }).click();
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(["Delta Song", "Charlie Song"]);
    // Where it went is said (read out: the toast is a status), with or without JavaScript.
    await expect(page.getByRole("status").filter({ hasText: "Now 1 of 2 in Set 2." })).toBeVisible();
    await page.getByRole("button", { name: "Move Alpha Song down" }).click();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song"]);

    await page.reload();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song"]);
    await expect.poll(() => titles(setList(page, "Set 2"))).toEqual(["Delta Song", "Charlie Song"]);
    await expect(page.getByRole("region", { name: "Set 2" })).toContainText("2 songs · 8:30");
    await expect(page.getByRole("region", { name: "Set 2" })).toContainText("show so far 15:00");

    // A row's note, moves and removal share one form: Enter in the note saves the note and moves nothing; Remove takes the song out.
    await page.locator("summary").filter({ hasText: "for Alpha Song" }).click();
    await page.getByLabel("Note for Alpha Song").fill("Capo 2");
    await page.getByLabel("Note for Alpha Song").press("Enter");
    await expect(setList(page, "Set 1")).toContainText("Capo 2");
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song"]);
    await page.getByRole("button", { name: "Remove Bravo Song" }).click();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Alpha Song"]);
    await expect(page.getByRole("region", { name: "Set 1" })).toContainText("1 song · 3:00");
    // The page comes back at the song that took its place; with JavaScript the keyboard is
    // there too (on its first control), not at the top of the page.
    await expect(page).toHaveURL(/#item-\d+$/);
    if (javaScriptEnabled) await expect(setList(page, "Set 1").getByRole("listitem").first().locator("button").first()).toBeFocused();

    // Set 2 becomes the encore, songs and all.
    await page.getByText("Rename Set 2…").click();
    await page.getByLabel("New name for Set 2").fill("Encore");
    await page.getByRole("button", { name: "Rename", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Encore", level: 2 })).toBeVisible();
    await expect.poll(() => titles(setList(page, "Encore"))).toEqual(["Delta Song", "Charlie Song"]);

    // Removing a set with songs, and deleting the setlist, each take a second step.
    await page.getByText("Remove Encore and its songs…").click();
    await page.getByRole("button", { name: "Yes, remove Encore" }).click();
    await expect(page.getByRole("heading", { name: "Encore", level: 2 })).toHaveCount(0);
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Alpha Song"]);
    await page.getByText("Delete setlist…").click();
    await page.getByRole("button", { name: "Yes, delete Saturday at the Crown" }).click();
    await expect(page).toHaveURL(/\/setlists$/);
    await expect(page.getByRole("link", { name: /Saturday at the Crown/ })).toHaveCount(0);
  });

  test("use a setlist for a gig: the event shows it and the setlist says where it is planned", async ({ page, login, createBand }) => {
    const band = await bandWithSongs(login, createBand);
    const { db } = await import("~/utils/db.server");
    const gig = await db.event.create({ data: { bandId: band.id, title: "Wedding at the Mill", kind: "gig", venueName: "The Mill", startsAt: new Date(Date.now() + 12 * 86_400_000) } });
    await startSetlist(page);

    const gigs = page.getByRole("region", { name: "Gigs" });
    await expect(gigs).toContainText("Not used for a gig yet.");
    await gigs.getByLabel("Use for a gig").selectOption({ value: `${gig.id}.0` });
    await gigs.getByRole("button", { name: "Use this setlist" }).click();
    await expect(gigs).toContainText("Planned for Wedding at the Mill");
    await expect(gigs).toContainText("The Mill");

    await gigs.getByRole("link", { name: "Wedding at the Mill" }).click();
    await expect(page.getByRole("heading", { name: "Wedding at the Mill", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Saturday at the Crown" }).click();
    await expect(page.getByRole("heading", { name: "Saturday at the Crown", level: 1 })).toBeVisible();

    await page.getByRole("region", { name: "Gigs" }).getByRole("button", { name: "Unlink from Wedding at the Mill" }).click();
    await expect(page.getByRole("region", { name: "Gigs" })).toContainText("Not used for a gig yet.");
  });

  test("build a new setlist from a previous gig's", async ({ page, login, createBand }) => {
    const band = await bandWithSongs(login, createBand);
    const { db } = await import("~/utils/db.server");
    const songs = await db.song.findMany({ where: { bandId: band.id }, orderBy: { id: "asc" }, select: { id: true } });
    const old = await db.setlist.create({
      data: {
        bandId: band.id,
        name: "Crown, May",
        sets: { create: [{ name: "Set 1", position: 0 }, { name: "Encore", position: 1 }] },
      },
      select: { id: true, sets: { orderBy: { position: "asc" }, select: { id: true } } },
    });
    await db.setlistItem.createMany({
      data: [
        { setlistId: old.id, setId: old.sets[0]!.id, position: 0, songId: songs[1]!.id },
        { setlistId: old.id, setId: old.sets[0]!.id, position: 1, songId: songs[0]!.id },
        { setlistId: old.id, setId: old.sets[1]!.id, position: 0, songId: songs[3]!.id },
      ],
    });
    await db.event.create({ data: { bandId: band.id, title: "The Crown", kind: "gig", startsAt: new Date(Date.now() - 20 * 86_400_000), setlistId: old.id } });

    await page.goto("/setlists");
    const section = page.getByRole("region", { name: "Build from a previous gig" });
    await expect(section.getByLabel("Gig")).toContainText("The Crown");
    await section.getByLabel("New setlist name").fill("Crown, June");
    await section.getByRole("button", { name: "Build setlist" }).click();
    await expect(page.getByRole("heading", { name: "Crown, June", level: 1 })).toBeVisible();
    await expect.poll(() => titles(setList(page, "Set 1"))).toEqual(["Bravo Song", "Alpha Song"]);
    await expect.poll(() => titles(setList(page, "Encore"))).toEqual(["Delta Song"]);
  });

  test("download the performance report for rights organisations; a bad range says what is wrong", async ({ page, login, createBand }) => {
    const band = await bandWithSongs(login, createBand);
    const { db } = await import("~/utils/db.server");
    const songs = await db.song.findMany({ where: { bandId: band.id }, orderBy: { id: "asc" }, select: { id: true } });
    const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Pub", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true, sets: { select: { id: true } } } });
    await db.setlistItem.createMany({ data: songs.slice(0, 2).map((song, position) => ({ setlistId: setlist.id, setId: setlist.sets[0]!.id, position, songId: song.id })) });
    await db.event.create({ data: { bandId: band.id, title: "Pub gig", kind: "gig", venueName: "The Crown", startsAt: new Date("2025-05-02T20:00:00Z"), setlistId: setlist.id } });

    await page.goto(`/setlists/${setlist.id}`);
    await page.getByRole("link", { name: "Performance report for rights organisations (CSV)" }).click();
    await page.getByLabel("From", { exact: true }).fill("2025-12-31");
    await page.getByLabel("To", { exact: true }).fill("2025-01-01");
    await page.getByRole("button", { name: "Download CSV" }).click();
    await expect(page.getByRole("alert")).toContainText("The report was not made");
    await expect(page.getByText("The last day must be on or after the first day")).toBeVisible();

    await page.getByLabel("From", { exact: true }).fill("2025-01-01");
    await page.getByLabel("To", { exact: true }).fill("2025-12-31");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-performance-report-2025-01-01-to-2025-12-31\.csv$/);
    const fs = await import("node:fs");
    const text = fs.readFileSync((await file.path())!, "utf8");
    expect(text).toContain("2025-05-02,Pub gig,The Crown,,Set 1,1,Alpha Song,The Testers");
    expect(text).toContain("2025-05-02,Pub gig,The Crown,,Set 1,2,Bravo Song,The Testers");
  });
});

/**
 * The editor's rows at every width a phone or tablet has: a song's title keeps a readable
 * width and its buttons wrap below it (they crushed it to a letter a line at 390, 640 and
 * 768 px), and a set named with all 40 characters it may have does not widen the page.
 */
test("the editor's rows keep their titles readable and the page inside the screen, from a phone to a tablet", async ({ page, login, createBand }) => {
  const band = await bandWithSongs(login, createBand);
  const { db } = await import("~/utils/db.server");
  const songs = await db.song.findMany({ where: { bandId: band.id }, orderBy: { id: "asc" }, select: { id: true } });
  const setlist = await db.setlist.create({
    data: { bandId: band.id, name: "Wide", sets: { create: [{ name: "Set 1", position: 0 }, { name: "Late set after the dinner speeches, slow", position: 1 }] } },
    select: { id: true, sets: { orderBy: { position: "asc" }, select: { id: true } } },
  });
  await db.setlistItem.createMany({ data: songs.map((song, position) => ({ setlistId: setlist.id, setId: setlist.sets[position % 2]!.id, position, songId: song.id })) });
  for (const width of [320, 390, 480, 640, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/setlists/${setlist.id}`);
    const layout = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      titles: [...document.querySelectorAll("[data-item] span.font-medium")].map((title) => Math.round(title.parentElement!.getBoundingClientRect().width)),
    }));
    expect(layout.scroll, `${width} px`).toBeLessThanOrEqual(layout.client);
    expect(layout.titles, `${width} px`).toHaveLength(SONGS.length);
    for (const titleWidth of layout.titles) expect(titleWidth, `${width} px`).toBeGreaterThanOrEqual(Math.min(192, width - 120));
  }
});

/** Searching the library from the editor of a long setlist shows the results where the search was, not the top of the page. */
test("a song search in a long setlist comes back at the search, with its results in view", async ({ page, login, createBand }) => {
  const band = await bandWithSongs(login, createBand);
  const { db } = await import("~/utils/db.server");
  const songs = await db.song.findMany({ where: { bandId: band.id }, orderBy: { id: "asc" }, select: { id: true } });
  const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Long night", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true, sets: { select: { id: true } } } });
  await db.setlistItem.createMany({ data: Array.from({ length: 24 }, (_, position) => ({ setlistId: setlist.id, setId: setlist.sets[0]!.id, position, songId: songs[position % songs.length]!.id })) });
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto(`/setlists/${setlist.id}`);
  const search = page.getByLabel("Title or artist");
  await search.scrollIntoViewIfNeeded();
  await search.fill("Delta");
  await search.press("Enter");
  const result = page.getByRole("checkbox", { name: /Delta Song/ });
  await expect(result).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add songs" })).toBeInViewport();
});
