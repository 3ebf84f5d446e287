/**
 * The audit log as a table: who, what, when, the target, and what changed
 * (before → after). Used by /admin (the whole platform) and /settings (one band, for
 * its leader).
 */
/** An entry as the table shows it: what the server's `auditRows` (audit/format.ts) makes. */
export type AuditRow = { id: number; at: string; when: string; actorLabel: string; description: string; targetLabel: string; changes: string[] };

/** `inUtc`: the platform's log; a band's own is in the band's time zone, each time naming its zone. */
export function AuditLogTable({ entries, caption, inUtc = false }: { entries: AuditRow[]; caption: string; inUtc?: boolean }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {[inUtc ? "When (UTC)" : "When", "Who", "What", "Target", "Change"].map((heading) => (
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
                <time dateTime={entry.at}>{entry.when}</time>
              </td>
              <td className="max-w-[14rem] break-words px-3 py-2 text-slate-900">{entry.actorLabel}</td>
              <td className="px-3 py-2 text-slate-900">{entry.description}</td>
              <td className="max-w-[14rem] break-words px-3 py-2 text-slate-700">{entry.targetLabel}</td>
              <td className="px-3 py-2 text-slate-700">
                <ul>
                  {entry.changes.map((line) => (
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
