// Lives in ~/components/kit (one chunk for the UI every page draws, issue 11).
export { ErrorList, Field, formErrorsOf, SelectField, shownValue, useFocusFirstError } from "~/components/kit";
export { CheckboxField, HoneypotField } from "~/components/choice-fields";
export type { FormResult, ListOfErrors } from "~/components/kit";
