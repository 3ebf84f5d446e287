import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod";
import { RateLimitedError, requireSameSite, signIn } from "~/features/auth/auth.server";
import { isMfaEnabled, MFA_MESSAGES, verifySecondFactor } from "~/features/auth/mfa.server";
import { LoginSchema } from "~/features/auth/schema";
import { createSession, destroySession } from "~/features/auth/session.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiRoute(() => methodNotAllowed(["POST"]));

// The code as text ("012345" keeps its leading zero); anything else gets the code's own message.
const LoginWithCodeSchema = LoginSchema.extend({ code: z.string({ error: MFA_MESSAGES.codeRequired }).max(64, { error: MFA_MESSAGES.codeInvalid }).optional() });

/**
 * POST /api/auth/login {email, password}, through the same remix-auth strategy as the
 * sign-in form. An unknown email and a wrong password get the same 401 in the same time
 * (verifyLogin checks a dummy hash); 403 unverified, 429 too many attempts (RuleErrors,
 * answered by apiRoute).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  requireSameSite(request);
  const { email, password, code } = await parseJsonBody(request, LoginWithCodeSchema);
  const user = await signIn(request, { email, password });
  // Two-step sign-in: the code comes with the password (401 with mfaRequired until it does).
  if (await isMfaEnabled(user.id)) {
    if (!code) return data({ message: MFA_MESSAGES.codeRequired, mfaRequired: true }, { status: 401 });
    const second = await verifySecondFactor(user.id, code);
    // The same words and RateLimit headers as every refused attempt, and as /two-step.
    if (!second.ok && second.limited) throw new RateLimitedError(second.limited);
    if (!second.ok) return data({ message: MFA_MESSAGES.codeInvalid, mfaRequired: true }, { status: 401 });
  }
  // Any session this client had ends; the new id is fresh (no session fixation).
  await destroySession(request);
  return data({ user }, { headers: { "Set-Cookie": await createSession(request, user.id) } });
});
