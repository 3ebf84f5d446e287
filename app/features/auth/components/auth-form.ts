import { useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { useIsPending } from "~/utils/use-is-pending";

/**
 * conform set up the house way for the account forms. The schema (the same strict one
 * as the JSON endpoint) is a type here: it validates in the action, on the server, so
 * zod never ships to the browser; conform shows the server's messages.
 */
export function useAuthForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    // Not onBlur: messages appearing as focus leaves a field push the submit button away
    // mid-click (a tap on a phone misses). Validation runs on the server (no zod in the browser),
    // so it runs on submit only: revalidating on input would post the form on every keystroke.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
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
