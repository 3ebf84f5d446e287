/**
 * What the signed-in shell does in the background when JavaScript runs (spec sections
 * 4, 7–9): check the session every 30 minutes, refresh it every 6 days, and reload the
 * page data when the window regains focus after it went stale. Without JavaScript none
 * of this is needed: every page load checks the session and slides its expiry.
 */
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "@remix-run/react";
import { ApiError, apiMutation, apiQuery } from "./api-client";
import {
  DATA_FRESH_MS,
  REFETCH_ON_WINDOW_FOCUS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_REFRESH_CHECK_MS,
  SESSION_REFRESH_INTERVAL_MS,
  SESSION_REFRESHED_AT_KEY,
} from "./client-constants";

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

export function useSessionKeepalive() {
  useEffect(() => {
    void refreshSessionIfDue();
    const check = window.setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
    const refresh = window.setInterval(() => void refreshSessionIfDue(), SESSION_REFRESH_CHECK_MS);
    return () => {
      window.clearInterval(check);
      window.clearInterval(refresh);
    };
  }, []);
}

/**
 * Reloads the route data when the window regains focus and the last load is older than
 * DATA_FRESH_MS, so a tab left open shows what bandmates changed meanwhile. `loadedData`
 * is any loader data object that changes identity on each load (the root data).
 */
export function useRevalidateOnFocus(loadedData: unknown) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // Set on mount and after every load (the effect below), never during render.
  const loadedAt = useRef(0);
  const busy = useRef(false);

  useEffect(() => {
    busy.current = revalidator.state !== "idle" || navigation.state !== "idle";
  }, [revalidator.state, navigation.state]);

  useEffect(() => {
    loadedAt.current = Date.now();
  }, [loadedData]);

  const revalidate = revalidator.revalidate;
  useEffect(() => {
    if (!REFETCH_ON_WINDOW_FOCUS) return;
    const onFocus = () => {
      if (document.visibilityState === "hidden" || busy.current) return;
      if (Date.now() - loadedAt.current < DATA_FRESH_MS) return;
      loadedAt.current = Date.now();
      revalidate();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [revalidate]);
}
