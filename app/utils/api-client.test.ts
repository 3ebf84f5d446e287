import { describe, expect, test, vi } from "vitest";
import { ApiError, apiMutation, apiQuery, apiRequest, retryDelay, shouldRetryQuery } from "./api-client";

type Call = { url: string; init: RequestInit };

function fakeFetch(responses: Array<() => Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses[Math.min(calls.length - 1, responses.length - 1)]!;
    return next();
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const text = (body: string, status: number, statusText = "") => () => new Response(body, { status, statusText });

describe("apiRequest", () => {
  test("always sends credentials, and JSON only when there is a body", async () => {
    const { fetch, calls } = fakeFetch([json({ ok: true }), json({ ok: true })]);
    await apiRequest("GET", "/api/bands", undefined, { fetch });
    await apiRequest("POST", "/api/bands", { name: "The Set" }, { fetch });
    expect(calls[0]!.init).toMatchObject({ method: "GET", credentials: "include", body: undefined, headers: {} });
    expect(calls[1]!.init).toMatchObject({ method: "POST", credentials: "include", body: '{"name":"The Set"}', headers: { "Content-Type": "application/json" } });
  });

  test('turns a non-OK answer into "<status>: <body text>"', async () => {
    const { fetch } = fakeFetch([text('{"message":"Band not found"}', 404)]);
    const error = await apiRequest("GET", "/api/bands/9", undefined, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Band not found"}');
    expect((error as ApiError).status).toBe(404);
  });

  test("uses the status text when the body is empty", async () => {
    const { fetch } = fakeFetch([text("", 503, "Service Unavailable")]);
    await expect(apiRequest("GET", "/api/bands", undefined, { fetch })).rejects.toThrow("503: Service Unavailable");
  });
});

describe("retry rules", () => {
  test("queries are not retried on 401 or Unauthorized, otherwise at most twice", () => {
    expect(shouldRetryQuery(0, new Error('401: {"message":"Unauthorized"}'))).toBe(false);
    expect(shouldRetryQuery(0, new Error("403: Unauthorized"))).toBe(false);
    expect(shouldRetryQuery(0, new Error("500: Internal Server Error"))).toBe(true);
    expect(shouldRetryQuery(1, new Error("500: Internal Server Error"))).toBe(true);
    expect(shouldRetryQuery(2, new Error("500: Internal Server Error"))).toBe(false);
  });

  test("the delay doubles from 1 s up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("apiQuery", () => {
  test("retries a failing query twice with doubling delays, then gives up", async () => {
    const { fetch, calls } = fakeFetch([text("boom", 500)]);
    const sleeps: number[] = [];
    const sleep = async (ms: number) => void sleeps.push(ms);
    await expect(apiQuery("/api/bands", { fetch, sleep })).rejects.toThrow("500: boom");
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  test("succeeds on a retry", async () => {
    const { fetch, calls } = fakeFetch([text("", 502, "Bad Gateway"), json([{ id: 1 }])]);
    await expect(apiQuery("/api/bands", { fetch, sleep: async () => {} })).resolves.toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(2);
  });

  test("does not retry a 401", async () => {
    const { fetch, calls } = fakeFetch([text('{"message":"Unauthorized"}', 401)]);
    await expect(apiQuery("/api/bands", { fetch, sleep: async () => {} })).rejects.toThrow("401:");
    expect(calls).toHaveLength(1);
  });

  test("reads a 401 as no result when asked to (the current-user query)", async () => {
    const { fetch, calls } = fakeFetch([text('{"message":"Unauthorized"}', 401)]);
    await expect(apiQuery("/api/auth/user", { fetch, on401: "returnNull" })).resolves.toBeNull();
    expect(calls[0]!.init).toMatchObject({ credentials: "include" });
  });
});

describe("apiMutation", () => {
  test("never retries", async () => {
    const { fetch, calls } = fakeFetch([text("boom", 500), json({})]);
    await expect(apiMutation("POST", "/api/auth/refresh-session", undefined, { fetch })).rejects.toThrow("500: boom");
    expect(calls).toHaveLength(1);
  });

  test("returns the parsed body, or null for an empty one", async () => {
    const { fetch } = fakeFetch([json({ preferredBandId: 3 }), () => new Response(null, { status: 204 })]);
    await expect(apiMutation("PATCH", "/api/user/preferred-band", { bandId: 3 }, { fetch })).resolves.toEqual({ preferredBandId: 3 });
    await expect(apiMutation("POST", "/api/auth/refresh-session", undefined, { fetch })).resolves.toBeNull();
  });
});
