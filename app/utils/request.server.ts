import { env } from "./env.server";

/**
 * HTTPS directly, or behind a proxy the operator trusts (TRUST_PROXY): the scheme the
 * outermost trusted proxy recorded, read like X-Forwarded-For from the right.
 */
export function isSecureRequest(request: Request) {
  if (new URL(request.url).protocol === "https:") return true;
  if (!env.trustProxy) return false;
  const protos = (request.headers.get("x-forwarded-proto") ?? "").split(",").map((p) => p.trim()).filter(Boolean);
  if (!protos.length) return false;
  return protos[Math.max(0, protos.length - env.trustProxyHops)] === "https";
}

export const PEER_HEADER = "x-bandroom-peer";

/**
 * The client address used to key rate limits. network-edge.server.ts writes it from the
 * socket (or, with TRUST_PROXY, from the hop our proxy appended to X-Forwarded-For),
 * overwriting any value a client sent.
 */
export function clientAddress(request: Request) {
  return request.headers.get(PEER_HEADER) || "unknown";
}

/**
 * Origin of every absolute link we build (mail, feeds, sitemap, canonical URLs): APP_URL,
 * or http://localhost:PORT without it. Never the request's Host or X-Forwarded-Host, which
 * the client chooses: a reset link built from them hands the token to any host.
 */
export function appOrigin(_request?: Request) {
  return env.appOrigin;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request a browser sent because another site told it to (a link, a form, an image):
 * Sec-Fetch-Site when the browser sends it, else a foreign Origin. Without either (an
 * old browser, curl) it is taken as ours.
 */
export function isCrossSiteRequest(request: Request) {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return origin === "null" || new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/** Cookie-authenticated mutations refuse cross-site requests. */
export function isCrossSiteMutation(request: Request) {
  return !SAFE_METHODS.has(request.method.toUpperCase()) && isCrossSiteRequest(request);
}

const REDIRECT_BASE = "http://bandroom.invalid";

/**
 * Only a path on this site; anything else falls back to `fallback`. The value must
 * start with one "/", hold no control character (CR, LF, NUL, TAB: browsers drop TAB
 * and newlines, so "/\t/evil.example" becomes "//evil.example", and CR/LF cannot go
 * into a Location header) nor a backslash, and resolve against a fixed origin to that
 * same origin. What comes back is the normalised path, query and hash.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string") return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}
