import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { backToFormBand, otherBandThanCurrent } from "~/features/bands/access.server";
import { financePageGate, financeSettings, getPaymentForSplit, NOT_SPLITTABLE, previewSplit, recordSplit, requireEntryAccess, financeFormRefusal } from "~/features/finances/finances.server";
import { parseWithZod, splitSchema } from "~/features/finances/schema.server";
import { ROUNDING_RULE, SPLIT_METHODS } from "~/features/finances/ledger";
import { OtherBandNote, UpgradePage, UpgradePrompt } from "~/features/finances/components/finance-ui";
import { ErrorList, Field, formErrorsOf, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatMoney } from "~/utils/money";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError } from "~/utils/rule-error";
import { newSubmissionKey, saveOnce } from "~/utils/form-submission.server";
import { useIsPending } from "~/utils/use-is-pending";

const NOT_IN_LEDGER = "That payment is not in this band's ledger";

/** /finances/entries/{id}/split: splits a gig payment among the gig's lineup, with a preview before saving. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, access } = await requireEntryAccess(request, params.id, NOT_IN_LEDGER);
  const gate = await financePageGate(access);
  if (gate) return data(gate, { status: 402 });
  const [split, otherBand] = await Promise.all([getPaymentForSplit(access, id), otherBandThanCurrent(request, access)]);
  return {
    bandName: split.bandName,
    otherBand,
    readOnly: split.readOnly,
    writable: split.canEdit,
    currency: split.currency,
    // Not a gig's fee (merch, tips): why it cannot be split, as the API says it.
    payment: { ...split.payment, amount: formatMoney(split.payment.amountMinor, split.currency), notSplittable: split.payment.splittable ? null : `${NOT_SPLITTABLE}.` },
    // Someone who shared an earlier split of it and is no longer booked (left the band since) keeps their place.
    lineup: split.lineup.map(({ former, ...person }) => (former ? { ...person, name: `${person.name} (no longer booked)` } : person)),
    // Once per rendered form: a double tap saves one split and says so, not "already split".
    submissionKey: newSubmissionKey(),
  };
}

type Preview = { shares: { name: string; amount: string }[]; commission: string; fundCut: string };

export async function action({ request, params }: ActionFunctionArgs) {
  // The payment's band, whichever is current now; "014" or "0x0c" is no entry (the page's own id rule).
  const { id, access } = await requireEntryAccess(request, params.id, NOT_IN_LEDGER);
  const refusal = financeFormRefusal(access);
  const { currency } = await financeSettings(access);
  const formData = await request.formData();
  formData.set("paymentId", String(id));
  const preview = formData.get("intent") === "preview";
  const submission = parseWithZod(formData, { schema: splitSchema(currency) });
  // Pro ended since the form was opened: answered on the form, still drawn with what was typed (without JavaScript the page's loader says read-only).
  if (refusal) return data({ result: submission.reply({ formErrors: [refusal] }) as SubmissionResult<string[]>, preview: null, submissionKey: newSubmissionKey(), keepForm: true }, { status: 402 });
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]>, preview: null, submissionKey: newSubmissionKey() }, { status: 400 });
  const money = (minor: number) => formatMoney(minor, currency);
  try {
    if (preview) {
      const result = await previewSplit(access, submission.value);
      const shown: Preview = { shares: result.shares.map((share) => ({ name: share.name, amount: money(share.amountMinor) })), commission: money(result.commissionMinor), fundCut: money(result.fundCutMinor) };
      return data({ result: submission.reply() as SubmissionResult<string[]>, preview: shown, submissionKey: null });
    }
    return await saveOnce(formData, access.user.id, "/finances", async () => {
      const saved = await recordSplit(access, submission.value);
      // Back to the payment's band, made current again if another tab had switched.
      const band = await backToFormBand(request, access);
      return { location: "/finances", toast: { title: "Payment split", description: `${saved.shares.map((share) => `${share.name} ${money(share.amountMinor)}`).join(", ")}${band.note}` }, cookies: band.cookies };
    });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    return data({ result, preview: null, submissionKey: newSubmissionKey() }, { status });
  }
}

/** A share's row as sent (conform's reply nests `shares[0].percent` into a list). */
type SentShare = { userId?: string; percent?: string; fixed?: string } | null | undefined;

export default function SplitPage() {
  const loaderData = useLoaderData<typeof loader>();
  if ("upgrade" in loaderData) return <UpgradePage title="Split a gig payment" bandName={loaderData.bandName} />;
  return <SplitPayment {...loaderData} />;
}

type Loaded = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { upgrade: true }>;

function SplitPayment({ payment, lineup, writable, readOnly, bandName, currency, otherBand, submissionKey }: Loaded) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // Validated on the server only: the fields show its reply (the values sent and the
  // messages), as every form of the app does; none of conform's client ships (issue 11).
  const result = actionData?.result;
  const form = useFocusFirstError(result);
  const errors = result?.error;
  // The payment comes from the address, so a message about it is the form's own.
  const formErrors = [...(formErrorsOf(result) ?? []), ...(errors?.paymentId ?? [])];
  const method = shownValue(result, "method", { method: "equal" });
  // Before any submission everyone in the lineup shares it; after a refused one, whoever was ticked.
  const sent = result?.initialValue ? ((result.initialValue as { shares?: SentShare[] }).shares ?? []) : null;
  const share = (index: number, userId: string): SentShare => (sent ? sent[index] : { userId });
  const methodInvalid = errors?.method?.length ? { "aria-invalid": true, "aria-describedby": "split-method-error" } : {};
  const showForm = writable || (actionData !== undefined && "keepForm" in actionData);
  const blocked = payment.notSplittable ?? (payment.reversed ? "This payment was reversed, so it cannot be split." : payment.liveSplitEntryId ? "This payment is already split. Reverse that split in the ledger to split it again." : null);
  return (
    <div className="space-y-6">
      <PageHeader title="Split a gig payment" back={otherBand ? undefined : { to: "/finances/ledger", label: "Ledger" }} description={`${payment.description} · ${payment.amount} received`} />
      {readOnly ? <UpgradePrompt bandName={bandName} hasData /> : null}
      <OtherBandNote band={otherBand} what="payment" />
      {blocked ? (
        <p className="text-slate-700">
          {blocked}{" "}
          {payment.liveSplitEntryId ? (
            <Link to={`/finances/entries/${payment.liveSplitEntryId}/reverse`} className="font-medium text-brand-700 underline underline-offset-4">
              Reverse the split
            </Link>
          ) : null}
        </p>
      ) : !lineup.length ? (
        <p className="text-slate-700">Nobody is booked on {payment.eventTitle ?? "this gig"} yet: add its lineup in the calendar first.</p>
      ) : showForm ? (
        <Form method="post" ref={form} id="split" noValidate aria-describedby={formErrors.length ? "split-error" : undefined} className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          {/* A preview keeps the form's key: the save after it is still the first. */}
          <input type="hidden" name="submissionKey" value={actionData?.submissionKey ?? submissionKey} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">How to split it</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {Object.entries(SPLIT_METHODS).map(([value, label]) => (
                <label key={value} className="flex min-h-[44px] items-center gap-2">
                  <input type="radio" name="method" value={value} defaultChecked={method === value} {...methodInvalid} className="h-5 w-5" />
                  {label}
                </label>
              ))}
            </div>
            <ErrorList id="split-method-error" errors={errors?.method} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Commission (optional)" hint={`An amount in ${currency} or a percentage (10%), taken first and recorded as an expense.`} inputProps={{ id: "split-commission", name: "commission", type: "text", defaultValue: shownValue(result, "commission"), autoComplete: "off" }} errors={errors?.commission} />
            <Field label="Band fund’s cut (optional)" hint="An amount or a percentage, kept by the band fund before the shares." inputProps={{ id: "split-fundCut", name: "fundCut", type: "text", defaultValue: shownValue(result, "fundCut"), autoComplete: "off" }} errors={errors?.fundCut} />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Who shares it (the gig’s lineup)</legend>
            <p className="text-sm text-slate-600">Percentages are for “Custom percentages” and must add up to 100. A fixed amount (a sub’s fee, say) comes off before the rest is shared; with “Fixed amounts” give everyone one.</p>
            <ul className="mt-2 divide-y divide-slate-100">
              {lineup.map((person, index) => {
                const name = `shares[${index}]`;
                const values = share(index, person.userId);
                return (
                  <li key={person.userId} className="grid items-end gap-3 py-3 sm:grid-cols-3">
                    <label className="flex min-h-[44px] items-center gap-2">
                      <input type="checkbox" id={`split-${name}.userId`} name={`${name}.userId`} value={person.userId} defaultChecked={values?.userId === person.userId} className="h-5 w-5" />
                      <span>
                        {person.name}
                        {person.isSub ? " (sub)" : ""}
                      </span>
                    </label>
                    <Field label={`${person.name}: percentage`} inputProps={{ id: `split-${name}.percent`, name: `${name}.percent`, type: "text", defaultValue: values?.percent, inputMode: "decimal", autoComplete: "off" }} errors={errors?.[`${name}.percent`]} />
                    <Field label={`${person.name}: fixed amount`} inputProps={{ id: `split-${name}.fixed`, name: `${name}.fixed`, type: "text", defaultValue: values?.fixed, inputMode: "decimal", autoComplete: "off" }} errors={errors?.[`${name}.fixed`]} />
                  </li>
                );
              })}
            </ul>
            <ErrorList id="split-shares-error" errors={errors?.shares} />
          </fieldset>
          <p className="text-sm text-slate-600">{ROUNDING_RULE}</p>
          {actionData?.preview ? (
            <section aria-labelledby="preview-heading" className="rounded-lg bg-slate-50 p-3" aria-live="polite">
              <h2 id="preview-heading" className="font-semibold text-slate-900">
                Preview
              </h2>
              <ul className="mt-1 text-sm">
                {actionData.preview.shares.map((share) => (
                  <li key={share.name}>
                    {share.name}: <span className="tabular-nums">{share.amount}</span>
                  </li>
                ))}
                <li>Commission: {actionData.preview.commission}</li>
                <li>Band fund’s cut: {actionData.preview.fundCut}</li>
              </ul>
            </section>
          ) : null}
          <ErrorList id="split-error" errors={formErrors} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="preview" variant="secondary" disabled={pending}>
              Preview
            </Button>
            <Button type="submit" name="intent" value="save" pending={pending} pendingText="Saving…">
              Save split
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Split a payment", error);

export const ErrorBoundary = RouteErrorBoundary;
