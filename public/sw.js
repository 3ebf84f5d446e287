/*
 * Bandroom service worker. Plain JavaScript served as-is from /sw.js (no build step).
 *
 * - /build/* files are content-hashed by the Remix compiler and never change, so they
 *   are served cache-first: repeat visits and flaky connections load the app instantly.
 * - Page navigations always go to the network (pages carry the user's own data and must
 *   be fresh); only when the network fails do we show the cached offline page.
 * - Stage mode (/setlists/{id}/stage) is network-first too, but its last good answer is
 *   kept (one copy per setlist, whatever ?at=, the last STAGE_MAX setlists), so a setlist
 *   opened once still shows at a gig with no signal. The stage page asks for its own copy
 *   and its scripts with a "stage-keep" message (its first load came before this worker).
 *   An answer that is not a 200 page (signed out: a redirect; no longer allowed: 404)
 *   drops the copy. Signing out (/api/logout, /api/auth/logout) drops them all, and so
 *   does a "stage-clear" message. See docs/decisions/0012-stage-mode-offline.md.
 * - Everything else, /api/* and all non-GET requests included, is left to the browser.
 *
 * Bump VERSION when this file or offline.html changes: activate drops the old caches.
 */
const VERSION = "v2";
const SHELL_CACHE = `bandroom-shell-${VERSION}`;
const ASSET_CACHE = `bandroom-assets-${VERSION}`;
const STAGE_CACHE = "bandroom-stage";
const STAGE_PATH = /^\/setlists\/\d+\/stage$/;
const STAGE_MAX = 10;
const SIGN_OUT_PATHS = new Set(["/api/logout", "/api/auth/logout"]);
const OFFLINE_URL = "/offline.html";
const PRECACHE = [OFFLINE_URL, "/favicon.svg"];
// Each deploy adds new hashed files; keep the cache from growing without bound.
const MAX_ASSETS = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Bypass the HTTP cache so a new worker never precaches a stale offline page.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE, STAGE_CACHE]);
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("bandroom-") && !keep.has(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out, with or without JavaScript: a shared phone keeps no band's setlist.
  if (SIGN_OUT_PATHS.has(url.pathname)) {
    event.waitUntil(caches.delete(STAGE_CACHE));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/api/")) return;

  if (url.pathname.startsWith("/build/")) {
    event.respondWith(cacheFirst(event, request));
    return;
  }
  if (request.mode === "navigate" && STAGE_PATH.test(url.pathname)) {
    event.respondWith(networkFirstStage(event, request, url));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  }
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "stage-keep" && typeof data.url === "string") event.waitUntil(keepStage(data.url, Array.isArray(data.assets) ? data.assets : []));
  if (data.type === "stage-clear") event.waitUntil(caches.delete(STAGE_CACHE));
});

/** The stage copy's key: the page without ?at= (the page picks its cue from the address). */
function stageKey(url) {
  return new URL(url.pathname, self.location.origin).href;
}

async function storeStage(key, response) {
  const cache = await caches.open(STAGE_CACHE);
  // Delete first, so the key order is "least recently opened first" for the trim.
  await cache.delete(key);
  if (!response) return;
  await cache.put(key, response);
  await trimCache(cache, STAGE_MAX);
}

function isStagePage(response) {
  return response.ok && response.type === "basic" && !response.redirected && (response.headers.get("Content-Type") || "").startsWith("text/html");
}

async function networkFirstStage(event, request, url) {
  const key = stageKey(url);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await caches.match(key, { cacheName: STAGE_CACHE });
    if (kept) return kept;
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
  // A 5xx is the server's trouble, not a change of who may see the setlist: keep the copy.
  if (response.status < 500) event.waitUntil(storeStage(key, isStagePage(response) ? response.clone() : null));
  return response;
}

async function keepStage(path, assets) {
  const url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin || !STAGE_PATH.test(url.pathname)) return;
  const key = stageKey(url);
  const stage = await caches.open(STAGE_CACHE);
  if (!(await stage.match(key))) {
    const response = await fetch(url.href, { credentials: "same-origin", redirect: "manual" }).catch(() => null);
    if (response && isStagePage(response)) await storeStage(key, response);
  }
  const assetCache = await caches.open(ASSET_CACHE);
  for (const asset of assets) {
    const assetUrl = new URL(String(asset), self.location.origin);
    if (assetUrl.origin !== self.location.origin || !assetUrl.pathname.startsWith("/build/")) continue;
    if (await assetCache.match(assetUrl.href)) continue;
    const response = await fetch(assetUrl.href).catch(() => null);
    if (response && response.ok && response.type === "basic") await assetCache.put(assetUrl.href, response);
  }
}

async function cacheFirst(event, request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    event.waitUntil(
      (async () => {
        await cache.put(request, response.clone());
        await trimCache(cache, MAX_ASSETS);
      })(),
    );
  }
  return response;
}

async function trimCache(cache, max) {
  const keys = await cache.keys();
  // Keys come back in insertion order, so the oldest deploy's files go first.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
}
