import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, formErrorsOf, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, showToast } from "~/components/kit";
import { ApiError, apiMutation } from "~/utils/api-client";
import { useIsPending } from "~/utils/use-is-pending";

export const CREATE_BAND_ACTION = "/bands/new";
export const CREATE_BAND_FAILED = "Failed to create band. Please try again.";
/** Spec section 4: after creating a band, the toast shows, then Getting Started follows. */
export const CREATE_BAND_REDIRECT_DELAY_MS = 300;

/**
 * The create-band form, used by /bands/new and by /getting-started for a user with no
 * band. It always posts to /bands/new, whose action answers both.
 */
export function CreateBandForm({ lastResult, submitLabel = "Create band" }: { lastResult?: SubmissionResult<string[]> | null; submitLabel?: string }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const [creating, setCreating] = useState(false);
  const posting = useIsPending({ formAction: CREATE_BAND_ACTION });
  const pending = creating || posting;
  const form = useFocusFirstError(lastResult);

  // With JavaScript (spec sections 4 and 7): POST /api/bands, show the toast, then go to
  // Getting Started after a moment. Without it the form posts to /bands/new, which
  // redirects at once. A refused name falls back to that action for its field errors.
  // The name is checked by the API (the one schema, on the server), not in the browser.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    const name = formData.get("name");
    if (typeof name !== "string") return;
    event.preventDefault();
    setCreating(true);
    // The band starts in this browser's time zone (Settings changes it); without JavaScript, in UTC.
    apiMutation<{ id: number; name: string }>("POST", "/api/bands", { name, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })
      .then((band) => {
        showToast({ title: "Band created", description: `${band?.name ?? name.trim()} has been created successfully` });
        window.setTimeout(() => navigate("/getting-started"), CREATE_BAND_REDIRECT_DELAY_MS);
      })
      .catch((error: unknown) => {
        setCreating(false);
        if (error instanceof ApiError && error.status === 400) submit(formData, { method: "post", action: CREATE_BAND_ACTION });
        else showToast({ title: "Error", description: CREATE_BAND_FAILED, type: "destructive" });
      });
  };

  const failed = formErrorsOf(lastResult)?.includes(CREATE_BAND_FAILED) ?? false;
  useEffect(() => {
    if (failed) showToast({ title: "Error", description: CREATE_BAND_FAILED, type: "destructive" });
  }, [failed, lastResult]);

  return (
    <Form method="post" action={CREATE_BAND_ACTION} ref={form} id="create-band" noValidate onSubmit={onSubmit} className="space-y-4">
      {failed ? (
        // With JavaScript the toast says it; without, this is the only place it shows.
        <noscript>
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {CREATE_BAND_FAILED}
          </p>
        </noscript>
      ) : null}
      <Field
        label="Band name"
        hint="Up to 50 characters. You can change it later."
        inputProps={{ name: "name", type: "text", defaultValue: shownValue(lastResult, "name"), autoComplete: "off", placeholder: "e.g. The Late Shift" }}
        errors={lastResult?.error?.name}
      />
      <Button type="submit" pending={pending} pendingText="Creating…">
        {submitLabel}
      </Button>
    </Form>
  );
}
