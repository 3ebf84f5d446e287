import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { backToFormBand, requireBandAccess, requireFormBandAccess, type BandAccess } from "~/features/bands/access.server";
import { BeyondBalanceError, financeFormOptions, financePageGate, financeSettings, formerMembersWithBalance, recordPayout, financeFormRefusal } from "~/features/finances/finances.server";
import { parseWithZod, payoutSchema } from "~/features/finances/schema.server";
import { PAYMENT_METHODS, PAYOUT_DIRECTIONS } from "~/features/finances/ledger";
import { UpgradePage } from "~/features/finances/components/finance-ui";
import { ErrorList, Field, formErrorsOf, SelectField, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatAmountInput, formatMoney, parseAmount } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError } from "~/utils/rule-error";
import { useIsPending } from "~/utils/use-is-pending";
import { newSubmissionKey, saveOnce } from "~/utils/form-submission.server";

/** /finances/payouts/new: the band pays a member, or a member hands over cash; ?userId=&direction=&amount= prefill it (settle up). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const gate = await financePageGate(access, { form: true });
  if (gate) return data(gate, { status: 402 });
  return payoutForm(access, new URL(request.url));
}

/** The form's choices and defaults; `evenIfFree` for the reply to a form sent after Pro ended, drawn again with what was typed (without JavaScript the page's loader shows the upgrade page). */
async function payoutForm(access: BandAccess, url: URL, evenIfFree = false) {
  const options = await financeFormOptions(access, "gigs", { evenIfFree });
  if (!options.writable) throw data({ message: "Finances is part of Pro" }, { status: 402 });
  const amount = parseAmount(url.searchParams.get("amount") ?? "", options.currency);
  // Settle up may propose paying someone who has left the band: they are on the list too.
  const former = await formerMembersWithBalance(access, options.members);
  return {
    currency: options.currency,
    members: [...options.members, ...former],
    submissionKey: newSubmissionKey(),
    bandId: access.band.id,
    defaults: {
      date: options.today,
      userId: url.searchParams.get("userId") ?? "",
      direction: url.searchParams.get("direction") === "to_band" ? "to_band" : "to_member",
      amount: amount.ok ? formatAmountInput(amount.minor, options.currency) : "",
      method: "bank_transfer",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  // The band the form was opened for, not whichever is current now (another tab may have switched).
  const access = await requireFormBandAccess(request, formData, "finances:view");
  const refusal = financeFormRefusal(access);
  const { currency, today } = await financeSettings(access);
  const submission = parseWithZod(formData, { schema: payoutSchema(currency, { today }) });
  if (refusal) return data({ result: submission.reply({ formErrors: [refusal] }) as SubmissionResult<string[]>, submissionKey: newSubmissionKey(), beyondBalance: false, currency, page: await payoutForm(access, new URL(request.url), true) }, { status: 402 });
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]>, submissionKey: newSubmissionKey(), beyondBalance: false, currency }, { status: 400 });
  const { value } = submission;
  try {
    return await saveOnce(formData, access.user.id, "/finances", async () => {
      const saved = await recordPayout(access, value, { checkBalance: formData.get("recordAnyway") !== "on" });
      const band = await backToFormBand(request, access);
      return { location: "/finances", toast: { title: "Payout recorded", description: `${formatMoney(value.amount, currency)}, ${saved.description}${band.note}.` }, cookies: band.cookies };
    });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    // A fresh key: after "already recorded with other details", pressing again records these.
    return data({ result, submissionKey: newSubmissionKey(), beyondBalance: error instanceof BeyondBalanceError, currency }, { status });
  }
}

type FieldName = "userId" | "direction" | "amount" | "date" | "method" | "note";

export default function NewPayout() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Refused because Pro ended meanwhile: the form as the reply draws it (the loader's is the upgrade page).
  const loaderData = actionData && "page" in actionData ? (actionData.page as Awaited<ReturnType<typeof payoutForm>>) : loaded;
  const pending = useIsPending();
  // Validated on the server only: the fields show its reply (the values sent and the
  // messages), as every form of the app does; none of conform's client ships (issue 11).
  const result = actionData?.result;
  const form = useFocusFirstError(result);
  if ("upgrade" in loaderData) return <UpgradePage title="Record a payout" bandName={loaderData.bandName} />;

  const { members, submissionKey, bandId } = loaderData;
  // A refusal says the band's currency now (it may have changed since the page was drawn).
  const currency = actionData?.currency ?? loaderData.currency;
  const errors = result?.error;
  const formErrors = formErrorsOf(result);
  /** The input's id (as conform named it), name and what it shows: the values sent on a refused save, else the defaults. */
  const field = (name: FieldName) => ({ id: `payout-${name}`, name, defaultValue: shownValue(result, name, loaderData.defaults) });
  return (
    <div className="space-y-6">
      <PageHeader title="Record a payout" back={{ to: "/finances", label: "Finances" }} description="Money paid to a member, or cash a member collected and hands over to the band." />
      <Form method="post" ref={form} id="payout" noValidate aria-describedby={formErrors ? "payout-error" : undefined} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        {/* Claimed when saved: the same form posted twice records once (app/utils/form-submission.server.ts). */}
        <input type="hidden" name="submissionKey" value={actionData?.submissionKey ?? submissionKey} />
        <input type="hidden" name="bandId" value={bandId} />
        <input type="hidden" name="currency" value={currency} />
        <SelectField label="Member" selectProps={field("userId")} errors={errors?.userId}>
          <option value="">Choose a member…</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Direction" selectProps={field("direction")} errors={errors?.direction}>
          {Object.entries(PAYOUT_DIRECTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field label={`Amount (${currency})`} inputProps={{ ...field("amount"), type: "text", inputMode: "decimal", autoComplete: "off" }} errors={errors?.amount} />
        <Field label="Date" inputProps={{ ...field("date"), type: "date" }} errors={errors?.date} />
        <SelectField label="Paid by" selectProps={field("method")} errors={errors?.method}>
          {Object.entries(PAYMENT_METHODS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field label="Note (optional)" inputProps={{ ...field("note"), type: "text", autoComplete: "off" }} errors={errors?.note} />
        <div className="sm:col-span-2">
          <ErrorList id="payout-error" errors={formErrors} />
          {actionData?.beyondBalance ? (
            <label className="mb-3 flex min-h-[44px] items-center gap-2 text-slate-800">
              <input type="checkbox" name="recordAnyway" value="on" className="h-5 w-5" />
              Record it anyway
            </label>
          ) : null}
          <Button type="submit" pending={pending} pendingText="Saving…">
            Record payout
          </Button>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Record a payout", error);

export const ErrorBoundary = RouteErrorBoundary;
