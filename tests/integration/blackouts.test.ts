import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createUser, sessionCookieFor } from "#tests/db-utils";
import { addDays, formatDayShort } from "~/features/availability/local-day";
import { db } from "~/utils/db.server";
import * as blackoutsApi from "~/routes/api+/blackouts";
import * as blackoutApi from "~/routes/api+/blackouts.$id";
import * as blackoutsPage from "~/routes/_app+/calendar_.blackouts";
import { body, toastOf } from "./auth-helpers";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function person() {
  const user = await createUser();
  return { user, cookie: await sessionCookieFor(user.id) };
}

const post = (json: unknown, cookie: string) => callRoute(blackoutsApi.action, buildRequest("/api/blackouts", { method: "POST", json, cookie }));
const list = (cookie: string) => callRoute(blackoutsApi.loader, buildRequest("/api/blackouts", { cookie }));
const remove = (id: number, cookie: string) => callRoute(blackoutApi.action, buildRequest(`/api/blackouts/${id}`, { method: "DELETE", cookie }), { id: String(id) });

describe("/api/blackouts", () => {
  test("a person marks a range with a reason, lists it and deletes it; the action is counted", async () => {
    const { user, cookie } = await person();
    const created = await post({ startDate: inDays(10), endDate: inDays(12), reason: "Family wedding" }, cookie);
    expect(created.status).toBe(201);
    const blackout = await body<{ id: number; startDate: string; endDate: string; reason: string }>(created);
    expect(blackout).toMatchObject({ startDate: inDays(10), endDate: inDays(12), reason: "Family wedding" });

    const listed = await body<{ blackouts: { id: number }[] }>(await list(cookie));
    expect(listed.blackouts.map((b) => b.id)).toEqual([blackout.id]);
    expect(await db.analyticsEvent.count({ where: { name: "mark_blackout_date", userId: user.id } })).toBe(1);

    expect((await remove(blackout.id, cookie)).status).toBe(200);
    expect(await db.blackout.count({ where: { userId: user.id } })).toBe(0);
  });

  test("one day needs no last day", async () => {
    const { cookie } = await person();
    const created = await body<{ startDate: string; endDate: string }>(await post({ startDate: inDays(3) }, cookie));
    expect(created.endDate).toBe(created.startDate);
  });

  test.each([
    [{ startDate: "2027-04-31" }, "startDate", "There is no April 31 in 2027"],
    [{ startDate: "9999-12-31" }, "startDate", "Choose a date between 1970 and 9998"],
    [{ startDate: "next friday" }, "startDate", "Enter the first day you can't play, like 2026-11-20"],
    [{}, "startDate", "Enter the first day you can't play, like 2026-11-20"],
    [{ startDate: inDays(5), endDate: inDays(4) }, "endDate", "The last day can't be before the first day"],
    [{ startDate: inDays(1), endDate: inDays(1 + 366) }, "endDate", "A blackout can cover at most a year (366 days). Split a longer one"],
    [{ startDate: inDays(1), reason: "x".repeat(201) }, "reason", "Keep the reason to 200 characters or fewer"],
    [{ startDate: inDays(1), reason: 123 }, "reason", "The reason must be text"],
    [{ startDate: inDays(1), reason: ["a"] }, "reason", "The reason must be text"],
    [{ startDate: inDays(1), colour: "red" }, "colour", "Unknown field"],
  ])("bad input %j gets a clear message under %s and saves nothing", async (json, field, message) => {
    const { user, cookie } = await person();
    const response = await post(json, cookie);
    expect(response.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(response)).errors[field]).toContain(message);
    expect(await db.blackout.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a day long past is refused", async () => {
    const { cookie } = await person();
    const response = await post({ startDate: "2020-01-01" }, cookie);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await body(response))).toContain("That day has passed");
  });

  test("a day that has passed is refused, naming the first day allowed (a person a day behind UTC can still mark their own today)", async () => {
    const { cookie } = await person();
    const first = addDays(new Date().toISOString().slice(0, 10), -1);
    const refused = await post({ startDate: addDays(first, -1) }, cookie);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await body(refused))).toContain(`That day has passed. Choose ${formatDayShort(first)} or a later day`);
    expect((await post({ startDate: first }, cookie)).status).toBe(201);
  });

  test("someone else's blackout is not found, and stays", async () => {
    const owner = await person();
    const other = await person();
    const created = await body<{ id: number }>(await post({ startDate: inDays(2) }, owner.cookie));
    const response = await remove(created.id, other.cookie);
    expect(response.status).toBe(404);
    expect(await body(response)).toEqual({ message: "Blackout not found" });
    expect(await db.blackout.count({ where: { id: created.id } })).toBe(1);
    expect((await body<{ blackouts: unknown[] }>(await list(other.cookie))).blackouts).toEqual([]);
  });

  test("signed out: 401", async () => {
    expect((await callRoute(blackoutsApi.loader, buildRequest("/api/blackouts"))).status).toBe(401);
  });
});

describe("the same days marked twice", () => {
  test("are one blackout (a second tap, a form sent twice): the form says so, the API answers 200 with it, a new reason replaces the old", async () => {
    const { user, cookie } = await person();
    const form = { intent: "create", startDate: inDays(10), endDate: inDays(11), reason: "Dentist" };
    const first = await callRoute(blackoutsPage.action, buildRequest("/calendar/blackouts", { cookie, form }));
    const again = await callRoute(blackoutsPage.action, buildRequest("/calendar/blackouts", { cookie, form }));
    expect(await toastOf(first)).toMatchObject({ title: "Blackout saved" });
    expect(await toastOf(again)).toMatchObject({ title: "Already marked" });
    expect(await db.blackout.count({ where: { userId: user.id } })).toBe(1);
    const newReason = await callRoute(blackoutsPage.action, buildRequest("/calendar/blackouts", { cookie, form: { ...form, reason: "Dentist, then rest" } }));
    expect(await toastOf(newReason)).toMatchObject({ title: "Blackout updated" });
    const viaApi = await post({ startDate: inDays(10), endDate: inDays(11), reason: "Root canal" }, cookie);
    expect(viaApi.status).toBe(200);
    expect(await body(viaApi)).toMatchObject({ startDate: inDays(10), endDate: inDays(11), reason: "Root canal" });
    expect(await db.blackout.count({ where: { userId: user.id } })).toBe(1);
    // Two posts of the same form at the same moment: one row, both answered.
    const twice = await Promise.all([post({ startDate: inDays(20) }, cookie), post({ startDate: inDays(20) }, cookie)]);
    expect(twice.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(await db.blackout.count({ where: { userId: user.id, startDate: inDays(20) } })).toBe(1);
    // Other days are a blackout of their own.
    expect((await post({ startDate: inDays(10) }, cookie)).status).toBe(201);
    expect(await db.blackout.count({ where: { userId: user.id } })).toBe(3);
  });
});

describe("/calendar/blackouts without JavaScript", () => {
  test("the form saves a blackout and comes back with a toast; bad input shows the field's message", async () => {
    const { user, cookie } = await person();
    const bad = await callRoute(blackoutsPage.action, buildRequest("/calendar/blackouts", { cookie, form: { intent: "create", startDate: inDays(4), endDate: inDays(2) } }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("The last day can't be before the first day");

    const saved = await callRoute(blackoutsPage.action, buildRequest("/calendar/blackouts", { cookie, form: { intent: "create", startDate: inDays(4), reason: "" } }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/calendar/blackouts");
    const [blackout] = await db.blackout.findMany({ where: { userId: user.id } });
    expect(blackout).toMatchObject({ startDate: inDays(4), endDate: inDays(4), reason: null });

    const deleted = await callRoute(blackoutsPage.action, buildRequest("/calendar/blackouts", { cookie, form: { intent: "delete", blackoutId: String(blackout!.id) } }));
    expect(deleted.status).toBe(302);
    expect(await db.blackout.count({ where: { userId: user.id } })).toBe(0);
  });
});
