import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { backToFormBand, requireBandAccess, requireFormBandAccess, type BandAccess } from "~/features/bands/access.server";
import { financeFormOptions, financePageGate, financeSettings, recordExpense, financeFormRefusal } from "~/features/finances/finances.server";
import { expenseSchema, parseWithZod } from "~/features/finances/schema.server";
import { EXPENSE_CATEGORIES } from "~/features/finances/ledger";
import { UpgradePage } from "~/features/finances/components/finance-ui";
import { ErrorList, Field, formErrorsOf, SelectField, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatMoney } from "~/utils/money";
import { formatDayShort } from "~/features/availability/local-day";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError } from "~/utils/rule-error";
import { useIsPending } from "~/utils/use-is-pending";
import { newSubmissionKey, saveOnce } from "~/utils/form-submission.server";

/** /finances/expenses/new: an expense, paid from the band fund or out of a member's pocket (then owed back to them). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const gate = await financePageGate(access, { form: true });
  if (gate) return data(gate, { status: 402 });
  return expenseForm(access);
}

/** The form's choices and defaults; `evenIfFree` for the reply to a form sent after Pro ended, drawn again with what was typed (without JavaScript the page's loader shows the upgrade page). */
async function expenseForm(access: BandAccess, evenIfFree = false) {
  const options = await financeFormOptions(access, "all", { evenIfFree });
  if (!options.writable) throw data({ message: "Finances is part of Pro" }, { status: 402 });
  return {
    currency: options.currency,
    members: options.members,
    submissionKey: newSubmissionKey(),
    bandId: access.band.id,
    events: options.gigs.map((event) => ({ id: event.id, label: eventOptionLabel(event) })),
    defaults: { date: options.today, category: "travel", paidBy: "band" },
  };
}

/** "Nov 28 · Leeds wedding", "Dec 1 · Weekly rehearsal (rehearsal, cancelled)": the kind is said for every event but a gig. */
function eventOptionLabel(event: { title: string; kind: string | null; day: string; cancelled: boolean }) {
  const notes = [event.kind, event.cancelled ? "cancelled" : null].filter(Boolean);
  return `${formatDayShort(event.day)} · ${event.title}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  // The band the form was opened for, not whichever is current now (another tab may have switched).
  const access = await requireFormBandAccess(request, formData, "finances:view");
  const refusal = financeFormRefusal(access);
  const { currency, today } = await financeSettings(access);
  const submission = parseWithZod(formData, { schema: expenseSchema(currency, { today }) });
  if (refusal) return data({ result: submission.reply({ formErrors: [refusal] }) as SubmissionResult<string[]>, submissionKey: newSubmissionKey(), currency, page: await expenseForm(access, true) }, { status: 402 });
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]>, submissionKey: newSubmissionKey(), currency }, { status: 400 });
  const { value } = submission;
  try {
    return await saveOnce(formData, access.user.id, "/finances", async () => {
      const saved = await recordExpense(access, value);
      const band = await backToFormBand(request, access);
      return { location: "/finances", toast: { title: "Expense recorded", description: `${formatMoney(value.amount, currency)}, ${saved.description}${band.note}.` }, cookies: band.cookies };
    });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    // A fresh key: after "already recorded with other details", pressing again records these.
    return data({ result, submissionKey: newSubmissionKey(), currency }, { status });
  }
}

type FieldName = "amount" | "date" | "category" | "note" | "eventId" | "receiptUrl" | "paidBy";

export default function NewExpense() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Refused because Pro ended meanwhile: the form as the reply draws it (the loader's is the upgrade page).
  const loaderData = actionData && "page" in actionData ? (actionData.page as Awaited<ReturnType<typeof expenseForm>>) : loaded;
  const pending = useIsPending();
  // Validated on the server only: the fields show its reply (the values sent and the
  // messages), as every form of the app does; none of conform's client ships (issue 11).
  const result = actionData?.result;
  const form = useFocusFirstError(result);
  if ("upgrade" in loaderData) return <UpgradePage title="Record an expense" bandName={loaderData.bandName} />;

  const { members, events, submissionKey, bandId } = loaderData;
  // A refusal says the band's currency now (it may have changed since the page was drawn).
  const currency = actionData?.currency ?? loaderData.currency;
  const errors = result?.error;
  const formErrors = formErrorsOf(result);
  /** The input's id (as conform named it), name and what it shows: the values sent on a refused save, else the defaults. */
  const field = (name: FieldName) => ({ id: `expense-${name}`, name, defaultValue: shownValue(result, name, loaderData.defaults) });
  return (
    <div className="space-y-6">
      <PageHeader title="Record an expense" back={{ to: "/finances", label: "Finances" }} description="Paid out of pocket? Choose who paid: the band then owes it back to them." />
      <Form method="post" ref={form} id="expense" noValidate aria-describedby={formErrors ? "expense-error" : undefined} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        {/* Claimed when saved: the same form posted twice records once (app/utils/form-submission.server.ts). */}
        <input type="hidden" name="submissionKey" value={actionData?.submissionKey ?? submissionKey} />
        <input type="hidden" name="bandId" value={bandId} />
        <input type="hidden" name="currency" value={currency} />
        <Field label={`Amount (${currency})`} inputProps={{ ...field("amount"), type: "text", inputMode: "decimal", autoComplete: "off" }} errors={errors?.amount} />
        <Field label="Date" inputProps={{ ...field("date"), type: "date" }} errors={errors?.date} />
        <SelectField label="Category" selectProps={field("category")} errors={errors?.category}>
          {Object.entries(EXPENSE_CATEGORIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Paid by" selectProps={field("paidBy")} errors={errors?.paidBy}>
          <option value="band">The band fund</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name} (out of pocket, to be reimbursed)
            </option>
          ))}
        </SelectField>
        <SelectField label="Event (optional)" selectProps={field("eventId")} errors={errors?.eventId}>
          <option value="">None</option>
          {events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.label}
            </option>
          ))}
        </SelectField>
        <Field label="Receipt link (optional)" inputProps={{ ...field("receiptUrl"), type: "url", placeholder: "https://" }} errors={errors?.receiptUrl} />
        <Field className="sm:col-span-2" label="Note (optional)" inputProps={{ ...field("note"), type: "text", autoComplete: "off", placeholder: "e.g. Van hire for the Leeds gig" }} errors={errors?.note} />
        <div className="sm:col-span-2">
          <ErrorList id="expense-error" errors={formErrors} />
          <Button type="submit" pending={pending} pendingText="Saving…">
            Record expense
          </Button>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Record an expense", error);

export const ErrorBoundary = RouteErrorBoundary;
