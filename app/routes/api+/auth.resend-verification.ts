import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { limitAuthAttempt, requireSameSite, resendVerification } from "~/features/auth/auth.server";
import { ResendVerificationSchema } from "~/features/auth/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { appOrigin } from "~/utils/request.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/** POST /api/auth/resend-verification. The same answer whether or not a mail went out. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const { email } = await parseJsonBody(request, ResendVerificationSchema);
  limitAuthAttempt(request, "resend", email);
  await resendVerification(email, appOrigin(request));
  return data({ message: "If the email is waiting to be verified, a new verification link has been sent." });
});
