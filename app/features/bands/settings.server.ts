import { db } from "~/utils/db.server";
import { keepAllDayDates } from "~/features/events/events.server";
import { endBillingOfBands } from "~/features/billing/billing.server";
import { ROLES, can } from "~/features/members/permissions";
import { displayName } from "~/utils/names";
import { listBandsForUser, resolveCurrentBand, setPreferredBand } from "./bands.server";
import type { BandSettingsInput, BandSettingsRules } from "./settings-schema";
import { currentZoneName } from "./time-zone-names";
import { grantIn, type BandAccess } from "./access.server";
import type { CurrentUser } from "~/features/auth/auth.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import type { Prisma } from "~/generated/prisma/client";

/**
 * The audit log's entry for a band deleted (from its settings, or with the account of its
 * only member), written in the deleting transaction before the band goes: its name, plan
 * and how many members, events, songs and money entries went with it.
 */
export async function recordBandDeletion(tx: Prisma.TransactionClient, bandId: number, actor: AuditActor) {
  const band = await tx.band.findUnique({
    where: { id: bandId },
    select: {
      name: true,
      subscriptionTier: true,
      _count: { select: { memberships: { where: { bandId } }, events: { where: { bandId } }, songs: { where: { bandId } }, ledger: { where: { bandId } } } },
    },
  });
  if (!band) return;
  const { memberships, events, songs, ledger } = band._count;
  await recordAudit(tx, {
    actor,
    action: "band.delete",
    bandId,
    target: { type: "band", id: bandId, label: band.name },
    before: { name: band.name, tier: band.subscriptionTier, members: memberships, events, songs, moneyEntries: ledger },
    after: null,
  });
}

/**
 * Every IANA zone this server knows, by its current name (ICU still lists some under
 * names the tz database has retired: Asia/Calcutta for Asia/Kolkata). Intl lists only
 * canonical zones, which leaves out "UTC", the default of every new band, so it leads
 * the list. A stored zone the list no longer has (renamed by a tz update) stays
 * choosable, so saving the name alone never fails on it.
 */
export function timeZoneOptions(current?: string) {
  const named = Intl.supportedValuesOf("timeZone").map(currentZoneName).filter((zone) => zone !== "UTC");
  const zones = ["UTC", ...named.sort()];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

const currencyNames = new Intl.DisplayNames(["en"], { type: "currency", fallback: "code" });

/**
 * Codes Intl knows that no band is paid in: units of account (XDR, XSU) and currencies
 * since replaced (HRK by EUR, SLL by SLE, ZWL by ZWG, ANG by XCG; CUC withdrawn).
 */
const NOT_OFFERED = new Set(["XDR", "XSU", "HRK", "SLL", "ZWL", "ANG", "CUC"]);

/** ISO 4217 codes this server can format and bands are paid in, labelled for people ("EUR · Euro"); a band's own code always stays. */
export function currencyOptions(current?: string) {
  const codes = Intl.supportedValuesOf("currency").filter((code) => !NOT_OFFERED.has(code));
  const all = current && !codes.includes(current) ? [current, ...codes] : codes;
  return all.map((code) => {
    const name = currencyNames.of(code);
    return { code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}

/** Has the band recorded any money (a ledger entry of any kind)? Then its currency is fixed. */
export async function hasRecordedMoney(bandId: number) {
  return Boolean(await db.ledgerEntry.findFirst({ where: { bandId }, select: { id: true } }));
}

/** The band's editable settings and the rules its form is checked against. */
export async function getBandSettings(bandId: number) {
  const band = await db.band.findUnique({
    where: { id: bandId },
    select: { id: true, name: true, timeZone: true, currency: true, subscriptionTier: true, settingsVersion: true },
  });
  if (!band) return null;
  const moneyRecorded = await hasRecordedMoney(bandId);
  // A zone saved under a name since retired (Asia/Calcutta) shows, and saves, as its current one.
  band.timeZone = currentZoneName(band.timeZone);
  const rules: BandSettingsRules = {
    timeZones: timeZoneOptions(band.timeZone),
    currencies: currencyOptions(band.currency).map((option) => option.code),
    currentCurrency: band.currency,
    moneyRecorded,
  };
  return { band, rules };
}

export type UpdateBandResult = { status: "saved"; name: string } | { status: "currency-locked" } | { status: "not-found" } | { status: "stale" };

/**
 * Saves name, time zone and currency. The money check runs again inside the write
 * transaction, so a payment recorded while the form was open still locks the currency;
 * a form made from an older version (`settingsVersion`) is "stale" and saves nothing.
 */
export async function updateBandSettings(bandId: number, input: BandSettingsInput): Promise<UpdateBandResult> {
  return db.$transaction(async (tx) => {
    const band = await tx.band.findUnique({ where: { id: bandId }, select: { name: true, currency: true, settingsVersion: true, timeZone: true } });
    if (!band) return { status: "not-found" } as const;
    // Made from an older version: someone else saved since, and this would undo their change.
    if (input.settingsVersion !== undefined && input.settingsVersion !== band.settingsVersion) return { status: "stale" } as const;
    // Saved as it is: nothing to write, and another leader's open form stays current.
    if (input.name === band.name && input.timeZone === band.timeZone && input.currency === band.currency) return { status: "saved", name: band.name } as const;
    if (input.currency !== band.currency) {
      if ((await tx.ledgerEntry.count({ where: { bandId } })) > 0) return { status: "currency-locked" } as const;
    }
    const saved = await tx.band.update({
      where: { id: bandId },
      data: { name: input.name, timeZone: input.timeZone, currency: input.currency, settingsVersion: { increment: 1 } },
      select: { name: true },
    });
    // All-day events stay on their dates in the new zone (timed ones keep their moment).
    await keepAllDayDates(tx, bandId, band.timeZone, input.timeZone);
    return { status: "saved", name: saved.name } as const;
  });
}

/**
 * Deletes the band, after ending its billing at Stripe; the database cascades to
 * memberships, invitations, events, songs, setlists, payments and expenses. Preferred-band
 * ids are plain numbers (no foreign key), so whoever had this band as preferred falls
 * back to the spec's default.
 *
 * Returns the band `userId` (who deleted it) works in next, by the spec's rule, which
 * becomes their preference when the deleted band was it; null when none is left.
 */
export async function deleteBand(bandId: number, actor: CurrentUser) {
  const userId = actor.id;
  // Its Pro subscription ends at Stripe first: a failure there refuses the deletion (503).
  await endBillingOfBands([bandId]);
  await db.$transaction(async (tx) => {
    await recordBandDeletion(tx, bandId, actor);
    await tx.user.updateMany({ where: { preferredBandId: bandId }, data: { preferredBandId: null } });
    await tx.band.delete({ where: { id: bandId } });
  });
  const [bands, user] = await Promise.all([
    listBandsForUser(userId),
    db.user.findUnique({ where: { id: userId }, select: { preferredBandId: true } }),
  ]);
  const next = resolveCurrentBand(bands, null, user?.preferredBandId ?? null);
  if (next && user?.preferredBandId == null) await setPreferredBand(userId, next.band.id);
  return next?.band.id ?? null;
}

/** What this member may do on the settings page: edit the band (band:settings), delete it (band:delete). */
export function settingsAbilities(access: Pick<BandAccess, "membership">) {
  return { edit: grantIn(access, "band:settings") !== null, delete: grantIn(access, "band:delete") !== null };
}

/** The roles that may change band settings, highest first (from the permission table). */
export const SETTINGS_ROLES = ROLES.filter((role) => can(role, "band:settings"));
const rank = (role: string) => SETTINGS_ROLES.findIndex((candidate) => candidate === role);

/** Who may change the band's settings, by name, for members who may not. */
export async function listSettingsEditors(bandId: number) {
  const rows = await db.bandMembership.findMany({
    where: { bandId, role: { in: [...SETTINGS_ROLES] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { role: true, displayName: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  // Leaders first, then admins, each in joining order.
  return rows
    .sort((a, b) => rank(a.role) - rank(b.role))
    .map((row) => displayName({ ...row.user, displayName: row.displayName }));
}
