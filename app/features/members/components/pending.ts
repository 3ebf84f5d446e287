import { useNavigation } from "@remix-run/react";

/**
 * True while the /members form with this `intent` (and, for per-member and
 * per-invitation buttons, this target id) is being submitted.
 */
export function usePending(intent: string, target?: { name: "membershipId" | "invitationId"; id: number }) {
  const navigation = useNavigation();
  const form = navigation.formData;
  if (navigation.state === "idle" || !form || form.get("intent") !== intent) return false;
  return target === undefined || form.get(target.name) === String(target.id);
}
