import { data } from "@remix-run/node";
import { z } from "zod";

export const MAX_BODY_BYTES = 100 * 1024;

export type ApiErrorBody = { message: string; errors?: Record<string, string[]> };

export function apiError(status: number, message: string, errors?: Record<string, string[]>, headers?: HeadersInit) {
  const body: ApiErrorBody = errors ? { message, errors } : { message };
  return data(body, { status, headers });
}

/** Field errors keyed by dotted path; unknown keys are reported under their own name. */
export function fieldErrors(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const name = path.map(String).join(".") || "body";
      const message = issue.code === "unrecognized_keys" ? "Unknown field" : issue.message;
      (errors[name] ??= []).push(message);
    }
  }
  return errors;
}

/**
 * Reads a JSON body (at most 100 KB) and parses it with `schema`; throws a 400 answer
 * with field errors otherwise. Strict schemas reject unknown keys.
 */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw apiError(413, "Request body is too large");
  const text = await readLimited(request);
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      throw apiError(400, "Request body must be valid JSON");
    }
  }
  const result = schema.safeParse(json);
  if (!result.success) throw apiError(400, "Invalid request", fieldErrors(result.error));
  return result.data;
}

async function readLimited(request: Request) {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw apiError(413, "Request body is too large");
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Answers 405 for methods a resource route does not handle. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, "Method not allowed", undefined, { Allow: allowed.join(", ") });
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** A JSON Response from a returned or thrown `data()` (or a plain value); Responses pass through. */
export function toJsonResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) return Response.json(value.data, value.init ?? undefined);
  return Response.json(value ?? null);
}

/**
 * Wraps an /api loader or action. In Remix 2 with single fetch a resource route must
 * answer with a real Response: a returned `data()` loses its status and headers there
 * (a 401 goes out as 200) and a thrown one loses its body ("Unexpected Server Error").
 * This turns both, including what requireUser/requireBandPermission/parseJsonBody
 * throw, into the Response they describe.
 */
export function apiRoute<Args>(handler: (args: Args) => unknown) {
  return async (args: Args): Promise<Response> => {
    try {
      return toJsonResponse(await handler(args));
    } catch (thrown) {
      if (thrown instanceof Response || isDataWithInit(thrown)) return toJsonResponse(thrown);
      throw thrown;
    }
  };
}
