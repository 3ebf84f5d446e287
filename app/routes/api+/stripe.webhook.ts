import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { billingMode } from "~/features/billing/stripe.server";
import { handleStripeWebhook, MAX_WEBHOOK_BYTES } from "~/features/billing/webhook.server";
import { apiError, apiRoute, methodNotAllowed, readLimited } from "~/utils/api.server";

/**
 * POST /api/stripe/webhook: Stripe's events, signed with STRIPE_WEBHOOK_SECRET. No
 * session and no same-site check (the network edge lets it through: Stripe is not a
 * browser); the signature over the raw body is the only credential. 404 in manual mode.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (billingMode() !== "stripe") return apiError(404, "Stripe billing is not set up on this server");
  if (Number(request.headers.get("content-length") ?? "0") > MAX_WEBHOOK_BYTES) return apiError(413, "Request body is too large");
  const rawBody = await readLimited(request, MAX_WEBHOOK_BYTES);
  return data(await handleStripeWebhook(rawBody, request.headers.get("stripe-signature")));
});

export const loader = apiRoute(() => methodNotAllowed(["POST"]));
