import crypto from "node:crypto";

/** A random token of `bytes` bytes (default 32 = 256 bits), URL-safe. */
export function randomToken(bytes = 32) {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Tokens and session ids are stored only as their SHA-256, never in the clear. */
export function hashToken(token: string) {
  return sha256(token);
}

/** The SHA-256 of `text`, in hex. */
export function sha256(text: string) {
  return crypto.createHash("sha256").update(text).digest("hex");
}
