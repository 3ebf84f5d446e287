import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requestPasswordReset, limitAuthAttempt, requireSameSite } from "~/features/auth/auth.server";
import { ForgotSchema } from "~/features/auth/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { appOrigin } from "~/utils/request.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/** POST /api/auth/forgot-password. Never says whether the email has an account. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const { email } = await parseJsonBody(request, ForgotSchema);
  limitAuthAttempt(request, "forgot", email);
  await requestPasswordReset(email, appOrigin(request));
  return data({ message: "If the email exists, a password reset link has been sent." });
});
