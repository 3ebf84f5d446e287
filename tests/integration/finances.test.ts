import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import * as balancesRoute from "~/routes/api+/bands.$id.member-balances";
import * as paymentsRoute from "~/routes/api+/bands.$id.payments";
import * as expensesRoute from "~/routes/api+/bands.$id.expenses";
import * as payoutsRoute from "~/routes/api+/bands.$id.payouts";
import * as splitsRoute from "~/routes/api+/bands.$id.splits";
import * as onboardingRoute from "~/routes/api+/bands.$id.onboarding-status";
import * as overviewPage from "~/routes/_app+/finances";
import * as ledgerPage from "~/routes/_app+/finances_.ledger";
import * as paymentPage from "~/routes/_app+/finances_.payments.new";
import * as payoutPage from "~/routes/_app+/finances_.payouts.new";
import * as expensePage from "~/routes/_app+/finances_.expenses.new";
import * as splitPage from "~/routes/_app+/finances_.entries.$id.split";
import * as reversePage from "~/routes/_app+/finances_.entries.$id.reverse";
import * as settlePage from "~/routes/_app+/finances_.settle";
import * as reverseApi from "~/routes/api+/ledger-entries.$id.reverse";
import { NOT_A_GIG_FEE } from "~/features/finances/schema.server";
import { IDEMPOTENCY_MESSAGES } from "~/utils/idempotency.server";
import { SENT_WITH_OTHER_VALUES } from "~/utils/form-submission.server";
import { requireBandAccess } from "~/features/bands/access.server";
import { removeMember } from "~/features/members/members.server";
import { body, expectNotInBand, expectRedirect, toastOf } from "./auth-helpers";

/** A free band's refusals on an installation without Stripe keys (manual billing, as the tests run). */
const PRO_REQUIRED_MESSAGE = "Finances is part of Pro, and this band is on the Free plan. A platform admin grants Pro on this Bandroom.";
const READ_ONLY_MESSAGE = "Recording money is part of Pro, and this band is on the Free plan. Anything recorded while it was Pro stays readable. A platform admin grants Pro on this Bandroom.";

type Fn = Parameters<typeof callRoute>[0];

async function setup() {
  const people = {
    leader: await createUser({ firstName: "Lena", lastName: "Leader" }),
    admin: await createUser({ firstName: "Adi", lastName: "Admin" }),
    ann: await createUser({ firstName: "Ann", lastName: "Keys" }),
    bob: await createUser({ firstName: "Bob", lastName: "Bass" }),
    cat: await createUser({ firstName: "Cat", lastName: "Drums" }),
    sub: await createUser({ firstName: "Sam", lastName: "Sub" }),
    outsider: await createUser({ firstName: "Otto", lastName: "Outside" }),
  };
  const band = await createBand({
    subscriptionTier: "pro",
    members: [
      { userId: people.leader.id, role: "band_leader" },
      { userId: people.admin.id, role: "band_admin" },
      { userId: people.ann.id, role: "band_member" },
      { userId: people.bob.id, role: "band_member" },
      { userId: people.cat.id, role: "band_member" },
      { userId: people.sub.id, role: "sub" },
    ],
  });
  const other = await createBand({ members: [{ userId: people.outsider.id, role: "band_leader" }] });
  const gig = await db.event.create({ data: { bandId: band.id, title: "Harbour Festival", kind: "gig", startsAt: new Date(), feeMinor: 100_000 } });
  const otherGig = await db.event.create({ data: { bandId: other.id, title: "Elsewhere", kind: "gig", startsAt: new Date() } });
  const memberships = await db.bandMembership.findMany({ where: { bandId: band.id }, select: { id: true, userId: true } });
  const lineup = [people.ann, people.bob, people.cat].map((person) => ({ eventId: gig.id, membershipId: memberships.find((m) => m.userId === person.id)!.id }));
  await db.eventBooking.createMany({ data: lineup });
  const current = await bandCookie(band.id);
  const cookies = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([key, user]) => [key, `${await sessionCookieFor(user.id)}; ${current}`]))) as Record<keyof typeof people, string>;
  return { band, other, gig, otherGig, people, cookies };
}

type World = Awaited<ReturnType<typeof setup>>;

const api = (fn: Fn, world: World, path: string, cookie: string, json?: unknown) =>
  callRoute(fn, buildRequest(`/api/bands/${world.band.id}/${path}`, { cookie, ...(json === undefined ? {} : { method: "POST", json }) }), { id: String(world.band.id) });

type Balances = { currency: string; fundMinor?: number; totals?: Record<string, number>; members: { userId: string; name: string; balanceMinor: number }[]; settleUp?: unknown[] };
const balanceOf = (balances: Balances, userId: string) => balances.members.find((m) => m.userId === userId)?.balanceMinor;

async function recordSeason(world: World) {
  const { people, cookies, gig } = world;
  const payment = await api(paymentsRoute.action, world, "payments", cookies.leader, { category: "gig", eventId: gig.id, amount: "1000.00", date: "2024-05-01", method: "bank_transfer" });
  expect(payment.status).toBe(201);
  const { id: paymentId } = await body<{ id: number }>(payment);
  const split = await api(splitsRoute.action, world, "splits", cookies.leader, {
    paymentId,
    method: "equal",
    commission: "10%",
    shares: [{ userId: people.ann.id }, { userId: people.bob.id }, { userId: people.cat.id }],
  });
  expect(split.status).toBe(201);
  expect((await body<{ shares: { amountMinor: number }[] }>(split)).shares.map((s) => s.amountMinor)).toEqual([30_000, 30_000, 30_000]);
  const expense = await api(expensesRoute.action, world, "expenses", cookies.admin, { amount: "45.50", date: "2024-05-02", category: "travel", note: "Diesel", paidBy: people.bob.id });
  expect(expense.status).toBe(201);
  const payout = await api(payoutsRoute.action, world, "payouts", cookies.leader, { userId: people.ann.id, direction: "to_member", amount: "300", date: "2024-05-03", method: "cash" });
  expect(payout.status).toBe(201);
  return { paymentId };
}

/** A second gig payment, not split, on the same gig. */
async function recordSeasonPayment(world: World) {
  const payment = await api(paymentsRoute.action, world, "payments", world.cookies.leader, { category: "gig", eventId: world.gig.id, amount: "200.00", date: "2024-05-04", method: "cash" });
  return { paymentId: (await body<{ id: number }>(payment)).id };
}

const countLedger = (bandId: number) => Promise.all([db.ledgerEntry.count({ where: { bandId } }), db.ledgerLine.count({ where: { bandId } }), db.auditEntry.count({ where: { bandId } })]);

describe("recording the band's money", () => {
  test("a gig payment split among three with a commission, an out-of-pocket expense and a payout give the right balances", async () => {
    const world = await setup();
    const { people, cookies } = world;
    await recordSeason(world);

    const leader = await body<Balances>(await api(balancesRoute.loader, world, "member-balances", cookies.leader));
    expect(balanceOf(leader, people.ann.id)).toBe(0);
    expect(balanceOf(leader, people.bob.id)).toBe(34_550);
    expect(balanceOf(leader, people.cat.id)).toBe(30_000);
    expect(balanceOf(leader, people.leader.id)).toBe(0);
    // 1000 in, 900 shared, 100 commission, 45.50 reimbursable: the fund is 45.50 short.
    expect(leader.fundMinor).toBe(-4_550);
    // Fund + everything owed == what is in the band account: 1000 − 100 commission − 300 paid to Ann.
    expect(leader.fundMinor! + leader.members.reduce((sum, m) => sum + m.balanceMinor, 0)).toBe(60_000);
    expect(leader.settleUp).toEqual([
      { from: "band", to: people.bob.id, fromName: "Band account", toName: "Bob Bass", amountMinor: 34_550 },
      { from: "band", to: people.cat.id, fromName: "Band account", toName: "Cat Drums", amountMinor: 30_000 },
    ]);

    // A member sees the band's totals and only their own line; a sub only their own line.
    const bob = await body<Balances>(await api(balancesRoute.loader, world, "member-balances", cookies.bob));
    expect(bob.members).toEqual([expect.objectContaining({ userId: people.bob.id, balanceMinor: 34_550 })]);
    expect(bob.fundMinor).toBe(-4_550);
    expect(bob).not.toHaveProperty("settleUp");
    const sub = await body<Balances>(await api(balancesRoute.loader, world, "member-balances", cookies.sub));
    expect(sub.members).toEqual([expect.objectContaining({ userId: people.sub.id, balanceMinor: 0 })]);
    expect(sub).not.toHaveProperty("fundMinor");

    // Every change is in the audit log, and the onboarding status counts the money.
    const actions = (await db.auditEntry.findMany({ where: { bandId: world.band.id }, select: { action: true } })).map((a) => a.action).sort();
    expect(actions).toEqual(["money.expense", "money.payment", "money.payout", "money.split"]);
    // The payment's entry names its gig by title (it said "Gig: 2").
    const paid = await db.auditEntry.findFirstOrThrow({ where: { bandId: world.band.id, action: "money.payment" }, select: { after: true } });
    expect(JSON.parse(String(paid.after))).toMatchObject({ gig: "Harbour Festival" });
    const status = await body(await callRoute(onboardingRoute.loader, buildRequest(`/api/bands/${world.band.id}/onboarding-status`, { cookie: cookies.leader }), { id: String(world.band.id) }));
    expect(status).toMatchObject({ hasFinancialData: true });
  });

  test("the first entry turns the onboarding status's hasFinancialData true; a payment and an expense record the spec's analytics events", async () => {
    const world = await setup();
    const { cookies, people } = world;
    const status = async () =>
      body<{ hasFinancialData: boolean }>(await callRoute(onboardingRoute.loader, buildRequest(`/api/bands/${world.band.id}/onboarding-status`, { cookie: cookies.leader }), { id: String(world.band.id) }));
    const events = (name: string) => db.analyticsEvent.findMany({ where: { name, bandId: world.band.id }, select: { userId: true, properties: true } });
    expect(await status()).toMatchObject({ hasFinancialData: false });

    const expense = await api(expensesRoute.action, world, "expenses", cookies.admin, { amount: "12.00", date: "2024-05-02", category: "travel", paidBy: people.bob.id });
    expect(expense.status).toBe(201);
    expect(await status()).toMatchObject({ hasFinancialData: true });
    expect(await events("track_expense")).toEqual([{ userId: people.admin.id, properties: expect.stringContaining('"outOfPocket":true') }]);

    expect(await events("add_payment_record")).toEqual([]);
    // A client may say the currency it means; another than the band's is refused, nothing recorded.
    const wrongCurrency = await api(paymentsRoute.action, world, "payments", cookies.leader, { category: "merch", amount: "20", date: "2024-05-03", method: "cash", currency: "JPY" });
    expect(wrongCurrency.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(wrongCurrency)).errors).toEqual({ currency: ["currency is USD, the band's"] });
    expect(await events("add_payment_record")).toEqual([]);
    const payment = await api(paymentsRoute.action, world, "payments", cookies.leader, { category: "merch", amount: "20", date: "2024-05-03", method: "cash", currency: "USD" });
    expect(payment.status).toBe(201);
    expect(await events("add_payment_record")).toEqual([{ userId: people.leader.id, properties: expect.stringContaining('"category":"merch"') }]);
  });

  test("the API lists each kind of entry for leaders and admins, newest first; members may not list them", async () => {
    const world = await setup();
    await recordSeason(world);
    const list = await body<{ entries: { kind: string; amountMinor: number; description: string }[]; total: number }>(await api(expensesRoute.loader, world, "expenses", world.cookies.admin));
    expect(list.entries.map((e) => [e.description, e.amountMinor])).toEqual([
      ["Diesel", 4_550],
      ["Commission: Harbour Festival", 10_000],
    ]);
    expect((await api(paymentsRoute.loader, world, "payments", world.cookies.ann)).status).toBe(403);
  });

  test("bad input gets a clear message and writes nothing", async () => {
    const world = await setup();
    const { people, cookies, gig } = world;
    const { paymentId } = await (async () => {
      const response = await api(paymentsRoute.action, world, "payments", cookies.leader, { category: "gig", eventId: gig.id, amount: "100", date: "2024-05-01", method: "cash" });
      return body<{ id: number; paymentId: number }>(response).then((b) => {
        // The payment is named by one id everywhere: the one a split takes.
        expect(b.paymentId).toBe(b.id);
        return { paymentId: b.paymentId };
      });
    })();
    const before = await countLedger(world.band.id);
    const refused = async (fn: Fn, path: string, json: unknown) => {
      const response = await api(fn, world, path, cookies.leader, json);
      expect(response.status).toBe(400);
      return (await body<{ errors: Record<string, string[]> }>(response)).errors;
    };
    const payment = (amount: string) => ({ category: "merch", amount, date: "2024-05-01", method: "cash" });
    expect((await refused(paymentsRoute.action, "payments", payment("-5"))).amount).toEqual(["Enter an amount above zero"]);
    expect((await refused(paymentsRoute.action, "payments", payment("0"))).amount).toEqual(["Enter an amount above zero"]);
    expect((await refused(paymentsRoute.action, "payments", payment("12.345"))).amount).toEqual(["USD amounts have at most 2 decimal places"]);
    expect((await refused(paymentsRoute.action, "payments", { ...payment("10"), category: "gig" })).eventId).toEqual(["Choose the gig this payment is for"]);
    expect((await refused(paymentsRoute.action, "payments", { ...payment("10"), category: "gig", eventId: world.otherGig.id })).eventId).toEqual(["Choose a gig from this band's calendar"]);
    expect((await refused(paymentsRoute.action, "payments", { ...payment("10"), eventId: gig.id, feeAgreed: "5" })).feeAgreed).toEqual([NOT_A_GIG_FEE]);
    // Each field says what it takes, whatever else is wrong: a gig without its gig beside a bad amount, a person sent as a list.
    expect(await refused(paymentsRoute.action, "payments", { ...payment("x"), category: "gig" })).toMatchObject({ eventId: ["Choose the gig this payment is for"] });
    expect((await refused(paymentsRoute.action, "payments", { ...payment("10"), receivedBy: ["band"] })).receivedBy).toEqual(["Choose the band account or one of the band's members"]);
    expect((await refused(payoutsRoute.action, "payouts", { userId: [people.ann.id], direction: "to_member", amount: "5", date: "2024-05-01", method: "cash" })).userId).toEqual(["Choose a member"]);
    const splitBase = { paymentId, method: "equal" };
    expect((await refused(splitsRoute.action, "splits", { ...splitBase, shares: Array.from({ length: 101 }, () => ({ userId: people.ann.id })) })).shares).toEqual(["A payment can be shared among at most 100 people"]);
    expect((await refused(splitsRoute.action, "splits", { ...splitBase, shares: [[people.ann.id]] }))["shares.0"]).toEqual(["Each share is a person: { userId, percent?, fixed? }"]);
    expect((await refused(splitsRoute.action, "splits", { ...splitBase, shares: [{ userId: people.ann.id, fixd: "10" }] }))["shares.0.fixd"]).toEqual(["Unknown field"]);
    const rehearsal = await db.event.create({ data: { bandId: world.band.id, title: "Weekly rehearsal", kind: "rehearsal", startsAt: new Date() } });
    expect((await refused(paymentsRoute.action, "payments", { ...payment("10"), category: "gig", eventId: rehearsal.id })).eventId).toEqual(["Choose a gig from this band's calendar"]);
    expect((await refused(expensesRoute.action, "expenses", { amount: "0.001", date: "2024-05-01", category: "travel" })).amount).toEqual(["USD amounts have at most 2 decimal places"]);
    expect((await refused(expensesRoute.action, "expenses", { amount: "5", date: "2024-02-30", category: "travel" })).date).toEqual(["Enter a real date, like 2024-03-01"]);
    // A typo'd year: further ahead than a year from today.
    expect((await refused(paymentsRoute.action, "payments", { ...payment("10"), date: "2100-01-01" })).date).toEqual(["Enter a date no more than a year from today"]);
    expect((await refused(paymentsRoute.action, "payments", { ...payment("10"), date: "9999-12-31" })).date).toEqual(["Enter a date no more than a year from today"]);
    // A real date, only too early for the ledger: said so, not "a real date".
    expect((await refused(expensesRoute.action, "expenses", { amount: "5", date: "1900-01-01", category: "travel" })).date).toEqual(["Enter a date from 1970 on"]);
    expect((await refused(expensesRoute.action, "expenses", { amount: "5", date: "2024-05-01", category: "travel", paidBy: people.outsider.id })).paidBy).toEqual(["That person is not a member of this band"]);

    const split = (extra: object) => ({ paymentId, method: "shares", ...extra });
    expect(
      (await refused(splitsRoute.action, "splits", split({ shares: [{ userId: people.ann.id, percent: "50" }, { userId: people.bob.id, percent: "40" }] }))).shares,
    ).toEqual(["The percentages add up to 90%, not 100%"]);
    expect(
      (await refused(splitsRoute.action, "splits", split({ method: "fixed", shares: [{ userId: people.ann.id, fixed: "50" }, { userId: people.bob.id, fixed: "40" }] }))).shares,
    ).toEqual(["The amounts add up to $90.00, not the $100.00 to share"]);
    expect((await refused(splitsRoute.action, "splits", split({ method: "equal", shares: [{ userId: people.ann.id }, { userId: people.admin.id }] }))).shares).toEqual([
      "Everyone sharing the payment must be on this gig's lineup",
    ]);
    expect((await refused(splitsRoute.action, "splits", split({ method: "equal", commission: "150", shares: [{ userId: people.ann.id }] }))).commission).toEqual([
      "The commission and the band fund's cut ($150.00) add up to more than the payment ($100.00)",
    ]);
    expect((await refused(payoutsRoute.action, "payouts", { userId: people.outsider.id, direction: "to_member", amount: "5", date: "2024-05-01", method: "cash" })).userId).toEqual([
      "That person is not a member of this band",
    ]);
    expect((await refused(payoutsRoute.action, "payouts", { userId: people.ann.id, direction: "to_member", amount: "-5", date: "2024-05-01", method: "cash" })).amount).toEqual([
      "Enter an amount above zero",
    ]);
    expect(await countLedger(world.band.id)).toEqual(before);
    // Within a year from today is fine (a deposit for a gig next season).
    const inElevenMonths = new Date(Date.now() + 330 * 86_400_000).toISOString().slice(0, 10);
    expect((await api(expensesRoute.action, world, "expenses", cookies.leader, { amount: "5", date: inElevenMonths, category: "travel" })).status).toBe(201);
  });

  test("an Idempotency-Key makes a retried money call safe: the same answer, recorded once; a refused call lets its key go", async () => {
    const world = await setup();
    const { cookies, people } = world;
    const payout = { userId: people.ann.id, direction: "to_member", amount: "20", date: "2024-05-03", method: "cash" };
    const post = (json: unknown, key: string | null, cookie = cookies.leader) =>
      callRoute(payoutsRoute.action, buildRequest(`/api/bands/${world.band.id}/payouts`, { cookie, method: "POST", json, headers: key === null ? {} : { "Idempotency-Key": key } }), { id: String(world.band.id) });
    const [before] = await countLedger(world.band.id);
    // Five at once with one key (a client retrying in a hurry): one payout.
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(payout, "retry-me-1")));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const firstBody = await body<{ id: number }>(answers.find((r) => r.status === 201 && r.headers.get("Idempotent-Replayed") === null)!);
    const replay = await post(payout, "retry-me-1");
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await body(replay)).toEqual(firstBody);
    expect((await countLedger(world.band.id))[0]).toBe(before + 1);
    // The key with another body is refused; another key, or none, records again.
    const other = await post({ ...payout, amount: "25" }, "retry-me-1");
    expect(other.status).toBe(422);
    expect(await body(other)).toEqual({ message: IDEMPOTENCY_MESSAGES.reused });
    expect((await post(payout, "retry-me-2")).status).toBe(201);
    expect((await post(payout, null)).status).toBe(201);
    expect((await countLedger(world.band.id))[0]).toBe(before + 3);
    // A key is the caller's own: the admin's same key is a new call.
    expect((await post(payout, "retry-me-1", cookies.admin)).headers.get("Idempotent-Replayed")).toBeNull();
    // Refused (a person not in the band): nothing kept, and the corrected call may use the key.
    const refused = await post({ ...payout, userId: people.outsider.id }, "fix-and-retry");
    expect(refused.status).toBe(400);
    expect((await post(payout, "fix-and-retry")).status).toBe(201);
    // A key nobody could mean is refused under the header's name.
    const bad = await post(payout, "has spaces");
    expect(bad.status).toBe(400);
    expect(await body(bad)).toEqual({ message: "Invalid request", errors: { "Idempotency-Key": [IDEMPOTENCY_MESSAGES.shape] } });

    // The band goes back to Free: the retry of a call already recorded still gets its first
    // answer (told 402, the client would think the money was never recorded); anything
    // new, or the same key with another body, is refused as Free.
    await db.band.update({ where: { id: world.band.id }, data: { subscriptionTier: "free" } });
    const [recorded] = await countLedger(world.band.id);
    const late = await post(payout, "retry-me-1");
    expect(late.status).toBe(201);
    expect(late.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await body(late)).toEqual(firstBody);
    expect((await post({ ...payout, amount: "25" }, "retry-me-1")).status).toBe(402);
    expect((await post(payout, "retry-me-9")).status).toBe(402);
    expect((await post(payout, null)).status).toBe(402);
    // Nor is another person's key answered to someone who never made the call.
    expect((await post(payout, "retry-me-1", cookies.ann)).status).toBe(402);
    expect((await countLedger(world.band.id))[0]).toBe(recorded);
  });

  test("a description or note sent as a number is refused as not text, and nothing is recorded", async () => {
    const world = await setup();
    const before = await db.ledgerEntry.count({ where: { bandId: world.band.id } });
    const payment = await api(paymentsRoute.action, world, "payments", world.cookies.leader, { category: "merch", amount: "1.00", date: "2024-05-01", method: "cash", description: 1e30 });
    expect(payment.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(payment)).errors).toEqual({ description: ["The description must be text"] });
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id } })).toBe(before);
  });

  test("merch sold at a gig may be linked to it: it says what it is, counts in the gig's profit and loss, and is not the lineup's to split", async () => {
    const world = await setup();
    const { cookies, gig, people } = world;
    const response = await api(paymentsRoute.action, world, "payments", cookies.leader, { category: "merch", eventId: gig.id, amount: "80", date: "2024-05-01", method: "cash" });
    expect(response.status).toBe(201);
    const merch = await body<{ paymentId: number; description: string; splittable: boolean }>(response);
    expect(merch).toMatchObject({ description: "Merch: Harbour Festival", splittable: false });
    const split = await api(splitsRoute.action, world, "splits", cookies.leader, { paymentId: merch.paymentId, method: "equal", shares: [{ userId: people.ann.id }] });
    expect(split.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(split)).errors.paymentId).toEqual(["Only a gig payment linked to a gig can be split among its lineup"]);
    const ledger = await body<{ entries: { description: string; splittable: boolean }[] }>(await callRoute(ledgerPage.loader, buildRequest("/finances/ledger", { cookie: cookies.leader })));
    expect(ledger.entries.find((entry) => entry.description === "Merch: Harbour Festival")?.splittable).toBe(false);
    // Its split page says why, as the API does (not that nobody is booked on the gig).
    const page = await body<{ payment: { notSplittable: string | null } }>(await callRoute(splitPage.loader, buildRequest(`/finances/entries/${merch.paymentId}/split`, { cookie: cookies.leader }), { id: String(merch.paymentId) }));
    expect(page.payment.notSplittable).toBe("Only a gig payment linked to a gig can be split among its lineup.");
  });

  test("reversing and splitting work on the entry's own band after another tab switched the current one; an outsider gets 404", async () => {
    const world = await setup();
    const { paymentId } = await recordSeason(world);
    // The leader also leads a second band, and another tab made it current.
    const second = await createBand({ subscriptionTier: "pro", members: [{ userId: world.people.leader.id, role: "band_leader" }] });
    const elsewhere = `${await sessionCookieFor(world.people.leader.id)}; ${await bandCookie(second.id)}`;
    const splitPageData = await body<{ otherBand: { name: string; current: string } | null }>(
      await callRoute(splitPage.loader, buildRequest(`/finances/entries/${paymentId}/split`, { cookie: elsewhere }), { id: String(paymentId) }),
    );
    expect(splitPageData.otherBand).toEqual({ id: world.band.id, name: world.band.name, current: second.name });
    const reversePageData = await callRoute(reversePage.loader, buildRequest(`/finances/entries/${paymentId}/reverse`, { cookie: elsewhere }), { id: String(paymentId) });
    expect(reversePageData.status).toBe(200);

    const reversed = await callRoute(reversePage.action, buildRequest(`/finances/entries/${paymentId}/reverse`, { cookie: elsewhere, form: { reason: "Recorded twice" } }), { id: String(paymentId) });
    expectRedirect(reversed, "/finances/ledger");
    expect((await toastOf(reversed))?.description).toBe(`“Fee: Harbour Festival” is reversed, with 2 entries that depended on it (in ${world.band.name}).`);
    // The ledger it lands on is the entry's band's again.
    expect(reversed.headers.getSetCookie().some((cookie) => cookie.startsWith("bandroom_band="))).toBe(true);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, reversesId: paymentId } })).toBe(1);

    const outsider = await callRoute(reversePage.action, buildRequest(`/finances/entries/${paymentId}/reverse`, { cookie: world.cookies.outsider, form: { reason: "Not mine" } }), { id: String(paymentId) });
    expect(outsider.status).toBe(404);
    expect((await callRoute(splitPage.loader, buildRequest(`/finances/entries/${paymentId}/split`, { cookie: world.cookies.outsider }), { id: String(paymentId) })).status).toBe(404);
  });

  test("'Use this gig's fee' from a form opened for one band, after another tab switched band, comes back in the form's band (made current again), with what was typed", async () => {
    const world = await setup();
    const second = await createBand({ subscriptionTier: "pro", members: [{ userId: world.people.leader.id, role: "band_leader" }] });
    const elsewhere = `${await sessionCookieFor(world.people.leader.id)}; ${await bandCookie(second.id)}`;
    const query = `submissionKey=k1&bandId=${world.band.id}&eventId=${world.gig.id}&description=Door+money&receivedBy=band`;
    const sameSite = { "sec-fetch-site": "same-origin" };
    // A link from another site (or without the form's key) switches nothing: the current band's form.
    for (const [path, headers] of [[`/finances/payments/new?${query}`, { "sec-fetch-site": "cross-site" }], [`/finances/payments/new?bandId=${world.band.id}`, sameSite]] as const) {
      const linked = await callRoute(paymentPage.loader, buildRequest(path, { cookie: elsewhere, headers }));
      expect(linked.status, path).toBe(200);
      expect((await body<{ bandId: number }>(linked)).bandId).toBe(second.id);
    }
    const filled = await callRoute(paymentPage.loader, buildRequest(`/finances/payments/new?${query}`, { cookie: elsewhere, headers: sameSite }));
    expectRedirect(filled, `/finances/payments/new?${query}`);
    const switchBack = (await bandCookie(world.band.id)).split(";")[0]!;
    expect(filled.headers.getSetCookie().some((cookie) => cookie.startsWith(`${switchBack};`))).toBe(true);
    // Back in the form's band, the page fills the gig's fee and keeps the rest.
    const page = await body<{ bandId: number; defaults: Record<string, string> }>(await callRoute(paymentPage.loader, buildRequest(`/finances/payments/new?${query}`, { cookie: world.cookies.leader })));
    expect(page.bandId).toBe(world.band.id);
    expect(page.defaults).toMatchObject({ eventId: String(world.gig.id), amount: "1000.00", description: "Door money" });
    // A band the person is not in is ignored: the current band's form.
    const stranger = await callRoute(paymentPage.loader, buildRequest(`/finances/payments/new?submissionKey=k2&bandId=${world.other.id}`, { cookie: elsewhere, headers: sameSite }));
    expect(stranger.status).toBe(200);
    expect((await body<{ bandId: number }>(stranger)).bandId).toBe(second.id);
  });

  test("POST /api/ledger-entries/{id}/reverse corrects an entry as the Reverse page does: 201 with the reversals; once only; a member 403, an outsider 404", async () => {
    const world = await setup();
    const { paymentId } = await recordSeason(world);
    const reverse = (cookie: string, json: unknown, id = paymentId) =>
      callRoute(reverseApi.action, buildRequest(`/api/ledger-entries/${id}/reverse`, { method: "POST", cookie, json }), { id: String(id) });
    expect((await reverse(world.cookies.leader, {})).status).toBe(400);
    expect((await reverse(world.cookies.leader, { reason: "x", amount: 5 })).status).toBe(400);
    // A reason is words: a number or an object is a client's mistake, refused under its field (it was saved as "123").
    for (const reason of [123, { why: "x" }]) {
      const refused = await reverse(world.cookies.leader, { reason });
      expect(refused.status).toBe(400);
      expect((await body<{ errors: Record<string, string[]> }>(refused)).errors.reason).toEqual(["The reason must be text"]);
    }
    // What nobody types (a NUL, a bell, a line break) would reach the ledger's export and the audit log: refused.
    for (const reason of ["a\u0000b", "Recorded\u0007 twice", "Recorded\ntwice"]) {
      const refused = await reverse(world.cookies.leader, { reason });
      expect(refused.status).toBe(400);
      expect((await body<{ errors: Record<string, string[]> }>(refused)).errors.reason).toEqual(["The reason can only hold characters you can type"]);
    }
    // A choice that is not text says what to choose, not what an amount looks like.
    const expense = await api(expensesRoute.action, world, "expenses", world.cookies.leader, { amount: "5.50", date: "2024-05-02", category: { a: 1 }, paidBy: "band" });
    expect(expense.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(expense)).errors).toEqual({ category: ["Choose a category"] });
    expect((await reverse(world.cookies.ann, { reason: "Mine" })).status).toBe(403);
    expect((await reverse(world.cookies.outsider, { reason: "Not mine" })).status).toBe(404);
    const before = await countLedger(world.band.id);
    const reversed = await reverse(world.cookies.leader, { reason: "Recorded twice" });
    expect(reversed.status).toBe(201);
    const { reversalIds } = await body<{ reversed: number; reversalIds: number[] }>(reversed);
    // The payment and the two entries that depended on it (as the page's toast says).
    expect(reversalIds).toHaveLength(3);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, reversesId: paymentId } })).toBe(1);
    const again = await reverse(world.cookies.leader, { reason: "Recorded twice" });
    expect(again.status).toBe(409);
    // A reversal is not reversed: said as the answer's message, not under a field the body does not have.
    const ofReversal = await reverse(world.cookies.leader, { reason: "Undo the undo" }, reversalIds[0]!);
    expect(ofReversal.status).toBe(400);
    expect(await body(ofReversal)).toEqual({ message: "This entry is itself a reversal: record a new entry instead" });
    expect((await countLedger(world.band.id))[0]).toBe(before[0] + 3);
  });

  test("a split corrected after a player left the band keeps their share: they are offered and accepted again, under their name", async () => {
    const world = await setup();
    const { paymentId } = await recordSeason(world);
    // Bob leaves the band: his bookings go with his membership, his balance stays.
    await db.bandMembership.deleteMany({ where: { bandId: world.band.id, userId: world.people.bob.id } });
    const split = await db.split.findFirstOrThrow({ where: { payment: { entryId: paymentId } }, select: { entryId: true } });
    const reversed = await callRoute(reversePage.action, buildRequest(`/finances/entries/${split.entryId}/reverse`, { cookie: world.cookies.leader, form: { reason: "Wrong commission" } }), { id: String(split.entryId) });
    expectRedirect(reversed, "/finances/ledger");
    const page = await body<{ lineup: { userId: string; name: string }[] }>(await callRoute(splitPage.loader, buildRequest(`/finances/entries/${paymentId}/split`, { cookie: world.cookies.leader }), { id: String(paymentId) }));
    expect(page.lineup.map((person) => person.name)).toEqual(["Ann Keys", "Cat Drums", "Bob Bass (no longer booked)"]);
    const again = await api(splitsRoute.action, world, "splits", world.cookies.leader, { paymentId, method: "equal", shares: [{ userId: world.people.ann.id }, { userId: world.people.bob.id }, { userId: world.people.cat.id }] });
    expect(again.status).toBe(201);
    const shares = await db.splitShare.findMany({ where: { split: { entryId: (await body<{ entryId: number }>(again)).entryId } }, orderBy: { position: "asc" }, select: { memberName: true, amountMinor: true } });
    expect(shares.find((share) => share.memberName === "Bob Bass")?.amountMinor).toBe(33_333);
    // Someone the band has no record of on the gig (removed here behind the app's back, so
    // no past booking was kept) is still refused a share of a new payment.
    const stranger = await api(splitsRoute.action, world, "splits", world.cookies.leader, { paymentId: (await recordSeasonPayment(world)).paymentId, method: "equal", shares: [{ userId: world.people.bob.id }] });
    expect((await body<{ errors: Record<string, string[]> }>(stranger)).errors.shares).toEqual(["Everyone sharing the payment must be on this gig's lineup"]);
  });

  test("a player removed from the band after the gig shares a later payment for it (a late fee, a bonus): offered, and accepted", async () => {
    const world = await setup();
    const bob = await db.bandMembership.findFirstOrThrow({ where: { bandId: world.band.id, userId: world.people.bob.id }, select: { id: true } });
    // Removed as the members page removes: the gig has started, so its lineup keeps him.
    const leader = await requireBandAccess(buildRequest("/members", { cookie: world.cookies.leader }), { band: world.band.id, permission: "members:manage" });
    await removeMember(leader, bob.id);
    const { paymentId } = await recordSeasonPayment(world);
    const page = await body<{ lineup: { userId: string; name: string }[] }>(await callRoute(splitPage.loader, buildRequest(`/finances/entries/${paymentId}/split`, { cookie: world.cookies.leader }), { id: String(paymentId) }));
    expect(page.lineup.map((person) => person.name)).toEqual(["Ann Keys", "Cat Drums", "Bob Bass (no longer booked)"]);
    const split = await api(splitsRoute.action, world, "splits", world.cookies.leader, { paymentId, method: "equal", shares: [{ userId: world.people.ann.id }, { userId: world.people.bob.id }, { userId: world.people.cat.id }] });
    expect(split.status).toBe(201);
    const shares = await db.splitShare.findMany({ where: { split: { entryId: (await body<{ entryId: number }>(split)).entryId } }, orderBy: { position: "asc" }, select: { memberName: true, amountMinor: true } });
    expect(shares.find((share) => share.memberName === "Bob Bass")?.amountMinor).toBe(6_666);
    expect(shares.reduce((sum, share) => sum + share.amountMinor, 0)).toBe(20_000);
  });

  test("a reversal is a new entry: reversing a split payment reverses its split and commission, and only once", async () => {
    const world = await setup();
    const { paymentId } = await recordSeason(world);
    const reverse = (cookie: string, reason: string, id = String(paymentId)) =>
      callRoute(reversePage.action, buildRequest(`/finances/entries/${id}/reverse`, { cookie, form: { reason } }), { id });
    // An id the page answers "not found" for is not found here either ("014" is not entry 14).
    for (const odd of [`0${paymentId}`, `0x${paymentId.toString(16)}`, `${paymentId}.0`, ` ${paymentId}`]) expect((await reverse(world.cookies.leader, "odd id", odd)).status, odd).toBe(404);
    const splitOdd = await callRoute(splitPage.action, buildRequest(`/finances/entries/0${paymentId}/split`, { cookie: world.cookies.leader, form: { intent: "save", method: "equal" } }), { id: `0${paymentId}` });
    expect(splitOdd.status).toBe(404);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, reversesId: { not: null } } })).toBe(0);
    const reversed = await reverse(world.cookies.leader, "Recorded against the wrong gig");
    expectRedirect(reversed, "/finances/ledger");
    // The payment took its split and commission with it.
    expect((await toastOf(reversed))?.description).toBe("“Fee: Harbour Festival” is reversed, with 2 entries that depended on it.");
    const balances = await body<Balances>(await api(balancesRoute.loader, world, "member-balances", world.cookies.leader));
    // Only the expense and the payout remain.
    expect(balanceOf(balances, world.people.bob.id)).toBe(4_550);
    expect(balanceOf(balances, world.people.cat.id)).toBe(0);
    expect(balanceOf(balances, world.people.ann.id)).toBe(-30_000);
    const original = await db.ledgerEntry.findUniqueOrThrow({ where: { id: paymentId }, select: { amountMinor: true, reversedBy: { select: { kind: true, amountMinor: true } } } });
    expect(original).toEqual({ amountMinor: 100_000, reversedBy: { kind: "payment", amountMinor: -100_000 } });
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, reversesId: { not: null } } })).toBe(3);
    // The ledger names the reversal's agreed fee as agreed, not negated like its amounts.
    const ledgerText = JSON.stringify(await body(await callRoute(ledgerPage.loader, buildRequest("/finances/ledger", { cookie: world.cookies.leader }))));
    expect(ledgerText).not.toMatch(/agreed -/);

    const again = await reverse(world.cookies.leader, "Twice");
    expect(again.status).toBe(409);
    expect((await body<{ result: { error: Record<string, string[]> } }>(again)).result.error.entryId).toEqual(["This entry has already been reversed"]);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, reversesId: { not: null } } })).toBe(3);
  });
});

describe("the forms, without JavaScript", () => {
  test("a money form sent twice (a double tap, a resend) records once and the repeat goes where the first went; a refused one can be sent again corrected", async () => {
    const world = await setup();
    const { cookies, gig } = world;
    const page = await body<{ submissionKey: string }>(await callRoute(paymentPage.loader, buildRequest(`/finances/payments/new?eventId=${gig.id}`, { cookie: cookies.leader })));
    expect(page.submissionKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Each new payment here is the gig's fee again: confirmed past the agreed fee (that check has its own test).
    const form = { submissionKey: page.submissionKey, category: "gig", eventId: String(gig.id), amount: "1000", date: "2024-05-01", method: "cash", receivedBy: "band", recordAnyway: "on" };
    const send = (fields: Record<string, string>) => callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: cookies.leader, form: fields }));

    // Refused (a gig of another band's calendar): nothing is kept, and the corrected form goes through with the same key.
    const refused = await send({ ...form, eventId: "999999" });
    expect(refused.status).toBe(400);
    const [first, second] = [await send(form), await send(form)];
    const entries = await db.ledgerEntry.findMany({ where: { bandId: world.band.id, kind: "payment" }, select: { id: true } });
    expect(entries).toHaveLength(1);
    expectRedirect(first, `/finances/entries/${entries[0]!.id}/split`);
    expectRedirect(second, `/finances/entries/${entries[0]!.id}/split`);
    expect(await toastOf(second)).toMatchObject({ title: "Already recorded" });
    // A fresh form (a new key) is a new payment; so is a post without a key (an older page).
    const { submissionKey: _, ...withoutKey } = form;
    await send(withoutKey);
    const again = await body<{ submissionKey: string }>(await callRoute(paymentPage.loader, buildRequest("/finances/payments/new", { cookie: cookies.leader })));
    expect(again.submissionKey).not.toBe(page.submissionKey);
    await send({ ...form, submissionKey: again.submissionKey });
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, kind: "payment" } })).toBe(3);
    // Five posts of one form at the same moment: one payment, and every answer a redirect.
    const fresh = await body<{ submissionKey: string }>(await callRoute(paymentPage.loader, buildRequest("/finances/payments/new", { cookie: cookies.leader })));
    const burst = await Promise.all(Array.from({ length: 5 }, () => send({ ...form, submissionKey: fresh.submissionKey })));
    expect(burst.map((response) => response.status)).toEqual([302, 302, 302, 302, 302]);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, kind: "payment" } })).toBe(4);
  });

  test("a form's key sent again with other values (back, change, send) is refused with a fresh key, not dropped as a repeat", async () => {
    const world = await setup();
    const { cookies } = world;
    const page = await body<{ submissionKey: string }>(await callRoute(expensePage.loader, buildRequest("/finances/expenses/new", { cookie: cookies.leader })));
    const form = { submissionKey: page.submissionKey, amount: "3.21", date: "2024-05-01", category: "other", note: "strings" };
    const send = (fields: Record<string, string>) => callRoute(expensePage.action, buildRequest("/finances/expenses/new", { cookie: cookies.leader, form: fields }));
    expectRedirect(await send(form), "/finances");
    const changed = await send({ ...form, amount: "32.10", note: "strings, corrected" });
    expect(changed.status).toBe(409);
    const reply = await body<{ result: { error: Record<string, string[]> }; submissionKey: string }>(changed);
    expect(reply.result.error[""]).toEqual([SENT_WITH_OTHER_VALUES]);
    expect(await db.ledgerEntry.findMany({ where: { bandId: world.band.id, kind: "expense" }, select: { description: true } })).toEqual([{ description: "strings" }]);
    // The form comes back with a new key: pressing again records these details too.
    expect(reply.submissionKey).not.toBe(page.submissionKey);
    expectRedirect(await send({ ...form, submissionKey: reply.submissionKey, amount: "32.10", note: "strings, corrected" }), "/finances");
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, kind: "expense" } })).toBe(2);
    // The very same values again are still a repeat.
    expect(await toastOf(await send(form))).toMatchObject({ title: "Already recorded" });
  });

  test("an expense can be for any event of the band's, a rehearsal's room hire too: the form offers it, saying its kind, and records against it", async () => {
    const world = await setup();
    const { cookies, band } = world;
    const rehearsal = await db.event.create({ data: { bandId: band.id, title: "Thursday practice", kind: "rehearsal", startsAt: new Date(Date.now() - 86_400_000) } });
    const page = await body<{ submissionKey: string; events: { id: number; label: string }[] }>(await callRoute(expensePage.loader, buildRequest("/finances/expenses/new", { cookie: cookies.leader })));
    expect(page.events.map((event) => event.id)).toEqual(expect.arrayContaining([world.gig.id, rehearsal.id]));
    expect(page.events.find((event) => event.id === rehearsal.id)!.label).toMatch(/ · Thursday practice \(rehearsal\)$/);
    expect(page.events.find((event) => event.id === world.gig.id)!.label).toMatch(/ · Harbour Festival$/);
    const sent = await callRoute(expensePage.action, buildRequest("/finances/expenses/new", { cookie: cookies.leader, form: { submissionKey: page.submissionKey, amount: "45.00", date: "2024-05-01", category: "other", note: "Room hire", eventId: String(rehearsal.id), paidBy: "band" } }));
    expectRedirect(sent, "/finances");
    expect(await db.expense.findMany({ where: { bandId: band.id }, select: { eventId: true, amountMinor: true } })).toEqual([{ eventId: rehearsal.id, amountMinor: 4500 }]);
    // The payment form still offers gigs only: a fee is a gig's.
    const paymentForm = await body<{ gigs: { id: number }[] }>(await callRoute(paymentPage.loader, buildRequest("/finances/payments/new", { cookie: cookies.leader })));
    expect(paymentForm.gigs.map((gig) => gig.id)).not.toContain(rehearsal.id);
  });

  test("a money form records into the band it was opened for, even after another tab switched band, and switches back to show it", async () => {
    const world = await setup();
    const { people } = world;
    // The leader leads a second Pro band, in yen.
    const second = await createBand({ name: "Yen Band", subscriptionTier: "pro", members: [{ userId: people.leader.id, role: "band_leader" }] });
    await db.band.update({ where: { id: second.id }, data: { currency: "JPY" } });
    const session = await sessionCookieFor(people.leader.id);
    const inFirst = `${session}; ${await bandCookie(world.band.id)}`;
    const inSecond = `${session}; ${await bandCookie(second.id)}`;
    const page = await body<{ submissionKey: string; bandId: number }>(await callRoute(paymentPage.loader, buildRequest("/finances/payments/new?type=other", { cookie: inFirst })));
    expect(page.bandId).toBe(world.band.id);
    // Another tab switches to Yen Band; then this tab's form is sent.
    const saved = await callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: inSecond, form: { submissionKey: page.submissionKey, bandId: String(page.bandId), category: "tips", amount: "2.50", date: "2024-05-01", method: "cash", receivedBy: "band", description: "tips for the first band" } }));
    expectRedirect(saved, "/finances/ledger");
    expect(await db.ledgerEntry.findMany({ where: { description: "tips for the first band" }, select: { bandId: true, amountMinor: true } })).toEqual([{ bandId: world.band.id, amountMinor: 250 }]);
    expect((await toastOf(saved))?.description).toBe(`$2.50, tips for the first band (in ${world.band.name}).`);
    // The browser's current band is the form's again (the same cookie the band switcher sets).
    const switchBack = (await bandCookie(world.band.id)).split(";")[0]!;
    expect(saved.headers.getSetCookie().some((cookie) => cookie.startsWith(`${switchBack};`))).toBe(true);
    // A band the person is not in is no band to record into.
    const elsewhere = await callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: inSecond, form: { bandId: String(world.other.id), category: "tips", amount: "1", date: "2024-05-01", method: "cash", receivedBy: "band" } }));
    await expectNotInBand(elsewhere);
    expect(await db.ledgerEntry.count({ where: { bandId: world.other.id } })).toBe(0);
  });

  test("settle up's member-to-member transfer says that it is recorded as two entries, with a link to each", async () => {
    const world = await setup();
    const { people, cookies } = world;
    // Ann took $100 at the door; Bob paid $100 of strings out of pocket: Ann pays Bob.
    expect((await api(paymentsRoute.action, world, "payments", cookies.leader, { category: "merch", amount: "100", date: "2024-05-01", method: "cash", receivedBy: people.ann.id })).status).toBe(201);
    expect((await api(expensesRoute.action, world, "expenses", cookies.leader, { category: "other", amount: "100", date: "2024-05-01", paidBy: people.bob.id, note: "Strings" })).status).toBe(201);
    const page = await body<{ transfers: { text: string; note: string | null; links: { label: string }[] }[] }>(await callRoute(settlePage.loader, buildRequest("/finances/settle", { cookie: cookies.leader })));
    expect(page.transfers).toEqual([
      {
        key: 0,
        text: "Ann Keys pays Bob Bass $100.00",
        note: "Once the money has changed hands, record both: Ann Keys’s hand-over to the band and the band’s payout to Bob Bass. Until both are in, the proposal counts only what is recorded.",
        links: [expect.objectContaining({ label: "Record Ann Keys’s hand-over" }), expect.objectContaining({ label: "Record the payout to Bob Bass" })],
      },
    ]);
  });

  test("settle up's payout to someone who left the band: the form lists them, with the amount, and records it", async () => {
    const world = await setup();
    const { cookies, people } = world;
    await recordSeason(world);
    // Bob is owed his share and his diesel, then leaves the band.
    await db.bandMembership.deleteMany({ where: { bandId: world.band.id, userId: people.bob.id } });
    const url = `/finances/payouts/new?userId=${people.bob.id}&direction=to_member&amount=345.50`;
    const page = await body<{ members: { userId: string; name: string }[]; defaults: Record<string, string> }>(await callRoute(payoutPage.loader, buildRequest(url, { cookie: cookies.leader })));
    expect(page.members.map((member) => member.name)).toContain("Bob Bass (former member)");
    // Someone who left with nothing owed either way is not offered.
    expect(page.members.some((member) => member.userId === people.outsider.id)).toBe(false);
    expect(page.defaults).toMatchObject({ userId: people.bob.id, direction: "to_member", amount: "345.50" });
    const saved = await callRoute(payoutPage.action, buildRequest("/finances/payouts/new", { cookie: cookies.leader, form: { ...page.defaults, amount: "345.50" } }));
    expectRedirect(saved, "/finances");
    const owed = await db.ledgerLine.aggregate({ where: { bandId: world.band.id, userId: people.bob.id }, _sum: { amountMinor: true } });
    expect(owed._sum.amountMinor).toBe(0);
    const payout = await db.payout.findFirstOrThrow({ where: { bandId: world.band.id, userId: people.bob.id }, select: { memberName: true, amountMinor: true } });
    expect(payout).toEqual({ memberName: "Bob Bass", amountMinor: 34_550 });
  });

  test("a payout beyond the balance asks first: a settle-up sent from two tabs at once records once, and “Record it anyway” records an advance", async () => {
    const world = await setup();
    const { cookies, people } = world;
    await recordSeason(world);
    // Cat is owed her share of the fee.
    const owedToCat = (await db.ledgerLine.aggregate({ where: { bandId: world.band.id, userId: people.cat.id }, _sum: { amountMinor: true } }))._sum.amountMinor!;
    expect(owedToCat).toBeGreaterThan(0);
    const amount = (owedToCat / 100).toFixed(2);
    const url = `/finances/payouts/new?userId=${people.cat.id}&direction=to_member&amount=${amount}`;
    // The leader and the admin both open settle-up's link and record it at the same moment.
    const forms = await Promise.all(
      [cookies.leader, cookies.admin].map(async (cookie) => ({ cookie, page: await body<{ submissionKey: string; defaults: Record<string, string> }>(await callRoute(payoutPage.loader, buildRequest(url, { cookie }))) })),
    );
    const sent = await Promise.all(forms.map(({ cookie, page }) => callRoute(payoutPage.action, buildRequest("/finances/payouts/new", { cookie, form: { ...page.defaults, submissionKey: page.submissionKey } }))));
    expect(sent.map((response) => response.status).sort()).toEqual([302, 409]);
    const refused = await body<{ result: { error: Record<string, string[]> }; beyondBalance: boolean }>(sent.find((response) => response.status === 409)!);
    expect(refused.beyondBalance).toBe(true);
    expect(refused.result.error.amount).toEqual([`The band owes Cat Drums $0.00: this is $${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2 })} more. Check the amount, or tick “Record it anyway”.`]);
    expect(await db.payout.count({ where: { bandId: world.band.id, userId: people.cat.id } })).toBe(1);
    // An advance is not always wrong: confirmed, it is recorded.
    const advance = { userId: people.cat.id, direction: "to_member", amount: "50", date: "2024-06-01", method: "cash" };
    expect((await callRoute(payoutPage.action, buildRequest("/finances/payouts/new", { cookie: cookies.leader, form: advance }))).status).toBe(409);
    expectRedirect(await callRoute(payoutPage.action, buildRequest("/finances/payouts/new", { cookie: cookies.leader, form: { ...advance, recordAnyway: "on" } })), "/finances");
    expect(await db.payout.count({ where: { bandId: world.band.id, userId: people.cat.id } })).toBe(2);
    // Cash handed over: no more than the member owes the band (Cat now owes the $50 advance).
    const handover = { userId: people.cat.id, direction: "to_band", amount: "60", date: "2024-06-02", method: "cash" };
    expect((await body<{ result: { error: Record<string, string[]> } }>(await callRoute(payoutPage.action, buildRequest("/finances/payouts/new", { cookie: cookies.leader, form: handover })))).result.error.amount).toEqual([
      "Cat Drums owes the band $50.00: this is $10.00 more. Check the amount, or tick “Record it anyway”.",
    ]);
    expectRedirect(await callRoute(payoutPage.action, buildRequest("/finances/payouts/new", { cookie: cookies.leader, form: { ...handover, amount: "50" } })), "/finances");
    // The $50 handed back is not netted into what the band paid out: a column of its own.
    const overview = await body<{ totals: { key: string; value: string }[]; figures: string[]; members: { userId: string; paidOut: string; handedOver: string }[] }>(
      await callRoute(overviewPage.loader, buildRequest("/finances", { cookie: cookies.leader })),
    );
    const paidToCat = (await db.payout.aggregate({ where: { bandId: world.band.id, userId: people.cat.id }, _sum: { amountMinor: true } }))._sum.amountMinor!;
    const cat = overview.members.find((member) => member.userId === people.cat.id)!;
    expect(cat).toMatchObject({ paidOut: `$${(paidToCat / 100 - 50).toLocaleString("en-US", { minimumFractionDigits: 2 })}`, handedOver: "$50.00" });
    expect(overview.figures).toEqual(["Earned", "Out of pocket", "Paid out", "Collected", "Handed over"]);
    const balances = await body<{ members: { userId: string; paidOutMinor: number; handedOverMinor: number }[] }>(await api(balancesRoute.loader, world, "member-balances", cookies.leader));
    expect(balances.members.find((member) => member.userId === people.cat.id)).toMatchObject({ handedOverMinor: 5_000 });
  });

  test("a gig's fee recorded beyond what was agreed (the same fee twice, from two tabs) asks first; 'Record it anyway' records it", async () => {
    const world = await setup();
    const { cookies, gig } = world;
    const form = { category: "gig", eventId: String(gig.id), date: "2024-05-01", method: "cash", receivedBy: "band" };
    const send = (fields: Record<string, string>) => callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: cookies.leader, form: { ...form, ...fields } }));
    const count = () => db.payment.count({ where: { bandId: world.band.id, eventId: gig.id } });
    expect((await send({ amount: "600" })).status).toBe(302);
    // The rest of the fee is fine; past it, the form says what is recorded already.
    const twice = await send({ amount: "1000" });
    expect(twice.status).toBe(409);
    const reply = await body<{ result: { error: Record<string, string[]> }; beyondFee: boolean }>(twice);
    expect(reply.beyondFee).toBe(true);
    expect(reply.result.error.amount).toEqual([`${gig.title}’s agreed fee is $1,000.00, and $600.00 is recorded for it already: this makes $1,600.00. Check the amount, or tick “Record it anyway”.`]);
    expect(await count()).toBe(1);
    expect((await send({ amount: "400" })).status).toBe(302);
    expect(await count()).toBe(2);
    expect((await send({ amount: "50", recordAnyway: "on" })).status).toBe(302);
    expect(await count()).toBe(3);
  });

  test("a gig payment form prefills the agreed fee, records, and leads to the split with its preview", async () => {
    const world = await setup();
    const { cookies, gig, people } = world;
    const page = await body<{ defaults: { amount: string; feeAgreed: string } }>(
      await callRoute(paymentPage.loader, buildRequest(`/finances/payments/new?eventId=${gig.id}`, { cookie: cookies.leader })),
    );
    expect(page.defaults).toMatchObject({ amount: "1000.00", feeAgreed: "1000.00" });

    // A form that showed another currency (the band's changed since it was opened) records nothing and says so.
    const stale = await callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: cookies.leader, form: { category: "gig", eventId: String(gig.id), amount: "1250", date: "2024-05-01", method: "cash", receivedBy: "band", currency: "JPY" } }));
    expect(stale.status).toBe(400);
    expect((await body<{ result: { error: Record<string, string[]> } }>(stale)).result.error.amount).toEqual(["The band’s currency is USD now: it changed since this form was opened. Check the amount and send it again."]);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id } })).toBe(0);
    const bad = await callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: cookies.leader, form: { category: "gig", eventId: String(gig.id), amount: "99.999", date: "2024-05-01", method: "cash", receivedBy: "band" } }));
    expect(bad.status).toBe(400);
    expect((await body<{ result: { error: Record<string, string[]> } }>(bad)).result.error.amount).toEqual(["USD amounts have at most 2 decimal places"]);

    const saved = await callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: cookies.leader, form: { category: "gig", eventId: String(gig.id), amount: "1000", feeAgreed: "1200", date: "2024-05-01", method: "cash", receivedBy: people.ann.id } }));
    const entry = await db.ledgerEntry.findFirstOrThrow({ where: { bandId: world.band.id, kind: "payment" }, select: { id: true, payment: { select: { feeAgreedMinor: true, receivedByName: true } } } });
    expect(entry.payment).toEqual({ feeAgreedMinor: 120_000, receivedByName: "Ann Keys" });
    expectRedirect(saved, `/finances/entries/${entry.id}/split`);

    const form = (intent: string) => ({
      intent,
      method: "equal",
      fundCut: "100",
      "shares[0].userId": people.ann.id,
      "shares[1].userId": people.bob.id,
      "shares[2].userId": people.cat.id,
      "shares[2].fixed": "150",
    });
    const post = (intent: string) => callRoute(splitPage.action, buildRequest(`/finances/entries/${entry.id}/split`, { cookie: cookies.leader, form: form(intent) }), { id: String(entry.id) });
    const preview = await post("preview");
    expect(preview.status).toBe(200);
    expect(await body(preview)).toMatchObject({ preview: { shares: [{ name: "Ann Keys", amount: "$375.00" }, { name: "Bob Bass", amount: "$375.00" }, { name: "Cat Drums", amount: "$150.00" }], fundCut: "$100.00" } });
    expect(await db.split.count({ where: { bandId: world.band.id } })).toBe(0);
    expectRedirect(await post("save"), "/finances");
    // Cat's fixed fee is what Cat earned: not called a share of the fee on their balance.
    const catsPage = await body<{ ownCards: { label: string; value: string }[] }>(await callRoute(overviewPage.loader, buildRequest("/finances", { cookie: cookies.cat })));
    expect(catsPage.ownCards[0]).toEqual({ label: "Earned from gigs", value: "$150.00" });
    const again = await post("save");
    expect(again.status).toBe(409);
    expect(await db.split.count({ where: { bandId: world.band.id } })).toBe(1);

    // A double tap (the same rendered form twice at once) reverses once and splits once, and
    // both answers say it is done: the second said "already reversed" or "already split".
    const { newSubmissionKey } = await import("~/utils/form-submission.server");
    const split = await db.split.findFirstOrThrow({ where: { bandId: world.band.id }, select: { entryId: true } });
    const reverseKey = newSubmissionKey();
    const reverse = () => callRoute(reversePage.action, buildRequest(`/finances/entries/${split.entryId}/reverse`, { cookie: cookies.leader, form: { reason: "Wrong shares", submissionKey: reverseKey } }), { id: String(split.entryId) });
    const reversals = await Promise.all([reverse(), reverse()]);
    for (const answer of reversals) expectRedirect(answer, "/finances/ledger");
    expect((await Promise.all(reversals.map(toastOf))).map((toast) => toast?.title).sort()).toEqual(["Already recorded", "Entry reversed"]);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id, reversesId: split.entryId } })).toBe(1);
    const splitsBefore = await db.split.count({ where: { bandId: world.band.id } });
    const splitKey = newSubmissionKey();
    const splitAgain = () => callRoute(splitPage.action, buildRequest(`/finances/entries/${entry.id}/split`, { cookie: cookies.leader, form: { ...form("save"), submissionKey: splitKey } }), { id: String(entry.id) });
    const splits = await Promise.all([splitAgain(), splitAgain()]);
    for (const answer of splits) expectRedirect(answer, "/finances");
    expect((await Promise.all(splits.map(toastOf))).map((toast) => toast?.title).sort()).toEqual(["Already recorded", "Payment split"]);
    expect(await db.split.count({ where: { bandId: world.band.id } })).toBe(splitsBefore + 1);
  });
});

describe("Pro", () => {
  test("a free band is refused on the API with a clear message", async () => {
    const world = await setup();
    await db.band.update({ where: { id: world.band.id }, data: { subscriptionTier: "free" } });
    const read = await api(balancesRoute.loader, world, "member-balances", world.cookies.leader);
    expect(read.status).toBe(402);
    expect(await body(read)).toEqual({ message: PRO_REQUIRED_MESSAGE });
    const write = await api(paymentsRoute.action, world, "payments", world.cookies.leader, { category: "merch", amount: "5", date: "2024-05-01", method: "cash" });
    expect(write.status).toBe(402);
    expect(await db.ledgerEntry.count({ where: { bandId: world.band.id } })).toBe(0);
  });

  test("a band that falls back to free keeps its data, read-only behind the upgrade prompt", async () => {
    const world = await setup();
    await recordSeason(world);
    const before = await countLedger(world.band.id);
    await db.band.update({ where: { id: world.band.id }, data: { subscriptionTier: "free" } });

    const overview = await callRoute(overviewPage.loader, buildRequest("/finances", { cookie: world.cookies.leader }));
    expect(overview.status).toBe(200);
    expect(await body(overview)).toMatchObject({ readOnly: true, canEdit: false, own: { name: "Lena Leader" }, totals: expect.arrayContaining([{ key: "fund", label: "Band fund", value: "-$45.50" }]) });
    const ledger = await callRoute(ledgerPage.loader, buildRequest("/finances/ledger", { cookie: world.cookies.leader }));
    expect(ledger.status).toBe(200);
    expect(await body(ledger)).toMatchObject({ readOnly: true, canEdit: false, pageInfo: { total: 5 } });

    // Every write is refused, on the pages and the API.
    expect((await callRoute(paymentPage.loader, buildRequest("/finances/payments/new", { cookie: world.cookies.leader }))).status).toBe(402);
    const pagePost = await callRoute(paymentPage.action, buildRequest("/finances/payments/new", { cookie: world.cookies.leader, form: { category: "merch", amount: "5", date: "2024-05-01", method: "cash", description: "T-shirts at the door" } }));
    expect(pagePost.status).toBe(402);
    // A form opened while the band was Pro is answered on the form, with what was typed, not an error screen.
    const refused = await body<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(pagePost);
    expect(refused.result.error[""]).toEqual([READ_ONLY_MESSAGE]);
    expect(refused.result.initialValue).toMatchObject({ amount: "5", description: "T-shirts at the door" });
    for (const [action, path, form] of [
      [expensePage.action, "/finances/expenses/new", { amount: "12", date: "2024-05-01", category: "other", note: "Strings" }],
      [payoutPage.action, "/finances/payouts/new", { userId: world.people.bob.id, direction: "to_member", amount: "5", date: "2024-05-01", method: "cash" }],
    ] as const) {
      const response = await callRoute(action, buildRequest(path, { cookie: world.cookies.leader, form }));
      expect(response.status, path).toBe(402);
      const reply = await body<{ result: { initialValue: Record<string, string> }; page: { members: unknown[] } }>(response);
      expect(reply.result.initialValue).toMatchObject({ amount: form.amount });
      // The form itself comes with the reply: without JavaScript the page's loader draws the upgrade page.
      expect(reply.page.members.length).toBeGreaterThan(0);
    }
    const apiPost = await api(payoutsRoute.action, world, "payouts", world.cookies.leader, { userId: world.people.bob.id, direction: "to_member", amount: "5", date: "2024-05-01", method: "cash" });
    expect(apiPost.status).toBe(402);
    expect(await body(apiPost)).toEqual({ message: READ_ONLY_MESSAGE });
    expect(await countLedger(world.band.id)).toEqual(before);

    // The API reads what the pages read: the entries and the balances, unchanged.
    const entries = await api(paymentsRoute.loader, world, "payments", world.cookies.leader);
    expect(entries.status).toBe(200);
    expect((await body<{ total: number }>(entries)).total).toBeGreaterThan(0);
    const lapsedBalances = await api(balancesRoute.loader, world, "member-balances", world.cookies.leader);
    expect(lapsedBalances.status).toBe(200);
    expect(balanceOf(await body<Balances>(lapsedBalances), world.people.bob.id)).toBe(34_550);

    // Pro again: everything is where it was.
    await db.band.update({ where: { id: world.band.id }, data: { subscriptionTier: "pro" } });
    const balances = await body<Balances>(await api(balancesRoute.loader, world, "member-balances", world.cookies.leader));
    expect(balanceOf(balances, world.people.bob.id)).toBe(34_550);
  });
});

describe("the demo seed", () => {
  test("the Pro demo band starts with a season of money: fees split, expenses, a reimbursement owed, a payout", async () => {
    const { seed, DEMO_EMAIL } = await import("../../prisma/seed");
    await seed();
    await seed(); // idempotent: nothing recorded twice
    const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
    const bandId = demo.preferredBandId!;
    const kinds = await db.ledgerEntry.groupBy({ by: ["kind"], where: { bandId }, _count: { _all: true } });
    expect(Object.fromEntries(kinds.map((k) => [k.kind, k._count._all]))).toEqual({ payment: 3, split: 2, expense: 4, payout: 1 });
    const cookie = `${await sessionCookieFor(demo.id)}; ${await bandCookie(bandId)}`;
    const balances = await body<Balances>(await callRoute(balancesRoute.loader, buildRequest(`/api/bands/${bandId}/member-balances`, { cookie }), { id: String(bandId) }));
    const reimbursed = await db.expense.findFirstOrThrow({ where: { bandId, paidByUserId: { not: null } }, select: { paidByUserId: true, amountMinor: true } });
    expect(balanceOf(balances, reimbursed.paidByUserId!)).toBeGreaterThanOrEqual(reimbursed.amountMinor);
    expect(balances.members.filter((m) => m.balanceMinor !== 0).length).toBeGreaterThanOrEqual(3);
    expect(balances.fundMinor! + balances.members.reduce((sum, m) => sum + m.balanceMinor, 0)).toBe(60_000 - 1_000 * 18 + 23_000 - 8_000 - 14_500 - 11_000);
  });
});
