import { hash, verify, type Algorithm } from "@node-rs/argon2";

// OWASP's argon2id parameters: m=19456 KiB, t=2, p=1. `Algorithm` is a const enum,
// which isolatedModules cannot read at runtime: 2 is its Argon2id member.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

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
