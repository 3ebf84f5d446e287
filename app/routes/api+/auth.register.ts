import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { registerUser, limitAuthAttempt, requireSameSite } from "~/features/auth/auth.server";
import { refuseCommonPasswords } from "~/features/auth/common-passwords.server";
import { RegisterSchema } from "~/features/auth/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { appOrigin } from "~/utils/request.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/**
 * POST /api/auth/register. The answer is the same whether or not the email already had
 * an account (that owner gets a mail instead), so sign-up reveals no accounts.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const { email, password, firstName, lastName } = await parseJsonBody(request, refuseCommonPasswords(RegisterSchema, "password"));
  limitAuthAttempt(request, "register", email);
  await registerUser({ email, password, firstName, lastName }, appOrigin(request));
  return data({ message: "Check your email to verify your account", email }, { status: 201 });
});
