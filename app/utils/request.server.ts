import { env } from "./env.server";

/** HTTPS directly, or behind a proxy the operator trusts (TRUST_PROXY=true). */
export function isSecureRequest(request: Request) {
  if (new URL(request.url).protocol === "https:") return true;
  if (!env.trustProxy) return false;
  return request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

export const PEER_HEADER = "x-bandroom-peer";

/** The client address used to key rate limits. */
export function clientAddress(request: Request) {
  if (env.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  // Set from the socket by peer-address.server.ts, overwriting any value a client sent.
  return request.headers.get(PEER_HEADER) || "unknown";
}

/** Origin used in links we send by mail. */
export function appOrigin(request: Request) {
  if (env.APP_URL) return env.APP_URL.replace(/\/$/, "");
  const url = new URL(request.url);
  const proto = isSecureRequest(request) ? "https:" : url.protocol;
  return `${proto}//${url.host}`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated mutations refuse cross-site requests: Sec-Fetch-Site when the
 * browser sends it, else the Origin header compared with our own host.
 */
export function isCrossSiteMutation(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/** Only same-site relative paths; anything else falls back to `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
