/**
 * The audit log: one append-only record of every platform-admin action and every change
 * of role, membership, billing tier and money (issue 10). Area modules call
 * `recordAudit` with the transaction client that makes the change, so the entry and the
 * change are written together or not at all; nothing here ever updates or deletes a row.
 *
 * Actions are named "<area>.<verb>" (see AUDIT_ACTIONS); `before` and `after` hold the
 * values that changed (JSON), so an entry reads on its own after the target is gone.
 */
import { db } from "~/utils/db.server";
import { pageWindow, type PageInfo } from "~/utils/pagination";
import { grantIn, type BandAccess } from "~/features/bands/access.server";

/** Every action the log knows, with how the admin pages and band settings describe it. */
export const AUDIT_ACTIONS = {
  // Platform admin (issue 10)
  "admin.grant": "Made a platform admin",
  "admin.revoke": "Removed platform admin",
  "user.disable": "Disabled an account",
  "user.enable": "Re-enabled an account",
  "user.resend-verification": "Resent the verification email",
  "user.email": "Changed their sign-in email",
  // Billing (issue 9)
  "band.tier": "Changed the band's plan",
  "band.duplicate-subscription": "Cancelled a second Pro subscription (its payment is due back)",
  // Members (issue 3, audited from issue 10 on)
  "member.role": "Changed a member's role",
  "member.remove": "Removed a member",
  "member.leave": "Left the band",
  "member.join": "Joined the band",
  "member.leadership": "Transferred band leadership",
  // Bands and accounts deleted: the entries outlive them (platform admins read them)
  "band.delete": "Deleted the band",
  "account.delete": "Deleted their account",
  // Money (issue 9)
  "money.payment": "Recorded a payment",
  "money.expense": "Recorded an expense",
  "money.payout": "Recorded a payout",
  "money.split": "Split a payment",
  "money.reversal": "Reversed an entry",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Who did it: a signed-in user, or the system (a Stripe webhook, ADMIN_EMAILS at start). */
export type AuditActor = { id: string; firstName: string; lastName?: string | null; email: string } | { system: string };

export type AuditInput = {
  actor: AuditActor;
  action: AuditAction;
  /** The band the change belongs to: its leader sees the entry in /settings. */
  bandId?: number | null;
  target: { type: string; id: string | number; label: string };
  before?: unknown;
  after?: unknown;
};

/** A Prisma client or the transaction client `db.$transaction` hands its callback. */
type AuditWriter = Pick<typeof db, "auditEntry">;

export function actorLabel(actor: AuditActor) {
  if ("system" in actor) return actor.system;
  const name = [actor.firstName, actor.lastName].filter(Boolean).join(" ");
  return name ? `${name} <${actor.email}>` : actor.email;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Records one change. Pass the transaction client that makes the change. */
export async function recordAudit(writer: AuditWriter, input: AuditInput) {
  await writer.auditEntry.create({
    data: {
      actorId: "system" in input.actor ? null : input.actor.id,
      actorLabel: actorLabel(input.actor),
      action: input.action,
      bandId: input.bandId ?? null,
      targetType: input.target.type,
      targetId: String(input.target.id),
      targetLabel: input.target.label,
      before: json(input.before),
      after: json(input.after),
    },
  });
}

export type AuditEntryView = {
  id: number;
  createdAt: Date;
  actorLabel: string;
  action: string;
  description: string;
  bandId: number | null;
  targetType: string;
  targetId: string;
  targetLabel: string;
  before: unknown;
  after: unknown;
};

function parseJson(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export function describeAction(action: string) {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

export const AUDIT_PER_PAGE = 50;

/**
 * A page of the log, newest first: the whole platform's (admin pages) or one band's (its
 * leader's settings). Callers check who may read it; this only reads.
 */
export async function listAuditEntries(filter: { bandId?: number }, requestedPage = 1): Promise<{ entries: AuditEntryView[] } & PageInfo> {
  const where = filter.bandId === undefined ? {} : { bandId: filter.bandId };
  const total = await db.auditEntry.count({ where });
  const { skip, take, info } = pageWindow(total, requestedPage, AUDIT_PER_PAGE);
  const rows = await db.auditEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take });
  return {
    entries: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      actorLabel: row.actorLabel,
      action: row.action,
      description: describeAction(row.action),
      bandId: row.bandId,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      before: parseJson(row.before),
      after: parseJson(row.after),
    })),
    ...info,
  };
}

/** The currency and name of each band the entries name (the platform log shows amounts in each band's own currency and says whose a member's entry is): one query. */
export async function bandsOfEntries(entries: { bandId: number | null }[]) {
  const ids = [...new Set(entries.flatMap((entry) => (entry.bandId === null ? [] : [entry.bandId])))];
  const bands = await db.band.findMany({ where: { id: { in: ids } }, select: { id: true, currency: true, name: true } });
  return { currencyOf: new Map(bands.map((band) => [band.id, band.currency])), bandNameOf: new Map(bands.map((band) => [band.id, band.name])) };
}

/** The band's own entries for a member whose role may read them (band:audit, its leaders); null for anyone else. */
export async function listBandAuditEntries(access: Pick<BandAccess, "band" | "membership">, requestedPage = 1) {
  if (!grantIn(access, "band:audit")) return null;
  return listAuditEntries({ bandId: access.band.id }, requestedPage);
}
