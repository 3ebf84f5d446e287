import { data } from "@remix-run/node";
import { z } from "zod";
import { hit, rateLimitHeaders, type RateLimitRule } from "./rate-limit.server";
import { clientAddress } from "./request.server";
import { RuleError } from "./rule-error";

export const MAX_BODY_BYTES = 100 * 1024;

export type ApiErrorBody = { message: string; errors?: Record<string, string[]> };

export function apiError(status: number, message: string, errors?: Record<string, string[]>, headers?: HeadersInit) {
  const body: ApiErrorBody = errors ? { message, errors } : { message };
  return data(body, { status, headers });
}

/** Field errors keyed by dotted path; unknown keys are reported under their own name. */
export function fieldErrors(error: z.ZodError) {
  // No prototype: a field named "toString", "constructor" or "__proto__" is just a key.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const name = path.map(String).join(".") || "body";
      const message = issue.code === "unrecognized_keys" ? "Unknown field" : issue.message;
      // The same message twice for one field (a value that fails two checks alike) is said once.
      const said = (errors[name] ??= []);
      if (!said.includes(message)) said.push(message);
    }
  }
  return errors;
}

export const NOT_AN_OBJECT = "Request body must be a JSON object";
export const NOT_JSON = "Request body must be valid JSON";

export const NOT_JSON_TYPE = "Send the body as JSON, with Content-Type: application/json";

/**
 * Whether a body's Content-Type is one `types` names (or a JSON one, "…+json"), or none. A
 * form of another site can post text/plain, a urlencoded or a multipart body without
 * asking first, but never application/json (that takes a CORS preflight, which this
 * server does not grant): refusing the others keeps every cookie-authenticated /api write
 * out of reach of a cross-site form, even from a browser too old to send Origin. A body
 * with no type at all is what a script or a command-line client sends (Python's
 * `requests` with `data=`); a page of another site can send one only with fetch, and
 * every browser with fetch sends Origin, which the edge checks first (docs/decisions/0002).
 */
function isJsonType(request: Request, types: readonly string[]) {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return !type || types.includes(type) || type.endsWith("+json");
}

/**
 * Reads a JSON body (at most 100 KB) and parses it with `schema`; throws a 400 answer
 * with field errors otherwise (415 for a body that is not declared JSON). Strict schemas
 * reject unknown keys.
 */
/** A PATCH that names no field to change (only its version) is refused rather than bumping the version for nothing. */
export const NOTHING_TO_CHANGE = "Send at least one field to change";

export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T, { types = ["application/json"] }: { types?: readonly string[] } = {}): Promise<z.infer<T>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) {
    // Read and dropped, as readLimited does past its limit: unread, the client's next request on
    // the same connection was reset. Past what is worth reading, the connection is closed, said.
    const drained = declared <= DRAIN_BYTES && request.body ? await drain(request.body.getReader(), 0) : false;
    throw tooLarge(drained);
  }
  const text = await readLimited(request);
  if (text.trim() && !isJsonType(request, types)) throw apiError(415, NOT_JSON_TYPE);
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      throw apiError(400, NOT_JSON, { body: [NOT_JSON] });
    }
  }
  // Every /api body is an object. An array, null or a bare value is refused as a whole,
  // before the schema, whose cross-field checks would add stray errors under fields the
  // client never sent (a `[]` event got "Enter a date like 2026-11-20").
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw apiError(400, "Invalid request", { body: [NOT_AN_OBJECT] });
  const result = schema.safeParse(json);
  if (!result.success) throw apiError(400, "Invalid request", fieldErrors(result.error));
  return result.data;
}

/** How much of a body answered before it was read (a 404, a 429) is read and dropped to keep the connection. */
const EARLY_DRAIN_BYTES = 1024 * 1024;

/** How much of an over-long body is read (and dropped) so that the client gets its 413. */
const DRAIN_BYTES = 8 * 1024 * 1024;

/** The body as text, refused with a 413 beyond `maxBytes` (read in chunks: a missing or false Content-Length proves nothing). */
export async function readLimited(request: Request, maxBytes = MAX_BODY_BYTES) {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw tooLarge(await drain(reader, size));
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Reads the rest of a refused body and drops it: a client still sending when the server
 * stops reading gets its connection reset, and never sees the 413. Beyond a few megabytes
 * it is not worth the bandwidth, and the connection is cut; a client that gives up
 * mid-way changes nothing (the answer is still the 413, whoever reads it).
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number, limit = DRAIN_BYTES) {
  try {
    for (let drained = alreadyRead; drained <= limit; ) {
      const next = await reader.read();
      if (next.done) return true;
      drained += next.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away.
  }
  return false;
}

/** The 413; when the body was not read to its end, the connection closes after it (said, so the client opens a new one). */
function tooLarge(drained: boolean) {
  return apiError(413, "Request body is too large", undefined, drained ? undefined : { Connection: "close" });
}

/** Answers 405 for methods a resource route does not handle. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, "Method not allowed", undefined, { Allow: allowed.join(", ") });
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** A RuleError as the API's error body: 400 with field errors, else its status with its message. */
export function ruleErrorJson(error: RuleError) {
  const message = error.apiMessage ?? error.message;
  if (error.status === 400 && error.field) return apiError(400, "Invalid request", { [error.field]: [message] }, error.headers);
  return apiError(error.status, message, undefined, error.headers);
}

/**
 * Wraps the loader or action of a resource route outside /api (a download, a form's
 * target): what it throws or returns as `data()` (requireBandAccess's 403 and 404, a
 * "Setlist not found") goes out with its status, headers and message as JSON. Without
 * it, Remix 2 with single fetch answers a thrown `data()` from a resource route with
 * "Unexpected Server Error". Unexpected failures stay Remix's (logged, 500).
 */
export function resourceRoute<Args>(handler: (args: Args) => unknown) {
  return async (args: Args): Promise<Response> => {
    try {
      return toJsonResponse(await handler(args));
    } catch (thrown) {
      if (thrown instanceof Response || isDataWithInit(thrown)) return toJsonResponse(thrown);
      throw thrown;
    }
  };
}

/** A JSON Response from a returned or thrown `data()` (or a plain value); Responses pass through. */
export function toJsonResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) return Response.json(value.data, value.init ?? undefined);
  return Response.json(value ?? null);
}

/** Every /api endpoint, per client address: generous for a band sharing one venue's Wi-Fi. */
export const API_RATE_LIMIT: RateLimitRule = { name: "api", limit: 300, windowMs: 60_000 };

/**
 * Wraps an /api loader or action, and is the one place every endpoint passes through:
 * - the general rate limit (429 with RateLimit-* headers; auth endpoints add their own);
 * - in Remix 2 with single fetch a resource route must answer with a real Response: a
 *   returned `data()` loses its status and headers there (a 401 goes out as 200) and a
 *   thrown one loses its body ("Unexpected Server Error"). This turns both, including
 *   what requireUser/requireBandAccess/parseJsonBody throw, into the Response they
 *   describe, and a RuleError from an area module into its JSON error;
 * - an unexpected failure is logged and answered as JSON, never as a stack trace.
 */
export function apiRoute<Args extends { request: Request }>(handler: (args: Args) => unknown) {
  return async (args: Args): Promise<Response> => readToTheEnd(args.request, await answer(handler, args));
}

async function answer<Args extends { request: Request }>(handler: (args: Args) => unknown, args: Args): Promise<Response> {
  const limit = hit(API_RATE_LIMIT, clientAddress(args.request));
  if (!limit.ok) {
    return toJsonResponse(apiError(429, "Too many requests. Please slow down and try again shortly.", undefined, rateLimitHeaders(limit)));
  }
  try {
    return toJsonResponse(await handler(args));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return toJsonResponse(thrown);
    if (thrown instanceof RuleError) return toJsonResponse(ruleErrorJson(thrown));
    console.error(thrown);
    return toJsonResponse(apiError(500, "Something went wrong on our side. Please try again."));
  }
}

/**
 * An answer given before the body was read (a 404 for another band's event, a 405, a 401,
 * the rate limit's 429): the body is read and dropped, as parseJsonBody does for its 413,
 * or the client's next request on the same kept-alive connection hung and was reset.
 * Past what is worth reading, the connection closes after the answer, said.
 */
async function readToTheEnd(request: Request, response: Response) {
  if (!request.body || request.bodyUsed || request.body.locked || response.headers.get("Connection") === "close") return response;
  // Up to 1 MB (a throttled client's 8 MB is not read for its 429); past it, the connection closes.
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared <= EARLY_DRAIN_BYTES && (await drain(request.body.getReader(), 0, EARLY_DRAIN_BYTES))) return response;
  const closing = new Response(response.body, response);
  closing.headers.set("Connection", "close");
  return closing;
}
