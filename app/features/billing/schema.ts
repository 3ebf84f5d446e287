import { z } from "zod";

/** What a leader can do to the band's subscription: the page's `intent`, the API's `action`. */
export const BILLING_ACTIONS = ["checkout", "portal", "cancel", "resume"] as const;
export type BillingAction = (typeof BILLING_ACTIONS)[number];

export const BillingActionSchema = z.strictObject({
  action: z.enum(BILLING_ACTIONS, { error: `Choose one of: ${BILLING_ACTIONS.join(", ")}` }),
});
