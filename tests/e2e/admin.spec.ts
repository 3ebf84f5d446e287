/**
 * The platform admin area (issue 10), with JavaScript on and off (plain form posts):
 * an admin finds a user, disables them (their next request is signed out), re-enables
 * them and grants their band Pro in manual billing; a non-admin gets 403 everywhere.
 */
import { expect, test, uniqueEmail } from "./fixtures";
import { E2E_BASE_URL } from "./e2e-env";

test.skip(({ isMobile }) => isMobile, "the same forms on a phone; phone-fit.spec.ts checks the admin pages fit one");

async function enableMfa(userId: string) {
  // The admin area opens only with two-step sign-in on; set it as if done from /profile.
  const { enableMfa: turnOn } = await import("../db-utils");
  await turnOn(userId);
}

async function sessionCookie(userId: string) {
  const { sessionCookieFor } = await import("../db-utils");
  const [name, ...value] = (await sessionCookieFor(userId)).split("=");
  return { name: name!, value: value.join("="), url: E2E_BASE_URL, httpOnly: true, sameSite: "Lax" as const };
}

test("an admin finds a user, disables them (signed out at once), re-enables them and grants their band Pro", async ({ page, browser, login, createUser, createBand }) => {
  test.setTimeout(90_000);
  const admin = await createUser({ firstName: "Ada", lastName: "Admin", isPlatformAdmin: true });
  await enableMfa(admin.id);
  await login(admin);

  const email = uniqueEmail("target");
  const target = await createUser({ email, firstName: "Tara", lastName: "Target" });
  const bandName = `Target Band ${Date.now().toString(36)}`;
  await createBand(target, { name: bandName });

  // The target is signed in, in a browser of their own.
  const theirs = await browser.newContext();
  await theirs.addCookies([await sessionCookie(target.id)]);
  const theirPage = await theirs.newPage();
  await theirPage.goto("/profile");
  await expect(theirPage).toHaveURL(/\/profile$/);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /Sign-ups per day/ })).toBeVisible();
  await page.getByRole("link", { name: /Find and manage users/ }).click();

  await page.getByLabel("Name or email").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  const card = page.getByRole("listitem", { name: "Tara Target" });
  await expect(card).toBeVisible();
  await expect(card.getByText(bandName, { exact: true })).toBeVisible();

  // Disable, behind a confirmation.
  await card.locator("summary", { hasText: "Disable account" }).click();
  await card.locator("form").getByRole("button", { name: "Disable account" }).click();
  await expect(card.getByText("Disabled", { exact: true })).toBeVisible();

  // Their next request is signed out.
  await theirPage.goto("/profile");
  await expect(theirPage).toHaveURL(/\/login/);
  await theirs.close();

  // Re-enable.
  await card.locator("summary", { hasText: "Re-enable account" }).click();
  await card.locator("form").getByRole("button", { name: "Re-enable account" }).click();
  await expect(card.getByText("Disabled", { exact: true })).toHaveCount(0);
  await expect(card.locator("summary", { hasText: "Disable account" })).toBeVisible();

  // Grant their band Pro (manual billing: no Stripe keys on the e2e server).
  await card.locator("summary", { hasText: `Change plan of ${bandName}` }).click();
  await card.getByLabel(`Plan for ${bandName}`).selectOption("pro");
  await card.getByRole("button", { name: "Set plan" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: bandName }).locator("span", { hasText: /^Pro$/ })).toBeVisible();

  // Every step is in the audit log on /admin.
  await page.goto("/admin");
  const log = page.getByRole("region", { name: "Audit log" });
  await expect(log.getByRole("cell", { name: "Disabled an account" }).first()).toBeVisible();
  await expect(log.getByRole("cell", { name: "Re-enabled an account" }).first()).toBeVisible();
  await expect(log.getByRole("cell", { name: "Changed the band's plan" }).first()).toBeVisible();
});

test("a non-admin gets 403 on every admin URL, and the admin actions refuse them", async ({ page, login, createBand }) => {
  const user = await login();
  await createBand(user);
  for (const url of ["/admin", "/admin/users", "/admin/users?q=%25&sort=email", "/admin?page=2"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(403);
    await expect(page.getByRole("heading", { name: "You don’t have access to this" })).toBeVisible();
    await expect(page.getByText("Only platform admins can open the admin area.")).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  const post = await page.request.post("/admin/users", { form: { intent: "disable", userId: user.id }, headers: { origin: E2E_BASE_URL } });
  expect(post.status()).toBe(403);
});

test("the user list's order follows the sort chosen, and the audit log's pages open at the log", async ({ page, login, createUser }) => {
  const admin = await createUser({ firstName: "Ada", lastName: "Admin", isPlatformAdmin: true });
  await enableMfa(admin.id);
  await login(admin);
  const family = `Sortby${Date.now().toString(36)}`;
  await createUser({ firstName: "Zed", lastName: family });
  await createUser({ firstName: "Abe", lastName: family });

  // The list opens on "Joined", newest first; choosing "Name" lists A→Z, not Z→A.
  await page.goto(`/admin/users?q=${family}`);
  await expect(page.getByRole("listitem").filter({ hasText: family }).first()).toContainText(`Abe ${family}`);
  await page.getByLabel("Sort by").selectOption("name");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/sort=name/);
  const rows = page.getByRole("listitem").filter({ hasText: family });
  await expect(rows.first()).toContainText(`Abe ${family}`);
  await expect(rows.last()).toContainText(`Zed ${family}`);
  // Descending when asked for.
  await page.getByLabel("Order").selectOption("desc");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows.first()).toContainText(`Zed ${family}`);

  // More than a page of audit entries: the next page is the log, not the top of /admin.
  const { db } = await import("~/utils/db.server");
  await db.auditEntry.createMany({ data: Array.from({ length: 60 }, (_, index) => ({ actorLabel: "Test", action: "user.disable", targetType: "user", targetId: `t${index}`, targetLabel: `Test ${index}` })) });
  await page.goto("/admin");
  const next = page.getByRole("navigation", { name: "Audit log pages" }).getByRole("link", { name: "Next" });
  await expect(next).toHaveAttribute("href", /page=2#audit-heading$/);
  await next.click();
  await expect(page).toHaveURL(/page=2#audit-heading$/);
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeInViewport();
});
