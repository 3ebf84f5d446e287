import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { backToFormBand, otherBandThanCurrent } from "~/features/bands/access.server";
import { financePageGate, getEntry, requireEntryAccess, reverseEntry, financeFormRefusal } from "~/features/finances/finances.server";
import { parseWithZod, ReversalSchema } from "~/features/finances/schema.server";
import { OtherBandNote, UpgradePage, UpgradePrompt } from "~/features/finances/components/finance-ui";
import { ErrorList, Field, formErrorsOf, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError } from "~/utils/rule-error";
import { newSubmissionKey, saveOnce } from "~/utils/form-submission.server";
import { useIsPending } from "~/utils/use-is-pending";

const NOT_IN_LEDGER = "That entry is not in this band's ledger";

/** /finances/entries/{id}/reverse: corrects an entry by recording its reversal (nothing is edited or deleted). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, access } = await requireEntryAccess(request, params.id, NOT_IN_LEDGER);
  const gate = await financePageGate(access);
  if (gate) return data(gate, { status: 402 });
  const [{ entry, currency, readOnly, canEdit, bandName }, otherBand] = await Promise.all([getEntry(access, id), otherBandThanCurrent(request, access)]);
  return {
    bandName,
    otherBand,
    readOnly,
    writable: canEdit,
    submissionKey: newSubmissionKey(),
    entry: {
      id: entry.id,
      description: entry.description,
      detail: entry.detail,
      date: formatDate(`${entry.occurredOn}T12:00:00Z`),
      amount: formatMoney(entry.amountMinor, currency),
      reversible: entry.reversible,
      why: entry.reversed ? "This entry has already been reversed." : entry.reversesId ? "This entry is itself a reversal: record a new entry instead." : "This commission belongs to a split: reverse the split instead.",
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The entry's band, whichever is current now; "014" or "0x0c" is no entry (the page's own id rule).
  const { id, access } = await requireEntryAccess(request, params.id, NOT_IN_LEDGER);
  const refusal = financeFormRefusal(access);
  const formData = await request.formData();
  formData.set("entryId", String(id));
  const submission = parseWithZod(formData, { schema: ReversalSchema });
  // Pro ended since the form was opened: answered on the form, still drawn with what was typed (without JavaScript the page's loader says read-only).
  if (refusal) return data({ result: submission.reply({ formErrors: [refusal] }) as SubmissionResult<string[]>, submissionKey: newSubmissionKey(), keepForm: true }, { status: 402 });
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]>, submissionKey: newSubmissionKey() }, { status: 400 });
  try {
    // Once per rendered form: a double tap reverses once and says so, not "already reversed".
    return await saveOnce(formData, access.user.id, "/finances/ledger", async () => {
      const saved = await reverseEntry(access, submission.value);
      const count = saved.reversalIds.length;
      // Back to the ledger of the entry's band, made current again if another tab had switched.
      const band = await backToFormBand(request, access);
      const description = `“${saved.description}” is reversed${count > 1 ? `, with ${count - 1} ${count === 2 ? "entry" : "entries"} that depended on it` : ""}${band.note}.`;
      return { location: "/finances/ledger", toast: { title: "Entry reversed", description }, cookies: band.cookies };
    });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    return data({ result, submissionKey: newSubmissionKey() }, { status });
  }
}

export default function ReversePage() {
  const loaderData = useLoaderData<typeof loader>();
  if ("upgrade" in loaderData) return <UpgradePage title="Reverse an entry" bandName={loaderData.bandName} />;
  return <ReverseEntry {...loaderData} />;
}

type Loaded = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { upgrade: true }>;

function ReverseEntry({ entry, writable, readOnly, bandName, otherBand, submissionKey }: Loaded) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // Validated on the server only: the form shows its reply, as every form of the app does (issue 11).
  const result = actionData?.result;
  const form = useFocusFirstError(result);
  const errors = result?.error;
  // The entry comes from the address, so a message about it is the form's own.
  const formErrors = [...(formErrorsOf(result) ?? []), ...(errors?.entryId ?? [])];
  const showForm = writable || (actionData !== undefined && "keepForm" in actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={`Reverse entry #${entry.id}`} back={otherBand ? undefined : { to: "/finances/ledger", label: "Ledger" }} description="A reversal is a new entry that cancels this one out. The original stays in the ledger, marked as reversed." />
      {readOnly ? <UpgradePrompt bandName={bandName} hasData /> : null}
      <OtherBandNote band={otherBand} what="entry" />
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <p className="font-medium text-slate-900">{entry.description}</p>
        <p className="text-sm text-slate-600">
          {entry.date} · {entry.amount}
          {entry.detail ? ` · ${entry.detail}` : ""}
        </p>
      </div>
      {!entry.reversible ? (
        <p className="text-slate-700">{entry.why}</p>
      ) : showForm ? (
        <Form method="post" ref={form} id="reverse" noValidate aria-describedby={formErrors.length ? "reverse-error" : undefined} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <input type="hidden" name="submissionKey" value={actionData?.submissionKey ?? submissionKey} />
          <Field label="Why is it reversed?" inputProps={{ id: "reverse-reason", name: "reason", type: "text", defaultValue: shownValue(result, "reason"), autoComplete: "off", placeholder: "e.g. Recorded twice" }} errors={errors?.reason} />
          <ErrorList id="reverse-error" errors={formErrors} />
          <Button type="submit" variant="danger" pending={pending} pendingText="Reversing…">
            Reverse this entry
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Reverse an entry", error);

export const ErrorBoundary = RouteErrorBoundary;
