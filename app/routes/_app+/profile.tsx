import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/utils/submission";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import {
  accountDeletionImpact,
  adminPage,
  cancelMfaSetup,
  changePassword,
  checkCurrentPassword,
  confirmMfaSetup,
  currentBandCookieHeader,
  deleteAccount,
  destroyAllSessions,
  destroySession,
  destroyUserSession,
  disableMfa,
  getCurrentBand,
  getProfile,
  getSession,
  handOverMessage,
  LAST_ADMIN_MESSAGE,
  limitAuthAttempt,
  listActiveSessions,
  MFA_MESSAGES,
  mfaStatus,
  paysThroughStripe,
  RateLimitedError,
  refuseCommonPasswords,
  requestEmailChange,
  requireUser,
  startMfaSetup,
  toastHeader,
  appOrigin,
  updateProfile,
  type BandRef,
  type CurrentUser,
  type PasswordCheck,
} from "~/features/auth/profile-page.server";
import {
  CURRENT_PASSWORD_INCORRECT,
  ChangeEmailSchema,
  ChangePasswordSchema,
  ProfileSchema,
  deleteAccountSchema,
} from "~/features/auth/account-schema";
import { TwoStepSection, type TwoStepReply } from "~/features/auth/components/two-step-section";
import { useSubmitting } from "~/features/auth/components/auth-form";
import { describeDevice } from "~/features/auth/device";
import { CONFIRM_DELETE_WORD, NEW_PASSWORD_HINT } from "~/features/auth/limits";
import type { RootLoaderData } from "~/root";
import type { loader as layoutLoader } from "~/routes/_app+/_layout";
import { Avatar, Button, PageHeader } from "~/components/kit";
import { ErrorList, Field, formErrorsOf, shownValue, useFocusFirstError } from "~/components/forms";
import { formatDate, formatTime } from "~/utils/dates";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError, RuleError } from "~/utils/rule-error";
import { RouteErrorBoundary } from "~/components/error-screens";

type Intent = "update-profile" | "change-email" | "change-password" | "delete-account" | "sign-out-session" | "sign-out-everywhere";

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const session = await getSession(request);
  const [profile, impact, sessions, mfa, band] = await Promise.all([
    getProfile(user.id),
    accountDeletionImpact(user.id, { isPlatformAdmin: user.isPlatformAdmin }),
    listActiveSessions(user.id, session?.id ?? ""),
    mfaStatus(user),
    getCurrentBand(request, user),
  ]);
  if (!profile) throw data({ message: "Not found" }, { status: 404 });
  // Times in the zone of the band the person is looking at (the shell's), as every other page shows them.
  const tz = band?.band.timeZone ?? "UTC";
  return {
    profile: { id: profile.id, email: profile.email, firstName: profile.firstName, lastName: profile.lastName, profileImageUrl: profile.profileImageUrl },
    /** Change whenever the profile or password is saved, so each form starts afresh. */
    profileVersion: profile.updatedAt.toISOString(),
    passwordVersion: profile.password?.updatedAt.toISOString() ?? "none",
    passwordChanged: profile.password ? formatDate(profile.password.updatedAt, tz) : null,
    twoStep: {
      ...(mfa.state === "on" ? { state: mfa.state, since: formatDate(mfa.since, tz), recoveryCodesLeft: mfa.recoveryCodesLeft } : mfa),
      // /admin sends platform admins here until it is on.
      required: new URL(request.url).searchParams.get("mfa") === "required" && user.isPlatformAdmin && mfa.state !== "on",
      requiredMessage: MFA_MESSAGES.adminRequired,
      // The admin page that sent them here, to go back to once it is on: only a page of the admin area.
      next: user.isPlatformAdmin ? adminPage(new URL(request.url).searchParams.get("next")) : null,
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      lastSeen: `${formatDate(s.lastSeenAt, tz)}, ${formatTime(s.lastSeenAt, tz)}`,
      signedIn: formatDate(s.createdAt, tz),
      current: s.current,
    })),
    deletion: {
      blocking: impact.blocking,
      blockingMessage: impact.blocking.length ? handOverMessage(impact.blocking) : null,
      lastAdminMessage: impact.lastAdmin ? LAST_ADMIN_MESSAGE : null,
      deleted: impact.deleted,
      /** A band going with the account pays for Pro at Stripe: deleting ends it there at once. */
      endsSubscription: await paysThroughStripe(impact.deleted.map((band) => band.id)),
      left: impact.left,
    },
  };
}

function reply(intent: Intent, result: SubmissionResult<string[]>, init: { status: number; headers?: HeadersInit }) {
  return data({ intent, result }, init);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "update-profile":
      return saveProfile(user, formData);
    case "change-email":
      return askEmailChange(request, user, formData);
    case "change-password":
      return savePassword(request, user, formData);
    case "delete-account":
      return removeAccount(request, user, formData);
    case "mfa-start":
      await startMfaSetup(user.id);
      return redirect(twoStepPage(request));
    case "mfa-cancel":
      await cancelMfaSetup(user.id);
      return redirect(twoStepPage(request));
    case "mfa-confirm":
      return confirmTwoStep(request, user, formData);
    case "mfa-disable":
      return disableTwoStep(request, user, formData);
    case "sign-out-session":
      return signOutSession(request, user, formData);
    case "sign-out-everywhere":
      return signOutEverywhere(request, user);
    default:
      throw data({ message: "Unknown form intent" }, { status: 400 });
  }
}

async function saveProfile(user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") return reply("update-profile", submission.reply(), { status: 400 });
  await updateProfile(user.id, submission.value);
  return redirect("/profile", { headers: { "Set-Cookie": await toastHeader({ title: "Profile saved", description: "Your bands see the change right away." }) } });
}

/** Back to the two-step section, keeping why the person came (`?mfa=required&next=`, from the admin area). */
function twoStepPage(request: Request) {
  return `/profile${new URL(request.url).search}#two-step`;
}

function twoStepReply(reply: TwoStepReply, status = 200) {
  return data({ intent: "two-step" as const, result: undefined, twoStep: reply }, { status });
}

async function confirmTwoStep(request: Request, user: CurrentUser, formData: FormData) {
  // The password first: someone with a stolen session could otherwise turn it on, keep
  // the recovery codes and lock the owner out (turning it off asks for it too).
  const password = formData.get("currentPassword");
  if (typeof password !== "string" || !password) return twoStepReply({ error: "Enter your password to turn on two-step sign-in", field: "currentPassword" }, 400);
  const check = await checkCurrentPassword(request, user.email, password.slice(0, 512));
  if (check.status !== "ok") {
    const refusal = passwordRefusal(check);
    return data({ intent: "two-step" as const, result: undefined, twoStep: { error: check.status === "limited" ? check.error.message : CURRENT_PASSWORD_INCORRECT, field: "currentPassword" as const } }, refusal.init);
  }
  const code = formData.get("code");
  if (typeof code !== "string" || !code.trim()) return twoStepReply({ error: MFA_MESSAGES.codeRequired }, 400);
  const session = await getSession(request);
  if (!session) throw redirect("/login");
  const confirmed = await confirmMfaSetup(user, code.slice(0, 64), session.id);
  if (confirmed.ok === false && confirmed.limited) {
    const refusal = new RateLimitedError(confirmed.limited);
    return data({ intent: "two-step" as const, result: undefined, twoStep: { error: refusal.message } }, { status: 429, headers: refusal.headers });
  }
  if (!confirmed.ok) return twoStepReply({ error: MFA_MESSAGES.setupCodeInvalid }, 400);
  // Shown once, on this answer only (no redirect): they are stored hashed.
  return twoStepReply({ recoveryCodes: confirmed.recoveryCodes });
}

async function disableTwoStep(request: Request, user: CurrentUser, formData: FormData) {
  const password = formData.get("currentPassword");
  if (typeof password !== "string" || !password) return twoStepReply({ error: "Enter your password to turn off two-step sign-in" }, 400);
  const check = await checkCurrentPassword(request, user.email, password.slice(0, 512));
  if (check.status !== "ok") {
    const refusal = passwordRefusal(check);
    return data({ intent: "two-step" as const, result: undefined, twoStep: { error: check.status === "limited" ? check.error.message : CURRENT_PASSWORD_INCORRECT } }, refusal.init);
  }
  await disableMfa(user);
  return redirect("/profile#two-step", {
    headers: { "Set-Cookie": await toastHeader({ title: "Two-step sign-in is off", description: "Signing in now asks only for your password." }) },
  });
}

async function signOutSession(request: Request, user: CurrentUser, formData: FormData) {
  const sessionId = formData.get("sessionId");
  if (typeof sessionId !== "string" || !sessionId || sessionId.length > 100) throw data({ message: "Choose a session to sign out" }, { status: 400 });
  const current = await getSession(request);
  if (current?.id === sessionId) return signOutEverywhere(request, user, false);
  const ended = await destroyUserSession(user.id, sessionId);
  return redirect("/profile", {
    headers: {
      "Set-Cookie": await toastHeader(
        ended ? { title: "Signed out", description: "That device is signed out." } : { title: "Already signed out", description: "That session had already ended." },
      ),
    },
  });
}

/** Ends every session of the account, this one included (or only this one), and goes to sign in. */
async function signOutEverywhere(request: Request, user: CurrentUser, everywhere = true) {
  if (everywhere) await destroyAllSessions(user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append(
    "Set-Cookie",
    await toastHeader({ title: "Signed out", description: everywhere ? "You're signed out on every device." : "You're signed out on this device." }),
  );
  return redirect("/login", { headers });
}

/** How a refused password is answered: too many tries (429) or simply wrong (400). */
function passwordRefusal(check: Exclude<PasswordCheck, { status: "ok" }>) {
  if (check.status === "limited") {
    return { options: { formErrors: [check.error.message] }, init: { status: 429, headers: check.error.headers } };
  }
  return { options: { fieldErrors: { currentPassword: [CURRENT_PASSWORD_INCORRECT] } }, init: { status: 400 } };
}

/** Mails a confirmation link to the new address (the password first); the address changes when it is opened. */
async function askEmailChange(request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ChangeEmailSchema });
  if (submission.status !== "success") return reply("change-email", submission.reply({ hideFields: ["currentPassword"] }), { status: 400 });
  const check = await checkCurrentPassword(request, user.email, submission.value.currentPassword);
  if (check.status !== "ok") {
    const refusal = passwordRefusal(check);
    return reply("change-email", submission.reply({ ...refusal.options, hideFields: ["currentPassword"] }), refusal.init);
  }
  const { newEmail } = submission.value;
  try {
    // The new address gets at most as many mails on request as any other (sign-up, reset).
    await limitAuthAttempt(request, "forgot", newEmail);
    await requestEmailChange(user, newEmail, appOrigin(request));
  } catch (error) {
    const { result, status, headers } = replyWithRuleError(submission, error, { hideFields: ["currentPassword"] });
    return reply("change-email", result, { status, headers });
  }
  // sentAt: the form starts afresh after each send (the typed password is not left in it).
  return data({ intent: "change-email" as const, result: submission.reply({ resetForm: true }), sentTo: newEmail, sentAt: Date.now() });
}

async function savePassword(request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: refuseCommonPasswords(ChangePasswordSchema, "newPassword") });
  if (submission.status !== "success") return reply("change-password", submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  const check = await checkCurrentPassword(request, user.email, submission.value.currentPassword);
  if (check.status !== "ok") {
    const refusal = passwordRefusal(check);
    return reply("change-password", submission.reply({ ...refusal.options, hideFields: PASSWORD_FIELDS }), refusal.init);
  }

  const session = await getSession(request);
  if (!session) throw redirect("/login");
  await changePassword(user.id, submission.value.newPassword, session.id);
  return redirect("/profile", {
    headers: { "Set-Cookie": await toastHeader({ title: "Password changed", description: "You've been signed out everywhere else." }) },
  });
}

async function removeAccount(request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema(user.email) });
  if (submission.status !== "success") return reply("delete-account", submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  // A blocked account is said so before the password is tried, so it costs no attempt.
  const impact = await accountDeletionImpact(user.id, { isPlatformAdmin: user.isPlatformAdmin });
  if (impact.blocking.length || impact.lastAdmin) {
    const message = impact.blocking.length ? handOverMessage(impact.blocking) : LAST_ADMIN_MESSAGE;
    return reply("delete-account", submission.reply({ formErrors: [message], hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const check = await checkCurrentPassword(request, user.email, submission.value.currentPassword);
  if (check.status !== "ok") {
    const refusal = passwordRefusal(check);
    return reply("delete-account", submission.reply({ ...refusal.options, hideFields: PASSWORD_FIELDS }), refusal.init);
  }

  let result: Awaited<ReturnType<typeof deleteAccount>>;
  try {
    result = await deleteAccount(user.id);
  } catch (error) {
    // Stripe could not end the Pro subscription of a band going with the account: nothing was deleted.
    if (error instanceof RuleError) return reply("delete-account", submission.reply({ formErrors: [error.message], hideFields: PASSWORD_FIELDS }), { status: error.status });
    throw error;
  }
  if (result.status !== "deleted") {
    const message = result.status === "blocked" ? handOverMessage(result.bands) : LAST_ADMIN_MESSAGE;
    return reply("delete-account", submission.reply({ formErrors: [message], hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await currentBandCookieHeader(null));
  headers.append("Set-Cookie", await toastHeader({ title: "Your account has been deleted", description: deletedBandsNote(result.deletedBands) }));
  return redirect("/", { headers });
}

const bandList = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

function deletedBandsNote(bands: BandRef[]) {
  if (!bands.length) return "Thanks for playing with Bandroom.";
  return `${bandList.format(bands.map((band) => band.name))} ${bands.length === 1 ? "was" : "were"} deleted with it.`;
}

// ---------------------------------------------------------------------------

export default function Profile() {
  const { profile, profileVersion, passwordVersion, passwordChanged, twoStep, sessions, deletion } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className="space-y-6">
      <PageHeader title="Your profile" description="How your bandmates see you, and how you sign in." />
      <p>
        <Link to="/profile/calendar" className="inline-flex min-h-[44px] items-center font-medium text-brand-700 underline underline-offset-4">
          Reminder emails and your calendar feed
        </Link>
      </p>
      {/* Saved details start each form afresh; the prefixes keep the two keys apart when both were written in the same millisecond. */}
      <ProfileForm key={`profile-${profileVersion}`} profile={profile} lastResult={lastResult("update-profile")} />
      <EmailForm key={actionData && "sentAt" in actionData ? `email-${String(actionData.sentAt)}` : "email"} email={profile.email} lastResult={lastResult("change-email")} sentTo={actionData && "sentTo" in actionData ? String(actionData.sentTo) : undefined} />
      <PasswordForm key={`password-${passwordVersion}`} email={profile.email} changed={passwordChanged} lastResult={lastResult("change-password")} />
      <TwoStepSection status={twoStep} reply={actionData?.intent === "two-step" ? actionData.twoStep : undefined} />
      <SessionsSection sessions={sessions} />
      <DeleteAccountSection email={profile.email} deletion={deletion} lastResult={lastResult("delete-account")} />
    </div>
  );
}

const cardClasses = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

type ProfileData = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

function ProfileForm({ profile, lastResult }: { profile: ProfileData; lastResult?: SubmissionResult<string[]> }) {
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const shown = (name: string) => shownValue(lastResult, name, profile) ?? "";
  const saving = useSubmitting("update-profile");
  const root = useRouteLoaderData<RootLoaderData>("root");
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_app+/_layout");
  const current = root?.currentBand ?? null;
  const bandDisplayName = current?.membership.displayName;

  return (
    <section aria-labelledby="profile-heading" className={cardClasses}>
      <div className="flex items-center gap-4">
        <Avatar person={profile} position={layout?.avatarPosition} initials={layout?.avatarInitials ?? "?"} size="xl" decorative />
        <div className="min-w-0">
          <h2 id="profile-heading" className="font-semibold text-slate-900">
            Profile
          </h2>
          <p className="mt-1 text-sm text-slate-600">Your name and picture appear in the member lists of every band you’re in.</p>
        </div>
      </div>
      <Form method="post" ref={form} id="profile" noValidate className="mt-5 max-w-xl space-y-5">
        <input type="hidden" name="intent" value="update-profile" />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="First name"
            inputProps={{ name: "firstName", type: "text", defaultValue: shown("firstName"), autoComplete: "given-name" }}
            errors={errors?.firstName}
          />
          <Field
            label="Last name (optional)"
            inputProps={{ name: "lastName", type: "text", defaultValue: shown("lastName"), autoComplete: "family-name" }}
            errors={errors?.lastName}
          />
        </div>
        <Field
          label="Profile image URL (optional)"
          hint="An https:// link to a square picture. Leave it empty to show your initials."
          inputProps={{ name: "profileImageUrl", type: "url", defaultValue: shown("profileImageUrl"), inputMode: "url", placeholder: "https://", spellCheck: false }}
          errors={errors?.profileImageUrl}
        />
        {bandDisplayName && current ? (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
            In {current.band.name} you appear as “{bandDisplayName}”, the display name set on the{" "}
            <Link to="/members" className="font-medium text-brand-700 underline underline-offset-4">
              Members
            </Link>{" "}
            page.
          </p>
        ) : null}
        <Button type="submit" pending={saving} pendingText="Saving…">
          Save profile
        </Button>
      </Form>
    </section>
  );
}

function FormFailure({ errors, id }: { errors: string[] | null; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <ErrorList errors={errors} />
    </div>
  );
}

/** The sign-in address, and a new one: a link mailed there changes it once opened. */
function EmailForm({ email, lastResult, sentTo }: { email: string; lastResult?: SubmissionResult<string[]>; sentTo?: string }) {
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const failure = formErrorsOf(lastResult);
  const sending = useSubmitting("change-email");
  return (
    <section aria-labelledby="email-heading" id="email" className={cardClasses}>
      <h2 id="email-heading" className="font-semibold text-slate-900">
        Email
      </h2>
      <p className="mt-1 break-all text-slate-900">{email}</p>
      <p className="mt-1 text-sm text-slate-600">You sign in with this address, and band invitations are sent to it. To change it, we email a link to the new address: it changes when you open the link.</p>
      {sentTo ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          We sent a link to <span className="break-all font-medium">{sentTo}</span>. Open it within an hour to sign in with that address from then on.
        </p>
      ) : null}
      <Form method="post" ref={form} id="change-email" aria-describedby={failure ? "change-email-form-error" : undefined} noValidate className="mt-5 max-w-xl space-y-5">
        <input type="hidden" name="intent" value="change-email" />
        <FormFailure errors={failure} id="change-email-form-error" />
        <Field label="New email" inputProps={{ name: "newEmail", type: "email", autoComplete: "email", defaultValue: shownValue(lastResult, "newEmail") }} errors={errors?.newEmail} />
        <Field label="Your password" inputProps={{ name: "currentPassword", type: "password", autoComplete: "current-password" }} errors={errors?.currentPassword} />
        <Button type="submit" variant="secondary" pending={sending} pendingText="Sending…">
          Send confirmation link
        </Button>
      </Form>
    </section>
  );
}

function PasswordForm({ email, changed, lastResult }: { email: string; changed: string | null; lastResult?: SubmissionResult<string[]> }) {
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const failure = formErrorsOf(lastResult);
  const saving = useSubmitting("change-password");
  return (
    <section aria-labelledby="password-heading" className={cardClasses}>
      <h2 id="password-heading" className="font-semibold text-slate-900">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {changed ? `Last changed ${changed}. ` : ""}Changing it signs you out on every other device; this one stays signed in.
      </p>
      <Form method="post" ref={form} id="change-password" aria-describedby={failure ? "change-password-form-error" : undefined} noValidate className="mt-5 max-w-xl space-y-5">
        <input type="hidden" name="intent" value="change-password" />
        {/* Tells password managers which account the new password belongs to; not sent. */}
        <input type="text" autoComplete="username" value={email} readOnly hidden />
        <FormFailure errors={failure} id="change-password-form-error" />
        <Field
          label="Current password"
          inputProps={{ name: "currentPassword", type: "password", autoComplete: "current-password" }}
          errors={errors?.currentPassword}
        />
        <Field
          label="New password"
          hint={NEW_PASSWORD_HINT}
          inputProps={{ name: "newPassword", type: "password", autoComplete: "new-password" }}
          errors={errors?.newPassword}
        />
        <Field
          label="Confirm new password"
          inputProps={{ name: "confirmPassword", type: "password", autoComplete: "new-password" }}
          errors={errors?.confirmPassword}
        />
        <Button type="submit" pending={saving} pendingText="Changing…">
          Change password
        </Button>
      </Form>
    </section>
  );
}

type Sessions = ReturnType<typeof useLoaderData<typeof loader>>["sessions"];

/** Where the account is signed in: plain forms, so signing a device out works without JavaScript. */
function SessionsSection({ sessions }: { sessions: Sessions }) {
  return (
    <section aria-labelledby="sessions-heading" className={cardClasses}>
      <h2 id="sessions-heading" className="font-semibold text-slate-900">
        Where you’re signed in
      </h2>
      <p className="mt-1 text-sm text-slate-600">Sign out a device you don’t recognise or no longer use. Sessions end by themselves after 30 days unused, and after 90 days in any case.</p>
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Active sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current ? <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">This device</span> : null}
              </p>
              <p className="text-slate-600">
                Last seen {session.lastSeen} · signed in {session.signedIn}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="sign-out-session" />
              <input type="hidden" name="sessionId" value={session.id} />
              <Button type="submit" variant="secondary" aria-label={`Sign out ${session.device}${session.current ? " (this device)" : ""}, last seen ${session.lastSeen}`}>
                Sign out
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <Button type="submit" variant="secondary">
          Sign out everywhere
        </Button>
      </Form>
    </section>
  );
}

type Deletion = ReturnType<typeof useLoaderData<typeof loader>>["deletion"];

function DeleteAccountSection({ email, deletion, lastResult }: { email: string; deletion: Deletion; lastResult?: SubmissionResult<string[]> }) {
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const deleting = useSubmitting("delete-account");
  const failure = formErrorsOf(lastResult);

  return (
    <section aria-labelledby="delete-account-heading" className="rounded-xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="delete-account-heading" className="font-semibold text-red-800">
        Delete your account
      </h2>
      {deletion.blocking.length ? (
        <div className="mt-2 max-w-2xl space-y-3 text-sm text-slate-700">
          <p role={failure ? "alert" : undefined}>
            You can’t delete your account yet. <strong className="font-semibold text-slate-900">{deletion.blockingMessage}.</strong>
          </p>
          <p>You’re the only Band Leader of a band that has other members, and a band always keeps a leader.</p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {deletion.blocking.map((band) => (
              <li key={band.id} className="flex flex-wrap items-center gap-x-4 px-3 py-2">
                <span className="w-full min-w-0 wrap-anywhere pt-1 font-medium text-slate-900 sm:w-auto sm:flex-1 sm:pt-0">{band.name}</span>
                <BandPageLink band={band} to="/members" label="Hand over leadership" />
                <BandPageLink band={band} to="/settings" label="Delete band" />
              </li>
            ))}
          </ul>
        </div>
      ) : deletion.lastAdminMessage ? (
        <p role={failure ? "alert" : undefined} className="mt-2 max-w-2xl text-sm text-slate-700">
          You can’t delete your account yet. <strong className="font-semibold text-slate-900">{deletion.lastAdminMessage}.</strong>{" "}
          <Link to="/admin/users" className="font-medium text-brand-700 underline">
            Manage users
          </Link>
        </p>
      ) : (
        <>
          <div className="mt-1 max-w-2xl space-y-2 text-sm text-slate-700">
            <p>This deletes your account, your sign-in and your place in every band, and signs you out. It can’t be undone.</p>
            {deletion.deleted.length ? (
              <p>
                <strong className="font-semibold text-slate-900">{deletion.deleted.map((band) => band.name).join(", ")}</strong>{" "}
                will be deleted with it, with {deletion.deleted.length === 1 ? "its" : "their"} events, songs,
                setlists and money records, since you’re {deletion.deleted.length === 1 ? "its" : "their"} only member.
                {deletion.endsSubscription ? " Pro is cancelled at Stripe at once, so nobody is charged for it again." : null}
              </p>
            ) : null}
            {deletion.left.length ? <p>You’ll leave {deletion.left.map((band) => band.name).join(", ")}; the rest of the band carries on.</p> : null}
          </div>
          <Form method="post" ref={form} id="delete-account" aria-describedby={failure ? "delete-account-form-error" : undefined} noValidate className="mt-5 max-w-xl space-y-5">
            <input type="hidden" name="intent" value="delete-account" />
            <input type="text" autoComplete="username" value={email} readOnly hidden />
            <FormFailure errors={failure} id="delete-account-form-error" />
            <Field
              label={`Type ${CONFIRM_DELETE_WORD} or your email address to confirm`}
              inputProps={{ name: "confirm", type: "text", defaultValue: shownValue(lastResult, "confirm"), autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
              errors={errors?.confirm}
            />
            <Field
              label="Your password"
              inputProps={{ name: "currentPassword", type: "password", autoComplete: "current-password" }}
              errors={errors?.currentPassword}
            />
            <Button type="submit" variant="danger" pending={deleting} pendingText="Deleting…">
              Delete my account
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

/**
 * A link to a page of a band that may not be the current one: switching band is a
 * form POST (it works without JavaScript) that lands on `to`.
 */
function BandPageLink({ band, to, label }: { band: BandRef; to: string; label: string }) {
  return (
    <Form method="post" action="/bands/switch">
      <input type="hidden" name="bandId" value={band.id} />
      <input type="hidden" name="redirectTo" value={to} />
      <button type="submit" className="inline-flex min-h-[44px] items-center font-medium text-brand-700 underline-offset-4 hover:underline">
        {label}
        <span className="sr-only"> in {band.name}</span>
      </button>
    </Form>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Your profile", error);

export const ErrorBoundary = RouteErrorBoundary;
