import { expect, test } from "./fixtures";

// Band settings and the user's profile, with JavaScript on and off (the forms are plain
// posts). The phone layout only differs in how the profile is reached.

test.describe("band settings and profile", () => {
  test.skip(({ isMobile }) => isMobile, "same forms on a phone; the phone's way to the profile is tested below");

  test("a leader renames the band and changes its time zone; a too-long name is refused", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "The Night Owls" });
    await page.goto("/settings");

    const name = page.getByLabel("Band name");
    await expect(name).toHaveValue("The Night Owls");
    await name.fill("x".repeat(51));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Band name is too long", { exact: true })).toHaveCount(1);

    await page.getByLabel("Band name").fill("The Early Birds");
    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    await expect(page.getByLabel("Band name")).toHaveValue("The Early Birds");
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
    await expect(page.getByLabel("Currency")).toHaveValue("USD");

    // The shell's band switcher shows the new name.
    await expect(page.locator("aside details").first().locator("summary")).toContainText("The Early Birds");
  });

  test("a save after someone else's is refused, and the page then shows their change and lets you make yours", async ({ page, login, createBand }) => {
    const user = await login();
    const band = await createBand(user, { name: "The Night Owls" });
    await page.goto("/settings");
    await expect(page.getByLabel("Band name")).toHaveValue("The Night Owls");
    // Another admin saves while this page is open.
    const { db } = await import("~/utils/db.server");
    await db.band.update({ where: { id: band.id }, data: { name: "The Owls", settingsVersion: { increment: 1 } } });

    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Someone else changed the band's settings" })).toBeVisible();
    await expect(page.getByLabel("Band name")).toHaveValue("The Owls");
    await expect(page.getByLabel("Time zone")).toHaveValue("UTC");
    // From what is saved now, the change goes through.
    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    expect(await db.band.findUniqueOrThrow({ where: { id: band.id }, select: { name: true, timeZone: true } })).toEqual({ name: "The Owls", timeZone: "Europe/Berlin" });
  });

  test("a band member sees the settings but cannot change them", async ({ page, login, createUser, createBand }) => {
    const leader = await createUser({ firstName: "Zoe", lastName: "Leader" });
    const user = await login();
    await createBand(user, { name: "Someone Else's Band", role: "band_member", members: [{ userId: leader.id, role: "band_leader" }] });
    await page.goto("/settings");
    await expect(page.getByText("Only a Band Leader or Band Admin can change these (Zoe Leader).")).toBeVisible();
    await expect(page.getByLabel("Band name")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete band" })).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Permissions by role" })).toBeVisible();
  });

  test("a user updates their name and sees it in the shell", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    await page.locator("aside").getByRole("link", { name: /Your profile/ }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();

    await page.getByLabel("First name").fill("");
    await page.getByLabel("Profile image URL (optional)").fill("http://example.com/me.png");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("First name is required", { exact: true })).toHaveCount(1);
    await expect(page.getByText("Enter a full https:// image address", { exact: true })).toHaveCount(1);

    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name (optional)").fill("Marsh");
    await page.getByLabel("Profile image URL (optional)").fill("");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile saved").first()).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Robin");
    await expect(page.locator("aside").getByRole("link", { name: /Your profile/ })).toContainText("Robin Marsh");
  });

  test("a leader deletes a band by typing its name", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "Keeper" });
    await createBand(user, { name: "Doomed Band" });
    await page.goto("/settings");
    const switcher = page.locator("aside details").first().locator("summary");
    await expect(switcher).toContainText("Doomed Band");

    const confirm = page.getByLabel(/to confirm/);
    await confirm.fill("doomed band");
    await page.getByRole("button", { name: "Delete band" }).click();
    await expect(page.getByText("Type the band name exactly to confirm", { exact: true })).toHaveCount(1);

    await page.getByLabel(/to confirm/).fill("Doomed Band");
    await page.getByRole("button", { name: "Delete band" }).click();
    await expect(page).toHaveURL(/\/getting-started$/);
    await expect(page.getByText("Doomed Band was deleted").first()).toBeVisible();
    await expect(switcher).toContainText("Keeper");
    await switcher.click();
    await expect(page.locator("aside").getByRole("button", { name: /Doomed Band/ })).toHaveCount(0);
  });
});

test.describe("the profile on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "phone layout only");

  test("the avatar in the top bar leads to the profile", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    await page.getByRole("banner").getByRole("link", { name: "Your profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel("First name")).toBeVisible();
  });
});
