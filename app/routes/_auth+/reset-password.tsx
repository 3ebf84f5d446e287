import { parseWithZod } from "~/utils/submission";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field, formErrorsOf, useFocusFirstError } from "~/components/forms";
import { Button, buttonClasses } from "~/components/kit";
import { useSubmitting } from "~/features/auth/components/auth-form";
import { AuthErrorBoundary, authLinkClasses, AuthShell, Notice } from "~/features/auth/components/auth-shell";
import { isResetTokenValid, requireSameSite, resetPassword } from "~/features/auth/auth.server";
import { refuseCommonPasswords } from "~/features/auth/common-passwords.server";
import { NEW_PASSWORD_HINT } from "~/features/auth/limits";
import { ResetPasswordSchema } from "~/features/auth/schema";
import { destroySession, getSession } from "~/features/auth/session.server";
import { toastHeader } from "~/utils/toast.server";

const HIDDEN_FIELDS = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // Checked, not consumed: the token is used up only when the new password is saved.
  const valid = await isResetTokenValid(token);
  return { token: valid ? token : null };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameSite(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: refuseCommonPasswords(ResetPasswordSchema, "password") });
  if (submission.status !== "success") {
    const linkBroken = Boolean(submission.error?.token);
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), linkBroken }, { status: 400 });
  }
  // The module ends every session of the account; this browser's cookie is cleared too, when
  // it is that account's (a link opened in a browser signed in as someone else leaves them be).
  const current = await getSession(request);
  const changed = await resetPassword(submission.value.token, submission.value.password);
  if (!changed) return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), linkBroken: true }, { status: 400 });
  const headers = new Headers();
  if (!current || current.userId === changed) headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await toastHeader({ title: "Password updated", description: "Sign in with your new password." }));
  throw redirect("/login", { headers });
}

export const meta: MetaFunction = () => [{ title: "Choose a new password · Bandroom" }];

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!token || actionData?.linkBroken) return <InvalidLink />;
  return <ResetForm token={token} />;
}

function InvalidLink() {
  return (
    <AuthShell
      title="Reset link not valid"
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to login
        </Link>
      }
    >
      <Notice tone="error" title="This reset link is invalid or has expired">
        Reset links work once and expire after an hour. Request a new one and use the newest email.
      </Notice>
      <Link to="/login?mode=forgot" className={buttonClasses("primary", "w-full")}>
        Request a new reset link
      </Link>
    </AuthShell>
  );
}

function ResetForm({ token }: { token: string }) {
  const actionData = useActionData<typeof action>();
  const result = actionData?.result;
  const form = useFocusFirstError(result);
  const submitting = useSubmitting();
  const failure = formErrorsOf(result);
  return (
    <AuthShell
      title="Choose a new password"
      description="Once it is saved, every device signed in to your account is signed out."
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to login
        </Link>
      }
    >
      {failure ? (
        <Notice tone="error" title="Request failed" id="reset-password-form-error">
          <ErrorList errors={failure} />
        </Notice>
      ) : null}
      <Form method="post" ref={form} id="reset-password" aria-describedby={failure ? "reset-password-form-error" : undefined} noValidate className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <Field
          label="New password"
          hint={NEW_PASSWORD_HINT}
          inputProps={{ name: "password", type: "password", autoComplete: "new-password" }}
          errors={result?.error?.password}
        />
        <Field
          label="Confirm new password"
          inputProps={{ name: "confirmPassword", type: "password", autoComplete: "new-password" }}
          errors={result?.error?.confirmPassword}
        />
        <Button type="submit" className="w-full" pending={submitting} pendingText="Saving…">
          Save new password
        </Button>
      </Form>
    </AuthShell>
  );
}

export { AuthErrorBoundary as ErrorBoundary };
