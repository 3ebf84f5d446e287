import { expect, test } from "./fixtures";

/**
 * Spec sections 4 and 7: creating a band (POST /api/bands with JavaScript) makes it
 * current, shows the toast, then goes to /getting-started after about 300 ms. Without
 * JavaScript the form posts to /bands/new and redirects at once.
 */
test.describe("creating a band", () => {
  test.skip(({ isMobile }) => isMobile, "the same form on every screen size");

  test("shows the toast, then goes to Getting Started with the new band current", async ({
    page,
    login,
    javaScriptEnabled,
  }) => {
    await login();
    // Where the browser was when the toast first appeared (the navigation afterwards is
    // client-side with JavaScript, so this record survives it).
    await page.addInitScript(() => {
      const record = window as unknown as { toastSeenAt?: string };
      new MutationObserver(() => {
        if (
          record.toastSeenAt === undefined &&
          document.body?.textContent?.includes("has been created successfully")
        ) {
          record.toastSeenAt = window.location.pathname;
        }
      }).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      // Page-view beacons (/api/analytics) are not part of this journey.
      if (request.method() === "POST" && path !== "/api/analytics") posts.push(path);
    });

    await page.goto("/bands/new");
    await page.getByLabel("Band name").fill("The Quick Change");
    await page.getByRole("button", { name: "Create band" }).click();

    await expect(page).toHaveURL(/\/getting-started$/);
    await expect(
      page.getByText("The Quick Change has been created successfully").first()
    ).toBeVisible();
    await expect(page.locator("aside details summary").first()).toContainText(
      "The Quick Change"
    );
    // The menu's entry reads once, with its percentage (its bar is drawn, not read again).
    await expect(page.locator("aside").getByRole("link", { name: /^Getting Started \d+%$/ })).toBeVisible();

    if (javaScriptEnabled) {
      expect(posts).toEqual(["/api/bands"]);
      // The toast came first, on the page where the band was created.
      expect(
        await page.evaluate(
          () => (window as unknown as { toastSeenAt?: string }).toastSeenAt
        )
      ).toBe("/bands/new");
    } else {
      expect(posts).toEqual(["/bands/new"]);
    }
  });

  test("a refused name is explained and creates nothing", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/bands/new");
    await page.getByLabel("Band name").fill("   ");
    await page.getByRole("button", { name: "Create band" }).click();
    await expect(
      page.getByText("Band name is required", { exact: true })
    ).toHaveCount(1);
    await expect(page).toHaveURL(/\/bands\/new$/);
  });

  test("a band starts in the browser's time zone with JavaScript (in UTC without), which Settings shows", async ({ browser, baseURL, javaScriptEnabled, createUser }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, timezoneId: "Europe/Berlin" });
    const { signInAs } = await import("./fixtures");
    const user = await createUser();
    await signInAs(context, user.id);
    const page = await context.newPage();
    const name = `Zone Band ${Date.now().toString(36)}`;
    await page.goto("/bands/new");
    await page.getByLabel("Band name").fill(name);
    await page.getByRole("button", { name: "Create band" }).click();
    await expect(page).toHaveURL(/\/getting-started$/);
    const { db } = await import("~/utils/db.server");
    const band = await db.band.findFirstOrThrow({ where: { name }, select: { timeZone: true } });
    expect(band.timeZone).toBe(javaScriptEnabled ? "Europe/Berlin" : "UTC");
    await context.close();
  });
});
