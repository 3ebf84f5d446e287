/**
 * Audit entries made ready for the table on the server (loaders call this), so the
 * browser bundle carries no formatting code: when in UTC, and one line per changed value.
 */
import type { AuditRow } from "./components/audit-log";

const when = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", hour12: false });

function show(value: unknown) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

const asRecord = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** "role: band_member → band_admin" for each value the entry records. */
export function changeLines(before: unknown, after: unknown) {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return before === null && after === null ? [] : [`${show(before)} → ${show(after)}`];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.map((key) => {
    if (!b) return `${key}: ${show(a?.[key])}`;
    if (!a) return `${key}: ${show(b[key])} → none`;
    return `${key}: ${show(b[key])} → ${show(a[key])}`;
  });
}

export function auditRows(entries: { id: number; createdAt: Date; actorLabel: string; description: string; targetLabel: string; before: unknown; after: unknown }[]): AuditRow[] {
  return entries.map((entry) => ({
    id: entry.id,
    at: entry.createdAt.toISOString(),
    when: when.format(entry.createdAt),
    actorLabel: entry.actorLabel,
    description: entry.description,
    targetLabel: entry.targetLabel,
    changes: changeLines(entry.before, entry.after),
  }));
}
