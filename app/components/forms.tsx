import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * conform's reply to a form's last submission (`submission.reply()` in the action). Forms
 * validate on the server only, so the browser needs none of conform's client (9 KB gzip):
 * a form reads its messages (`result.error[name]`, `""` for the form's own) and the values
 * to show again straight from the reply. Decision 0010.
 */
export type FormResult = SubmissionResult<string[]> | null | undefined;

/**
 * What a field shows: what the user sent when the server refused the form (conform's
 * reply keeps it, passwords left out), else the page's own value. Like conform, a reply
 * replaces the defaults as a whole (an unticked box stays unticked).
 */
export function shownValue(result: FormResult, name: string, defaults?: Record<string, unknown>): string | undefined {
  const value = (result?.initialValue ?? defaults)?.[name];
  return value === null || value === undefined ? undefined : String(value);
}

/** The form's own messages (conform's formErrors), not about one field. */
export function formErrorsOf(result: FormResult) {
  return result?.error?.[""] ?? null;
}

/**
 * With JavaScript, a refused submit moves focus to the first field in error, as
 * conform's client did; without it the page reloads with the messages in place.
 */
export function useFocusFirstError(result: FormResult) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.status === "error") form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [result]);
  return form;
}

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const messages = [...new Set(errors?.filter(Boolean))];
  if (!messages.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {messages.map((message) => (
        <li key={message} className="text-sm text-red-700">
          {message}
        </li>
      ))}
    </ul>
  );
}

const CONTROL_CLASSES =
  "mt-1 block min-h-[44px] w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid]:border-red-600";

type FieldProps = {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
};

export function Field({ label, inputProps, errors, hint, className = "" }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={CONTROL_CLASSES}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type SelectFieldProps = {
  label: string;
  hint?: string;
  /** conform's getSelectProps(), or plain select attributes. */
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { key?: React.Key | null };
  errors?: ListOfErrors;
  children: React.ReactNode;
};

export function SelectField({ label, hint, selectProps, errors, children }: SelectFieldProps) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const { key: _key, ...props } = selectProps;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...props}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={CONTROL_CLASSES}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

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
