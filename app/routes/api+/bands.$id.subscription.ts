import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireBandAccess } from "~/features/bands/access.server";
import { getSubscription, runBillingAction, subscriptionJson } from "~/features/billing/billing.server";
import { BillingActionSchema } from "~/features/billing/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/bands/{id}/subscription: the band's plan and Stripe subscription, for any member. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "band:view" });
  return data(subscriptionJson(await getSubscription(access)));
});

/**
 * POST /api/bands/{id}/subscription {action}: the leader's billing actions. "checkout"
 * and "portal" answer `{ url }` to send the browser to (Stripe's hosted pages); "cancel"
 * and "resume" answer the subscription as it now stands. 409 in manual mode.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const access = await requireBandAccess(request, { band: params.id, permission: "band:billing" });
  const { action } = await parseJsonBody(request, BillingActionSchema);
  const result = await runBillingAction(access, action);
  return data("url" in result ? result : subscriptionJson(result));
});
