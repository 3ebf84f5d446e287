/**
 * Business constants of spec section 9 that the browser uses. The toast constants live
 * with the Toaster (app/components/ui/toaster.tsx) and the band name limit with its
 * schema (app/features/bands/schema.ts). The shell's timers are in keepalive-constants.ts.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** POST /api/auth/refresh-session this often while signed in. */
export const SESSION_REFRESH_INTERVAL_MS = 6 * DAY;
/** localStorage key holding the time (ms since epoch) of the last session refresh. */
export const SESSION_REFRESHED_AT_KEY = "bandroom:session-refreshed-at";

/** A failed query is tried again at most this many times (never for 401/Unauthorized). */
export const QUERY_RETRIES = 2;
/** The wait before a retry doubles from this… */
export const RETRY_BASE_DELAY_MS = 1 * SECOND;
/** …up to this. */
export const RETRY_MAX_DELAY_MS = 30 * SECOND;
