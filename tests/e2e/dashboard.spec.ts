import { expect, test } from "./fixtures";

const LONG_NAME = "Thelongestonewordbandnameyoucaneverfitonaphonexyz"; // 49 characters, no spaces

test.describe("the dashboard", () => {
  test("a long one-word band name stays on the screen, whole in its title", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: LONG_NAME });
    await page.goto("/dashboard");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(LONG_NAME);
    await expect(heading).toHaveAttribute("title", LONG_NAME);
    const fits = await heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { inside: box.right <= document.documentElement.clientWidth, noOverflow: element.scrollWidth <= element.clientWidth + 1 };
    });
    expect(fits).toEqual({ inside: true, noOverflow: true });
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });

  test("links to members follow the permission table: a sub is not offered Manage members", async ({ page, login, createUser, createBand }) => {
    const leader = await createUser();
    const sub = await login();
    await createBand(sub, { name: "Sub Band", role: "sub", members: [{ userId: leader.id, role: "band_leader" }] });
    await page.goto("/dashboard");
    const members = page.getByRole("region", { name: "Members" });
    await expect(members).toBeVisible();
    await expect(page.getByRole("link", { name: "Manage members" })).toHaveCount(0);
    await expect(members.getByRole("link", { name: "See members" })).toHaveAttribute("href", "/members");
  });

  test("a leader is offered Manage members", async ({ page, login, createBand }) => {
    const leader = await login();
    await createBand(leader, { name: "Leader Band" });
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Members" }).getByRole("link", { name: "Manage members" })).toHaveAttribute("href", "/members");
  });
});

test.describe("the in-app Page Not Found", () => {
  test("has one main landmark", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "Lost Band" });
    const response = await page.goto("/events/999999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.locator("main")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
  });
});
