import { useId } from "react";
import { ErrorList, type ListOfErrors } from "~/components/kit";

/**
 * The checkbox and the bots' honeypot: only the sign-in pages and the event form draw
 * them, so they stay out of the kit chunk every page loads (issue 11's budgets).
 */

type CheckboxProps = { label: React.ReactNode; inputProps: React.InputHTMLAttributes<HTMLInputElement>; errors?: ListOfErrors };

export function CheckboxField({ label, inputProps, errors }: CheckboxProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...inputProps}
          id={id}
          type="checkbox"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A field bots fill in and people never see (public forms). */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="website">Leave this field empty</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
