import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/kit";
import { useSubmitting } from "~/features/auth/components/auth-form";
import { AuthErrorBoundary, authLinkClasses, AuthShell, Notice } from "~/features/auth/components/auth-shell";
import { confirmEmailChange, getCurrentUser, pendingEmailChange, requireSameSite } from "~/features/auth/auth.server";
import { EMAIL_CHANGE_MESSAGES } from "~/features/auth/limits";
import { toastHeader } from "~/utils/toast.server";

/**
 * /change-email?token=…: the link mailed to a new sign-in address (from /profile). Opening
 * it changes nothing (mail scanners open links): it shows the change, and its button (a
 * plain form post) makes it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const pending = await pendingEmailChange(token);
  return { token: pending ? token : null, newEmail: pending?.newEmail ?? null, currentEmail: pending?.currentEmail ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameSite(request);
  const token = (await request.formData()).get("token");
  // This browser's session stays signed in when it is the account's own; the account's other sessions end.
  const signedIn = await getCurrentUser(request);
  const outcome = await confirmEmailChange(typeof token === "string" ? token : "", signedIn?.session);
  if (outcome.status !== "changed") return data({ problem: outcome.status === "taken" ? EMAIL_CHANGE_MESSAGES.taken : EMAIL_CHANGE_MESSAGES.invalidLink }, { status: outcome.status === "taken" ? 409 : 400 });
  // Signed in as that account (the usual case: asked from the profile), back to it; signed in as someone else, or not at all, to sign in.
  const own = signedIn?.user.id === outcome.userId;
  const toast = await toastHeader({ title: "Email changed", description: own ? `You sign in with ${outcome.email} from now on.` : `That account signs in with ${outcome.email} from now on.` });
  throw redirect(own ? "/profile#email" : "/login", { headers: { "Set-Cookie": toast } });
}

// The page's address holds the link's token: no cache keeps it.
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta: MetaFunction = () => [{ title: "Confirm your new email · Bandroom" }];

export default function ChangeEmail() {
  const { token, newEmail, currentEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useSubmitting();
  const footer = (
    <Link to="/profile" className={authLinkClasses}>
      Back to your profile
    </Link>
  );
  if (!token || !newEmail || actionData) {
    return (
      <AuthShell title="Email not changed" footer={footer}>
        <Notice tone="error" title="Your email was not changed">
          {actionData?.problem ?? EMAIL_CHANGE_MESSAGES.invalidLink}
        </Notice>
        <Link to="/profile#email" className={buttonClasses("primary", "w-full")}>
          Go to your profile
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Confirm your new email" description={`The Bandroom account that signs in with ${currentEmail} will sign in with ${newEmail} from now on. If that is not your account, leave this page: nothing changes.`} footer={footer}>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" className="w-full" pending={submitting} pendingText="Changing…">
          Use this email
        </Button>
      </Form>
    </AuthShell>
  );
}

export { AuthErrorBoundary as ErrorBoundary };
