import fs from "node:fs";
import { expect, test } from "./fixtures";

/**
 * A leader reads the band's 2024 in Finance reports, with JavaScript and without: the
 * month chart (a picture with its own name) beside its table, the per-gig profit and
 * loss, another year by the plain GET picker, then downloads a ledger as CSV and their
 * yearly statement as PDF. The figures are tests/helpers/finance-reports.ts's season.
 */
test("the leader reads the reports, changes the year, and downloads a ledger CSV and their statement PDF", async ({ page, login, createUser, createBand }) => {
  // Two downloads and a season of money written from the test: room on a busy machine.
  test.slow();
  const leader = await login(await createUser({ firstName: "Lena", lastName: "Leader" }));
  const [member, sub] = await Promise.all([createUser({ firstName: "Max", lastName: "Member" }), createUser({ firstName: "Sue", lastName: "Sub" })]);
  const band = await createBand(leader, {
    name: `Report Band ${Date.now().toString(36)}`,
    subscriptionTier: "pro",
    members: [
      { userId: member.id, role: "band_member" },
      { userId: sub.id, role: "sub" },
    ],
  });
  const { season2024 } = await import("../helpers/finance-reports");
  await season2024(band.id, { leader: leader.id, member: member.id, sub: sub.id }, { [leader.id]: "Lena Leader", [member.id]: "Max Member", [sub.id]: "Sue Sub" });

  await page.goto("/finances/reports?year=2024");
  await expect(page.getByRole("heading", { name: "Finance reports", level: 1 })).toBeVisible();

  const chart = page.getByRole("img", { name: "Income and expenses by month, 2024 (USD)" });
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect[data-kind=income]")).toHaveCount(12);
  const months = page.getByRole("table", { name: "Income and expenses by month, 2024" });
  await expect(months.getByRole("row", { name: /July/ })).toContainText("$1,500.00");
  await expect(months.getByRole("row", { name: /March/ })).toContainText("$45.00");

  const gigs = page.getByRole("table", { name: "Profit and loss per gig, 2024" });
  await expect(gigs.getByRole("row", { name: /Harbour Fest/ })).toContainText("$150.00");
  await expect(gigs.getByRole("row", { name: /Blue Note/ })).toContainText("-$45.00");
  await expect(page.getByRole("heading", { name: "Statement 2024: Lena Leader" })).toBeVisible();

  const ledgerDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "2024 Payments (income)" }).click();
  const csv = await ledgerDownload;
  expect(csv.suggestedFilename()).toMatch(/^report-band-[a-z0-9-]+-payments-2024\.csv$/);
  const text = fs.readFileSync(await csv.path(), "utf8");
  expect(text).toContain("Harbour Fest fee");
  expect(text).toContain("'=1+2 merch");

  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF statement for Lena Leader, 2024" }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/-statement-lena-leader-2024\.pdf$/);
  expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByLabel("Year").selectOption("2023");
  await page.getByLabel("Statement for").selectOption({ label: "Max Member" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/year=2023/);
  await expect(page.getByRole("heading", { name: "2023 by month" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Statement 2023: Max Member" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Income and expenses by month, 2023" }).getByRole("row", { name: /November/ })).toContainText("$50.00");
});
