// Lives in ~/components/kit (one chunk for the UI every page draws, issue 11).
export { CheckboxField, ErrorList, Field, formErrorsOf, HoneypotField, SelectField, shownValue, useFocusFirstError } from "~/components/kit";
export type { FormResult, ListOfErrors } from "~/components/kit";
