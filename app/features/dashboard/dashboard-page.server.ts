/**
 * What the dashboard's loader calls on the server, in one import (decision 0010): each
 * `.server` path other routes import too would be an empty script of its own in the browser.
 */
export { data } from "@remix-run/node";
export { requireBandAccess } from "~/features/bands/access.server";
export { getDashboard } from "./dashboard.server";
