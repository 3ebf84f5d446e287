import { expect, test } from "./fixtures";

/**
 * The song library as a member uses it: add a song with "Look up" (MusicBrainz and
 * Deezer answered by the e2e server's local stand-in, tests/mocks/partner-stand-in.ts)
 * taking the suggestions one field at a time, and import a CSV after checking its
 * preview. Both work with JavaScript on and off (the look-up is a plain GET form).
 */
test.describe("song library", () => {
  test.skip(({ isMobile }) => isMobile, "a desktop journey");
  test.setTimeout(60_000);

  test("a member looks a song up and accepts the suggestions field by field", async ({ page, login, createUser, createBand }) => {
    const leader = await createUser({ firstName: "Lee" });
    const member = await login(await createUser({ firstName: "Mia", lastName: "Member" }));
    await createBand(member, { name: "Look-up Band", role: "band_member", members: [{ userId: leader.id, role: "band_leader" }] });

    await page.goto("/songs/new");
    await expect(page.getByRole("heading", { name: "Add a song" })).toBeVisible();
    await page.getByLabel("Title").fill("Superstition");
    await page.getByLabel("Artist").fill("Stevie Wonder");
    await page.getByLabel("Tempo (BPM)").fill("98");
    await page.getByRole("button", { name: "Look up" }).click();

    const lookup = page.getByRole("region", { name: "Look up the details" });
    await expect(lookup.getByRole("heading", { name: "Suggestions" })).toBeVisible();
    await expect(lookup).toContainText("MusicBrainz");
    await expect(lookup).toContainText("Deezer");
    // What the member typed stays; nothing is filled until a suggestion is picked.
    await expect(page.getByLabel("Tempo (BPM)")).toHaveValue("98");
    await expect(page.getByLabel("Length (m:ss)")).toHaveValue("");

    await lookup.getByRole("button", { name: /^Use length/ }).click();
    await expect(page.getByLabel("Length (m:ss)")).toHaveValue("4:26");
    await expect(page.getByLabel("Tempo (BPM)")).toHaveValue("98");
    await expect(page.getByLabel("ISRC")).toHaveValue("");

    await lookup.getByRole("button", { name: /^Use ISRC/ }).click();
    await expect(page.getByLabel("ISRC")).toHaveValue("USMO17200637");
    await expect(page.getByLabel("Length (m:ss)")).toHaveValue("4:26");
    await expect(page.getByLabel("MusicBrainz recording id")).toHaveValue("");

    await lookup.getByRole("button", { name: /^Use MusicBrainz id/ }).click();
    await expect(page.getByLabel("MusicBrainz recording id")).toHaveValue("b1a9c0e9-d987-4042-ae91-78d6a3267d69");
    // The member's own tempo was never overwritten by Deezer's.
    await expect(page.getByLabel("Tempo (BPM)")).toHaveValue("98");

    await page.getByRole("button", { name: "Add song" }).click();
    // To the library, at the new song's row, marked (with JavaScript too).
    await expect(page).toHaveURL(/\/bands\/\d+\/songs\?added=\d+#song-\d+$/);
    await expect(page.getByRole("row").filter({ hasText: "Superstition" })).toHaveAttribute("aria-current", "true");
    const row = page.getByRole("row").filter({ hasText: "Superstition" });
    await expect(row).toContainText("Stevie Wonder");
    await expect(row).toContainText("4:26");
    await expect(row).toContainText("98");

    // Enter in a field saves the song (it ran "Look up", the form's first button on the page).
    await page.goto("/songs/new");
    await page.getByLabel("Title").fill("Valerie");
    await page.getByLabel("Title").press("Enter");
    await expect(page).toHaveURL(/\/bands\/\d+\/songs\?added=\d+#song-\d+$/);
    await expect(page.getByRole("row").filter({ hasText: "Valerie" })).toBeVisible();

    // Deleting asks first (it sat one click from Save).
    await page.getByRole("row").filter({ hasText: "Valerie" }).getByRole("link", { name: "Valerie" }).click();
    await expect(page.getByRole("button", { name: "Yes, delete Valerie" })).toBeHidden();
    await page.getByText("Delete Valerie…").click();
    await page.getByRole("button", { name: "Yes, delete Valerie" }).click();
    await expect(page).toHaveURL(/\/bands\/\d+\/songs$/);
    await expect(page.getByRole("row").filter({ hasText: "Valerie" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Superstition" })).toBeVisible();
  });

  test("a leader previews a CSV import, sees the bad row, and confirms", async ({ page, context, login, createBand }) => {
    const leader = await login();
    await createBand(leader, { name: "Import Band" });

    await page.goto("/songs/import");
    const csv = ["Title,Artist,Key,Tempo,Duration", "Valerie,Amy Winehouse,Eb,105,3:53", "Mr. Brightside,The Killers,Db,148,3:43", "Broken Tempo,Nobody,C,999,3:00"].join("\r\n");
    await page.getByLabel("CSV file").setInputFiles({ name: "songs.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await page.getByRole("button", { name: "Preview" }).click();

    await expect(page.getByRole("heading", { name: "Check before importing" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("2 songs are ready to import. 1 row has errors and will be skipped.");
    await expect(page.getByRole("row").filter({ hasText: "Broken Tempo" })).toContainText("Error");

    // Nothing is written before the confirmation.
    const library = await context.newPage();
    await library.goto("/songs");
    await expect(library.getByText("Import Band")).not.toHaveCount(0);
    await expect(library.getByRole("row").filter({ hasText: "Valerie" })).toHaveCount(0);
    await library.close();

    await page.getByRole("button", { name: "Import 2 songs" }).click();
    await expect(page).toHaveURL(/\/bands\/\d+\/songs$/);
    await expect(page.getByText("2 songs imported", { exact: true })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Valerie" })).toContainText("Amy Winehouse");
    await expect(page.getByRole("row").filter({ hasText: "Mr. Brightside" })).toContainText("The Killers");
    await expect(page.getByRole("row").filter({ hasText: "Broken Tempo" })).toHaveCount(0);
  });

  test("a large file of non-ASCII text that previews well also imports (the confirmation was refused as too large)", async ({ page, login, createBand, isMobile }) => {
    test.skip(isMobile, "the same form on a phone");
    test.setTimeout(120_000);
    const leader = await login();
    await createBand(leader, { name: "Sharp Band" });
    await page.goto("/songs/import");
    // 5,000 rows with a note of 260 sharps each: 4 MB of UTF-8, 12 MB URL-encoded.
    const rows = Array.from({ length: 5000 }, (_, i) => `Song ${i + 1},Artist,,,,${"♯".repeat(260)}`);
    const csv = ["Title,Artist,Key,Tempo,Duration,Notes", ...rows].join("\r\n");
    await page.getByLabel("CSV file").setInputFiles({ name: "sharps.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status")).toContainText("5,000 songs are ready to import.", { timeout: 60_000 });
    await page.getByRole("button", { name: "Import 5,000 songs" }).click();
    await expect(page.getByText("5,000 songs imported", { exact: true })).toBeVisible({ timeout: 60_000 });
  });

  test("a save refused because someone else saved the song first offers the song as it is now", async ({ page, login, createBand, isMobile }) => {
    test.skip(isMobile, "the same form on every screen");
    const leader = await login();
    const band = await createBand(leader, { name: `Stale Song Band ${Date.now().toString(36)}` });
    const { db } = await import("~/utils/db.server");
    const song = await db.song.create({ data: { bandId: band.id, title: "Jolene", titleKey: "jolene", createdById: leader.id } });
    await page.goto(`/songs/${song.id}/edit`);
    // Someone else saves a new tempo meanwhile.
    await db.song.update({ where: { id: song.id }, data: { tempo: 111, version: { increment: 1 } } });
    await page.getByLabel("Tempo (BPM)").fill("120");
    await page.getByRole("button", { name: "Save song" }).click();
    await expect(page.getByRole("alert")).toContainText("Someone else changed this song while you were editing.");
    await page.getByRole("link", { name: "Reload the song" }).click();
    await expect(page.getByLabel("Tempo (BPM)")).toHaveValue("111");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the library and a song's page show what the band played at its past gigs", async ({ page, login, createBand }) => {
    const leader = await login();
    const band = await createBand(leader, { name: `History Band ${Date.now().toString(36)}` });
    const { db } = await import("~/utils/db.server");
    const [valerie, jolene] = await Promise.all(
      ["Valerie", "Jolene"].map((title) => db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), createdById: leader.id } })),
    );
    const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Pub", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true, sets: { select: { id: true } } } });
    await db.setlistItem.createMany({ data: [valerie!, jolene!].map((song, position) => ({ setlistId: setlist.id, setId: setlist.sets[0]!.id, position, songId: song.id })) });
    for (const days of [40, 9]) await db.event.create({ data: { bandId: band.id, title: `Pub ${days}`, kind: "gig", startsAt: new Date(Date.now() - days * 86_400_000), setlistId: setlist.id } });

    await page.goto("/songs");
    const played = page.getByRole("region", { name: `What ${band.name} plays at gigs` });
    await expect(played).toContainText("Most played");
    await expect(played.getByRole("listitem").first()).toContainText("2×");
    await expect(page.getByRole("row", { name: /Valerie/ })).toContainText("2×");

    await page.getByRole("link", { name: "Valerie" }).click();
    const history = page.getByRole("region", { name: "Played at gigs" });
    await expect(history).toContainText("2 times, last on");
    await expect(history.getByRole("link", { name: "Pub 9" })).toBeVisible();
    // Deleting it keeps it in its setlists and in the performance report, and the confirmation says so.
    await page.getByText("Delete Valerie…").click();
    await expect(page.getByText(/Setlists that hold it keep it .*and the performance report still lists it at the 2 gigs it was played at\./)).toBeVisible();
  });

  test("a sub's library has no play columns (they see only their own gigs), rather than \"Never\" for songs the band plays", async ({ page, login, createUser, createBand }) => {
    const leader = await createUser({ firstName: "Lee", lastName: "Leader" });
    const sub = await createUser({ firstName: "Sam", lastName: "Sub" });
    const band = await createBand(leader, { name: `Sub View ${Date.now().toString(36)}`, members: [{ userId: sub.id, role: "sub" }] });
    const { db } = await import("~/utils/db.server");
    const song = await db.song.create({ data: { bandId: band.id, title: "Valerie", titleKey: "valerie", createdById: leader.id } });
    const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Pub", sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true, sets: { select: { id: true } } } });
    await db.setlistItem.create({ data: { setlistId: setlist.id, setId: setlist.sets[0]!.id, position: 0, songId: song.id } });
    const subMembership = await db.bandMembership.findFirstOrThrow({ where: { bandId: band.id, userId: sub.id }, select: { id: true } });
    await db.event.create({ data: { bandId: band.id, title: "Wedding", kind: "gig", startsAt: new Date(Date.now() + 5 * 86_400_000), setlistId: setlist.id, bookings: { create: [{ membershipId: subMembership.id }] } } });
    await login(sub);
    await page.goto("/songs");
    await expect(page.getByRole("row", { name: /Valerie/ })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Played", exact: true })).toHaveCount(0);
    await expect(page.getByRole("row", { name: /Valerie/ })).not.toContainText("Never");
  });
});
