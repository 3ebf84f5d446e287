import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { CreateBandSchema } from "~/features/bands/schema";
import { ApiError, apiMutation } from "~/utils/api-client";
import { useIsPending } from "~/utils/use-is-pending";

export const CREATE_BAND_ACTION = "/bands/new";
export const CREATE_BAND_FAILED = "Failed to create band. Please try again.";
/** Spec section 4: after creating a band, the toast shows, then Getting Started follows. */
export const CREATE_BAND_REDIRECT_DELAY_MS = 300;

// No maxLength on the input: a too-long name can be typed and gets the spec's
// "Band name is too long" instead of being cut off silently.
const { maxLength: _maxLength, ...nameConstraint } = getZodConstraint(CreateBandSchema).name ?? {};

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
  const [form, fields] = useForm({
    id: "create-band",
    lastResult,
    constraint: { name: nameConstraint },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateBandSchema }),
    // Not onBlur: messages appearing as focus leaves a field push the submit button away
    // mid-click (a tap on a phone misses). First check on submit, then live as they type.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // With JavaScript (spec sections 4 and 7): POST /api/bands, show the toast, then go to
    // Getting Started after a moment. Without it the form posts to /bands/new, which
    // redirects at once. A refused name falls back to that action for its field errors.
    onSubmit(event, { formData, submission }) {
      if (submission?.status !== "success") return;
      event.preventDefault();
      setCreating(true);
      apiMutation<{ id: number; name: string }>("POST", "/api/bands", { name: submission.value.name })
        .then((band) => {
          showToast({ title: "Band created", description: `${band?.name ?? submission.value.name} has been created successfully` });
          window.setTimeout(() => navigate("/getting-started"), CREATE_BAND_REDIRECT_DELAY_MS);
        })
        .catch((error: unknown) => {
          setCreating(false);
          if (error instanceof ApiError && error.status === 400) submit(formData, { method: "post", action: CREATE_BAND_ACTION });
          else showToast({ title: "Error", description: CREATE_BAND_FAILED, type: "destructive" });
        });
    },
  });

  const failed = form.errors?.includes(CREATE_BAND_FAILED) ?? false;
  useEffect(() => {
    if (failed) showToast({ title: "Error", description: CREATE_BAND_FAILED, type: "destructive" });
  }, [failed, lastResult]);

  return (
    <Form method="post" action={CREATE_BAND_ACTION} {...getFormProps(form)} className="space-y-4">
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
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off", placeholder: "e.g. The Late Shift" }}
        errors={fields.name.errors}
      />
      <Button type="submit" pending={pending} pendingText="Creating…">
        {submitLabel}
      </Button>
    </Form>
  );
}
