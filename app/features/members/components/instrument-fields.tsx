import { INSTRUMENT_SUGGESTIONS, INSTRUMENTS_MAX } from "~/features/members/limits";
import { CONTROL, ErrorList, type ListOfErrors } from "~/components/kit";

export const INSTRUMENT_LIST_ID = "instrument-suggestions";

/** The suggestions every instrument box offers (one per page). */
export function InstrumentDatalist() {
  return (
    <datalist id={INSTRUMENT_LIST_ID}>
      {INSTRUMENT_SUGGESTIONS.map((instrument) => (
        <option key={instrument} value={instrument} />
      ))}
    </datalist>
  );
}

type InstrumentFieldsProps = {
  /** The form field name; inputs are `${name}[0]`, `${name}[1]`… */
  name: string;
  formId: string;
  values: string[];
  /** Errors by input name (conform's reply), and for the list as a whole. */
  errorsByName: Record<string, ListOfErrors>;
  listErrors?: ListOfErrors;
};

/**
 * One text box per instrument, with room for two more (up to eight), so adding and
 * removing works without JavaScript: type in an empty box to add, clear one to remove.
 */
export function InstrumentFields({ name, formId, values, errorsByName, listErrors }: InstrumentFieldsProps) {
  const slots = Math.min(INSTRUMENTS_MAX, Math.max(values.length + 2, 3));
  const hintId = `${formId}-instruments-hint`;
  const listErrorId = `${formId}-instruments-error`;
  return (
    <fieldset aria-describedby={listErrors?.length ? `${hintId} ${listErrorId}` : hintId}>
      <legend className="block text-sm font-medium text-slate-800">Instruments</legend>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        Pick a suggestion or type your own, up to {INSTRUMENTS_MAX}. Clear a box to remove it.
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {Array.from({ length: slots }, (_, index) => {
          const inputName = `${name}[${index}]`;
          const id = `${formId}-instrument-${index}`;
          const errors = errorsByName[inputName];
          return (
            <div key={inputName}>
              <label htmlFor={id} className="sr-only">
                Instrument {index + 1}
              </label>
              <input
                id={id}
                name={inputName}
                type="text"
                list={INSTRUMENT_LIST_ID}
                defaultValue={values[index] ?? ""}
                placeholder={index === 0 ? "e.g. Bass" : undefined}
                autoComplete="off"
                aria-invalid={errors?.length ? true : undefined}
                aria-describedby={errors?.length ? `${id}-error` : undefined}
                className={CONTROL}
              />
              <ErrorList id={`${id}-error`} errors={errors} />
            </div>
          );
        })}
      </div>
      <ErrorList id={listErrorId} errors={listErrors} />
    </fieldset>
  );
}
