import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { INVALID_CREDENTIALS, limitAuthAttempt, requireSameSite, UNVERIFIED_MESSAGE, verifyLogin } from "~/features/auth/auth.server";
import { LoginSchema } from "~/features/auth/schema";
import { createSession, destroySession } from "~/features/auth/session.server";
import { apiError, apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/**
 * POST /api/auth/login {email, password}. An unknown email and a wrong password get
 * the same 401 in the same time (verifyLogin checks a dummy hash).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const { email, password } = await parseJsonBody(request, LoginSchema);
  limitAuthAttempt(request, "login", email);
  const result = await verifyLogin(email, password);
  if (result.status === "invalid") return apiError(401, INVALID_CREDENTIALS);
  if (result.status === "unverified") return apiError(403, UNVERIFIED_MESSAGE);
  // Any session this client had ends; the new id is fresh (no session fixation).
  await destroySession(request);
  return data({ user: result.user }, { headers: { "Set-Cookie": await createSession(request, result.user.id) } });
});
