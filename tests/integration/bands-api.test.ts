import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createBand, createUser, routeArgs, sessionCookieFor } from "#tests/db-utils";
import { recordTestMoney } from "#tests/helpers/finances";
import { db } from "~/utils/db.server";
import * as bandsRoute from "~/routes/api+/bands";
import * as bandRoute from "~/routes/api+/bands.$id";
import * as onboardingRoute from "~/routes/api+/bands.$id.onboarding-status";
import * as preferredRoute from "~/routes/api+/user.preferred-band";
import { body, cookiePair, CROSS_SITE } from "./auth-helpers";
import { REPEAT_BAND_MS } from "~/features/bands/bands.server";

const NOT_FOUND = { message: "Band not found" };
const UNAUTHORIZED = { message: "Unauthorized" };

async function signedIn(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  return { user, cookie: await sessionCookieFor(user.id) };
}

/** The user in one band of their own and a stranger's band they are not in. */
async function withBands() {
  const { user, cookie } = await signedIn();
  const stranger = await createUser();
  const mine = await createBand({ name: "The Late Shift", subscriptionTier: "pro", members: [{ userId: user.id, role: "band_leader" }] });
  const theirs = await createBand({ name: "Somebody Else", members: [{ userId: stranger.id, role: "band_leader" }] });
  return { user, cookie, mine, theirs };
}

describe("GET /api/bands", () => {
  test("lists the user's bands with their membership, sorted by name", async () => {
    const { user, cookie } = await signedIn();
    const other = await createUser();
    const b = await createBand({ name: "Basement Tapes", members: [{ userId: user.id, role: "band_member", displayName: "Dee" }] });
    const a = await createBand({ name: "Afterglow", subscriptionTier: "pro", members: [{ userId: user.id, role: "sub" }] });
    await createBand({ name: "Aardvarks", members: [{ userId: other.id, role: "band_leader" }] });

    const response = await callRoute(bandsRoute.loader, buildRequest("/api/bands", { cookie }));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual([
      { band: { id: a.id, name: "Afterglow", subscriptionTier: "pro", timeZone: expect.any(String), currency: expect.any(String) }, membership: { id: expect.any(Number), role: "sub", displayName: null, userId: user.id } },
      { band: { id: b.id, name: "Basement Tapes", subscriptionTier: "free", timeZone: expect.any(String), currency: expect.any(String) }, membership: { id: expect.any(Number), role: "band_member", displayName: "Dee", userId: user.id } },
    ]);
  });

  test("an empty list for a user without bands", async () => {
    const { cookie } = await signedIn();
    expect(await body(await callRoute(bandsRoute.loader, buildRequest("/api/bands", { cookie })))).toEqual([]);
  });

  test("401 signed out", async () => {
    const response = await callRoute(bandsRoute.loader, buildRequest("/api/bands"));
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual(UNAUTHORIZED);
  });
});

const post = (json: unknown, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
  buildRequest("/api/bands", { method: "POST", json, ...options });

describe("POST /api/bands", () => {
  test("201 with { id, name }; the creator leads it and it becomes preferred and current", async () => {
    const { user, cookie } = await signedIn();
    const response = await callRoute(bandsRoute.action, post({ name: "  The Midnight Set  " }, { cookie }));
    expect(response.status).toBe(201);
    const created = await body<{ id: number; name: string }>(response);
    expect(created).toEqual({ id: expect.any(Number), name: "The Midnight Set" });

    const membership = await db.bandMembership.findUnique({ where: { bandId_userId: { bandId: created.id, userId: user.id } }, select: { role: true } });
    expect(membership?.role).toBe("band_leader");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).preferredBandId).toBe(created.id);
    expect(cookiePair(response, "bandroom_band")).toBeTruthy();
  });

  test("a time zone sent with it is the band's; none is UTC; a name that is no zone is refused (the page's form, sending the browser's guess, starts in UTC instead)", async () => {
    const { cookie } = await signedIn();
    const zoneOf = async (json: Record<string, unknown>) => {
      const response = await callRoute(bandsRoute.action, post(json, { cookie }));
      expect(response.status).toBe(201);
      const { id } = await body<{ id: number }>(response);
      return (await db.band.findUniqueOrThrow({ where: { id }, select: { timeZone: true } })).timeZone;
    };
    expect(await zoneOf({ name: "Berlin Band", timeZone: "Europe/Berlin" })).toBe("Europe/Berlin");
    expect(await zoneOf({ name: "Kolkata Band", timeZone: "asia/kolkata" })).toBe("Asia/Kolkata");
    const mars = await callRoute(bandsRoute.action, post({ name: "Mars Band", timeZone: "Mars/Olympus" }, { cookie }));
    expect(mars.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(mars)).errors).toEqual({ timeZone: ["A time zone is a name, like Europe/Berlin"] });
    expect(await db.band.count({ where: { name: "Mars Band" } })).toBe(0);
    expect(await zoneOf({ name: "Plain Band" })).toBe("UTC");
    // Not a name at all: said in words, not zod's "expected string, received number".
    const number = await callRoute(bandsRoute.action, post({ name: "Number Band", timeZone: 5 }, { cookie }));
    expect(number.status).toBe(400);
    expect((await body<{ errors: Record<string, string[]> }>(number)).errors).toEqual({ timeZone: ["A time zone is a name, like Europe/Berlin"] });
  });

  test("the same band sent again within seconds (parallel posts, a retry) is created once; another name, or later, is a new band", async () => {
    const { user, cookie } = await signedIn();
    const responses = await Promise.all(Array.from({ length: 3 }, () => callRoute(bandsRoute.action, post({ name: "Double Tap" }, { cookie }))));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const ids = await Promise.all(responses.map(async (r) => (await body<{ id: number }>(r)).id));
    expect(new Set(ids).size).toBe(1);
    expect(await db.bandMembership.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.analyticsEvent.count({ where: { name: "create_band", userId: user.id } })).toBe(1);
    expect((await callRoute(bandsRoute.action, post({ name: "Second Band" }, { cookie }))).status).toBe(201);
    await db.band.updateMany({ where: { id: ids[0] }, data: { createdAt: new Date(Date.now() - REPEAT_BAND_MS - 1000) } });
    expect((await callRoute(bandsRoute.action, post({ name: "Double Tap" }, { cookie }))).status).toBe(201);
    expect(await db.bandMembership.count({ where: { userId: user.id } })).toBe(3);
  });

  test("spaces in a row are saved as one, as every page shows the name (and as it is typed to delete the band)", async () => {
    const { cookie } = await signedIn();
    const spaced = await callRoute(bandsRoute.action, post({ name: "Néw  Band \t 🎸" }, { cookie }));
    expect(await body(spaced)).toMatchObject({ name: "Néw Band 🎸" });
  });

  test("accepts a name of exactly 50 characters, counted as they read (an accent sent as its own mark is no extra character)", async () => {
    const { cookie } = await signedIn();
    const response = await callRoute(bandsRoute.action, post({ name: "x".repeat(50) }, { cookie }));
    expect(response.status).toBe(201);
    const decomposed = await callRoute(bandsRoute.action, post({ name: "e\u0301".repeat(30) }, { cookie }));
    expect(decomposed.status).toBe(201);
    expect((await body<{ name: string }>(decomposed)).name).toBe("\u00e9".repeat(30));
  });

  test.each([
    ["a missing name", {}, { name: ["Band name is required"] }],
    ["a blank name", { name: "   " }, { name: ["Band name is required"] }],
    ["a 51-character name", { name: "x".repeat(51) }, { name: ["Band name is too long"] }],
    ["a name that is not a string", { name: 42 }, { name: ["Band name is required"] }],
    // Said once, though it fails as a string and as an array alike.
    ["a name that is an empty list", { name: [] }, { name: ["Band name is required"] }],
    ["a name with a control character", { name: "Late\u0000Shift" }, { name: ["Band name can only hold characters you can type"] }],
    ["a name of invisible characters alone", { name: "\u200b\u200d" }, { name: ["Band name is required"] }],
    ["an unknown key", { name: "Fine", tier: "pro" }, { tier: ["Unknown field"] }],
  ])("400 with field errors for %s", async (_, json, errors) => {
    const { user, cookie } = await signedIn();
    const response = await callRoute(bandsRoute.action, post(json, { cookie }));
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message: "Invalid request", errors });
    expect(await db.bandMembership.count({ where: { userId: user.id } })).toBe(0);
  });

  test("400 for a body that is not JSON", async () => {
    const { cookie } = await signedIn();
    const request = buildRequest("/api/bands", { method: "POST", cookie, headers: { "content-type": "application/json" } });
    const response = await callRoute(bandsRoute.action, new Request(request, { body: "{name:", duplex: "half" } as RequestInit));
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message: "Request body must be valid JSON", errors: { body: ["Request body must be valid JSON"] } });
  });

  test("401 signed out", async () => {
    const response = await callRoute(bandsRoute.action, post({ name: "Ghosts" }));
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual(UNAUTHORIZED);
  });

  test("403 for a cross-site request, and nothing is created", async () => {
    const { user, cookie } = await signedIn();
    const response = await callRoute(bandsRoute.action, post({ name: "Forged" }, { cookie, headers: CROSS_SITE }));
    expect(response.status).toBe(403);
    expect(await body(response)).toEqual({ message: "Cross-site requests are not allowed" });
    expect(await db.bandMembership.count({ where: { userId: user.id } })).toBe(0);
  });

  test("405 for other methods", async () => {
    const { cookie } = await signedIn();
    const response = await callRoute(bandsRoute.action, buildRequest("/api/bands", { method: "DELETE", cookie }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
  });
});

describe("GET /api/bands/{id}", () => {
  test("answers name, tier, time zone and currency for the user's band", async () => {
    const { cookie, mine } = await withBands();
    const response = await callRoute(bandRoute.loader, buildRequest(`/api/bands/${mine.id}`, { cookie }), { id: String(mine.id) });
    expect(response.status).toBe(200);
    const stored = await db.band.findUniqueOrThrow({ where: { id: mine.id }, select: { timeZone: true, currency: true } });
    expect(await body(response)).toEqual({ id: mine.id, name: "The Late Shift", subscriptionTier: "pro", ...stored });
  });

  test("every role may read it, subs included", async () => {
    const { user, cookie } = await signedIn();
    const band = await createBand({ members: [{ userId: user.id, role: "sub" }] });
    const response = await callRoute(bandRoute.loader, buildRequest(`/api/bands/${band.id}`, { cookie }), { id: String(band.id) });
    expect(response.status).toBe(200);
  });

  test("404 for another band, a missing band and a malformed id", async () => {
    const { cookie, theirs } = await withBands();
    for (const id of [String(theirs.id), "999999", "abc", "1.5", "-1"]) {
      const response = await callRoute(bandRoute.loader, buildRequest(`/api/bands/${id}`, { cookie }), { id });
      expect(response.status, id).toBe(404);
      expect(await body(response)).toEqual(NOT_FOUND);
    }
  });

  test("401 signed out", async () => {
    const { mine } = await withBands();
    const response = await callRoute(bandRoute.loader, buildRequest(`/api/bands/${mine.id}`), { id: String(mine.id) });
    expect(response.status).toBe(401);
  });

  test("405 for other methods", async () => {
    const response = await callRoute(bandRoute.action, buildRequest("/api/bands/1", { method: "PATCH", json: {} }), { id: "1" });
    expect(response.status).toBe(405);
  });
});

describe("GET /api/bands/{id}/onboarding-status", () => {
  const get = (id: number | string, cookie?: string) => callRoute(onboardingRoute.loader, buildRequest(`/api/bands/${id}/onboarding-status`, { cookie }), { id: String(id) });

  test("a brand-new free band: created, one member, 20% of five steps", async () => {
    const { user, cookie } = await signedIn();
    const band = await createBand({ members: [{ userId: user.id, role: "band_leader" }] });
    const response = await get(band.id, cookie);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      overallProgress: 20,
      bandCreated: true,
      memberCount: 1,
      songCount: 0,
      setlistCount: 0,
      eventCount: 0,
      hasFinancialData: false,
    });
  });

  test("counts content, and a Pro band also needs financial data", async () => {
    const { user, cookie, mine } = await withBands();
    const other = await createUser();
    await db.bandMembership.create({ data: { bandId: mine.id, userId: other.id, role: "band_member" } });
    await db.song.create({ data: { bandId: mine.id, title: "Superstition" } });
    await db.setlist.create({ data: { bandId: mine.id, name: "Friday", createdById: user.id } });
    await db.event.create({ data: { bandId: mine.id, title: "Rehearsal", kind: "rehearsal", startsAt: new Date() } });
    let status = await body(await get(mine.id, cookie));
    expect(status).toMatchObject({ overallProgress: 83, memberCount: 2, songCount: 1, setlistCount: 1, eventCount: 1, hasFinancialData: false });

    await recordTestMoney(mine.id, "expense", 12000);
    status = await body(await get(mine.id, cookie));
    expect(status).toMatchObject({ overallProgress: 100, hasFinancialData: true });
  });

  test("404 for another band", async () => {
    const { cookie, theirs } = await withBands();
    const response = await get(theirs.id, cookie);
    expect(response.status).toBe(404);
    expect(await body(response)).toEqual(NOT_FOUND);
  });

  test("401 signed out", async () => {
    const { mine } = await withBands();
    expect((await get(mine.id)).status).toBe(401);
  });
});

describe("PATCH /api/user/preferred-band", () => {
  const patch = (json: unknown, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
    callRoute(preferredRoute.action, buildRequest("/api/user/preferred-band", { method: "PATCH", json, ...options }));
  const preferredOf = async (userId: string) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).preferredBandId;

  test("saves one of the user's bands, and null clears it", async () => {
    const { user, cookie, mine } = await withBands();
    let response = await patch({ bandId: mine.id }, { cookie });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ preferredBandId: mine.id });
    expect(await preferredOf(user.id)).toBe(mine.id);

    response = await patch({ bandId: null }, { cookie });
    expect(await body(response)).toEqual({ preferredBandId: null });
    expect(await preferredOf(user.id)).toBeNull();
  });

  test.each([
    ["a missing bandId", {}, "bandId"],
    ["a string bandId", { bandId: "3" }, "bandId"],
    ["a fractional bandId", { bandId: 1.5 }, "bandId"],
    ["an unknown key", { bandId: 1, extra: true }, "extra"],
  ])("400 for %s", async (_, json, field) => {
    const { cookie } = await withBands();
    const response = await patch(json, { cookie });
    expect(response.status).toBe(400);
    const answer = await body<{ message: string; errors: Record<string, string[]> }>(response);
    expect(answer.message).toBe("Invalid request");
    expect(Object.keys(answer.errors)).toEqual([field]);
  });

  test("404 for a band the user is not in, and nothing changes", async () => {
    const { user, cookie, theirs } = await withBands();
    const response = await patch({ bandId: theirs.id }, { cookie });
    expect(response.status).toBe(404);
    expect(await body(response)).toEqual(NOT_FOUND);
    expect(await preferredOf(user.id)).toBeNull();
  });

  test("401 signed out", async () => {
    const response = await patch({ bandId: 1 });
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual(UNAUTHORIZED);
  });

  test("403 cross-site", async () => {
    const { user, cookie, mine } = await withBands();
    const response = await patch({ bandId: mine.id }, { cookie, headers: CROSS_SITE });
    expect(response.status).toBe(403);
    expect(await preferredOf(user.id)).toBeNull();
  });

  test("405 for other methods", async () => {
    const { cookie } = await withBands();
    expect((await callRoute(preferredRoute.loader, buildRequest("/api/user/preferred-band", { cookie }))).status).toBe(405);
    expect((await callRoute(preferredRoute.action, buildRequest("/api/user/preferred-band", { method: "POST", json: { bandId: 1 }, cookie }))).status).toBe(405);
  });
});

describe("answers are real Responses (Remix drops a bare data()'s status in resource routes)", () => {
  test("errors thrown by the guards and returned errors keep status and body", async () => {
    const signedOut = await bandsRoute.loader(routeArgs(buildRequest("/api/bands")));
    expect(signedOut).toBeInstanceOf(Response);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual(UNAUTHORIZED);

    const { cookie, theirs } = await withBands();
    const notFound = await bandRoute.loader(routeArgs(buildRequest(`/api/bands/${theirs.id}`, { cookie }), { id: String(theirs.id) }));
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual(NOT_FOUND);

    const wrongMethod = await bandsRoute.action(routeArgs(buildRequest("/api/bands", { method: "PUT", cookie })));
    expect(wrongMethod.status).toBe(405);
  });

  test("success keeps its status and cookies", async () => {
    const { cookie } = await signedIn();
    const created = await bandsRoute.action(routeArgs(post({ name: "Real Response" }, { cookie })));
    expect(created).toBeInstanceOf(Response);
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toMatch(/application\/json/);
    expect(cookiePair(created, "bandroom_band")).toBeTruthy();
  });
});
