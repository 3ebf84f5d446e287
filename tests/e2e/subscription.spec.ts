import { expect, test } from "./fixtures";

// The e2e server has no Stripe keys: billing is manual, as on a fresh `npm start`. The
// upgrade through Stripe runs on its own built server: tests/server/stripe-checkout.spec.ts.

test.describe("subscription in manual billing mode", () => {
  test.skip(({ isMobile }) => isMobile, "one column on a phone; nothing else differs");

  test("a leader of a free band reads that billing is manual and is offered no checkout", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "The Manual Band" });
    await page.goto("/subscription");
    const current = page.getByRole("region", { name: "Current plan" });
    await expect(current).toContainText("Free");
    await expect(current).toContainText("Billing is manual on this Bandroom: a platform admin grants or removes Pro.");
    // Nobody in the band changes the plan with manual billing: the page does not say the leader does.
    await expect(current).not.toContainText("Plan changes are handled by the band leader");
    await expect(page.getByRole("region", { name: "Pro", exact: true })).toContainText("Member balances: who is owed what");
    await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0);
  });

  test("a member of a Pro band sees the plan and who changes it", async ({ page, login, createUser, createBand }) => {
    const leader = await createUser({ firstName: "Lola", lastName: "Lead" });
    const member = await login();
    await createBand(leader, { name: "The Pro Band", subscriptionTier: "pro", members: [{ userId: member.id, role: "band_member" }] });
    await page.goto("/subscription");
    const current = page.getByRole("region", { name: "Current plan" });
    await expect(current).toContainText("Pro");
    await expect(current).toContainText("$8 a month");
    await expect(current).toContainText("Billing is manual on this Bandroom: a platform admin grants or removes Pro.");
  });
});
