/**
 * Business constants of spec section 9 that the browser uses. The toast constants live
 * with the Toaster (app/components/ui/toaster.tsx) and the band name limit with its
 * schema (app/features/bands/schema.ts).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** GET /api/auth/user this often while signed in; a 401 or 403 ends the session here. */
export const SESSION_CHECK_INTERVAL_MS = 30 * MINUTE;
/** POST /api/auth/refresh-session this often while signed in. */
export const SESSION_REFRESH_INTERVAL_MS = 6 * DAY;
/** How often an open tab asks itself whether the refresh is due (also once on load). */
export const SESSION_REFRESH_CHECK_MS = HOUR;
/** localStorage key holding the time (ms since epoch) of the last session refresh. */
export const SESSION_REFRESHED_AT_KEY = "bandroom:session-refreshed-at";

/** Loaded data counts as fresh this long; older data is reloaded when the window regains focus. */
export const DATA_FRESH_MS = 30 * SECOND;
export const REFETCH_ON_WINDOW_FOCUS = true;

/** A failed query is tried again at most this many times (never for 401/Unauthorized). */
export const QUERY_RETRIES = 2;
/** The wait before a retry doubles from this… */
export const RETRY_BASE_DELAY_MS = 1 * SECOND;
/** …up to this. */
export const RETRY_MAX_DELAY_MS = 30 * SECOND;
