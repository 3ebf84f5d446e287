import crypto from "node:crypto";
import { data } from "@remix-run/node";
import { apiError } from "./api.server";
import { sha256 } from "./crypto.server";
import { dropClaim, readClaim, settleClaim, takeClaim } from "./form-submission.server";

/**
 * `Idempotency-Key` for the /api calls that record money: a client that retries a POST
 * whose answer it never got (a timeout, a dropped connection on a phone) sends the same
 * key, and gets the first call's answer back instead of recording the money twice. The
 * forms have the same guard in their own way (form-submission.server.ts); this one keeps
 * its claims in the same table, as a unique row, so two processes cannot both record.
 * A key is the caller's, for one band and one endpoint, and is kept a day. A refused call
 * (bad input, a rule) lets its key go, so the corrected call can use it.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Visible ASCII, as the IETF draft and the payment providers take it. */
const KEY_SHAPE = /^[\x21-\x7E]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  shape: "Send an Idempotency-Key of 1 to 255 letters, digits or other visible ASCII characters",
  inProgress: "A request with this Idempotency-Key is still being recorded. Try again in a moment.",
  reused: "This Idempotency-Key was already used for a different request",
};

type Claim = { request: string; nonce?: string; status?: number; body?: unknown };

type Scope = { userId: string; bandId: number; endpoint: string };

const claimKey = (scope: Scope, given: string) => `api:${sha256(`${scope.userId}\n${scope.bandId}\n${scope.endpoint}\n${given}`)}`;

/** The first call's answer, again. */
const replay = (claim: Claim) => data(claim.body, { status: claim.status, headers: { "Idempotent-Replayed": "true" } });

/**
 * The first call's answer to a retry of a call already recorded (the same key and input),
 * else null: for a caller the call would now be refused to (the band no longer Pro, a role
 * lost since), who must still learn that their money was recorded, not that it was not.
 */
export async function earlierAnswer(request: Request, scope: Scope, input: unknown) {
  const given = request.headers.get(IDEMPOTENCY_HEADER);
  if (given === null || !KEY_SHAPE.test(given)) return null;
  const row = await readClaim(claimKey(scope, given));
  const claim = JSON.parse(row?.location ?? "{}") as Claim;
  if (row?.userId !== scope.userId || claim.request !== sha256(JSON.stringify(input)) || claim.status === undefined) return null;
  return replay(claim);
}

/**
 * Runs `create` once per `Idempotency-Key` (when the request has one) and answers 201 with
 * what it returns. The same key again answers the first call's status and body (with
 * `Idempotent-Replayed: true`); 409 while the first is still running; 422 when the key
 * came with a different `input`. Without the header, `create` runs as usual.
 */
export async function createOnce(request: Request, scope: Scope, input: unknown, create: () => Promise<unknown>) {
  const given = request.headers.get(IDEMPOTENCY_HEADER);
  if (given === null) return data(await create(), { status: 201 });
  if (!KEY_SHAPE.test(given)) throw apiError(400, "Invalid request", { [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MESSAGES.shape] });
  const key = claimKey(scope, given);
  const fingerprint = sha256(JSON.stringify(input));
  // The row holds this call's request and a nonce until it answers (form-submission.server.ts).
  const mine = JSON.stringify({ request: fingerprint, nonce: crypto.randomUUID() } satisfies Claim);
  const row = await takeClaim(key, scope.userId, mine);
  if (row.location !== mine) {
    const claim = JSON.parse(row.location ?? "{}") as Claim;
    if (claim.request !== fingerprint) throw apiError(422, IDEMPOTENCY_MESSAGES.reused);
    if (claim.status === undefined) throw apiError(409, IDEMPOTENCY_MESSAGES.inProgress);
    return replay(claim);
  }
  let body: unknown;
  try {
    body = await create();
  } catch (error) {
    await dropClaim(key);
    throw error;
  }
  await settleClaim(key, JSON.stringify({ request: fingerprint, status: 201, body } satisfies Claim));
  return data(body, { status: 201 });
}
