/**
 * Work that need not hold a response adds no write to every request (issue 11):
 * page views are queued and written in batches; a session's last-seen time is written
 * at most once a minute (today: once a day, with the sliding expiry).
 */
import { recordQueries, writesTo } from "#tests/query-counter";
import { afterEach, describe, expect, test, vi } from "vitest";
import { buildRequest, callRoute, createBand, createUser, sessionCookieFor, bandCookie } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import {
  PAGE_VIEW_BATCH_MAX,
  PAGE_VIEW_FLUSH_MS,
  flushPageViews,
  forgetQueuedPageViews,
  recordPageView,
} from "~/features/analytics/analytics.server";
import { loader as rootLoader } from "~/root";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const statementsOf = async (run: () => Promise<unknown>) => (await recordQueries(run)).statements;
const documentRequest = (path: string) => buildRequest(path, { headers: { "user-agent": CHROME, "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" } });
const viewsAt = (path: string) => db.analyticsEvent.count({ where: { name: "page_view", path } });

afterEach(async () => {
  vi.useRealTimers();
  await flushPageViews();
});

describe("page views", () => {
  test("twenty page views write nothing while the pages render, then land in one statement", async () => {
    const statements = await statementsOf(async () => {
      for (let i = 0; i < 20; i++) expect(await recordPageView(documentRequest("/blog/batched"), 200, { userId: null, bandId: null })).toBe(true);
    });
    expect(writesTo(statements, "AnalyticsEvent")).toEqual([]);
    expect(await viewsAt("/blog/batched")).toBe(0);

    const flush = await statementsOf(async () => expect(await flushPageViews()).toBe(20));
    expect(writesTo(flush, "AnalyticsEvent")).toHaveLength(1);
    expect(await viewsAt("/blog/batched")).toBe(20);
  });

  test(`queued views are written ${PAGE_VIEW_FLUSH_MS / 1000} s after the first, without another request`, async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await recordPageView(documentRequest("/blog/later"), 200, { userId: null, bandId: null });
    vi.advanceTimersByTime(PAGE_VIEW_FLUSH_MS - 1);
    expect(await viewsAt("/blog/later")).toBe(0);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await viewsAt("/blog/later")).toBe(1));
  });

  test(`a full batch (${PAGE_VIEW_BATCH_MAX}) is written at once`, async () => {
    for (let i = 0; i < PAGE_VIEW_BATCH_MAX; i++) await recordPageView(documentRequest("/blog/busy"), 200, { userId: null, bandId: null });
    await vi.waitFor(async () => expect(await viewsAt("/blog/busy")).toBe(PAGE_VIEW_BATCH_MAX));
  });

  test("a deleted account's queued views are never written", async () => {
    const user = await createUser();
    await recordPageView(documentRequest("/dashboard"), 200, { userId: user.id, bandId: null });
    forgetQueuedPageViews(user.id);
    await flushPageViews();
    expect(await db.analyticsEvent.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("session last seen", () => {
  async function signedIn() {
    const user = await createUser();
    const band = await createBand({ members: [{ userId: user.id, role: "band_leader" }] });
    const cookie = `${await sessionCookieFor(user.id)}; ${await bandCookie(band.id)}`;
    return { user, cookie };
  }
  /** A document request for /dashboard: the root loader (which slides the session) and the page's. */
  async function load(cookie: string) {
    const root = await callRoute(rootLoader, buildRequest("/dashboard", { cookie }));
    const page = await callRoute(dashboardLoader, buildRequest("/dashboard", { cookie }));
    return { status: Math.max(root.status, page.status) };
  }

  test("ten requests in a row write the session at most once", async () => {
    const { cookie } = await signedIn();
    const statements = await statementsOf(async () => {
      for (let i = 0; i < 10; i++) expect((await load(cookie)).status).toBe(200);
    });
    expect(writesTo(statements, "Session").length).toBeLessThanOrEqual(1);
  });

  test("a session last seen a minute ago is not written again; one last seen long ago is, once", async () => {
    const { user, cookie } = await signedIn();
    await db.session.updateMany({ where: { userId: user.id }, data: { lastSeenAt: new Date(Date.now() - 61_000) } });
    const soon = await statementsOf(async () => expect((await load(cookie)).status).toBe(200));
    expect(writesTo(soon, "Session").length).toBeLessThanOrEqual(1);

    await db.session.updateMany({ where: { userId: user.id }, data: { lastSeenAt: new Date(Date.now() - 3 * 24 * 3_600_000) } });
    const later = await statementsOf(async () => {
      for (let i = 0; i < 5; i++) expect((await load(cookie)).status).toBe(200);
    });
    expect(writesTo(later, "Session")).toHaveLength(1);
    const session = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(Date.now() - session.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});
