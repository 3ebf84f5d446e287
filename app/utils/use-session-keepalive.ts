/**
 * What the signed-in shell does in the background when JavaScript runs (spec sections
 * 4, 7–9): check the session every 30 minutes, refresh it every 6 days, and reload the
 * page data when the window regains focus after it went stale. Without JavaScript none
 * of this is needed: every page load checks the session and slides its expiry.
 */
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "@remix-run/react";
import { DATA_FRESH_MS, REFETCH_ON_WINDOW_FOCUS, SESSION_CHECK_INTERVAL_MS, SESSION_REFRESH_CHECK_MS } from "./keepalive-constants";

const actions = () => import("./session-actions");

/** Sign Out with JavaScript (spec section 7); see session-actions.ts. */
export async function signOut() {
  const loaded = await actions().catch(() => null);
  // Offline before the module came: GET /api/logout ends the session on its own.
  if (!loaded) return window.location.assign("/api/logout");
  await loaded.signOut();
}

export function useSessionKeepalive() {
  useEffect(() => {
    // The network half loads after the page is interactive, not with it.
    void actions().then((a) => a.refreshSessionIfDue());
    const check = window.setInterval(() => void actions().then((a) => a.checkSession()), SESSION_CHECK_INTERVAL_MS);
    const refresh = window.setInterval(() => void actions().then((a) => a.refreshSessionIfDue()), SESSION_REFRESH_CHECK_MS);
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
