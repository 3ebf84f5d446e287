/**
 * What the band settings page's loader and action (/settings) call on the server, in one
 * import (decision 0010): each `.server` path other routes import too would be an empty
 * script of its own in the browser (six of them here). The functions live in their area modules.
 */
export { data } from "@remix-run/node";
export { requireUser } from "~/features/auth/auth.server";
export { currentBandCookieHeader } from "./bands.server";
export { requireBandAccess, requireFormBandAccess, type BandAccess } from "./access.server";
export { SETTINGS_ROLES, currencyOptions, deleteBand, getBandSettings, listSettingsEditors, settingsAbilities, updateBandSettings } from "./settings.server";
export { redirectWithToast } from "~/utils/toast.server";
export { listBandAuditEntries } from "~/features/audit/audit.server";
export { paysThroughStripe } from "~/features/billing/billing.server";
