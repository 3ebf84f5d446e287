import { parseWithZod } from "~/utils/submission";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorList, Field, formErrorsOf, HoneypotField, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, showToast } from "~/components/kit";
import { useSubmitting } from "~/features/auth/components/auth-form";
import { AuthErrorBoundary, authLinkClasses, AuthShell, Notice } from "~/features/auth/components/auth-shell";
import { limitAuthAttempt, RateLimitedError, requireSameSite, resendVerification } from "~/features/auth/auth.server";
import { EmailSchema, ResendVerificationSchema, withoutFormOnlyFields } from "~/features/auth/schema";
import { appOrigin } from "~/utils/request.server";
import { toastHeader } from "~/utils/toast.server";

const FAILURE_TITLE = "Request failed";

function pendingPage(email: string) {
  return email ? `/verification-pending?${new URLSearchParams({ email })}` : "/verification-pending";
}

export async function loader({ request }: LoaderFunctionArgs) {
  // Only an address is shown ("We sent a verification link to …"): any other text in the
  // link (a crafted message) gets the wording for no address.
  const parsed = EmailSchema.safeParse(new URL(request.url).searchParams.get("email")?.trim() ?? "");
  return { email: parsed.success ? parsed.data : "" };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameSite(request);
  const formData = await request.formData();
  const submittedEmail = String(formData.get("email") ?? "").slice(0, 254);
  // The same answer whether or not a mail went out, so this form reveals no accounts.
  const sent = async (email: string) =>
    redirect(pendingPage(email), {
      headers: {
        "Set-Cookie": await toastHeader({
          title: "Verification email sent",
          description: "If this address is waiting to be verified, a new link is on its way.",
        }),
      },
    });

  // A bot that fills the hidden field gets the success answer, and nothing is sent.
  const honeypot = formData.get("website");
  if (typeof honeypot === "string" && honeypot !== "") throw await sent(submittedEmail);

  const submission = parseWithZod(withoutFormOnlyFields(formData), { schema: ResendVerificationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await limitAuthAttempt(request, "resend", submission.value.email);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: 429, headers: error.headers });
  }
  await resendVerification(submission.value.email, appOrigin(request));
  throw await sent(submission.value.email);
}

export const meta: MetaFunction = () => [{ title: "Check your email · Bandroom" }];

export default function VerificationPending() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData?.result;
  const form = useFocusFirstError(result);
  const submitting = useSubmitting();
  const failure = formErrorsOf(result);

  useEffect(() => {
    const message = formErrorsOf(actionData?.result)?.[0];
    if (message) showToast({ title: FAILURE_TITLE, description: message, type: "destructive" });
  }, [actionData]);

  return (
    <AuthShell
      title="Check your email"
      description={
        email ? (
          <p>
            We sent a verification link to <strong className="wrap-anywhere font-semibold text-slate-900">{email}</strong>.
          </p>
        ) : (
          <p>We sent a verification link to the address you signed up with.</p>
        )
      }
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to login
        </Link>
      }
    >
      <ol className="space-y-3 text-sm text-slate-700">
        <li className="flex gap-3">
          <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-700">
            1
          </span>
          <span>Open the email from Bandroom and select “Verify my email”.</span>
        </li>
        <li className="flex gap-3">
          <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-700">
            2
          </span>
          <span>You’ll land back on the sign-in page, ready to log in.</span>
        </li>
      </ol>
      <p className="mt-4 text-sm text-slate-600">The link works once and expires in 24 hours. Nothing there? Check your spam folder, or send a new link.</p>

      <div className="mt-6 border-t border-slate-200 pt-6">
        {failure ? (
          <Notice tone="error" title={FAILURE_TITLE} id="resend-verification-form-error">
            <ErrorList errors={failure} />
          </Notice>
        ) : null}
        <Form method="post" ref={form} id="resend-verification" aria-describedby={failure ? "resend-verification-form-error" : undefined} noValidate className="space-y-4">
          <HoneypotField />
          <Field
            label="Email"
            inputProps={{ name: "email", type: "email", defaultValue: shownValue(result, "email") ?? email, autoComplete: "email" }}
            errors={result?.error?.email}
          />
          <Button type="submit" variant="secondary" className="w-full" pending={submitting} pendingText="Sending…">
            Resend verification email
          </Button>
        </Form>
      </div>
    </AuthShell>
  );
}

export { AuthErrorBoundary as ErrorBoundary };
