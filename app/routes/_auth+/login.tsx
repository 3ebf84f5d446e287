import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/utils/submission";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { CheckboxField, ErrorList, Field, formErrorsOf, HoneypotField, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, showToast } from "~/components/kit";
import { useSubmitting } from "~/features/auth/components/auth-form";
import { AuthErrorBoundary, authLinkClasses, AuthShell, Notice } from "~/features/auth/components/auth-shell";
import {
  getCurrentUser,
  limitAuthAttempt,
  LoginError,
  actionRateLimitHeaders,
  RateLimitedError,
  registerUser,
  requestPasswordReset,
  requireSameSite,
  resendVerification,
  signIn,
  type AuthFlow,
  type CurrentUser,
} from "~/features/auth/auth.server";
import { refuseCommonPasswords } from "~/features/auth/common-passwords.server";
import { isMfaEnabled, startMfaChallenge } from "~/features/auth/mfa.server";
import { NEW_PASSWORD_HINT } from "~/features/auth/limits";
import { ForgotSchema, LoginSchema, RegisterSchema, ResendVerificationSchema, withoutFormOnlyFields } from "~/features/auth/schema";
import { createSession, destroySession } from "~/features/auth/session.server";
import { currentBandCookieHeader } from "~/features/bands/bands.server";
import { getInvitationByToken, registerWithInvitation } from "~/features/members/members.server";
import { appOrigin, safeRedirect } from "~/utils/request.server";
import { hasUntypeable } from "~/utils/typed-text";
import { toastHeader } from "~/utils/toast.server";

const MODES = ["login", "register", "forgot"] as const;
type Mode = (typeof MODES)[number];
type Intent = AuthFlow;

// Spec section 8, letter for letter.
const VERIFICATION_ERRORS: Record<string, string> = {
  "invalid-token": "Invalid or expired verification link",
  "verification-failed": "Email verification failed. Please try again.",
};
const UNKNOWN_VERIFICATION_ERROR = "Verification failed.";

const FAILURE_TITLES: Record<Intent, string> = {
  login: "Login failed",
  register: "Registration failed",
  forgot: "Request failed",
  resend: "Request failed",
};
const FALLBACK_FAILURE = "An error occurred";
const RESET_LINK_SENT = { title: "Reset link sent", description: "If the email exists, a password reset link has been sent." };
const VERIFICATION_SENT = {
  title: "Verification email sent",
  description: "If this address is waiting to be verified, a new link is on its way.",
};

function readMode(value: string | null): Mode {
  return MODES.find((mode) => mode === value) ?? "login";
}

/** Where a mode link points, keeping the page the user came from. */
function modeHref(mode: Mode, redirectTo: string) {
  const params = new URLSearchParams();
  if (mode !== "login") params.set("mode", mode);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

/**
 * The address typed in one mode, carried to the next by the mode links (ModeLink): on a
 * phone nobody wants to type it again after tapping "Forgot your password?". Only ever a
 * form's starting value, as typed so far (half an address too); at most an address's
 * length, and nothing that is not typed text.
 */
function typedEmail(url: URL) {
  const email = url.searchParams.get("email")?.trim() ?? "";
  return email && email.length <= 254 && !hasUntypeable(email) && !/\s/.test(email) ? email : undefined;
}

function pendingPage(email: string) {
  return `/verification-pending?${new URLSearchParams({ email })}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  const notice =
    url.searchParams.get("verified") === "true"
      ? ({ tone: "success", title: "Email Verified!", message: "Your email has been verified successfully. You can now log in." } as const)
      : // Present, even empty (?error=), is a failure to say (spec: any other gives "Verification failed.").
        error !== null
        ? ({ tone: "error", title: "Verification Error", message: (Object.hasOwn(VERIFICATION_ERRORS, error) ? VERIFICATION_ERRORS[error] : undefined) ?? UNKNOWN_VERIFICATION_ERROR } as const)
        : null;
  const invite = await pendingInvite(url);
  return {
    mode: readMode(url.searchParams.get("mode")),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    notice,
    origin: appOrigin(request),
    email: typedEmail(url),
    ...(invite ? { invite } : {}),
  };
}

/** Sign-up from an invitation link (/invitations/{token}): the band it joins and the invited address. */
async function pendingInvite(url: URL) {
  const token = url.searchParams.get("invite");
  if (!token) return null;
  const invitation = await getInvitationByToken(token);
  if (invitation?.status !== "pending") return null;
  return { token, bandName: invitation.band.name, email: invitation.email };
}

type ActionResult = { intent: Intent; result: SubmissionResult<string[]>; unverifiedEmail?: string };

const HIDDEN_FIELDS = ["password"];

function failure(intent: Intent, result: SubmissionResult<string[]>, init: { status: number; headers?: HeadersInit }, extra: Partial<ActionResult> = {}) {
  const body: ActionResult = { intent, result, ...extra };
  return data(body, init);
}

type Parsed = {
  value: { email: string };
  reply: (options?: { formErrors?: string[]; hideFields?: string[] }) => SubmissionResult<string[]>;
};
type ReplyOptions = { hideFields?: string[]; extra?: Partial<ActionResult> };

/** A refused attempt as the form's error: 429 with RateLimit-* headers. */
function tooManyAttempts(intent: Intent, submission: Parsed, error: RateLimitedError, { hideFields, extra }: ReplyOptions = {}) {
  return failure(intent, submission.reply({ formErrors: [error.message], hideFields }), { status: 429, headers: error.headers }, extra);
}

/** Counts the attempt; a refusal comes back as the form's 429 answer, else null. */
async function checkLimit(request: Request, intent: Intent, submission: Parsed, options?: ReplyOptions) {
  try {
    await limitAuthAttempt(request, intent, submission.value.email);
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return tooManyAttempts(intent, submission, error, options);
    throw error;
  }
}

// Bots fill every field; people never see this one. A filled honeypot gets the
// success answer and nothing happens, so the bot learns nothing.
function honeypotFilled(formData: FormData) {
  const value = formData.get("website");
  return typeof value === "string" && value !== "";
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameSite(request);
  // Read once: sign-in hands the parsed credentials to the strategy (signIn), no clone.
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case "login":
      return login(request, formData);
    case "register":
      return register(request, formData);
    case "forgot":
      return forgot(request, formData);
    case "resend":
      return resend(request, formData);
    default:
      throw data({ message: "Unknown form intent" }, { status: 400 });
  }
}

async function login(request: Request, formData: FormData) {
  const submission = parseWithZod(withoutFormOnlyFields(formData), { schema: LoginSchema });
  if (submission.status !== "success") {
    return failure("login", submission.reply({ hideFields: HIDDEN_FIELDS }), { status: 400 });
  }
  let user: CurrentUser;
  try {
    user = await signIn(request, submission.value);
  } catch (error) {
    if (error instanceof RateLimitedError) return tooManyAttempts("login", submission, error, { hideFields: HIDDEN_FIELDS });
    if (!(error instanceof LoginError)) throw error;
    return failure(
      "login",
      submission.reply({ formErrors: [error.message], hideFields: HIDDEN_FIELDS }),
      { status: 400 },
      error.result.status === "unverified" ? { unverifiedEmail: error.result.email } : {},
    );
  }

  // Two-step sign-in: the password was right; /two-step asks for the code before any session exists.
  if (await isMfaEnabled(user.id)) {
    const challenge = await startMfaChallenge(request, { userId: user.id, redirectTo: safeRedirect(formData.get("redirectTo")) });
    throw redirect("/two-step", { headers: { "Set-Cookie": challenge } });
  }

  // Any session this browser had ends here; the new id is fresh (no session fixation).
  await destroySession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(request, user.id));
  headers.append("Set-Cookie", await toastHeader({ title: "Login successful", description: "Welcome back!" }));
  throw redirect(safeRedirect(formData.get("redirectTo")), { headers });
}

async function register(request: Request, formData: FormData) {
  if (honeypotFilled(formData)) throw redirect(pendingPage(String(formData.get("email") ?? "").slice(0, 254)));
  const submission = parseWithZod(withoutFormOnlyFields(formData), { schema: refuseCommonPasswords(RegisterSchema, "password") });
  if (submission.status !== "success") {
    return failure("register", submission.reply({ hideFields: HIDDEN_FIELDS }), { status: 400 });
  }
  const limited = await checkLimit(request, "register", submission, { hideFields: HIDDEN_FIELDS });
  if (limited) return limited;
  const { email, password, firstName, lastName } = submission.value;
  const invite = formData.get("invite");
  if (typeof invite === "string" && invite) {
    // The invited address itself: reading the mail proved the mailbox, so no second mail.
    const joined = await registerWithInvitation(invite, { email, password, firstName, lastName });
    if (joined) {
      await destroySession(request);
      const headers = new Headers();
      headers.append("Set-Cookie", await createSession(request, joined.userId));
      headers.append("Set-Cookie", await currentBandCookieHeader(joined.joined.band.id));
      headers.append("Set-Cookie", await toastHeader({ title: `Welcome to ${joined.joined.band.name}` }));
      throw redirect("/getting-started", { headers });
    }
  }
  // The answer is the same whether or not the address already had an account.
  await registerUser({ email, password, firstName, lastName }, appOrigin(request));
  throw redirect(pendingPage(email));
}

async function forgot(request: Request, formData: FormData) {
  const sent = async () => redirect("/login", { headers: { "Set-Cookie": await toastHeader(RESET_LINK_SENT) } });
  if (honeypotFilled(formData)) throw await sent();
  const submission = parseWithZod(withoutFormOnlyFields(formData), { schema: ForgotSchema });
  if (submission.status !== "success") return failure("forgot", submission.reply(), { status: 400 });
  const limited = await checkLimit(request, "forgot", submission);
  if (limited) return limited;
  await requestPasswordReset(submission.value.email, appOrigin(request));
  throw await sent();
}

async function resend(request: Request, formData: FormData) {
  const submission = parseWithZod(withoutFormOnlyFields(formData), { schema: ResendVerificationSchema });
  const email = String(formData.get("email") ?? "");
  if (submission.status !== "success") return failure("resend", submission.reply(), { status: 400 }, { unverifiedEmail: email });
  const limited = await checkLimit(request, "resend", submission, { extra: { unverifiedEmail: email } });
  if (limited) return limited;
  await resendVerification(submission.value.email, appOrigin(request));
  throw redirect(pendingPage(submission.value.email), { headers: { "Set-Cookie": await toastHeader(VERIFICATION_SENT) } });
}

// ---------------------------------------------------------------------------

const TITLES: Record<Mode, { heading: string; description: string; meta: string }> = {
  login: { heading: "Welcome back", description: "Sign in to see your band's gigs, setlists and money.", meta: "Sign in" },
  register: { heading: "Create your account", description: "Free for small bands. It takes a minute.", meta: "Sign up" },
  forgot: {
    heading: "Reset your password",
    description: "Enter the email you signed up with and we'll send you a link to choose a new password.",
    meta: "Reset your password",
  },
};

/** Each mode is one page to a search engine or a shared link: /login, described as signing in to Bandroom. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${TITLES[data?.mode ?? "login"].meta} · Bandroom` },
  { name: "description", content: "Sign in to Bandroom, or create a free account: your band's gigs, rehearsals, setlists and money in one place." },
  ...(data ? [{ tagName: "link", rel: "canonical", href: `${data.origin}/login` }] : []),
];

/**
 * With JavaScript: a submission the server could not answer (a 500, the connection gone)
 * stays on the form with the spec's toast ("Login failed", "An error occurred"), rather
 * than the error page. Redirects (signed in, a link sent) go on as they are.
 */
type FailedSubmit = { intent: Intent; result: undefined; unverifiedEmail: string | undefined; serverUnanswered: true };

export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  const intent = form.get("intent") as Intent;
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response) throw error;
    // A resend keeps its form (the address it was for) on the page.
    const email = intent === "resend" ? form.get("email") : null;
    const failed: FailedSubmit = { intent, result: undefined, unverifiedEmail: typeof email === "string" ? email : undefined, serverUnanswered: true };
    return failed;
  }
}

/** As the root's (root.tsx): nothing reloaded after a submit the server did not answer, or refused. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) =>
  !actionResult?.serverUnanswered && !((actionStatus ?? 0) >= 400) && defaultShouldRevalidate;

export default function LoginPage() {
  const { mode, notice, redirectTo, invite, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ReturnType<typeof useActionData<typeof action>> | FailedSubmit;

  // With JavaScript, a server-side failure also shows as the spec's toast.
  useEffect(() => {
    if (!actionData) return;
    const errors = "serverUnanswered" in actionData ? [] : formErrorsOf(actionData.result);
    if (!errors) return;
    showToast({ title: FAILURE_TITLES[actionData.intent] ?? FAILURE_TITLES.login, description: errors[0] ?? FALLBACK_FAILURE, type: "destructive" });
  }, [actionData]);

  const lastResult = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const title = TITLES[mode];

  return (
    <AuthShell
      title={title.heading}
      description={title.description}
      footer={
        mode === "login" ? (
          <p>
            New to Bandroom?{" "}
            <ModeLink to={modeHref("register", redirectTo)} className={authLinkClasses}>
              Sign up
            </ModeLink>
          </p>
        ) : mode === "register" ? (
          <p>
            Already have an account?{" "}
            <ModeLink to={modeHref("login", redirectTo)} className={authLinkClasses}>
              Sign in
            </ModeLink>
          </p>
        ) : (
          <ModeLink to={modeHref("login", redirectTo)} className={authLinkClasses}>
            Back to login
          </ModeLink>
        )
      }
    >
      {notice ? (
        <Notice tone={notice.tone} title={notice.title}>
          {notice.message}
          {notice.tone === "error" ? (
            // The spec's words say what went wrong; this says what to do (a resend makes the older link stop working).
            <span className="mt-1 block">Sign in below: if your address still needs verifying, you can have a new link sent from there. Only the newest link works.</span>
          ) : null}
        </Notice>
      ) : null}
      {mode === "login" ? (
        <LoginForm
          key="login"
          email={email}
          lastResult={lastResult("login")}
          redirectTo={redirectTo}
          unverifiedEmail={actionData?.unverifiedEmail}
          resendResult={lastResult("resend")}
        />
      ) : mode === "register" ? (
        <>
          {invite ? (
            <Notice tone="success" title={`You’re invited to ${invite.bandName}`}>
              Sign up with the address the invitation was sent to and you’ll join the band straight away.
            </Notice>
          ) : null}
          <RegisterForm key="register" email={email} lastResult={lastResult("register")} invite={invite} />
        </>
      ) : (
        <ForgotForm key="forgot" email={email} lastResult={lastResult("forgot")} />
      )}
    </AuthShell>
  );
}

/**
 * A link to another mode of this page that takes the address typed so far along (with
 * JavaScript; without it, a plain link to that mode).
 */
function ModeLink({ to, className, children }: { to: string; className: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        // The mode's own field (the resend form's hidden one names the address refused before).
        const typed = document.querySelector<HTMLInputElement>('main input[name="email"]:not([type="hidden"])')?.value.trim();
        if (!typed || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(`${to}${to.includes("?") ? "&" : "?"}${new URLSearchParams({ email: typed })}`);
      }}
    >
      {children}
    </Link>
  );
}

function FormFailure({ intent, id, errors, children }: { intent: Intent; id?: string; errors: string[] | undefined; children?: React.ReactNode }) {
  if (!errors?.length) return null;
  return (
    <Notice tone="error" title={FAILURE_TITLES[intent]} id={id}>
      <ErrorList errors={errors} />
      {children}
    </Notice>
  );
}

function LoginForm({
  email,
  lastResult,
  redirectTo,
  unverifiedEmail,
  resendResult,
}: {
  email?: string;
  lastResult?: SubmissionResult<string[]>;
  redirectTo: string;
  unverifiedEmail?: string;
  resendResult?: SubmissionResult<string[]>;
}) {
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const formErrors = formErrorsOf(lastResult) ?? undefined;
  const submitting = useSubmitting("login");
  const resendErrors = formErrorsOf(resendResult) ?? resendResult?.error?.email ?? null;

  return (
    <>
      <FormFailure intent="login" id="login-form-error" errors={formErrors}>
        {unverifiedEmail ? <ResendForm email={unverifiedEmail} /> : null}
      </FormFailure>
      {resendErrors ? (
        <Notice tone="error" title={FAILURE_TITLES.resend}>
          <ErrorList errors={resendErrors} />
          {unverifiedEmail ? <ResendForm email={unverifiedEmail} /> : null}
        </Notice>
      ) : null}
      <Form method="post" ref={form} id="login" aria-describedby={formErrors ? "login-form-error" : undefined} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="Email"
          inputProps={{ name: "email", type: "email", defaultValue: shownValue(lastResult, "email") ?? email, autoComplete: "email" }}
          errors={errors?.email}
        />
        <Field label="Password" inputProps={{ name: "password", type: "password", autoComplete: "current-password" }} errors={errors?.password} />
        <div className="-mt-1 flex justify-end">
          <ModeLink to={modeHref("forgot", redirectTo)} className={`${authLinkClasses} text-sm`}>
            Forgot your password?
          </ModeLink>
        </div>
        <Button type="submit" className="w-full" pending={submitting} pendingText="Signing in…">
          Sign in
        </Button>
      </Form>
    </>
  );
}

/** Its own form beside the login form: forms cannot nest, and this one must work without JavaScript. */
function ResendForm({ email }: { email: string }) {
  const resending = useSubmitting("resend");
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <Button type="submit" variant="secondary" pending={resending} pendingText="Sending…">
        Resend verification email
      </Button>
    </Form>
  );
}

function RegisterForm({ email, lastResult, invite }: { email?: string; lastResult?: SubmissionResult<string[]>; invite?: { token: string; email: string } | null }) {
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const formErrors = formErrorsOf(lastResult) ?? undefined;
  const submitting = useSubmitting("register");
  return (
    <>
      <FormFailure intent="register" id="register-form-error" errors={formErrors} />
      <Form method="post" ref={form} id="register" aria-describedby={formErrors ? "register-form-error" : undefined} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="register" />
        {invite ? <input type="hidden" name="invite" value={invite.token} /> : null}
        <HoneypotField />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            inputProps={{ name: "firstName", type: "text", defaultValue: shownValue(lastResult, "firstName"), autoComplete: "given-name" }}
            errors={errors?.firstName}
          />
          <Field
            label="Last name (optional)"
            inputProps={{ name: "lastName", type: "text", defaultValue: shownValue(lastResult, "lastName"), autoComplete: "family-name" }}
            errors={errors?.lastName}
          />
        </div>
        <Field
          label="Email"
          inputProps={{ name: "email", type: "email", autoComplete: "email", defaultValue: shownValue(lastResult, "email") ?? invite?.email ?? email }}
          errors={errors?.email}
        />
        <Field
          label="Password"
          hint={NEW_PASSWORD_HINT}
          inputProps={{ name: "password", type: "password", autoComplete: "new-password" }}
          errors={errors?.password}
        />
        <CheckboxField
          label={
            <>
              I agree to the{" "}
              <Link to="/terms" className="font-semibold text-brand-700 underline underline-offset-2">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-2">
                Privacy Policy
              </Link>
            </>
          }
          inputProps={{ name: "agreeToTerms", value: "on", defaultChecked: shownValue(lastResult, "agreeToTerms") === "on" }}
          errors={errors?.agreeToTerms}
        />
        <Button type="submit" className="w-full" pending={submitting} pendingText="Creating your account…">
          Create account
        </Button>
      </Form>
    </>
  );
}

function ForgotForm({ email, lastResult }: { email?: string; lastResult?: SubmissionResult<string[]> }) {
  const form = useFocusFirstError(lastResult);
  const formErrors = formErrorsOf(lastResult) ?? undefined;
  const submitting = useSubmitting("forgot");
  return (
    <>
      <FormFailure intent="forgot" id="forgot-form-error" errors={formErrors} />
      <Form method="post" ref={form} id="forgot" aria-describedby={formErrors ? "forgot-form-error" : undefined} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="forgot" />
        <HoneypotField />
        <Field
          label="Email"
          inputProps={{ name: "email", type: "email", defaultValue: shownValue(lastResult, "email") ?? email, autoComplete: "email" }}
          errors={lastResult?.error?.email}
        />
        <Button type="submit" className="w-full" pending={submitting} pendingText="Sending…">
          Send reset link
        </Button>
      </Form>
    </>
  );
}

export { AuthErrorBoundary as ErrorBoundary };

/** A refused attempt's 429 carries its RateLimit headers on the page too, as on /api. */
export const headers = actionRateLimitHeaders;
