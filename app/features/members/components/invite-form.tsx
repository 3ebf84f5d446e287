import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button, ErrorList, Field, formErrorsOf, shownValue, showToast, useFocusFirstError, useIsPending } from "~/components/kit";
import { RoleSelect } from "./role-select";

type InviteFormProps = {
  bandId: number;
  /** The roles this viewer may invite with (an admin never invites a leader). */
  roles: readonly string[];
  lastResult?: SubmissionResult<string[]>;
};

export function InviteForm({ bandId, roles, lastResult }: InviteFormProps) {
  const pending = useIsPending({ intent: "invite" });
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const formErrors = formErrorsOf(lastResult);
  return (
    <Form
      method="post"
      ref={form}
      id="invite-member"
      noValidate
      aria-describedby={formErrors ? "invite-member-form-error" : undefined}
      className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
    >
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="bandId" value={bandId} />
      <Field
        label="Email"
        inputProps={{ name: "email", type: "email", defaultValue: shownValue(lastResult, "email"), autoComplete: "off", placeholder: "name@example.com" }}
        errors={errors?.email}
      />
      <RoleSelect label="Role" roles={roles} selectProps={{ name: "role", defaultValue: shownValue(lastResult, "role", { role: "band_member" }) }} errors={errors?.role} />
      <div className="sm:pt-6">
        <Button type="submit" pending={pending} pendingText="Sending…" className="w-full sm:w-auto">
          Send invitation
        </Button>
      </div>
      {formErrors?.length ? (
        <div role="alert" id="invite-member-form-error" className="sm:col-span-3">
          <ErrorList errors={formErrors} />
        </div>
      ) : null}
    </Form>
  );
}

export type CreatedInvite = { email: string; url: string; expires: string; mailed: boolean; resent: boolean };

/**
 * The new invitation link, shown once right after inviting or resending: only its hash
 * is stored, so this is the one moment it can be copied.
 */
export function InviteLinkPanel({ created }: { created: CreatedInvite }) {
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => {
    // Only with JavaScript and a clipboard; without, the box is there to select and copy.
    // The panel itself says "Invitation sent", with or without JavaScript: no toast on top.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard));
  }, []);

  const inputId = `invite-link-${created.email}`;
  return (
    <div role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-950">
      <p className="font-semibold">
        {created.resent ? "Invitation sent again to " : "Invitation sent to "}
        {created.email}
      </p>
      <p className="mt-1">
        {created.mailed
          ? "We emailed them the link below. You can also copy it and send it yourself."
          : "We couldn’t send the email just now. Copy the link below and send it to them yourself."}{" "}
        It works once, until {created.expires}. For safety it is shown only now{created.resent ? "; the earlier link no longer works" : ""}.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Invitation link
        </label>
        <input
          id={inputId}
          readOnly
          value={created.url}
          onFocus={(event) => event.currentTarget.select()}
          className="block min-h-[44px] w-full min-w-0 flex-1 rounded-md border border-green-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
        {canCopy ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              navigator.clipboard.writeText(created.url).then(
                () => showToast({ title: "Link copied" }),
                () => showToast({ title: "Could not copy", description: "Select the link and copy it by hand.", type: "destructive" }),
              );
            }}
          >
            Copy link
          </Button>
        ) : null}
      </div>
    </div>
  );
}
