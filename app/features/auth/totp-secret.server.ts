import crypto from "node:crypto";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";

/**
 * Two-step (TOTP) secrets are sealed at rest with AES-256-GCM: a copy of the database or
 * a backup alone does not let anyone generate a user's codes. The 256-bit keys are
 * derived (HKDF-SHA256) from TOTP_ENCRYPTION_KEY, or from SESSION_SECRET when that is not
 * set; both take a comma-separated list, newest first. The first key seals; every key in
 * the list opens, so rotating is: put the new key first, keep the old one after it until
 * every row has been resealed (each row is resealed with the newest key when it is next
 * read, and `npm start` reseals every row), then drop the old one.
 *
 * Stored form: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). A plain base32 secret
 * written before sealing existed is still read, and sealed on the spot.
 */

type Key = { id: string; bytes: Buffer };

function deriveKey(secret: string): Key {
  const bytes = Buffer.from(crypto.hkdfSync("sha256", secret, "bandroom-totp-secret", "aes-256-gcm v1", 32));
  return { id: crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 8), bytes };
}

let cachedKeys: Key[] | undefined;
const keys = () => (cachedKeys ??= env.totpKeySecrets.map(deriveKey));

const PREFIX = "v1";
const LEGACY_PLAIN = /^[A-Z2-7]+=*$/;

/** Seals a base32 secret with the newest key. */
export function sealTotpSecret(secret: string) {
  const key = keys()[0]!;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key.bytes, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [PREFIX, key.id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** The secret, and whether the stored form should be resealed (legacy plain text or an older key). */
export function openTotpSecret(stored: string): { secret: string; stale: boolean } {
  if (LEGACY_PLAIN.test(stored)) return { secret: stored, stale: true };
  const [prefix, keyId, iv, tag, ciphertext] = stored.split(".");
  const index = keys().findIndex((key) => key.id === keyId);
  if (prefix !== PREFIX || !iv || !tag || !ciphertext || index < 0) {
    throw new Error("A two-step secret is sealed with a key this server does not have: keep the old key in TOTP_ENCRYPTION_KEY (or SESSION_SECRET) after the new one.");
  }
  const decipher = crypto.createDecipheriv("aes-256-gcm", keys()[index]!.bytes, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const secret = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  return { secret, stale: index > 0 };
}

/** Opens a user's stored secret, resealing it with the newest key when it is stale. */
export async function readTotpSecret(userId: string, stored: string) {
  const { secret, stale } = openTotpSecret(stored);
  if (stale) await db.totpFactor.updateMany({ where: { userId, secret: stored }, data: { secret: sealTotpSecret(secret) } });
  return secret;
}

/** Reseals every stale row (plain text from before sealing, or an older key); `npm start` runs it. */
export async function resealTotpSecrets() {
  const rows = await db.totpFactor.findMany({ select: { userId: true, secret: true } });
  let resealed = 0;
  for (const row of rows) {
    let stale = false;
    try {
      stale = openTotpSecret(row.secret).stale;
    } catch {
      continue; // a key we do not have: left as it is (reading it says so clearly)
    }
    if (stale) {
      await readTotpSecret(row.userId, row.secret);
      resealed++;
    }
  }
  return resealed;
}
