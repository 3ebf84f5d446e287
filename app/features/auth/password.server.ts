import { hash, verify, Algorithm } from "@node-rs/argon2";

// OWASP's argon2id parameters: m=19456 KiB, t=2, p=1.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string) {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash() {
  dummyHash ??= hashPassword("not-a-real-password-Aa1");
  return dummyHash;
}
