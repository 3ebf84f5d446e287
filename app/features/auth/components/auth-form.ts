import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useIsPending } from "~/utils/use-is-pending";
import { withoutFormOnlyFields } from "../schema";

/**
 * conform set up the house way for the account forms: the same strict schema as the
 * JSON endpoint, with the form-only fields (intent, honeypot, redirectTo) left out.
 */
export function useAuthForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(withoutFormOnlyFields(formData), { schema }),
    // Not onBlur: messages appearing as focus leaves a field push the submit button away
    // mid-click (a tap on a phone misses). First check on submit, then live as they type.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

/** True while a form with this `intent` (or any form, without one) is being submitted. */
export function useSubmitting(intent?: string) {
  return useIsPending({ intent });
}

/** Form-level (not field) errors of a submission result: the server's own failures. */
export function formErrorsOf(result: SubmissionResult<string[]> | undefined) {
  return result?.error?.[""] ?? null;
}
