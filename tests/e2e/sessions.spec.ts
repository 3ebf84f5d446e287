import { expect, test } from "./fixtures";

test.skip(({ isMobile }) => isMobile, "the same profile form on every screen size");

// Plain forms: the same with JavaScript on and off.
test("the profile lists where you're signed in; sign out one device, then everywhere", async ({ page, login, createBand }) => {
  test.setTimeout(60_000);
  const user = await login();
  await createBand(user);
  // A second device: another session of the same account.
  const { sessionCookieFor } = await import("../db-utils");
  await sessionCookieFor(user.id);

  await page.goto("/profile");
  const sessions = page.getByRole("list", { name: "Active sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByText("This device")).toHaveCount(1);

  const other = sessions.getByRole("listitem").filter({ hasNotText: "This device" });
  await other.getByRole("button", { name: /^Sign out/ }).click();
  await expect(page.getByText("That device is signed out.").first()).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
});
