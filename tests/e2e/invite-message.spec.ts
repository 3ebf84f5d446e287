import { expect, test, uniqueEmail } from "./fixtures";

/** "Invitation sent" is said once: the inline notice (which also works without JavaScript), no toast on top. */
test.describe("inviting someone", () => {
  test.skip(({ isMobile }) => isMobile, "the same form on every screen size");

  test("says Invitation sent once", async ({ page, login, createBand }) => {
    const leader = await login();
    await createBand(leader, { name: "Invite Band" });
    const email = uniqueEmail("invitee");
    await page.goto("/members");
    const invite = page.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);
    await expect(invite.getByLabel("Invitation link")).toHaveValue(/\/invitations\//);
    // Give a toast the moment it would take to appear, then count.
    await page.waitForLoadState("networkidle");
    // Every rendering of the words on the page: the panel, a toast, a toast's live-region copy.
    const said = await page.evaluate(() => document.body.innerText.match(/Invitation sent/g)?.length ?? 0);
    expect(said).toBe(1);
  });
});
