import { kindStyle } from "~/features/events/present";

// Small outline icons (Feather style, MIT) so each kind is told apart by more than colour.
const KIND_ICONS: Record<string, React.ReactNode> = {
  gig: <path d="M12 2 15 8.5l7 .8-5.2 4.7 1.5 6.9L12 17.3 5.7 20.9l1.5-6.9L2 9.3l7-.8z" />,
  rehearsal: (
    <>
      <path d="M9 18V5l12-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="16" r="3" />
    </>
  ),
  meeting: (
    <>
      <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
    </>
  ),
  other: <circle cx="12" cy="12" r="4" />,
};

export function KindIcon({ kind, className = "h-4 w-4" }: { kind: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true" focusable="false">
      {KIND_ICONS[kind] ?? KIND_ICONS.other}
    </svg>
  );
}

/** The kind as a coloured badge with its icon ("Gig", "Rehearsal", …). */
export function KindBadge({ kind, tentative = false }: { kind: string; tentative?: boolean }) {
  const style = kindStyle(kind);
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.badge}`}>
      <KindIcon kind={kind} className="h-3.5 w-3.5" />
      {style.label}
      {tentative ? <span className="font-normal">· tentative</span> : null}
    </span>
  );
}
