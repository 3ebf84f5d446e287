/**
 * Naming the first platform admin, before anyone can open /admin to do it: the
 * ADMIN_EMAILS environment variable (comma-separated, applied by `npm start`) and
 * `npm run admin:grant -- someone@example.com`. Both only ever grant, are idempotent
 * (an address that is already an admin changes nothing and writes no entry), and are
 * audited as the system.
 */
import { z } from "zod";
import { db } from "~/utils/db.server";
import { recordAudit } from "~/features/audit/audit.server";

const EmailSchema = z.email();

/** The addresses of ADMIN_EMAILS, trimmed and lower-cased; a malformed entry is reported, not applied. */
export function parseAdminEmails(value: string | undefined) {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const valid = [...new Set(entries.filter((entry) => EmailSchema.safeParse(entry).success))];
  const invalid = entries.filter((entry) => !EmailSchema.safeParse(entry).success);
  return { valid, invalid };
}

export type GrantByEmailResult = "granted" | "already" | "unknown";

/** Makes the account with this address a platform admin, audited as `system`. */
export async function grantAdminByEmail(email: string, system: string): Promise<GrantByEmailResult> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true, isPlatformAdmin: true } });
    if (!user) return "unknown";
    if (user.isPlatformAdmin) return "already";
    await tx.user.update({ where: { id: user.id }, data: { isPlatformAdmin: true } });
    await recordAudit(tx, {
      actor: { system },
      action: "admin.grant",
      target: { type: "user", id: user.id, label: user.email },
      before: { isPlatformAdmin: false },
      after: { isPlatformAdmin: true },
    });
    return "granted";
  });
}

export const ADMIN_EMAILS_ACTOR = "ADMIN_EMAILS (at start)";

/**
 * Applies ADMIN_EMAILS at start. An address with no account yet is reported and applied
 * at a later start, once its owner has signed up. Returns what happened to each address.
 */
export async function applyAdminEmails(value: string | undefined) {
  const { valid, invalid } = parseAdminEmails(value);
  const outcome: Record<GrantByEmailResult, string[]> & { invalid: string[] } = { granted: [], already: [], unknown: [], invalid };
  for (const email of valid) outcome[await grantAdminByEmail(email, ADMIN_EMAILS_ACTOR)].push(email);
  return outcome;
}

/** The lines `npm start` prints about ADMIN_EMAILS (nothing when it is unset or changed nothing worth saying). */
export function describeAdminEmailsOutcome(outcome: Awaited<ReturnType<typeof applyAdminEmails>>) {
  const lines: string[] = [];
  if (outcome.granted.length) lines.push(`ADMIN_EMAILS: made ${outcome.granted.join(", ")} platform admin(s).`);
  if (outcome.unknown.length) lines.push(`ADMIN_EMAILS: no account yet for ${outcome.unknown.join(", ")}; sign up, then start again (or run npm run admin:grant).`);
  if (outcome.invalid.length) lines.push(`ADMIN_EMAILS: ignored ${outcome.invalid.map((entry) => JSON.stringify(entry)).join(", ")} (not an email address).`);
  return lines;
}
