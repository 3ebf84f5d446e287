/**
 * What the signed-in shell does over the network in the background and on sign-out
 * (spec sections 4, 7–9). Loaded on first use by use-session-keepalive.ts, so the API
 * client is not part of every page's first load.
 */
import { ApiError, apiMutation, apiQuery } from "./api-client";
import { SESSION_REFRESH_INTERVAL_MS, SESSION_REFRESHED_AT_KEY } from "./client-constants";

/** Clears what this browser kept for the signed-out user, then goes to /login. */
export async function endLocalSession() {
  try {
    if ("caches" in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
  } catch (error) {
    console.warn("Could not clear the cache storage", error);
  }
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch (error) {
    console.warn("Could not clear web storage", error);
  }
  window.location.assign("/login");
}

/**
 * Sign Out with JavaScript (spec section 7): POST /api/auth/logout, then clear local and
 * session storage (the session-refresh timestamp with them) and go to /; when the call
 * fails, fall back to GET /api/logout, which ends the session and goes home on its own.
 */
export async function signOut() {
  try {
    await apiMutation("POST", "/api/auth/logout");
  } catch (error) {
    console.warn("Sign out failed; falling back to /api/logout", error);
    window.location.assign("/api/logout");
    return;
  }
  try {
    // Stage mode's offline copies of the band's setlists (public/sw.js) go with the session.
    if ("caches" in window) await caches.delete("bandroom-stage");
  } catch (error) {
    console.warn("Could not clear the stage cache", error);
  }
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch (error) {
    console.warn("Could not clear web storage", error);
  }
  window.location.assign("/");
}

/** A 401 from /api/auth/user reads as "no user" (null); 403 means the same here. */
export async function checkSession() {
  try {
    const user = await apiQuery<{ id: string }>("/api/auth/user", { on401: "returnNull" });
    if (!user) await endLocalSession();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      await endLocalSession();
      return;
    }
    console.warn("Session check failed", error);
  }
}

function readRefreshedAt() {
  const value = Number(window.localStorage.getItem(SESSION_REFRESHED_AT_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Whether the 6-day refresh is due; a tab with no record starts counting from now. */
export function isRefreshDue(refreshedAt: number | null, now: number) {
  return refreshedAt !== null && now - refreshedAt >= SESSION_REFRESH_INTERVAL_MS;
}

export async function refreshSessionIfDue(now = Date.now()) {
  try {
    const refreshedAt = readRefreshedAt();
    if (refreshedAt === null) {
      // Just signed in (sign-out clears storage): the session is new, so start the clock.
      window.localStorage.setItem(SESSION_REFRESHED_AT_KEY, String(now));
      return;
    }
    if (!isRefreshDue(refreshedAt, now)) return;
    await apiMutation("POST", "/api/auth/refresh-session");
    window.localStorage.setItem(SESSION_REFRESHED_AT_KEY, String(Date.now()));
  } catch (error) {
    console.warn("Session refresh failed", error);
  }
}
