import { isbot } from "isbot";
import { db } from "~/utils/db.server";
import type { AnalyticsEventName } from "./events";
import type { CollectInput } from "./schema";
import type { RateLimitRule } from "~/utils/rate-limit.server";
import { clientAddress } from "~/utils/request.server";
import { hitShared } from "~/utils/shared-rate-limit.server";

type Value = string | number | boolean | null;
// A list of flat records: the items of a checkout or purchase.
type Properties = Record<string, Value | Record<string, Value>[]>;

export type TrackInput = { userId?: string | null; bandId?: number | null; path?: string | null; props?: Properties };

/** Raw events are kept this long, then deleted by `applyAnalyticsRetention`. */
export const ANALYTICS_RETENTION_DAYS = 396; // 13 months

/**
 * Records one analytics event in our own database. Counting must never break the action
 * it counts, so a failure is logged and swallowed. `batch`: queue it with the others and
 * write them together (page views, which come with nearly every request).
 */
export async function track(name: AnalyticsEventName, input: TrackInput = {}, { batch = false } = {}) {
  if (batch) return queueEvent(eventRow(name, input));
  try {
    await db.analyticsEvent.create({ data: eventRow(name, input) });
  } catch (error) {
    console.error(`Could not record analytics event ${name}`, error);
  }
}

function eventRow(name: AnalyticsEventName, input: TrackInput) {
  return {
    name,
    userId: input.userId ?? null,
    bandId: input.bandId ?? null,
    path: input.path?.slice(0, 500) ?? null,
    properties: input.props ? JSON.stringify(input.props).slice(0, 4000) : null,
    createdAt: new Date(),
  };
}

// Page views come with nearly every request; one INSERT each would put a write (and
// SQLite's single writer lock) behind every page. They are queued in memory and written
// together: at most PAGE_VIEW_FLUSH_MS after the first one, or as soon as
// PAGE_VIEW_BATCH_MAX are waiting. A crash loses at most those few seconds of counts.
export const PAGE_VIEW_FLUSH_MS = 2_000;
export const PAGE_VIEW_BATCH_MAX = 200;
let pendingPageViews: ReturnType<typeof eventRow>[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function queueEvent(row: ReturnType<typeof eventRow>) {
  pendingPageViews.push(row);
  if (pendingPageViews.length >= PAGE_VIEW_BATCH_MAX) {
    void flushPageViews();
  } else if (!flushTimer) {
    flushTimer = setTimeout(() => void flushPageViews(), PAGE_VIEW_FLUSH_MS);
    flushTimer.unref?.();
  }
}

/** Writes the queued page views in one statement; returns how many. */
export async function flushPageViews() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const rows = pendingPageViews;
  pendingPageViews = [];
  if (!rows.length) return 0;
  try {
    await db.analyticsEvent.createMany({ data: rows });
  } catch (error) {
    console.error(`Could not record ${rows.length} page views`, error);
  }
  return rows.length;
}

/** A deleted account's page views still waiting in the queue never reach the database. */
export function forgetQueuedPageViews(userId: string) {
  pendingPageViews = pendingPageViews.filter((row) => row.userId !== userId);
}

process.once("beforeExit", () => void flushPageViews());

/** Deletes raw events older than the retention period; returns how many went. */
export async function applyAnalyticsRetention(now = new Date()) {
  const cutoff = new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.analyticsEvent.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}

// ---------------------------------------------------------------------------
// Page and section views

export type Viewer = { userId: string | null; bandId: number | null };

/**
 * Do Not Track or Global Privacy Control. Anonymous visitors who send either are not
 * counted at all; signed-in members are counted as the privacy policy explains.
 */
export function asksNotToBeTracked(request: Request) {
  return request.headers.get("dnt") === "1" || request.headers.get("sec-gpc") === "1";
}

function isBotRequest(request: Request) {
  return isbot(request.headers.get("user-agent") ?? "");
}

// Random tokens in a path (invitation links, say) must not end up in analytics. Our
// tokens are base64url, so they mix cases; slugs and ids are lower case.
const TOKEN_SEGMENT = /^(?=.{20,}$)(?:[A-Za-z0-9_-]*[A-Z_][A-Za-z0-9_-]*|[0-9a-f-]{32,})$/;

/** The path as stored: the pathname only, token-like segments masked. */
export function analyticsPath(pathname: string) {
  return pathname
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? ":token" : segment))
    .join("/")
    .slice(0, 300);
}

/** Where the visitor came from, as a host name only; null when they typed the address. */
function referrerHost(request: Request) {
  const referrer = request.headers.get("referer");
  if (!referrer) return null;
  try {
    return new URL(referrer).host || null;
  } catch {
    return null;
  }
}

/**
 * A page a person will see: a GET that the browser made as a document (not a fetch,
 * not a speculative prefetch), from something that is not a crawler.
 */
export function isCountablePageRequest(request: Request) {
  if (request.method !== "GET") return false;
  const dest = request.headers.get("sec-fetch-dest");
  // A page loaded through the service worker (public/sw.js passes navigations on to the
  // network) arrives as mode "navigate" with destination "empty": still a page someone sees.
  const viaWorker = dest === "empty" && request.headers.get("sec-fetch-mode") === "navigate";
  if (dest && dest !== "document" && !viaWorker) return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  return !isBotRequest(request);
}

/** The signed-in viewer from the root loader's data, which the document render already has. */
export function viewerFromRootData(rootData: unknown): Viewer {
  const root = (rootData ?? {}) as { user?: { id?: unknown } | null; currentBand?: { band?: { id?: unknown } } | null };
  const userId = typeof root.user?.id === "string" ? root.user.id : null;
  const bandId = typeof root.currentBand?.band?.id === "number" ? root.currentBand.band.id : null;
  return { userId, bandId: userId ? bandId : null };
}

/**
 * Counts one rendered page (entry.server.tsx calls this for every HTML document it
 * renders, so redirects and data requests are never counted). Returns whether it did.
 */
export async function recordPageView(request: Request, status: number, viewer: Viewer) {
  if (!isCountablePageRequest(request)) return false;
  if (!viewer.userId && asksNotToBeTracked(request)) return false;
  await track(
    "page_view",
    { userId: viewer.userId, bandId: viewer.bandId, path: analyticsPath(new URL(request.url).pathname), props: { via: "document", status, referrer: referrerHost(request) } },
    { batch: true },
  );
  return true;
}

/** Beacons a visitor's address may send a minute: seven sections a landing visit, and the login pages' moves. */
export const BEACON_LIMIT = { name: "analytics-beacon", limit: 120, windowMs: 60_000 } satisfies RateLimitRule;

// A section counts once per page view even if a browser sends its beacon twice.
const seenSectionViews = new Set<string>();
const MAX_REMEMBERED_SECTION_VIEWS = 20_000;

function firstSighting(key: string) {
  if (seenSectionViews.has(key)) return false;
  if (seenSectionViews.size >= MAX_REMEMBERED_SECTION_VIEWS) {
    const oldest = seenSectionViews.values().next().value;
    if (oldest !== undefined) seenSectionViews.delete(oldest);
  }
  seenSectionViews.add(key);
  return true;
}

/**
 * What a browser reported to POST /api/analytics: a landing section seen, or a page
 * reached by client-side navigation. Returns whether it was recorded.
 */
export async function recordBrowserEvent(request: Request, input: CollectInput, viewer: Viewer) {
  if (isBotRequest(request)) return false;
  if (!viewer.userId && asksNotToBeTracked(request)) return false;
  // A browser posting a beacon says where it comes from (Origin, or Sec-Fetch-Site on its
  // own site); a request saying neither is a script's (requireSameSite refused other sites).
  if (!request.headers.get("origin") && request.headers.get("sec-fetch-site") !== "same-origin") return false;
  // A visitor's beacons (a member's carry their session): at most a few landing-page
  // visits' worth a minute from one address, counted in the database (every app process
  // sees the same count).
  if (!viewer.userId && !(await hitShared(BEACON_LIMIT, clientAddress(request))).ok) return false;
  if (input.name === "section_view") {
    if (!firstSighting(`${input.view}:${input.section}`)) return false;
    await track("section_view", { ...viewer, path: input.path, props: { section: input.section, view: input.view } });
    return true;
  }
  // Only the signed-in app navigates in the browser; a visitor's pages are plain documents,
  // counted by the server. A signed-out "page view" is no real one (it would pad the
  // landing funnel), so it is dropped.
  if (!viewer.userId) return false;
  await track("page_view", { ...viewer, path: analyticsPath(input.path), props: { via: "client" } }, { batch: true });
  return true;
}
