import { expect, test } from "./fixtures";

test.skip(({ isMobile }) => isMobile, "the same responses on every screen size");

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

test("every page carries the security headers, with a fresh CSP nonce per request", async ({ page }) => {
  const first = await page.goto("/login");
  const headers = first!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const second = await page.goto("/login");
  const nonce = (value: string | undefined) => value?.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce(second!.headers()["content-security-policy"])).not.toBe(nonce(headers["content-security-policy"]));
});

test("the service worker from /sw.js is registered and serves the offline page", async ({ page, context, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "service workers need JavaScript");
  await page.goto("/blog");
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scope).toMatch(/\/sw\.js$/);
  // Precached at install: the page a navigation falls back to without a network.
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match("/offline.html")))).toBe(true);
  await context.setOffline(true);
  await page.goto("/resources").catch(() => undefined);
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await context.setOffline(false);
});
