import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import { env } from "./env.server";
import { escapeHtml } from "./html";
import { PEER_HEADER } from "./request.server";
import { responseCookies, runWithRequestMemo } from "./request-memo.server";
import { toastHeader } from "./toast.server";

/**
 * @remix-run/serve hands Remix a Request built from the HTTP headers alone, so the
 * socket's address (needed for per-IP rate limits) would be lost, and Remix v2 has no
 * middleware. `installNetworkEdge()` wraps `http.Server.prototype.emit` so that, before
 * any listener (express, its static files, Remix) sees a request:
 * - the client address is written into a header of our own, replacing whatever a client
 *   sent under that name;
 * - a request the app cannot make sense of (a malformed Host, an absolute-form or
 *   undecodable target, a method no page takes, a cross-site form post, a page post that
 *   is not a form or is too large) is answered here with a plain 4xx page, instead of a
 *   500 and a stack trace from deeper down;
 * - every response carries X-Content-Type-Options: nosniff, static files included.
 * entry.server.tsx calls it: an import kept only for its side effect is dropped by the
 * build (package.json says "sideEffects": false). See docs/decisions/0003-client-address.md.
 */

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalizeAddress(address: string) {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address: the socket's, or with `hops` trusted proxies in front of us the
 * address the outermost of them saw, i.e. the `hops`-th X-Forwarded-For entry counted
 * from the right (each proxy appends the address it received the request from; anything
 * further left was written by the client and proves nothing). Fewer entries than hops:
 * the left-most one, which a trusted proxy still wrote.
 */
export function clientAddressFrom(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops: number) {
  const peer = socketAddress ? normalizeAddress(socketAddress) : "unknown";
  if (hops <= 0 || !forwardedFor) return peer;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map(normalizeAddress)
    .filter(Boolean);
  if (!entries.length) return peer;
  const chosen = entries[Math.max(0, entries.length - hops)]!;
  return net.isIP(chosen) ? chosen : peer;
}

/** Page (non-/api) form posts: at most this many bytes. /api bodies are capped by parseJsonBody. */
export const MAX_FORM_BYTES = 100 * 1024;
/** A refused body up to this size is read and thrown away so the connection stays usable; beyond, it is closed. */
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * The song CSV import (app/routes/_app+/songs.import.tsx) is the one page that takes an
 * upload: multipart, and forms up to this size (its confirm step carries the file back).
 * It reads the body itself and answers a broken one with a 400.
 */
export const UPLOAD_PATHS = new Set(["/songs/import", "/songs/import.data"]);
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Webhooks a provider's server posts to (not a browser, no cookies): exempt from the
 * same-site check, each with its own body limit here (the route reads at most as much
 * and verifies the provider's signature over the raw body).
 */
export const WEBHOOK_PATHS = new Map([["/api/stripe/webhook", 512 * 1024]]);

/**
 * RFC 8058 one-click unsubscribe: a mail provider POSTs "List-Unsubscribe=One-Click" here
 * from its own servers, from any origin and as a form of either encoding (the RFC's own
 * example is multipart). The signed token in the URL is the authority and nothing reads a
 * cookie, so neither the same-site check nor the form type applies; the size limit does.
 */
export const ONE_CLICK_PATHS = new Set(["/reminders/unsubscribe"]);

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/**
 * What page actions read. No page takes an upload, so multipart/form-data is refused
 * here: undici's formData() throws on a broken multipart body, which would be a 500
 * deep inside an action. A page that adds an upload must parse its body itself
 * (catching that error as a 400) and be let through here, with its own size limit.
 */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded"]);
// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,252})?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
/** A Host (or X-Forwarded-Host) the app can build its request URL from: the shape above, and a port URL accepts (65536 is none). */
const isHost = (value: string) => HOST.test(value) && URL.canParse(`http://${value}`);

type Refusal = { status: number; title: string; message: string; headers?: Record<string, string> };

const refusals = {
  badRequest: { status: 400, title: "Bad request", message: "This request could not be understood." },
  crossSite: { status: 403, title: "Forbidden", message: "Forms can only be sent from Bandroom's own pages." },
  crossSiteApi: { status: 403, title: "Forbidden", message: "Cross-site requests are not allowed" },
  method: (allowed: string[]): Refusal => ({
    status: 405,
    title: "Method not allowed",
    message: `This address accepts only ${allowed.join(", ")} requests.`,
    headers: { Allow: allowed.join(", ") },
  }),
  options: (allowed: string[]): Refusal => ({ status: 204, title: "", message: "", headers: { Allow: allowed.join(", ") } }),
  lengthRequired: { status: 411, title: "Length required", message: "Send the form with a Content-Length header." },
  tooLarge: { status: 413, title: "Form too large", message: "This form is too large to send (the limit is 100 KB). Shorten it and try again." },
  webhookTooLarge: { status: 413, title: "Too large", message: "Request body is too large" },
  uploadTooLarge: {
    status: 413,
    title: "File too large",
    message: "This file is too large to import (the limit is 10 MB). Split it into smaller files and try again.",
  },
  unsupportedType: { status: 415, title: "Unsupported form type", message: "This page accepts only HTML form submissions." },
} satisfies Record<string, Refusal | ((...args: never[]) => Refusal)>;

function isSameSite(req: Pick<http.IncomingMessage, "headers">) {
  const site = req.headers["sec-fetch-site"];
  if (site && site !== "same-origin" && site !== "none") return false;
  // Checked even when Sec-Fetch-Site agrees: Remix compares Origin with Host itself and
  // answers a mismatch with a 500.
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser, or one too old to say: no ambient cross-site credentials
  if (origin === "null") return false;
  if (origin === env.appOrigin) return true; // behind a proxy the Host may be an internal name
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Whether Origin names the host the request came to (X-Forwarded-Host when a trusted proxy set it), as Remix compares them. */
function originMatchesHost(req: Pick<http.IncomingMessage, "headers">) {
  const forwarded = req.headers["x-forwarded-host"];
  const host = (typeof forwarded === "string" ? forwarded.split(",")[0]!.trim() : "") || req.headers.host;
  try {
    return new URL(req.headers.origin!).host === host;
  } catch {
    return false;
  }
}

/** Why the app should not see this request, or null to let it through. Pure: reads only the request head. */
export function refusalFor(req: Pick<http.IncomingMessage, "method" | "url" | "headers">): Refusal | null {
  const target = req.url ?? "";
  // Origin-form only ("/path?query"); absolute-form and "*" are for proxies.
  if (!target.startsWith("/") || target.startsWith("//")) return refusals.badRequest;
  const path = target.split("?")[0]!;
  try {
    decodeURIComponent(path);
  } catch {
    return refusals.badRequest;
  }
  const host = req.headers.host;
  if (!host || !isHost(host)) return refusals.badRequest;
  const forwardedHost = req.headers["x-forwarded-host"];
  if (forwardedHost !== undefined && (typeof forwardedHost !== "string" || !isHost(forwardedHost))) return refusals.badRequest;

  const method = (req.method ?? "").toUpperCase();
  const isApi = path === "/api" || path.startsWith("/api/");
  const allowed = isApi ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(method)) return refusals.method(allowed);
  // OPTIONS says what the address accepts, and nothing more: Remix would run the loader and
  // answer with its data (no CORS headers are sent, so no other site may call the API).
  if (method === "OPTIONS") return refusals.options(allowed);
  if (method === "GET" || method === "HEAD") return null;
  const webhookLimit = WEBHOOK_PATHS.get(path);
  if (webhookLimit !== undefined) return Number(req.headers["content-length"]) > webhookLimit ? refusals.webhookTooLarge : null;
  if (ONE_CLICK_PATHS.has(path)) {
    if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"]) return refusals.lengthRequired;
    return Number(req.headers["content-length"]) > MAX_FORM_BYTES ? refusals.tooLarge : null;
  }
  // Cookie-authenticated writes come from our own pages (the API's requireSameSite agrees).
  if (!isSameSite(req)) return isApi ? refusals.crossSiteApi : refusals.crossSite;
  if (isApi) return null;

  // A page action: an HTML form of bounded size, nothing else.
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"]) return refusals.lengthRequired;
  if (UPLOAD_PATHS.has(path)) {
    if (Number(length) > MAX_UPLOAD_BYTES) return refusals.uploadTooLarge;
    return FORM_TYPES.has(type) || type === "multipart/form-data" ? null : refusals.unsupportedType;
  }
  if (Number(length) > MAX_FORM_BYTES) return refusals.tooLarge;
  // Even an empty body: an action's formData() throws without a form content type.
  if (!FORM_TYPES.has(type)) return refusals.unsupportedType;
  return null;
}

function refusalBody(refusal: Refusal, json: boolean) {
  if (json) return JSON.stringify({ message: refusal.message });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(refusal.title)} | Bandroom</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<main><h1>${escapeHtml(refusal.title)}</h1><p>${escapeHtml(refusal.message)}</p><p><a href="/">Go Home</a></p></main>
</body></html>
`;
}

/**
 * The page a form's JavaScript submission (`POST /songs/new.data`, Remix's single fetch)
 * was sent from, or null for any other request: the path without ".data" ("/_root.data"
 * is "/"), its query without Remix's own `index` and `_routes`.
 */
export function pageOfFormData(method: string | undefined, target: string) {
  if (method?.toUpperCase() !== "POST") return null;
  const url = new URL(target, "http://x");
  if (!url.pathname.endsWith(".data")) return null;
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
  // "/a/..//elsewhere.data" resolves to "//elsewhere", which a redirect would read as another host.
  if (path.startsWith("//")) return "/";
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  return `${path}${url.search}`;
}

/** The Referer's path and query when it is a page of this site, else null. */
function sameSitePage(req: http.IncomingMessage) {
  const referer = req.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    const ours = url.host === req.headers.host || url.origin === env.appOrigin;
    return ours && !url.pathname.endsWith(".data") ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

// Remix's client reads a .data answer as turbo-stream, whatever its status: the package's
// own copy, the one @remix-run/server-runtime encodes with (an import of "turbo-stream"
// would be a dependency of ours to keep in step).
const turboStream = createRequire(createRequire(import.meta.url).resolve("@remix-run/server-runtime"))("turbo-stream") as typeof import("turbo-stream");

/**
 * A form refused here for its size, sent with JavaScript: Remix's client cannot read a
 * plain 413 page as the action's answer and shows the 500 screen, and what was typed is
 * lost. The answer is a single-fetch redirect to the same page instead, with the refusal
 * as a toast: the page stays as it was, typed text included, and says why nothing was saved.
 */
async function formDataRefusal(page: string, refusal: Refusal) {
  const encoded = turboStream.encode({ redirect: page, status: 303, revalidate: true, reload: false, replace: true });
  const body = await new Response(encoded).text();
  const cookie = await toastHeader({ title: refusal.title, description: refusal.message, type: "destructive" });
  return { status: 202, body, headers: { "Content-Type": "text/x-script; charset=utf-8", "X-Remix-Response": "yes", "Set-Cookie": cookie } };
}

/** Answers with a plain page (JSON under /api), after reading and discarding any body so keep-alive survives. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal) {
  const formPage = refusal.status === 413 ? pageOfFormData(req.method, req.url ?? "/") : null;
  // Back where the person is: a fetcher's form posts to another route (an answer's to
  // /events/{id}/rsvp) than the page it sits on, which the browser names as the Referer.
  const page = formPage ? (sameSitePage(req) ?? formPage) : null;
  if (page) {
    const answer = formDataRefusal(page, refusal);
    // The redirect is encoded while the body drains; a failure to encode keeps the plain page.
    answer.catch(() => undefined);
    return drainThen(req, res, () =>
      answer.then(
        ({ status, body, headers }) => write(req, res, status, body, headers),
        () => write(req, res, refusal.status, refusalBody(refusal, false), { "Content-Type": "text/html; charset=utf-8", ...refusal.headers }),
      ),
    );
  }
  const json = (req.url ?? "").startsWith("/api/");
  const empty = refusal.status === 204;
  const body = empty ? "" : refusalBody(refusal, json);
  drainThen(req, res, () => write(req, res, refusal.status, body, empty ? refusal.headers ?? {} : { "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8", ...refusal.headers }));
}

function write(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: string, headers: Record<string, string>) {
  if (res.headersSent) return;
  res.writeHead(status, {
    ...(body ? { "Content-Length": Buffer.byteLength(body) } : {}),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Calls `send` once the request's body is read and thrown away (so keep-alive survives), or at once when it is too large to be worth reading (the connection then closes). */
function drainThen(req: http.IncomingMessage, res: http.ServerResponse, send: () => unknown) {
  const declared = Number(req.headers["content-length"] ?? 0);
  const hasBody = declared > 0 || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody || req.complete) return send();
  if (declared > MAX_DRAIN_BYTES) {
    // Not worth reading: answer, then close the connection.
    res.shouldKeepAlive = false;
    res.once("finish", () => req.socket.destroy());
    return send();
  }
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) {
      res.shouldKeepAlive = false;
      res.once("finish", () => req.socket.destroy());
      send();
    }
  });
  req.once("end", send);
  req.once("error", () => req.socket.destroy());
  req.resume();
}

/** HTTPS to us, or to the outermost proxy we trust (its X-Forwarded-Proto hop, read from the right). */
function isSecure(req: http.IncomingMessage) {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!env.trustProxy) return false;
  const raw = req.headers["x-forwarded-proto"];
  const protos = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",").map((p) => p.trim()).filter(Boolean);
  return protos.length > 0 && protos[Math.max(0, protos.length - env.trustProxyHops)] === "https";
}

const DEFAULTED = new Set(["cache-control", "x-content-type-options"]);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?bandroom_session=/;

/**
 * Response defaults set before any handler runs (a handler's own value wins):
 * - /api answers and anything a signed-in browser asks the app for (pages, .data) are
 *   never stored by a cache; static files keep their own caching;
 * - over HTTPS every cookie we set is Secure, the band, toast and flash cookies too.
 */
function applyResponseDefaults(req: http.IncomingMessage, res: http.ServerResponse) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  const path = (req.url ?? "/").split("?")[0]!;
  const isApi = path.startsWith("/api/");
  const isStatic = path.startsWith("/build/") || /\.(?!data$)[A-Za-z0-9]+$/.test(path);
  if (isApi || (!isStatic && SESSION_COOKIE.test(String(req.headers.cookie ?? "")))) res.setHeader("Cache-Control", "no-store");
  const secure = isSecure(req);
  const setHeader = res.setHeader;
  res.setHeader = function withDefaults(this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
    const lower = name.toLowerCase();
    // express's res.append() adds to our default: the handler's own value wins.
    if (DEFAULTED.has(lower) && Array.isArray(value) && value.length > 1) value = value[value.length - 1] as string;
    if (lower === "set-cookie" && secure) {
      const withSecure = (cookie: string) => (/;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
      value = typeof value === "number" ? value : typeof value === "string" ? withSecure(value) : value.map(withSecure);
    }
    return Reflect.apply(setHeader, this, [name, value]) as http.ServerResponse;
  } as typeof res.setHeader;
}

/**
 * Cookies the request's code queued (addResponseCookie: the band a form was opened for,
 * made current again) go out with whatever the response is, a page, data or a redirect
 * (Remix sends a document POST's redirect without entry.server), unless the response sets
 * that cookie itself (leaving a band clears it; that one wins). Through setHeader, so the
 * Secure flag is added as for every cookie.
 */
function withQueuedCookies(res: http.ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function withCookies(this: http.ServerResponse, ...args: unknown[]) {
    const queued = responseCookies();
    if (queued.length) {
      const current = this.getHeader("set-cookie");
      const set = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
      const added = queued.filter((cookie) => !set.some((existing) => existing.startsWith(`${cookie.split("=")[0]}=`)));
      if (added.length) this.setHeader("Set-Cookie", [...set, ...added]);
    }
    return Reflect.apply(writeHead, this, args) as http.ServerResponse;
  } as typeof res.writeHead;
}

/**
 * `?_data=` is Remix's pre-single-fetch data protocol; this app never sends it, and
 * Remix answers it with a logged warning and, for some routes, a 500. Dropped.
 */
export function withoutLegacyDataParam(url: string) {
  const at = url.indexOf("?");
  if (at < 0 || !/(?:^|&)_data(?:=|&|$)/.test(url.slice(at + 1))) return url;
  const kept = url
    .slice(at + 1)
    .split("&")
    .filter((part) => part.split("=")[0] !== "_data");
  return kept.length ? `${url.slice(0, at)}?${kept.join("&")}` : url.slice(0, at);
}

const marker = Symbol.for("bandroom.networkEdgeInstalled");
const proto = http.Server.prototype as http.Server & { [marker]?: boolean };

/** Idempotent; runs when the server build is imported, before remix-serve listens. */
export function installNetworkEdge() {
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function patchedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      const res = args[1] as http.ServerResponse;
      req.headers[PEER_HEADER] = clientAddressFrom(req.socket.remoteAddress, req.headers["x-forwarded-for"], env.trustProxyHops);
      // Only a proxy we trust may say which host the client asked for (express reads its port).
      if (!env.trustProxy) delete req.headers["x-forwarded-host"];
      applyResponseDefaults(req, res);
      // Remix answers HEAD on a .data URL with a 500; as GET it renders, and Node still
      // sends no body (the response decided that from the HEAD it was created for).
      if (req.method === "HEAD") req.method = "GET";
      req.url = withoutLegacyDataParam(req.url ?? "/");
      const refusal = refusalFor(req);
      if (refusal) {
        refuse(req, res, refusal);
        return true;
      }
      // A mail provider's one-click post carries its own Origin, which Remix's CSRF check
      // would answer with a 500; the action reads only the signed token.
      if (ONE_CLICK_PATHS.has((req.url ?? "").split("?")[0]!)) delete req.headers.origin;
      // The app's own public origin, behind a proxy that passes an internal Host: the
      // check above let it through, and it is ours. Remix's own check (Origin against Host)
      // would answer every form with a 500, and the app's cross-site check with a 403.
      else if (req.headers.origin === env.appOrigin && !originMatchesHost(req)) delete req.headers.origin;
      withQueuedCookies(res);
      // The root, layout and page loaders of this request share one memo (request-memo.server.ts).
      return runWithRequestMemo(() => Reflect.apply(emit, this, [event, ...args]) as boolean);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}
