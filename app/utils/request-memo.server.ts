import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A memo for one HTTP request, so the root, the layout and the page loaders of a document
 * (or of one client navigation) resolve the session, the user and the band list once.
 *
 * Remix does not hand its loaders one shared Request: it builds a fresh Request per
 * loader (to strip its internal search params), so a WeakMap keyed by the Request would
 * never hit. What the loaders share is the asynchronous context of the HTTP request, so
 * the memo lives in an AsyncLocalStorage entered when the server receives the request
 * (by installNetworkEdge() in network-edge.server.ts). Code run outside a server
 * request (tests calling a loader) falls back to a memo keyed by the Request object.
 *
 * Only reads are memoized: an action may change what it read (leave a band, switch band),
 * and a document POST runs its action and then the page's loaders in the same HTTP
 * request; those loaders see GET Requests and so load afresh after the action.
 * See docs/decisions/0007-band-access.md.
 */
type Store = Map<string, Promise<unknown>>;

const storage = new AsyncLocalStorage<Store>();
const byRequest = new WeakMap<Request, Store>();
const READS = new Set(["GET", "HEAD"]);

/** Runs `fn` with a fresh request memo (what the server does for each HTTP request). */
export function runWithRequestMemo<T>(fn: () => T): T {
  return storage.run(new Map(), fn);
}

/**
 * `compute()` once per request and key; later calls in the same request get the same
 * promise. The key includes the request's cookies, so nothing crosses between callers.
 */
export function requestMemo<T>(request: Request, key: string, compute: () => Promise<T>): Promise<T> {
  if (!READS.has(request.method.toUpperCase())) return compute();
  let store = storage.getStore();
  if (!store) {
    store = byRequest.get(request) ?? new Map();
    byRequest.set(request, store);
  }
  const fullKey = `${key}\n${request.headers.get("cookie") ?? ""}`;
  let value = store.get(fullKey) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    store.set(fullKey, value);
  }
  return value;
}

/**
 * What an action leaves for the loaders that draw the page after it in the same HTTP
 * request (a document POST), and the cookies for that request's response: kept beside the
 * memo, per request. Outside a server request (tests calling a route) there are none.
 */
type Aside = { notes: Map<string, unknown>; cookies: string[] };
const asides = new WeakMap<Store, Aside>();

function aside(): Aside | undefined {
  const store = storage.getStore();
  if (!store) return undefined;
  let found = asides.get(store);
  if (!found) asides.set(store, (found = { notes: new Map(), cookies: [] }));
  return found;
}

export function setRequestNote(key: string, value: unknown) {
  aside()?.notes.set(key, value);
}

export function requestNote<T>(key: string): T | undefined {
  return aside()?.notes.get(key) as T | undefined;
}

/** A Set-Cookie header for this request's response, whatever it is (network-edge.server.ts adds them as its headers go out). */
export function addResponseCookie(cookie: string) {
  aside()?.cookies.push(cookie);
}

export function responseCookies(): string[] {
  return aside()?.cookies ?? [];
}
