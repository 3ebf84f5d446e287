import { useNavigation } from "@remix-run/react";

export type PendingMatch = {
  /** The form's `intent` field (forms that share an action tell themselves apart by it). */
  intent?: string;
  /** The action the form posts to. */
  formAction?: string;
  /** Other fields the form must carry, e.g. `{ membershipId: "12" }` for one row's button. */
  fields?: Record<string, string>;
};

/** True while a form matching `match` (any form, when empty) is being submitted. */
export function useIsPending(match: PendingMatch = {}) {
  const navigation = useNavigation();
  const form = navigation.formData;
  if (navigation.state === "idle" || !form) return false;
  if (match.formAction !== undefined && navigation.formAction !== match.formAction) return false;
  if (match.intent !== undefined && form.get("intent") !== match.intent) return false;
  return Object.entries(match.fields ?? {}).every(([name, value]) => form.get(name) === value);
}
