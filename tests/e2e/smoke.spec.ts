import { expect, test } from "./fixtures";

test("the home page responds and has a heading", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an unknown path shows Page Not Found with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
});

test("the login fixture signs the browser in", async ({ page, login }) => {
  const user = await login();
  const signedIn = await page.request.get("/api/auth/user");
  expect(signedIn.status()).toBe(200);
  expect(await signedIn.text()).toContain(user.email);

  await page.context().clearCookies();
  const signedOut = await page.request.get("/api/auth/user");
  expect(signedOut.status()).toBe(401);
});
