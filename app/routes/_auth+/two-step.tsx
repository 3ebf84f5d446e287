import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useMemo } from "react";
import { Field } from "~/components/forms";
import { Button, useFocusFirstError } from "~/components/kit";
import { useSubmitting } from "~/features/auth/components/auth-form";
import { AuthErrorBoundary, authLinkClasses, AuthShell } from "~/features/auth/components/auth-shell";
import { actionRateLimitHeaders, RateLimitedError, requireSameSite } from "~/features/auth/auth.server";
import { consumeMfaChallenge, endMfaChallenge, MFA_MESSAGES, readMfaChallenge, verifySecondFactor } from "~/features/auth/mfa.server";
import { createSession, destroySession } from "~/features/auth/session.server";
import { safeRedirect } from "~/utils/request.server";
import { toastHeader } from "~/utils/toast.server";

/**
 * /two-step: the second step of signing in for accounts with two-step sign-in on. The
 * password was right (a signed 10-minute cookie says whose); a code from the
 * authenticator app, or a recovery code, finishes signing in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readMfaChallenge(request))) throw redirect("/login");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameSite(request);
  const challenge = await readMfaChallenge(request);
  if (!challenge) throw redirect("/login");
  const formData = await request.formData();
  const code = formData.get("code");
  if (typeof code !== "string" || !code.trim()) return data({ error: MFA_MESSAGES.codeRequired }, { status: 400 });
  const result = await verifySecondFactor(challenge.userId, code.slice(0, 64));
  if (!result.ok) {
    if (result.limited) {
      // The same words and RateLimit headers as every refused attempt, and as /api/auth/login.
      const refused = new RateLimitedError(result.limited);
      return data({ error: refused.message }, { status: 429, headers: refused.headers });
    }
    return data({ error: MFA_MESSAGES.codeInvalid }, { status: 400 });
  }
  // The challenge works once: a copy of this browser's cookie cannot open a second session.
  if (!(await consumeMfaChallenge(challenge))) throw redirect("/login");
  // Any session this browser had ends here; the new id is fresh (no session fixation).
  await destroySession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await endMfaChallenge(request));
  headers.append("Set-Cookie", await createSession(request, challenge.userId));
  headers.append(
    "Set-Cookie",
    await toastHeader(
      result.usedRecoveryCode
        ? { title: "Signed in with a recovery code", description: "That code is used up. If you lost your phone, set up two-step sign-in again from your profile." }
        : { title: "Login successful", description: "Welcome back!" },
    ),
  );
  throw redirect(safeRedirect(challenge.redirectTo), { headers });
}

export const meta: MetaFunction = () => [{ title: "Two-step sign-in · Bandroom" }];

export default function TwoStep() {
  const actionData = useActionData<typeof action>();
  const submitting = useSubmitting();
  const error = actionData?.error;
  // A refused code: the keyboard goes back to the field (as on every form), once per answer.
  const form = useFocusFirstError(useMemo(() => (actionData?.error ? { status: "error" as const } : null), [actionData]));
  return (
    <AuthShell
      title="Two-step sign-in"
      description="Enter the 6-digit code your authenticator app shows for Bandroom."
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to login
        </Link>
      }
    >
      <Form method="post" ref={form} className="space-y-4">
        {/* Said aloud at once; the field names it too (aria-describedby). */}
        {error ? (
          <p role="alert" className="sr-only">
            {error}
          </p>
        ) : null}
        <Field
          label="Code"
          hint="Lost your phone? Enter one of your recovery codes instead."
          errors={error ? [error] : undefined}
          inputProps={{ name: "code", type: "text", inputMode: "text", autoComplete: "one-time-code", required: true, autoFocus: true, maxLength: 64, spellCheck: false }}
        />
        <Button type="submit" className="w-full" pending={submitting} pendingText="Checking…">
          Verify and sign in
        </Button>
      </Form>
    </AuthShell>
  );
}

export { AuthErrorBoundary as ErrorBoundary };

/** A refused attempt's 429 carries its RateLimit headers on the page too, as on /api. */
export const headers = actionRateLimitHeaders;
