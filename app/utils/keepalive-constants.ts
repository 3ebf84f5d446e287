/**
 * The signed-in shell's timers (spec section 9), apart from client-constants.ts because
 * only the shell's first load needs them: a module the shell shares with the lazy
 * session actions and the API client is a script of its own on every page (issue 11).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** GET /api/auth/user this often while signed in; a 401 or 403 ends the session here. */
export const SESSION_CHECK_INTERVAL_MS = 30 * MINUTE;

/** How often an open tab asks itself whether the refresh is due (also once on load). */
export const SESSION_REFRESH_CHECK_MS = HOUR;

/** Loaded data counts as fresh this long; older data is reloaded when the window regains focus. */
export const DATA_FRESH_MS = 30 * SECOND;
export const REFETCH_ON_WINDOW_FOCUS = true;
