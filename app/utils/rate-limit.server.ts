/**
 * Fixed-window counters held in this process. One `remix-serve` process serves an
 * install; several processes behind a balancer would need a shared store (the
 * database or Redis) behind the same interface. See docs/decisions/0004-rate-limits.md.
 */
type Window = { count: number; resetAt: number };

const windows = new Map<string, Window>();

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export type RateLimitResult = {
  ok: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
};

function current(key: string, windowMs: number, now: number) {
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + windowMs };
    windows.set(key, window);
  }
  return window;
}

function result(rule: RateLimitRule, window: Window, now: number): RateLimitResult {
  return {
    ok: window.count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - window.count),
    resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
  };
}

/** Counts one attempt against `rule` for `subject` and says whether it is allowed. */
export function hit(rule: RateLimitRule, subject: string, now = Date.now()) {
  const window = current(`${rule.name}:${subject}`, rule.windowMs, now);
  window.count += 1;
  return result(rule, window, now);
}

/** Reads a counter without counting (e.g. failures recorded elsewhere). */
export function peek(rule: RateLimitRule, subject: string, now = Date.now()) {
  const window = current(`${rule.name}:${subject}`, rule.windowMs, now);
  return { ...result(rule, window, now), ok: window.count < rule.limit };
}

export function reset(rule: RateLimitRule, subject: string) {
  windows.delete(`${rule.name}:${subject}`);
}

/** For tests: forget every counter. */
export function resetAllRateLimits() {
  windows.clear();
}

// Opportunistic sweep so the map does not grow without bound.
setInterval(() => {
  const now = Date.now();
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}, 60_000).unref();

/** How long to wait, in the words every refusal uses: "45 seconds", "4 minutes". */
export function waitWords(resetSeconds: number) {
  return resetSeconds < 90 ? `${resetSeconds} seconds` : `${Math.ceil(resetSeconds / 60)} minutes`;
}

/** IETF draft RateLimit headers (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSeconds),
  };
  if (!result.ok) headers["Retry-After"] = String(result.resetSeconds);
  return headers;
}

const RATE_LIMIT_HEADER_NAMES = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"];

/**
 * A page route's `headers` export: the RateLimit headers its action answered with (a
 * refused sign-in). A document response carries only what a route's `headers` gives it,
 * so without this a page's 429 went out bare while /api's said when to try again.
 */
export function actionRateLimitHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const headers = new Headers();
  for (const name of RATE_LIMIT_HEADER_NAMES) {
    const value = actionHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}
