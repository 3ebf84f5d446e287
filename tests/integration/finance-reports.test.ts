import { recordQueries } from "#tests/query-counter";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { ledgerWriter, season2024 } from "#tests/helpers/finance-reports";
import { db } from "~/utils/db.server";
import { REPORT_MESSAGES } from "~/features/finances/reports.server";
import { loader as apiLoader } from "~/routes/api+/bands.$id.finance-reports";
import { loader as pageLoader } from "~/routes/_app+/finances_.reports";
import { loader as pdfLoader } from "~/routes/_app+/finances_.reports_.statement[.]pdf";
import { loader as statementCsvLoader } from "~/routes/_app+/finances_.reports_.statement[.]csv";
import { loader as exportLoader } from "~/routes/_app+/finances_.export[.]csv";
import { loader as subscriptionLoader } from "~/routes/_app+/subscription";

/** A free band's refusals on an installation without Stripe keys (manual billing, as the tests run). */
const PRO_REQUIRED_MESSAGE = "Finances is part of Pro, and this band is on the Free plan. A platform admin grants Pro on this Bandroom.";

type Loader = Parameters<typeof callRoute>[0];

async function bandWithSeason(subscriptionTier = "pro") {
  const [leader, admin, member, sub] = await Promise.all([
    createUser({ firstName: "Lena", lastName: "Leader" }),
    createUser({ firstName: "Ada", lastName: "Admin" }),
    createUser({ firstName: "Max", lastName: "Member" }),
    createUser({ firstName: "Sue", lastName: "Sub" }),
  ]);
  const band = await createBand({
    name: "The Ledgers",
    subscriptionTier,
    members: [
      { userId: leader.id, role: "band_leader" },
      { userId: admin.id, role: "band_admin" },
      { userId: member.id, role: "band_member" },
      { userId: sub.id, role: "sub" },
    ],
  });
  const names = { [leader.id]: "Lena Leader", [admin.id]: "Ada Admin", [member.id]: "Max Member", [sub.id]: "Sue Sub" };
  const season = await season2024(band.id, { leader: leader.id, member: member.id, sub: sub.id }, names);
  const cookie = async (userId: string) => `${await sessionCookieFor(userId)}; ${await bandCookie(band.id)}`;
  return {
    band,
    season,
    users: { leader, admin, member, sub },
    cookies: { leader: await cookie(leader.id), admin: await cookie(admin.id), member: await cookie(member.id), sub: await cookie(sub.id) },
  };
}

type World = Awaited<ReturnType<typeof bandWithSeason>>;

const api = (world: World, cookie: string, query = "") => callRoute(apiLoader, buildRequest(`/api/bands/${world.band.id}/finance-reports${query}`, { cookie }), { id: String(world.band.id) });
const page = (cookie: string, query = "") => callRoute(pageLoader as Loader, buildRequest(`/finances/reports${query}`, { cookie }));
const download = (loader: Loader, pathname: string, cookie: string) => callRoute(loader, buildRequest(pathname, { cookie }));
const json = async (response: Response) => JSON.parse(await response.text());
const readCsv = async (response: Response) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)], "a byte order mark for spreadsheets").toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes);
  expect(text).toContain("\r\n");
  return parse(text, { bom: true }) as string[][];
};

let world: World;
beforeAll(async () => {
  world = await bandWithSeason();
});

describe("the figures", () => {
  test("per-gig profit and loss: received, linked expenses (the commission through its split), shares paid, the band's net; the reversed payment is gone", async () => {
    const response = await api(world, world.cookies.leader, "?year=2024");
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ year: 2024, currency: "USD" });
    expect(body.profitAndLoss.gigs).toEqual([
      { eventId: world.season.events.blueNote.id, title: "Blue Note", day: "2024-03-08", feeAgreedMinor: 60_000, incomeMinor: 60_000, expensesMinor: 4_500, sharesMinor: 60_000, netMinor: -4_500 },
      { eventId: world.season.events.harbour.id, title: "Harbour Fest", day: "2024-07-20", feeAgreedMinor: 150_000, incomeMinor: 150_000, expensesMinor: 15_000, sharesMinor: 120_000, netMinor: 15_000 },
    ]);
    expect(body.profitAndLoss.totals).toEqual({ incomeMinor: 210_000, expensesMinor: 19_500, sharesMinor: 180_000, netMinor: 10_500 });
  });

  test("the year by month and category: the reversal dated in August cancels the July payment it corrects", async () => {
    const body = await json(await api(world, world.cookies.leader, "?year=2024"));
    const months = Object.fromEntries(body.totals.months.map((month: { name: string; incomeMinor: number; expenseMinor: number }) => [month.name, [month.incomeMinor, month.expenseMinor]]));
    expect(months).toMatchObject({ March: [60_000, 4_500], July: [150_000, 15_000], August: [0, 0], December: [3_000, 0], January: [0, 0] });
    expect(body.totals.income).toEqual([
      { category: "gig", label: "Gig fee", minor: 210_000 },
      { category: "merch", label: "Merch", minor: 3_000 },
    ]);
    expect(body.totals.expenses).toEqual([
      { category: "travel", label: "Travel", minor: 4_500 },
      { category: "commission", label: "Commission", minor: 15_000 },
    ]);
    expect(body.totals).toMatchObject({ incomeMinor: 213_000, expenseMinor: 19_500, netMinor: 193_500 });

    const last = await json(await api(world, world.cookies.leader, "?year=2023"));
    expect(last.totals).toMatchObject({ incomeMinor: 5_000, expenseMinor: 0 });
    expect(last.years).toEqual(expect.arrayContaining([2024, 2023]));
    // A year the reports cannot read is refused under its field, not read as this year.
    for (const year of ["abc", "1969", "10000", "2024.5", ""]) {
      const refused = await api(world, world.cookies.leader, `?year=${year}`);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toEqual({ message: "Invalid request", errors: { year: [REPORT_MESSAGES.reportYear] } });
    }
  });

  test("a member's statement: shares earned, the out-of-pocket expense apart, cash collected and handed over, last year's balance carried in", async () => {
    const body = await json(await api(world, world.cookies.leader, `?year=2024&member=${world.users.member.id}`));
    expect(body.statement).toMatchObject({ userId: world.users.member.id, name: "Max Member", year: 2024 });
    expect(body.statement.earnings.map((row: { gig: string; amountMinor: number; type: string }) => [row.gig, row.type, row.amountMinor])).toEqual([
      ["Blue Note", "share", 22_500],
      ["Harbour Fest", "share", 40_000],
    ]);
    expect(body.statement.reimbursements.map((row: { description: string; amountMinor: number }) => [row.description, row.amountMinor])).toEqual([["Fuel to the Blue Note", 4_500]]);
    expect(body.statement.totals).toEqual({
      sharesMinor: 62_500,
      fixedFeesMinor: 0,
      earnedMinor: 62_500,
      reimbursementsMinor: 4_500,
      payoutsMinor: 0,
      collectedMinor: 150_000,
      handedOverMinor: 150_000,
      openingMinor: 5_000,
      closingMinor: 72_000,
    });
  });

  test("the leader's own statement by default, with the payout received; the sub's fees are fixed fees", async () => {
    const own = await json(await api(world, world.cookies.leader, "?year=2024"));
    expect(own.statement).toMatchObject({ userId: world.users.leader.id, totals: { earnedMinor: 62_500, payoutsMinor: 22_500, closingMinor: 40_000 } });
    const sub = await json(await api(world, world.cookies.leader, `?year=2024&member=${world.users.sub.id}`));
    expect(sub.statement.totals).toMatchObject({ sharesMinor: 0, fixedFeesMinor: 55_000, earnedMinor: 55_000, closingMinor: 55_000 });
  });

  test("the page shows the same figures in the band's currency, a chart with every month, and a picker of years and people", async () => {
    const response = await page(world.cookies.leader, `?year=2024&member=${world.users.member.id}`);
    expect(response.status).toBe(200);
    const data = await json(response);
    expect(data).toMatchObject({ view: "reports", year: 2024, readOnly: false });
    expect(data.profitAndLoss.rows.map((row: { title: string; date: string; net: string }) => [row.title, row.date, row.net])).toEqual([
      ["Blue Note", "Mar 8, 2024", "-$45.00"],
      ["Harbour Fest", "Jul 20, 2024", "$150.00"],
    ]);
    expect(data.totals.chart.months).toHaveLength(12);
    expect(data.totals.tickLabels).toEqual(["$0.00", "$500.00", "$1,000.00", "$1,500.00", "$2,000.00"]);
    expect(data.totals.description).toContain("July ($1,500.00)");
    expect(data.statement.summary.find((line: { key: string }) => line.key === "closing").amount).toBe("$720.00");
    expect(data.people.map((person: { name: string }) => person.name)).toEqual(["Ada Admin", "Lena Leader", "Max Member", "Sue Sub"]);
    expect(data.exports.map((ledger: { name: string }) => ledger.name)).toEqual(["payments", "expenses", "payouts", "splits", "ledger"]);
    expect(data.statement.pdf).toBe(`/finances/reports/statement.pdf?year=2024&member=${world.users.member.id}`);
  });

  test("a year that is not a year: the page shows this year, without an error; the API says what it takes", async () => {
    const thisYear = new Date().getUTCFullYear();
    for (const bad of ["abc", "20245", "-1"]) {
      const response = await page(world.cookies.leader, `?year=${bad}`);
      expect(response.status).toBe(200);
      expect((await json(response)).year).toBeGreaterThanOrEqual(thisYear - 1);
      expect((await api(world, world.cookies.leader, `?year=${bad}`)).status).toBe(400);
    }
  });
});

describe("who sees what", () => {
  test("a member sees the band's totals and their own statement, not the per-gig figures, and not someone else's statement", async () => {
    const body = await json(await api(world, world.cookies.member, "?year=2024"));
    expect(body.profitAndLoss).toBeNull();
    expect(body.totals).toMatchObject({ incomeMinor: 213_000 });
    expect(body.statement).toMatchObject({ userId: world.users.member.id, totals: { closingMinor: 72_000 } });
    expect(body.people).toEqual([{ userId: world.users.member.id, name: "Max Member" }]);

    const other = await api(world, world.cookies.member, `?year=2024&member=${world.users.leader.id}`);
    expect(other.status).toBe(403);
    expect(await json(other)).toEqual({ message: REPORT_MESSAGES.ownStatementOnly });
    expect((await page(world.cookies.member, `?member=${world.users.leader.id}`)).status).toBe(403);
    for (const loader of [pdfLoader, statementCsvLoader] as Loader[]) {
      const refused = await download(loader, `/finances/reports/statement.x?year=2024&member=${world.users.leader.id}`, world.cookies.member);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("Lena");
    }
    const exported = await download(exportLoader as Loader, "/finances/export.csv?ledger=payments", world.cookies.member);
    expect(exported.status).toBe(403);
  });

  test("a statement asked for a year that is none is refused, not this year's file under that name", async () => {
    for (const loader of [pdfLoader, statementCsvLoader] as Loader[]) {
      for (const year of ["abc", "1900", "2024.5"]) {
        const refused = await download(loader, `/finances/reports/statement.x?year=${year}`, world.cookies.member);
        expect(refused.status, year).toBe(400);
        expect(await refused.text()).toBe(REPORT_MESSAGES.reportYear);
      }
      expect((await download(loader, "/finances/reports/statement.x", world.cookies.member)).status).toBe(200);
    }
  });

  test("a sub sees only their own statement", async () => {
    const body = await json(await api(world, world.cookies.sub, "?year=2024"));
    expect(body.profitAndLoss).toBeNull();
    expect(body.totals).toBeNull();
    expect(body.statement.totals).toMatchObject({ fixedFeesMinor: 55_000 });
    expect((await api(world, world.cookies.sub, `?year=2024&member=${world.users.member.id}`)).status).toBe(403);
    const pageData = await json(await page(world.cookies.sub, "?year=2024"));
    expect(pageData).toMatchObject({ view: "reports", totals: null, profitAndLoss: null, exports: null, people: null });
    expect(JSON.stringify(pageData)).not.toContain("Max Member");
  });

  test("an admin may open anyone's statement; nobody the band never had is found", async () => {
    const body = await json(await api(world, world.cookies.admin, `?year=2024&member=${world.users.sub.id}`));
    expect(body.statement.name).toBe("Sue Sub");
    const stranger = await createUser();
    expect((await api(world, world.cookies.admin, `?year=2024&member=${stranger.id}`)).status).toBe(404);
  });

  test("someone outside the band gets 404 from the API", async () => {
    const outsider = await createUser();
    expect((await api(world, await sessionCookieFor(outsider.id))).status).toBe(404);
  });
});

describe("Pro", () => {
  test("a free band is refused with 402 and the finances message: the API, the page (with the upgrade prompt) and every download", async () => {
    const leader = await createUser();
    const band = await createBand({ subscriptionTier: "free", members: [{ userId: leader.id, role: "band_leader" }] });
    const cookie = `${await sessionCookieFor(leader.id)}; ${await bandCookie(band.id)}`;
    const refused = await callRoute(apiLoader, buildRequest(`/api/bands/${band.id}/finance-reports`, { cookie }), { id: String(band.id) });
    expect(refused.status).toBe(402);
    expect(await json(refused)).toEqual({ message: PRO_REQUIRED_MESSAGE });
    const prompt = await page(cookie);
    expect(prompt.status).toBe(402);
    expect(await json(prompt)).toEqual({ view: "upgrade", bandName: band.name });
    for (const [loader, pathname] of [
      [pdfLoader, "/finances/reports/statement.pdf"],
      [statementCsvLoader, "/finances/reports/statement.csv"],
      [exportLoader, "/finances/export.csv?ledger=ledger"],
    ] as [Loader, string][]) {
      const response = await download(loader, pathname, cookie);
      expect(response.status, pathname).toBe(402);
      expect(await response.text()).toBe(PRO_REQUIRED_MESSAGE);
    }
  });

  test("a band that fell back to free still reads its reports and statements, on the pages (marked read-only) and through the API", async () => {
    const lapsed = await bandWithSeason("free");
    const read = await api(lapsed, lapsed.cookies.leader, "?year=2024");
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ year: 2024 });
    expect(await json(await page(lapsed.cookies.member, "?year=2024"))).toMatchObject({ view: "reports", readOnly: true });
    const csv = await download(statementCsvLoader as Loader, "/finances/reports/statement.csv?year=2024", lapsed.cookies.sub);
    expect(csv.status).toBe(200);
    const exported = await download(exportLoader as Loader, "/finances/export.csv?ledger=ledger", lapsed.cookies.leader);
    expect(exported.status).toBe(200);
    // The menu has no Finances entry for a free band: the subscription page links to them.
    const subscription = async (cookie: string) => json(await download(subscriptionLoader as Loader, "/subscription", cookie));
    expect(await subscription(lapsed.cookies.leader)).toMatchObject({ isPro: false, keptFinances: true });
    expect(await subscription(lapsed.cookies.member)).toMatchObject({ keptFinances: true });
    expect(await subscription(world.cookies.leader)).toMatchObject({ isPro: true, keptFinances: false });
    const empty = await createUser({ firstName: "Nia", lastName: "New" });
    const fresh = await createBand({ name: "Nothing Recorded", subscriptionTier: "free", members: [{ userId: empty.id, role: "band_leader" }] });
    expect(await subscription(`${await sessionCookieFor(empty.id)}; ${await bandCookie(fresh.id)}`)).toMatchObject({ isPro: false, keptFinances: false });
  });
});

describe("downloads", () => {
  test("the statement CSV: a row per entry with its section, then the summary, in the band's currency", async () => {
    const response = await download(statementCsvLoader as Loader, `/finances/reports/statement.csv?year=2024&member=${world.users.member.id}`, world.cookies.leader);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="the-ledgers-statement-max-member-2024.csv"');
    const rows = await readCsv(response);
    expect(rows[0]).toEqual(["Date", "Section", "Description", "Gig", "Amount", "Currency", "Change to what you are owed"]);
    expect(rows).toContainEqual(["2024-03-10", "Share of a gig fee", "Split of the gig fee", "Blue Note", "225.00", "USD", "225.00"]);
    expect(rows).toContainEqual(["2024-03-09", "Expense paid out of pocket (owed back)", "Fuel to the Blue Note", "Blue Note", "45.00", "USD", "45.00"]);
    expect(rows).toContainEqual(["", "Summary", "Total earned from the band", "", "625.00", "USD", ""]);
    expect(rows).toContainEqual(["", "Summary", "Owed to you on Jan 1, 2024", "", "50.00", "USD", "50.00"]);
    expect(rows.at(-1)).toEqual(["", "Summary", "Owed to you on Dec 31, 2024", "", "720.00", "USD", ""]);
    // Cash collected for the band (as a payout) lowers what the member is owed: its change is
    // negative, and the column adds up to the closing line.
    const lowering = rows.filter((row) => row[1] === "Cash collected for the band" || row[1] === "Payout received");
    expect(lowering.length).toBeGreaterThan(0);
    for (const row of lowering) expect(row[6]).toBe(`-${row[4]}`);
    const cents = rows.slice(1).reduce((total, row) => total + (row[6] ? Math.round(Number(row[6]) * 100) : 0), 0);
    expect(cents).toBe(72_000);
  });

  test("the statement PDF reads back with the member, the year and the totals", async () => {
    const response = await download(pdfLoader as Loader, `/finances/reports/statement.pdf?year=2024&member=${world.users.sub.id}`, world.cookies.leader);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="the-ledgers-statement-sue-sub-2024.pdf"');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-"));
    const file = path.join(dir, "statement.pdf");
    fs.writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
    // poppler-utils' pdftotext reads it back.
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(text).toContain("Statement 2024: Sue Sub");
    expect(text).toContain("The Ledgers");
    expect(text).toMatch(/Fixed fees\s+\$550\.00/);
    expect(text).toMatch(/Total earned from the band\s+\$550\.00/);
    expect(text).toMatch(/Jul 21, 2024\s+Fixed fee\s+Split of the gig fee \(Harbour Fest\)\s+\$400\.00/);
  });

  test("ledger exports: every entry as recorded, the reversal as its own row naming what it reverses; text cells cannot run as formulas", async () => {
    const get = async (query: string) => {
      const response = await download(exportLoader as Loader, `/finances/export.csv?${query}`, world.cookies.admin);
      expect(response.status, query).toBe(200);
      return { response, rows: await readCsv(response) };
    };
    const payments = await get("ledger=payments");
    expect(payments.response.headers.get("content-disposition")).toBe('attachment; filename="the-ledgers-payments.csv"');
    expect(payments.rows[0]!.slice(0, 8)).toEqual(["Entry", "Date", "Description", "Category", "Gig", "Fee agreed", "Amount received", "Currency"]);
    expect(payments.rows).toHaveLength(1 + 6);
    const reversal = payments.rows.find((row) => row[2] === "Correction: Harbour Fest fee")!;
    expect(reversal.slice(1, 7)).toEqual(["2024-08-02", "Correction: Harbour Fest fee", "Gig fee", "Harbour Fest", "1500.00", "-1400.00"]);
    expect(reversal[10]).toMatch(/^\d+$/);
    expect(payments.rows.find((row) => row[1] === "2024-12-31")![2]).toBe("'=1+2 merch");
    expect(payments.rows.find((row) => row[2] === "Harbour Fest fee" && row[6] === "1500.00")![9]).toBe("Max Member");
    // Recorded at: the band's local time, with its offset (exact, and what the pages say).
    const recordedAt = payments.rows[1]![payments.rows[0]!.indexOf("Recorded at")]!;
    expect(recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Math.abs(new Date(recordedAt).getTime() - Date.now())).toBeLessThan(10 * 60_000);

    const year = await get("ledger=payments&year=2023");
    expect(year.response.headers.get("content-disposition")).toBe('attachment; filename="the-ledgers-payments-2023.csv"');
    expect(year.rows.slice(1).map((row) => row[2])).toEqual(["Tips jar"]);

    const expenses = await get("ledger=expenses");
    // An expense may be for any event (a rehearsal's room hire): its column says "Event".
    expect(expenses.rows[0]!.slice(6, 8)).toEqual(["Paid by", "Event"]);
    expect(expenses.rows.slice(1).map((row) => [row[3], row[4], row[6]])).toEqual([
      ["Travel", "45.00", "Max Member"],
      ["Commission", "150.00", "Band fund"],
    ]);
    const payouts = await get("ledger=payouts");
    expect(payouts.rows.slice(1).map((row) => [row[3], row[4], row[5]])).toEqual([
      ["Lena Leader", "Band pays the member", "225.00"],
      ["Max Member", "Member hands cash to the band", "1500.00"],
    ]);
    const splits = await get("ledger=splits");
    expect(splits.rows).toHaveLength(1 + 1 + 3 + 3);
    expect(splits.rows.filter((row) => row[3] === "Harbour Fest").map((row) => [row[7], row[8], row[9], row[11], row[12]])).toEqual([
      ["150.00", "150.00", "Lena Leader", "", "400.00"],
      ["150.00", "150.00", "Max Member", "", "400.00"],
      ["150.00", "150.00", "Sue Sub", "400.00", "400.00"],
    ]);
    const full = await get("ledger=ledger");
    const lineSum = full.rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
    const fund = full.rows.slice(1).filter((row) => row[5] === "Band fund").reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
    // Every line adds up to the money in the band's account: 50 + 600 + 30 received by it, 1,500 handed over, less
    // the 150 commission paid from the fund and 225 paid out (the fuel was paid out of pocket; 1,400 went in and out again).
    expect(lineSum).toBe(5_000 + 60_000 + 3_000 + 150_000 - 15_000 - 22_500);
    expect(fund).toBe(5_000 - 5_000 + 60_000 - 4_500 - 60_000 + 150_000 - 15_000 - 120_000 + 3_000);
  });

  test("an unknown ledger is refused with the list of ledgers", async () => {
    const response = await download(exportLoader as Loader, "/finances/export.csv?ledger=secrets", world.cookies.leader);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(REPORT_MESSAGES.unknownLedger);
  });

  test("a year that is not one is refused, not dropped for every year's entries", async () => {
    for (const year of ["abc", "1800", "99999999999999999999", "2024.5"]) {
      const response = await download(exportLoader as Loader, `/finances/export.csv?ledger=payments&year=${year}`, world.cookies.leader);
      expect(response.status, year).toBe(400);
      expect(await response.text()).toBe(REPORT_MESSAGES.badYear);
    }
    expect((await download(exportLoader as Loader, "/finances/export.csv?ledger=payments&year=2024", world.cookies.leader)).status).toBe(200);
  });
});

describe("queries", () => {
  test("the reports page and API run the same number of queries for a small band and for one with 60 members and 200 more entries", async () => {
    const count = async (loader: Loader, request: () => Request, params: Record<string, string> = {}) => {
      await callRoute(loader, request(), params);
      const { result, statements } = await recordQueries(() => callRoute(loader, request(), params));
      expect(result.status).toBe(200);
      if (process.env.QUERY_REPORT) console.log(statements.map((s) => s.slice(0, 200)).join("\n"));
      return statements.length;
    };
    const small = await bandWithSeason();
    const measure = async () => [
      await count(pageLoader as Loader, () => buildRequest("/finances/reports?year=2024", { cookie: small.cookies.leader })),
      await count(apiLoader, () => buildRequest(`/api/bands/${small.band.id}/finance-reports?year=2024&member=${small.users.member.id}`, { cookie: small.cookies.leader }), { id: String(small.band.id) }),
      await count(statementCsvLoader as Loader, () => buildRequest("/finances/reports/statement.csv?year=2024", { cookie: small.cookies.member })),
    ];
    const before = await measure();

    const extra = await Promise.all(Array.from({ length: 56 }, (_, i) => createUser({ firstName: `Extra${i}` })));
    await db.bandMembership.createMany({ data: extra.map((user) => ({ bandId: small.band.id, userId: user.id, role: "band_member" })) });
    const names = Object.fromEntries(extra.map((user) => [user.id, user.firstName]));
    const book = ledgerWriter(small.band.id, names);
    for (let i = 0; i < 50; i++) {
      const day = `2024-${String((i % 12) + 1).padStart(2, "0")}-15`;
      const paid = await book.payment(day, 10_000 + i, { eventId: i % 2 ? small.season.events.blueNote.id : small.season.events.harbour.id });
      await book.split(day, paid.payment!.id, 0, extra.slice(0, 4).map((user, k) => ({ userId: user.id, amountMinor: k === 0 ? 2_500 + i : 2_500 })));
      await book.expense(day, 1_000, { paidBy: extra[i % extra.length]!.id, category: "food" });
      await book.payout(day, extra[i % extra.length]!.id, 500);
    }
    const after = await measure();
    expect(after).toEqual(before);
    expect(before[0]).toBeLessThanOrEqual(17);
  }, 60_000);
});
