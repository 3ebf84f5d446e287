import { randomToken, sha256 } from "./crypto.server";
import { RuleError } from "./rule-error";
import { db } from "./db.server";
import { redirectWithToast, type ToastInput } from "./toast.server";

/**
 * Posting a form once, whatever the network does: the page renders a fresh key into the
 * form (`submissionKey`), and the action claims it in the database before it saves. A
 * second post of the same form (a double tap without JavaScript, a resend after the
 * connection dropped) finds the claim and goes where the first one went. The claim is a
 * unique row, so two processes cannot both take it; it is let go when the save is refused,
 * so the corrected form can be sent again. Claims are kept a day.
 */
export const SUBMISSION_FIELD = "submissionKey";
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;

export function newSubmissionKey() {
  return randomToken(16);
}


export type Claim = { key: string | null; duplicate: false } | { key: string; duplicate: true; location: string | null };

/**
 * The form's key was already used for other values: the person went back, changed the
 * form and sent it again. Neither a repeat (dropped) nor surely a new entry (it may be
 * meant as a correction), so it is refused with this, and the page gives a fresh key.
 */
export const SENT_WITH_OTHER_VALUES = "This form was already recorded with other details, and this one was not. Check the list, then press the button again to record these details as well.";

/** What the form was sent with, apart from its key: a repeat has the same. */
function fingerprintOf(formData: FormData) {
  const fields = [...formData.entries()].filter(([name]) => name !== SUBMISSION_FIELD).map(([name, value]) => [name, typeof value === "string" ? value : `${value.name}:${value.size}`]);
  return sha256(JSON.stringify(fields));
}

/** The location of a claim whose first post is still saving: "pending:" and the claimer's nonce (a real location starts with "/"). */
const PENDING = "pending:";

/**
 * The claim rows under both guards, the forms' and /api's Idempotency-Key
 * (idempotency.server.ts). Every write runs in a transaction of its own: the connection is
 * shared, and a write outside one would join any other request's open transaction (and be
 * lost if that one rolled back). Taking a claim is an upsert, which never fails, so its
 * transaction never rolls back either; the row answers `location === value` only to the
 * call that made it. Claims older than a day are swept as new ones are taken.
 */
export function takeClaim(key: string, userId: string, value: string, fingerprint: string | null = null) {
  return db.$transaction(async (tx) => {
    await tx.formSubmission.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - KEEP_MS) } } });
    return tx.formSubmission.upsert({ where: { key }, create: { key, userId, location: value, fingerprint }, update: {}, select: { userId: true, location: true, fingerprint: true } });
  });
}

/** A claim as it stands (none: null), read without taking it. */
export function readClaim(key: string) {
  return db.formSubmission.findUnique({ where: { key }, select: { userId: true, location: true } });
}

/** Stores what a claim's first call answered (where it went, or its JSON answer). */
export async function settleClaim(key: string, location: string) {
  await db.$transaction((tx) => tx.formSubmission.updateMany({ where: { key }, data: { location } }));
}

/** Lets a claim go: its call was refused, and the corrected one may use the key. */
export async function dropClaim(key: string) {
  await db.$transaction((tx) => tx.formSubmission.deleteMany({ where: { key } }));
}

/** Claims the form's key for `userId`. A form without a (well-formed) key is not tracked. */
export async function claimSubmission(formData: FormData, userId: string): Promise<Claim> {
  const key = formData.get(SUBMISSION_FIELD);
  if (typeof key !== "string" || !KEY_SHAPE.test(key)) return { key: null, duplicate: false };
  const mine = `${PENDING}${randomToken(9)}`;
  const fingerprint = fingerprintOf(formData);
  const row = await takeClaim(key, userId, mine, fingerprint);
  if (row.location === mine) return { key, duplicate: false };
  // Someone else's key is no claim of this user's: not tracked.
  if (row.userId !== userId) return { key: null, duplicate: false };
  if (row.fingerprint !== fingerprint) throw new RuleError(409, SENT_WITH_OTHER_VALUES);
  return { key, duplicate: true, location: row.location?.startsWith(PENDING) ? null : row.location };
}

/** Records where the first post went, for a second one to follow. */
export async function completeSubmission(claim: Claim, location: string) {
  if (claim.key) await settleClaim(claim.key, location);
}

/** Lets the key go: the save was refused, and the corrected form will be sent again with it. */
export async function releaseSubmission(claim: Claim) {
  if (claim.key && !claim.duplicate) await dropClaim(claim.key);
}

/**
 * A save refused with the form's own reply (its field errors), thrown out of `savedOnce`'s
 * `save` so that the form's key is let go; the action catches it and answers `reply`.
 */
export class RefusedSave<Reply> {
  constructor(readonly reply: Reply) {}
}

const SENT_TWICE = { title: "Already recorded", description: "That form was sent twice: it is recorded once." };

type Saved = { location: string; toast: ToastInput; cookies?: string[] };

/**
 * Runs `save` once per rendered form and answers where it went, with its toast. A repeat
 * post of the same form answers where the first went (or `fallback` while the first is
 * still saving) with `repeated`, and records nothing. A refused save lets the key go and throws.
 */
export async function savedOnce(formData: FormData, userId: string, fallback: string, save: () => Promise<Saved>, repeated: ToastInput = SENT_TWICE): Promise<Saved> {
  const claim = await claimSubmission(formData, userId);
  if (claim.duplicate) return { location: claim.location ?? fallback, toast: repeated };
  let saved: Saved;
  try {
    saved = await save();
  } catch (error) {
    await releaseSubmission(claim);
    throw error;
  }
  // Saved: a claim that could not be settled (the database busy a moment) stays pending,
  // and a resend of the form still answers "Already recorded" rather than saving again.
  await completeSubmission(claim, saved.location).catch((error: unknown) => console.warn("A saved form's claim was not settled:", error instanceof Error ? error.message : error));
  return saved;
}

/** savedOnce, answered with a redirect where it went, with its toast. */
export async function saveOnce(formData: FormData, userId: string, fallback: string, save: () => Promise<Saved>) {
  const saved = await savedOnce(formData, userId, fallback, save);
  return redirectWithToast(saved.location, saved.toast, saved.cookies);
}
