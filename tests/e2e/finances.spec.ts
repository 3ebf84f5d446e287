/**
 * Issue 9's journey ("Done when"), with JavaScript on and off: a free band is refused
 * everywhere in Finances; a platform admin grants it Pro in manual billing through
 * /admin/users; the leader records a gig payment split among three members, an
 * out-of-pocket expense and a payout, and the balances add up; a member sees only their
 * own line.
 */
import { expect, test } from "./fixtures";

async function appDb() {
  return (await import("~/utils/db.server")).db;
}

// The e2e server bills by hand (no Stripe keys): a platform admin grants Pro, and the pages say so.
const PRO_REQUIRED = "Finances is part of Pro, and this band is on the Free plan. A platform admin grants Pro on this Bandroom.";
const READ_ONLY = "Recording money is part of Pro, and this band is on the Free plan. Anything recorded while it was Pro stays readable. A platform admin grants Pro on this Bandroom.";

/** Every finances page, report and download (by path) and every finance endpoint (by the band's id). */
const PAGES = ["/finances", "/finances/history", "/finances/ledger", "/finances/settle", "/finances/payments/new", "/finances/expenses/new", "/finances/payouts/new", "/finances/reports"];
const DOWNLOADS = ["/finances/reports/statement.pdf", "/finances/reports/statement.csv", "/finances/export.csv?ledger=payments"];
const ENDPOINTS = ["member-balances", "payments", "expenses", "payouts", "splits", "finance-reports"];

test.describe("finances", () => {
  test.skip(({ isMobile }) => isMobile, "the same forms on a phone; phone-fit.spec.ts checks every finance page fits one");
  // Several people in one browser, one after the other.
  test.setTimeout(120_000);

  test("a form opened before the band's currency changed is refused under the amount, then shows and records in the new currency", async ({ page, login, createBand }) => {
    const band = await createBand(await login(), { name: `Currency Switch ${Date.now().toString(36)}`, subscriptionTier: "pro" });
    await page.goto("/finances/expenses/new");
    await expect(page.getByLabel("Amount (USD)")).toBeVisible();
    await page.getByLabel("Amount (USD)").fill("1250");
    // Another tab (here, the database) changes the band's currency before its first entry.
    await (await appDb()).band.update({ where: { id: band.id }, data: { currency: "JPY" } });
    await page.getByRole("button", { name: "Record expense" }).click();
    await expect(page.getByText("The band’s currency is JPY now: it changed since this form was opened. Check the amount and send it again.")).toBeVisible();
    // The form now says and sends the new currency: sent again, it records ¥1,250.
    await expect(page.getByLabel("Amount (JPY)")).toHaveValue("1250");
    await page.getByRole("button", { name: "Record expense" }).click();
    await expect(page).toHaveURL(/\/finances$/);
    const entry = await (await appDb()).ledgerEntry.findFirstOrThrow({ where: { bandId: band.id }, select: { amountMinor: true } });
    expect(entry.amountMinor).toBe(1250);
  });

  test("a form sent after the band's Pro ended is refused on the form, with what was typed, with JavaScript or without", async ({ page, login, createBand }) => {
    const band = await createBand(await login(), { name: `Lapsing ${Date.now().toString(36)}`, subscriptionTier: "pro" });
    await page.goto("/finances/expenses/new");
    await page.getByLabel("Amount (USD)").fill("42.50");
    await page.getByLabel("Note (optional)").fill("Rehearsal room, two hours");
    // Pro ends meanwhile (Stripe's webhook, an admin).
    await (await appDb()).band.update({ where: { id: band.id }, data: { subscriptionTier: "free" } });
    await page.getByRole("button", { name: "Record expense" }).click();
    await expect(page.getByText(/Recording money is part of Pro, and this band is on the Free plan\./)).toBeVisible();
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("42.50");
    await expect(page.getByLabel("Note (optional)")).toHaveValue("Rehearsal room, two hours");
    expect(await (await appDb()).ledgerEntry.count({ where: { bandId: band.id } })).toBe(0);
  });

  test("a reversal sent after the band's Pro ended keeps its form and the reason typed, with JavaScript or without", async ({ page, login, createBand }) => {
    const band = await createBand(await login(), { name: `Lapsing Ledger ${Date.now().toString(36)}`, subscriptionTier: "pro" });
    const db = await appDb();
    const entry = await db.ledgerEntry.create({
      data: {
        bandId: band.id,
        kind: "expense",
        occurredOn: "2026-11-02",
        amountMinor: 4500,
        description: "Van hire",
        createdByName: "Test",
        expense: { create: { bandId: band.id, category: "travel", amountMinor: 4500 } },
        lines: { create: [{ bandId: band.id, kind: "expense", amountMinor: -4500 }] },
      },
      select: { id: true },
    });
    await page.goto(`/finances/entries/${entry.id}/reverse`);
    await page.getByLabel("Why is it reversed?").fill("Recorded twice, once by Ann");
    await db.band.update({ where: { id: band.id }, data: { subscriptionTier: "free" } });
    await page.getByRole("button", { name: "Reverse this entry" }).click();
    await expect(page.getByText(/Recording money is part of Pro, and this band is on the Free plan\./).last()).toBeVisible();
    await expect(page.getByLabel("Why is it reversed?")).toHaveValue("Recorded twice, once by Ann");
    expect(await db.ledgerEntry.count({ where: { bandId: band.id } })).toBe(1);
  });

  test("a free band is refused everywhere; an admin grants Pro; the leader records a gig payment split among three, an out-of-pocket expense and a payout; the balances add up; a member sees only their own line", async ({
    page,
    login,
    createUser,
    createBand,
    javaScriptEnabled,
  }) => {
    const lou = await createUser({ firstName: "Lou", lastName: "Leader" });
    const ann = await createUser({ firstName: "Ann", lastName: "Keys" });
    const bob = await createUser({ firstName: "Bob", lastName: "Bass" });
    const cat = await createUser({ firstName: "Cat", lastName: "Drums" });
    const bandName = `The Ledgers ${Date.now().toString(36)}`;
    const band = await createBand(lou, { name: bandName, subscriptionTier: "free", members: [ann, bob, cat].map((person) => ({ userId: person.id, role: "band_member" })) });
    const db = await appDb();

    // On the Free plan: no Finances entry, and every page, download and endpoint says why (402).
    await login(lou);
    await page.goto("/calendar");
    await expect(page.getByRole("link", { name: "Finances", exact: true })).toHaveCount(0);
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(402);
      await expect(page.getByRole("heading", { name: "Finances is part of Pro" }), path).toBeVisible();
      // Billing by hand: no upgrade to offer (/subscription has none), so it says who grants Pro.
      await expect(page.getByText("A platform admin grants Pro on this Bandroom.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);
    }
    // A member is told the same.
    await login(ann);
    expect((await page.goto("/finances"))?.status()).toBe(402);
    await expect(page.getByText("A platform admin grants Pro on this Bandroom.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);
    await login(lou);
    for (const path of DOWNLOADS) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(402);
      expect(await response.text(), path).toBe(PRO_REQUIRED);
    }
    for (const endpoint of ENDPOINTS) {
      for (const method of endpoint === "member-balances" || endpoint === "finance-reports" ? ["GET"] : ["GET", "POST"]) {
        const url = `/api/bands/${band.id}/${endpoint}`;
        const response = method === "GET" ? await page.request.get(url) : await page.request.post(url, { data: { amount: "10" } });
        expect(response.status(), `${method} ${url}`).toBe(402);
        // A write gets the read-only wording (the core answers every write so, without reading the ledger first).
        expect((await response.json()).message, `${method} ${url}`).toBe(method === "GET" ? PRO_REQUIRED : READ_ONLY);
      }
    }
    expect(await db.ledgerEntry.count({ where: { bandId: band.id } })).toBe(0);

    // A platform admin (two-step sign-in on) grants the band Pro: manual billing, no Stripe keys on the e2e server.
    const admin = await createUser({ firstName: "Ada", lastName: "Admin", isPlatformAdmin: true });
    const { enableMfa } = await import("../db-utils");
    await enableMfa(admin.id);
    await login(admin);
    await page.goto("/admin/users");
    await page.getByLabel("Name or email").fill(lou.email);
    await page.getByRole("button", { name: "Search" }).click();
    const card = page.getByRole("listitem", { name: "Lou Leader" });
    await card.locator("summary", { hasText: `Change plan of ${bandName}` }).click();
    await card.getByLabel(`Plan for ${bandName}`).selectOption("pro");
    await card.getByRole("button", { name: "Set plan" }).click();
    await expect(card.getByRole("listitem").filter({ hasText: bandName }).locator("span", { hasText: /^Pro$/ })).toBeVisible();

    // The leader now has Finances.
    await login(lou);
    await page.goto("/calendar");
    await page.getByRole("link", { name: "Finances", exact: true }).first().click();
    await expect(page).toHaveURL(/\/finances$/);
    await expect(page.getByRole("heading", { name: "Finances", level: 1 })).toBeVisible();

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

    // The gig payment: picking the gig fills in its agreed fee where nothing was typed (with
    // JavaScript); "Use this gig's fee" does it with or without, keeping what was typed.
    await page.goto("/finances/payments/new");
    if (javaScriptEnabled) {
      await page.getByLabel("Gig", { exact: true }).selectOption(String(gig.id));
      await expect(page.getByLabel("Fee agreed (USD, optional)")).toHaveValue("900.00");
      await expect(page.getByLabel("Amount received (USD)")).toHaveValue("900.00");
    }
    await page.getByLabel("Description (optional)").fill("Harbour Festival fee, cash at the door");
    await page.getByLabel("Received by").selectOption(ann.id);
    await page.getByLabel("Amount received (USD)").fill("850.00");
    await page.getByLabel("Gig", { exact: true }).selectOption(String(gig.id));
    await page.getByRole("button", { name: "Use this gig’s fee" }).click();
    await expect(page).toHaveURL(new RegExp(`eventId=${gig.id}`));
    await expect(page.getByLabel("Amount received (USD)")).toHaveValue("900.00");
    await expect(page.getByLabel("Gig", { exact: true })).toHaveValue(String(gig.id));
    await expect(page.getByLabel("Description (optional)")).toHaveValue("Harbour Festival fee, cash at the door");
    await expect(page.getByLabel("Received by")).toHaveValue(ann.id);
    await page.getByLabel("Received by").selectOption("band");
    // Enter in a field records the payment (not "Use this gig's fee", the button before it).
    await page.getByLabel("Amount received (USD)").press("Enter");
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
    // The server's message is the field's description, the member picked stays picked, and
    // (with JavaScript: the page is not reloaded) focus is on the field in error.
    await expect(page.getByLabel("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Amount (USD)")).toHaveAccessibleDescription("USD amounts have at most 2 decimal places");
    await expect(page.getByLabel("Member")).toHaveValue(ann.id);
    if (javaScriptEnabled) await expect(page.getByLabel("Amount (USD)")).toBeFocused();
    await page.getByLabel("Amount (USD)").fill("300");
    await page.getByRole("button", { name: "Record payout" }).click();
    await expect(page).toHaveURL(/\/finances$/);

    // The same payout again (a second tab, a second admin) would pay Ann twice: it asks first.
    await page.goto("/finances/payouts/new");
    await page.getByLabel("Member").selectOption(ann.id);
    await page.getByLabel("Amount (USD)").fill("300");
    await page.getByRole("button", { name: "Record payout" }).click();
    await expect(page.getByLabel("Amount (USD)")).toHaveAccessibleDescription("The band owes Ann Keys $0.00: this is $300.00 more. Check the amount, or tick “Record it anyway”.");
    await expect(page.getByLabel("Record it anyway")).toBeVisible();
    await page.goto("/finances");

    const table = page.getByRole("table", { name: /What the band owes each member/ });
    const balanceOf = (name: string) => table.getByRole("row", { name: new RegExp(name) }).getByRole("cell").last();
    await expect(balanceOf("Ann Keys")).toHaveText("$0.00");
    await expect(balanceOf("Bob Bass")).toHaveText("$345.50");
    await expect(balanceOf("Cat Drums")).toHaveText("$300.00");
    await expect(balanceOf("Lou Leader")).toHaveText("$0.00");
    await expect(page.getByRole("definition").filter({ hasText: "-$45.50" })).toBeVisible();

    // The reports, linked from the finances nav: the gig's profit and loss for the leader.
    await page.getByRole("navigation", { name: "Finances" }).getByRole("link", { name: "Reports" }).click();
    await expect(page).toHaveURL(/\/finances\/reports$/);
    await expect(page.getByRole("link", { name: "Harbour Festival" })).toBeVisible();
    await page.goto("/finances");

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

    // His own statement, from the same Reports link: his line only.
    await page.goto("/finances");
    await page.getByRole("navigation", { name: "Finances" }).getByRole("link", { name: "Reports" }).click();
    await expect(page).toHaveURL(/\/finances\/reports$/);
    // (On a phone the shell repeats the name in its hidden menu: the visible one counts.)
    await expect(page.getByText("Bob Bass").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("Cat Drums")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Harbour Festival" })).toHaveCount(0);
  });
});
