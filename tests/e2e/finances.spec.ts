import { expect, test } from "./fixtures";

async function appDb() {
  return (await import("~/utils/db.server")).db;
}

test.describe("finances", () => {
  // Several people in one browser, one after the other.
  test.setTimeout(90_000);

  test("a leader records a gig payment split among three, an out-of-pocket expense and a payout; the balances add up; a member sees only their own line", async ({
    page,
    login,
    createUser,
    createBand,
  }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const ann = await createUser({ firstName: "Ann", lastName: "Keys" });
    const bob = await createUser({ firstName: "Bob", lastName: "Bass" });
    const cat = await createUser({ firstName: "Cat", lastName: "Drums" });
    const band = await createBand(leader, {
      name: `The Ledgers ${Date.now().toString(36)}`,
      subscriptionTier: "pro",
      members: [ann, bob, cat].map((person) => ({ userId: person.id, role: "band_member" })),
    });
    const db = await appDb();
    const memberships = await db.bandMembership.findMany({ where: { bandId: band.id }, select: { id: true, userId: true } });
    const gig = await db.event.create({
      data: {
        bandId: band.id,
        title: "Harbour Festival",
        kind: "gig",
        startsAt: new Date(Date.now() - 3 * 86_400_000),
        feeMinor: 90_000,
        bookings: { create: [ann, bob, cat].map((person) => ({ membershipId: memberships.find((m) => m.userId === person.id)!.id })) },
      },
    });

    // The gig payment: picking the gig fills in its agreed fee.
    await page.goto("/finances/payments/new");
    await page.getByLabel("Pick a gig from the calendar").selectOption(String(gig.id));
    await page.getByRole("button", { name: "Use this gig’s fee" }).click();
    await expect(page.getByLabel("Amount received (USD)")).toHaveValue("900.00");
    await expect(page.getByLabel("Gig", { exact: true })).toHaveValue(String(gig.id));
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(page).toHaveURL(/\/finances\/entries\/\d+\/split$/);

    // Split equally among the lineup, previewed first.
    await expect(page.getByLabel("Ann Keys", { exact: true })).toBeChecked();
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("Ann Keys: $300.00");
    await expect(preview).toContainText("Cat Drums: $300.00");
    await page.getByRole("button", { name: "Save split" }).click();
    await expect(page).toHaveURL(/\/finances$/);

    // Bob paid for the diesel himself.
    await page.goto("/finances/expenses/new");
    await page.getByLabel("Amount (USD)").fill("45.50");
    await page.getByLabel("Category").selectOption("travel");
    await page.getByLabel("Paid by").selectOption(bob.id);
    await page.getByLabel("Note (optional)").fill("Diesel for the festival");
    await page.getByRole("button", { name: "Record expense" }).click();
    await expect(page).toHaveURL(/\/finances$/);

    // A bad amount is refused with a clear message.
    await page.goto("/finances/payouts/new");
    await page.getByLabel("Member").selectOption(ann.id);
    await page.getByLabel("Amount (USD)").fill("300.001");
    await page.getByRole("button", { name: "Record payout" }).click();
    await expect(page.getByText("USD amounts have at most 2 decimal places")).toBeVisible();
    await page.getByLabel("Amount (USD)").fill("300");
    await page.getByRole("button", { name: "Record payout" }).click();
    await expect(page).toHaveURL(/\/finances$/);

    const table = page.getByRole("table", { name: /What the band owes each member/ });
    const balanceOf = (name: string) => table.getByRole("row", { name: new RegExp(name) }).getByRole("cell").last();
    await expect(balanceOf("Ann Keys")).toHaveText("$0.00");
    await expect(balanceOf("Bob Bass")).toHaveText("$345.50");
    await expect(balanceOf("Cat Drums")).toHaveText("$300.00");
    await expect(balanceOf("Lou Leader")).toHaveText("$0.00");
    await expect(page.getByRole("definition").filter({ hasText: "-$45.50" })).toBeVisible();

    // Bob sees the band's totals and his own line, nobody else's.
    await login(bob);
    await page.goto("/finances");
    const own = page.getByRole("region", { name: "Your balance" });
    await expect(own).toContainText("$345.50");
    await expect(own).toContainText("The band owes $345.50");
    await expect(page.getByRole("heading", { name: "Everyone’s balance" })).toHaveCount(0);
    await expect(page.getByText("Cat Drums")).toHaveCount(0);
    await page.goto("/finances/ledger");
    await expect(page.getByRole("heading", { name: "You don’t have access to this" })).toBeVisible();
  });

  test("a free band is refused everywhere in Finances, with the way to upgrade", async ({ page, login, createBand }) => {
    const leader = await login();
    const band = await createBand(leader, { name: `Free Band ${Date.now().toString(36)}` });
    for (const path of ["/finances", "/finances/ledger", "/finances/payments/new", "/finances/expenses/new", "/finances/settle"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(402);
      await expect(page.getByRole("heading", { name: "Finances is part of Pro" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/subscription");
    }
    const api = await page.request.get(`/api/bands/${band.id}/member-balances`);
    expect(api.status()).toBe(402);
    expect((await api.json()).message).toContain("Finances is part of Pro");
  });
});
