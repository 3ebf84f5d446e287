/**
 * Everything the profile page's loader and action use from the server, through one
 * module: the browser build turns each `.server` path a route shares with other routes
 * into an empty script of its own (112 bytes gzip each), and /profile imported eight of
 * them, which took it over the 100 KB first-load budget (issue 11, decision 0010).
 */
import { safeRedirect } from "~/utils/request.server";

export {
  accountDeletionImpact,
  changePassword,
  checkCurrentPassword,
  deleteAccount,
  getProfile,
  handOverMessage,
  LAST_ADMIN_MESSAGE,
  updateProfile,
  type BandRef,
  type PasswordCheck,
} from "./account.server";
export { limitAuthAttempt, RateLimitedError, requestEmailChange, requireUser, type CurrentUser } from "./auth.server";
export { appOrigin } from "~/utils/request.server";
export { refuseCommonPasswords } from "./common-passwords.server";
export { cancelMfaSetup, confirmMfaSetup, disableMfa, MFA_MESSAGES, mfaStatus, startMfaSetup } from "./mfa.server";
export { destroyAllSessions, destroySession, destroyUserSession, getSession, listActiveSessions } from "./session.server";
export { currentBandCookieHeader } from "~/features/bands/bands.server";
export { getCurrentBand } from "~/features/bands/access.server";
export { paysThroughStripe } from "~/features/billing/billing.server";
export { toastHeader } from "~/utils/toast.server";

/** A page of the admin area to go back to (`?next=` from requirePlatformAdmin), or null for anything else. */
export function adminPage(next: string | null) {
  const path = safeRedirect(next, "");
  return /^\/admin(?:[/?#]|$)/.test(path) ? path : null;
}
