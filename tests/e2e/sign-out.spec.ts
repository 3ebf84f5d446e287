import { expect, SESSION_REFRESHED_AT_KEY as REFRESHED_AT_KEY, test, waitForHydration } from "./fixtures";

/**
 * Spec section 7: with JavaScript, Sign Out calls POST /api/auth/logout, clears local and
 * session storage (the session-refresh timestamp too) and goes to /; when that call
 * fails it goes to /api/logout. Without JavaScript the button is a plain form. The phone
 * menu's Sign Out goes straight to /api/logout.
 */
test.describe("Sign Out on a desktop", () => {
  test.skip(
    ({ isMobile }) => isMobile,
    "the side panel's button; the phone menu has its own test"
  );

  test("ends the session and goes home", async ({
    page,
    login,
    createBand,
    javaScriptEnabled,
  }) => {
    const user = await login();
    await createBand(user, { name: "Sign Out Band" });
    await page.goto("/dashboard");

    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/") && request.url().includes("logout"))
        calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await page.evaluate(() => {
        window.localStorage.setItem("bandroom:something", "kept by the app");
        window.sessionStorage.setItem("bandroom:draft", "a draft");
      });
    }

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("link", { name: "Sign In" }).first()
    ).toBeVisible();

    if (javaScriptEnabled) {
      expect(calls).toEqual(["POST /api/auth/logout"]);
      // What the signed-in pages kept is gone (the landing page may start its own scroll record).
      const stored = await page.evaluate(
        (key) => ({
          refreshedAt: window.localStorage.getItem(key),
          local: window.localStorage.getItem("bandroom:something"),
          session: window.sessionStorage.getItem("bandroom:draft"),
        }),
        REFRESHED_AT_KEY
      );
      expect(stored).toEqual({ refreshedAt: null, local: null, session: null });
    } else {
      expect(calls).toEqual(["POST /api/logout"]);
    }

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });

  test("falls back to /api/logout when the sign-out call fails", async ({
    page,
    login,
    createBand,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the call is made only with JavaScript");
    const user = await login();
    await createBand(user, { name: "Fallback Band" });
    await page.route("**/api/auth/logout", (route) =>
      route.fulfill({ status: 503, body: "Service Unavailable" })
    );
    await page.goto("/dashboard");
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    // Wait for hydration, so the click runs the enhanced handler.
    await waitForHydration(page);

    const fallback = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === "/api/logout" &&
        request.method() === "GET"
    );
    await page.getByRole("button", { name: "Sign Out" }).click();
    await fallback;
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });
});

test.describe("Sign Out in the phone menu", () => {
  test.skip(({ isMobile }) => !isMobile, "phone layout only");

  test("goes straight to /api/logout", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "Phone Band" });
    await page.goto("/dashboard");
    await page.getByText("Menu", { exact: true }).locator("..").click();
    const signOut = page.getByRole("link", { name: "Sign Out" });
    await expect(signOut).toHaveAttribute("href", "/api/logout");
    await signOut.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });
});

/** A form sent from a tab left open after signing out in another: the sign-in page says nothing was saved. */
test("a form sent after signing out elsewhere says on the sign-in page that nothing was saved", async ({ page, context, login, createBand }) => {
  const user = await login();
  await createBand(user, { name: `Signed Out ${Date.now().toString(36)}` });
  await page.goto("/events/new");
  await page.getByLabel("Title").fill("Typed before signing out");
  // Another tab signs out: the session ends for this one too.
  const other = await context.newPage();
  await other.goto("/api/logout");
  await other.close();
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents%2Fnew/);
  await expect(page.getByText("You were signed out. Sign in, then send it again.").first()).toBeVisible();
});
