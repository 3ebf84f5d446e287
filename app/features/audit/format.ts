/**
 * Audit entries made ready for the table on the server (loaders call this), so the
 * browser bundle carries no formatting code: when in UTC, and one line per changed value,
 * in words a band reads ("Amount: $230.00", "Role: Band Member → Band Admin"), not the
 * stored field names and minor units.
 */
import type { AuditRow } from "./components/audit-log";
import { formatMoney } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/dates";
import { isRole, roleLabel } from "~/utils/roles";
import { EXPENSE_CATEGORIES, INCOME_CATEGORIES, PAYMENT_METHODS, PAYOUT_DIRECTIONS, SPLIT_METHODS } from "~/features/finances/ledger";

const when = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", hourCycle: "h23" });
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** The words for the fields entries record; any other is its name in words ("sentTo" → "Sent to"). */
const LABELS: Record<string, string> = {
  amountMinor: "Amount",
  feeAgreedMinor: "Fee agreed",
  commissionMinor: "Commission",
  fundCutMinor: "Band fund's cut",
  eventId: "Gig",
  paidBy: "Paid by",
  receivedBy: "Received by",
  reversalId: "Reversal entry",
  isPlatformAdmin: "Platform admin",
  disabledAt: "Disabled",
  tier: "Plan",
  stripeStatus: "Stripe status",
  stripeEvent: "Stripe event",
  formerLeaderRole: "Former leader's new role",
};

/** Fields holding a role key, a local day ("2026-10-15") or an instant (ISO): only these are reworded; free text never is. */
const ROLE_KEYS = new Set(["role", "formerLeaderRole"]);
/** Fields holding a code of Finances ("bank_transfer", "to_member", "merch"): shown by the words the forms use. */
const CODE_WORDS: Record<string, Record<string, string>> = {
  method: { ...PAYMENT_METHODS, ...SPLIT_METHODS },
  direction: PAYOUT_DIRECTIONS,
  category: { ...EXPENSE_CATEGORIES, ...INCOME_CATEGORIES, other: "Other" },
};
const DAY_KEYS = new Set(["date"]);
const INSTANT_KEYS = new Set(["disabledAt"]);

function label(key: string, currency: string | null) {
  const words = key.replace(/Minor$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  const name = LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1);
  return key.endsWith("Minor") && !currency ? `${name} (minor units)` : name;
}

/** `format` of the date `text` stands for, or the text as it is when it is no such date. */
function asDate(text: string, format: Intl.DateTimeFormat, iso: string, suffix = "") {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? text : `${format.format(date)}${suffix}`;
}

function show(value: unknown, key: string, currency: string | null): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  // Entries made before they named the gig by its title kept only its number.
  if (key === "eventId" && typeof value === "number") return `event #${value}`;
  if (typeof value === "number") return key.endsWith("Minor") && currency ? formatMoney(value, currency) : String(value);
  if (typeof value === "string") {
    if (ROLE_KEYS.has(key) && isRole(value)) return roleLabel(value);
    const words = CODE_WORDS[key];
    if (words && Object.hasOwn(words, value)) return words[value]!;
    if (DAY_KEYS.has(key) && /^\d{4}-\d{2}-\d{2}$/.test(value)) return asDate(value, day, `${value}T00:00:00Z`);
    if (INSTANT_KEYS.has(key)) return asDate(value, when, value, " UTC");
    return value;
  }
  // A list (a split's shares): each item on one line with its name first.
  if (Array.isArray(value)) return value.map((item) => show(item, key, currency)).join("; ");
  const record = value as Record<string, unknown>;
  const { name, ...rest } = record;
  const parts = Object.entries(rest).map(([k, v]) => (k.endsWith("Minor") && currency ? show(v, k, currency) : `${label(k, currency).toLowerCase()} ${show(v, k, currency)}`));
  return [typeof name === "string" ? name : null, ...parts].filter(Boolean).join(" ");
}

const asRecord = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** "Role: Band Member → Band Admin" for each value the entry records (amounts in `currency`, the band's). */
export function changeLines(before: unknown, after: unknown, currency: string | null = null) {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return before === null && after === null ? [] : [`${show(before, "", currency)} → ${show(after, "", currency)}`];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.map((key) => {
    const name = label(key, currency);
    if (!b) return `${name}: ${show(a?.[key], key, currency)}`;
    if (!a) return `${name}: ${show(b[key], key, currency)} → none`;
    return `${name}: ${show(b[key], key, currency)} → ${show(a[key], key, currency)}`;
  });
}

/**
 * The table's rows. Amounts are in `currency` (a band's own log), or in each entry's
 * band's currency from `currencyOf` (the platform's log); minor units only when neither knows.
 */
export function auditRows(
  entries: { id: number; createdAt: Date; actorLabel: string; description: string; targetLabel: string; targetType?: string; before: unknown; after: unknown; bandId?: number | null }[],
  { currency = null, currencyOf, timeZone, bandNameOf }: { currency?: string | null; currencyOf?: ReadonlyMap<number, string>; timeZone?: string; bandNameOf?: ReadonlyMap<number, string> } = {},
): AuditRow[] {
  return entries.map((entry) => ({
    id: entry.id,
    at: entry.createdAt.toISOString(),
    // A band's own log in the band's zone, as its ledger shows the same changes; the platform's in UTC.
    when: timeZone ? `${formatDate(entry.createdAt, timeZone)}, ${formatTime(entry.createdAt, timeZone)}` : when.format(entry.createdAt),
    actorLabel: entry.actorLabel,
    description: entry.description,
    // The platform's log says which band a member's entry is of ("Left the band · Priya, in The Late Shift").
    targetLabel: bandNameOf && entry.bandId && entry.targetType !== "band" ? `${entry.targetLabel}, in ${bandNameOf.get(entry.bandId) ?? "a band since deleted"}` : entry.targetLabel,
    changes: changeLines(entry.before, entry.after, currency ?? (entry.bandId ? (currencyOf?.get(entry.bandId) ?? null) : null)),
  }));
}
