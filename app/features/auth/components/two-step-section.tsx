import { Form, Link } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { Field } from "~/components/forms";
import { Button, buttonClasses, useFocusFirstError } from "~/components/kit";

/** `field`: which field the error is about (the password when turning it on); the code's otherwise. */
export type TwoStepReply = { error?: string; field?: "currentPassword"; recoveryCodes?: string[] };

export type TwoStepStatus = (
  | { state: "off" }
  | { state: "setting-up"; key: string; uri: string; qrSvg: string }
  | { state: "on"; since: string; recoveryCodesLeft: number }
) & { required: boolean; requiredMessage: string; next: string | null };

const cardClasses = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

/**
 * Two-step sign-in on /profile: turn on (scan the server-rendered QR code or type the
 * key, then confirm with a code), see the recovery codes once, turn off with the
 * password. Plain forms: every step works without JavaScript.
 */
export function TwoStepSection({ status, reply }: { status: TwoStepStatus; reply?: TwoStepReply }) {
  const error = reply?.error;
  // With JavaScript too, a refused try puts the keyboard on the field in error, as every form does.
  const refused = useMemo(() => (reply?.error ? ({ status: "error" } as const) : undefined), [reply]);
  const form = useFocusFirstError(refused);
  // A step that replaces the pressed button (set up, cancel) starts the reader at the section's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(status.state);
  useEffect(() => {
    if (shown.current !== status.state && !reply) heading.current?.focus();
    shown.current = status.state;
  }, [status.state, reply]);
  return (
    <section id="two-step" aria-labelledby="two-step-heading" className={cardClasses}>
      <h2 id="two-step-heading" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
        Two-step sign-in
      </h2>
      {status.required ? (
        <p role="alert" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {status.requiredMessage}
        </p>
      ) : null}

      {reply?.recoveryCodes ? (
        <div className="mt-3 space-y-3 text-sm text-slate-700">
          <p role="status" className="font-medium text-emerald-800">
            Two-step sign-in is on. Your other devices were signed out: they sign in again with a code.
          </p>
          <p>
            Save these recovery codes somewhere safe (a password manager, or printed). Each one signs you in once if you lose your phone. They
            are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-2 font-mono text-base text-slate-900">
            {reply.recoveryCodes.map((code) => (
              <li key={code} className="rounded bg-slate-100 px-2 py-1">
                {code}
              </li>
            ))}
          </ul>
          <BackToAdmin next={status.next} />
        </div>
      ) : status.state === "on" ? (
        <div className="mt-1 space-y-4 text-sm text-slate-700">
          <p>
            On since {status.since}. Signing in asks for a code from your authenticator app after your password.{" "}
            {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <BackToAdmin next={status.next} />
          <Form method="post" ref={form} className="max-w-xl space-y-4">
            <input type="hidden" name="intent" value="mfa-disable" />
            <Field
              label="Your password"
              hint="Needed to turn two-step sign-in off."
              errors={error ? [error] : undefined}
              inputProps={{ name: "currentPassword", type: "password", autoComplete: "current-password", required: true }}
            />
            <Button type="submit" variant="secondary">
              Turn off two-step sign-in
            </Button>
          </Form>
        </div>
      ) : status.state === "setting-up" ? (
        <div className="mt-1 space-y-4 text-sm text-slate-700">
          <p>Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Aegis), or type the key by hand.</p>
          {/* Rendered on the server from our own otpauth:// URI: no script, no image request. */}
          <div role="img" aria-label="QR code for your authenticator app" className="h-48 w-48" dangerouslySetInnerHTML={{ __html: status.qrSvg }} />
          <p>
            Key: <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-base text-slate-900" data-testid="totp-key">{status.key}</code>
          </p>
          <Form method="post" ref={form} className="max-w-xl space-y-4">
            <input type="hidden" name="intent" value="mfa-confirm" />
            <Field
              label="Your password"
              hint="Needed to turn two-step sign-in on, so a borrowed session cannot lock you out."
              errors={error && reply?.field === "currentPassword" ? [error] : undefined}
              inputProps={{ name: "currentPassword", type: "password", autoComplete: "current-password", required: true }}
            />
            <Field
              label="Code from the app"
              errors={error && reply?.field !== "currentPassword" ? [error] : undefined}
              inputProps={{ name: "code", type: "text", inputMode: "numeric", autoComplete: "one-time-code", required: true, maxLength: 12 }}
            />
            <Button type="submit">Turn on two-step sign-in</Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="mfa-cancel" />
            <Button type="submit" variant="secondary">
              Cancel
            </Button>
          </Form>
        </div>
      ) : (
        <div className="mt-1 space-y-4 text-sm text-slate-700">
          <p>Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password is not enough.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="mfa-start" />
            <Button type="submit">Set up two-step sign-in</Button>
          </Form>
        </div>
      )}
    </section>
  );
}

/** Back to the admin page that asked for two-step sign-in, once it is on. */
function BackToAdmin({ next }: { next: string | null }) {
  return next ? (
    <Link to={next} className={buttonClasses("secondary")}>
      Continue to the admin area
    </Link>
  ) : null;
}
