/** Onboarding progress as a bar with its percentage (100 is complete). */
export function ProgressBar({ value, label = "Setup progress" }: { value: number; label?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${clamped}%` }} />
      </div>
      <span className="w-12 text-right text-sm font-semibold tabular-nums text-brand-700">{clamped}%</span>
    </div>
  );
}
