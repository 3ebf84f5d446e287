import { apiError, apiRoute } from "~/utils/api.server";

/**
 * Any path under /api/ that no endpoint serves: JSON `{ "message": "Not found" }` with
 * 404 for every method, never the HTML Page Not Found (spec section 8, architecture's
 * /api errors). Known endpoints answer 405 with `Allow` for methods they do not handle.
 */
const notFound = apiRoute(() => apiError(404, "Not found"));

export const loader = notFound;
export const action = notFound;
