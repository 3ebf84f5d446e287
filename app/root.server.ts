/**
 * The server functions root.tsx's loader calls, imported through this one module. The
 * browser build swaps every `.server` import for an empty module, one per import path, and
 * a path that several routes import becomes a script of its own (about 110 bytes gzip) on
 * every page that imports it: imported by the root, that is every page. Through this
 * module the root's import is its own and stays inside the root's script (issue 11).
 */
export { data } from "@remix-run/node";
export { getUserForDocument } from "~/features/auth/auth.server";
export { resolveBands } from "~/features/bands/access.server";
export { currentBandCookieHeader, shownBandItem } from "~/features/bands/bands.server";
export { getShellOnboarding } from "~/features/bands/onboarding.server";
export { getToast } from "~/utils/toast.server";
export { billingMode } from "~/features/billing/stripe.server";
