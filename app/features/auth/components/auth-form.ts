import { useIsPending } from "~/utils/use-is-pending";

/** True while a form with this `intent` (or any form, without one) is being submitted. */
export function useSubmitting(intent?: string) {
  return useIsPending({ intent });
}
