/**
 * The browser's calls to /api (spec section 7): cookies always sent, a JSON body only
 * when there is one, and every non-OK answer turned into an Error whose message is
 * "<status>: <body text or status text>". Queries retry (section 8/9); mutations never do.
 */
import { QUERY_RETRIES, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from "./client-constants";

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function throwIfNotOk(response: Response) {
  if (response.ok) return;
  const text = (await response.text().catch(() => "")) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`);
}

type FetchLike = typeof fetch;

/** One call, no retries. */
export async function apiRequest(method: string, url: string, body?: unknown, options: { fetch?: FetchLike; signal?: AbortSignal } = {}) {
  const doFetch = options.fetch ?? fetch;
  const hasBody = body !== undefined;
  const response = await doFetch(url, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json" } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** Not retried when the message names 401 or Unauthorized; otherwise up to QUERY_RETRIES more tries. */
export function shouldRetryQuery(failureCount: number, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("401") || message.includes("Unauthorized")) return false;
  return failureCount < QUERY_RETRIES;
}

/** 1 s, 2 s, 4 s… capped at 30 s; `attempt` counts from 0. */
export function retryDelay(attempt: number) {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

type QueryOptions = {
  /** "returnNull" reads a 401 as "nothing here" (GET /api/auth/user: no user). */
  on401?: "throw" | "returnNull";
  fetch?: FetchLike;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** GET `url` and parse its JSON, retrying by the rules above. */
export async function apiQuery<T>(url: string, options: QueryOptions = {}): Promise<T | null> {
  const sleep = options.sleep ?? wait;
  for (let failures = 0; ; failures++) {
    try {
      if (options.on401 === "returnNull") {
        const doFetch = options.fetch ?? fetch;
        const response = await doFetch(url, { method: "GET", credentials: "include", signal: options.signal });
        if (response.status === 401) return null;
        await throwIfNotOk(response);
        return (await response.json()) as T;
      }
      const response = await apiRequest("GET", url, undefined, options);
      return (await response.json()) as T;
    } catch (error) {
      if (options.signal?.aborted || !shouldRetryQuery(failures, error)) throw error;
      await sleep(retryDelay(failures));
    }
  }
}

/** POST/PATCH/DELETE: exactly one try. */
export async function apiMutation<T = unknown>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown, options: { fetch?: FetchLike } = {}): Promise<T | null> {
  const response = await apiRequest(method, url, body, options);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}
