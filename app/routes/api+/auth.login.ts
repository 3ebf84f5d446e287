import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireSameSite, signIn } from "~/features/auth/auth.server";
import { LoginSchema } from "~/features/auth/schema";
import { createSession, destroySession } from "~/features/auth/session.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

/**
 * POST /api/auth/login {email, password}, through the same remix-auth strategy as the
 * sign-in form. An unknown email and a wrong password get the same 401 in the same time
 * (verifyLogin checks a dummy hash); 403 unverified, 429 too many attempts (RuleErrors,
 * answered by apiRoute).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const { email, password } = await parseJsonBody(request, LoginSchema);
  const user = await signIn(request, { email, password });
  // Any session this client had ends; the new id is fresh (no session fixation).
  await destroySession(request);
  return data({ user }, { headers: { "Set-Cookie": await createSession(request, user.id) } });
});
