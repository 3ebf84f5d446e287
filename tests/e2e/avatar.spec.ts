import { expect, test } from "./fixtures";

/**
 * A profile picture whose address fails to load falls back to the initials avatar, with
 * and without JavaScript: never a broken-image icon.
 */
async function setPicture(userId: string, profileImageUrl: string) {
  const { db } = await import("~/utils/db.server");
  await db.user.update({ where: { id: userId }, data: { profileImageUrl } });
}

const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test.describe("the avatar", () => {
  test("a picture that fails to load shows the initials instead", async ({ page, login, createBand, isMobile }) => {
    const user = await login();
    await createBand(user, { name: "Picture Band" });
    await setPicture(user.id, "https://pictures.example.com/missing.png");
    const picture = page.waitForRequest("https://pictures.example.com/missing.png");
    await page.route("https://pictures.example.com/**", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await page.goto("/profile");
    await picture;

    const avatar = isMobile ? page.getByRole("link", { name: "Your profile" }) : page.locator("aside").getByRole("link", { name: /Your profile/ });
    // No <img> to break: the initials sit under the picture layer.
    await expect(avatar.locator("img")).toHaveCount(0);
    await expect(avatar.getByText(/^[A-Z?]{1,2}$/)).toBeVisible();
    await expect(page.locator("main img[src*='pictures.example.com']")).toHaveCount(0);
  });

  test("a picture that loads covers the initials", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "Picture Band" });
    await setPicture(user.id, "https://pictures.example.com/face.png");
    await page.route("https://pictures.example.com/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: PNG_1X1 }));
    await page.goto("/dashboard");
    const layer = page.locator("[data-avatar-picture]").first();
    await expect(layer).toBeAttached();
    expect(await layer.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain("https://pictures.example.com/face.png");
  });
});
