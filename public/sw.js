/*
 * Bandroom service worker. Plain JavaScript served as-is from /sw.js (no build step).
 *
 * - /build/* files are content-hashed by the Remix compiler and never change, so they
 *   are served cache-first: repeat visits and flaky connections load the app instantly.
 * - Page navigations always go to the network (pages carry the user's own data and must
 *   be fresh); only when the network fails do we show the cached offline page.
 * - Everything else, /api/* and all non-GET requests included, is left to the browser.
 *
 * Bump VERSION when this file or offline.html changes: activate drops the old caches.
 */
const VERSION = "v1";
const SHELL_CACHE = `bandroom-shell-${VERSION}`;
const ASSET_CACHE = `bandroom-assets-${VERSION}`;
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
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("bandroom-") && !keep.has(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;

  if (url.pathname.startsWith("/build/")) {
    event.respondWith(cacheFirst(event, request));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  }
});

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
