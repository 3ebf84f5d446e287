/**
 * The audit log as a table: who, what, when (UTC), the target, and what changed
 * (before → after). Used by /admin (the whole platform) and /settings (one band, for
 * its leader).
 */
export type AuditRow = {
  id: number;
  createdAt: string;
  actorLabel: string;
  description: string;
  targetLabel: string;
  before: unknown;
  after: unknown;
};

const when = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", hour12: false });

function show(value: unknown) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** "role: band_member → band_admin" per field that the entry records. */
export function changeLines(before: unknown, after: unknown) {
  const asRecord = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
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

export function AuditLogTable({ entries, caption }: { entries: AuditRow[]; caption: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {["When (UTC)", "Who", "What", "Target", "Change"].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold text-slate-900">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
              </td>
              <td className="max-w-[14rem] break-words px-3 py-2 text-slate-900">{entry.actorLabel}</td>
              <td className="px-3 py-2 text-slate-900">{entry.description}</td>
              <td className="max-w-[14rem] break-words px-3 py-2 text-slate-700">{entry.targetLabel}</td>
              <td className="px-3 py-2 text-slate-700">
                <ul>
                  {changeLines(entry.before, entry.after).map((line) => (
                    <li key={line} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
