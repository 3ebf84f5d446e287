import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { backToFormBand, requireBandAccess, requireFormBandAccess, switchToFormBandOf, type BandAccess } from "~/features/bands/access.server";
import { BeyondFeeError, financeFormOptions, financePageGate, financeSettings, recordPayment, financeFormRefusal } from "~/features/finances/finances.server";
import { parseWithZod, paymentSchema } from "~/features/finances/schema.server";
import { INCOME_CATEGORIES, PAYMENT_METHODS } from "~/features/finances/ledger";
import { UpgradePage } from "~/features/finances/components/finance-ui";
import { ErrorList, Field, formErrorsOf, SelectField, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, buttonClasses, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/error-screens";
import { formatAmountInput, formatMoney } from "~/utils/money";
import { parseId } from "~/utils/ids";
import { formatDayShort } from "~/features/availability/local-day";
import { pageTitle } from "~/utils/meta";
import { replyWithRuleError } from "~/utils/rule-error";
import { useIsPending } from "~/utils/use-is-pending";
import { newSubmissionKey, saveOnce } from "~/utils/form-submission.server";

/** /finances/payments/new: a gig payment (?eventId= picks the gig and prefills its agreed fee), or ?type=other for other income. */
export async function loader({ request }: LoaderFunctionArgs) {
  // "Use this gig's fee" sends the form here with the band it was opened for: when another
  // tab has switched band since, that band becomes current again and the form comes back in it.
  const switched = await switchToFormBandOf(request);
  if (switched) return switched;
  const access = await requireBandAccess(request, { band: "current", permission: "finances:view" });
  const gate = await financePageGate(access, { form: true });
  if (gate) return data(gate, { status: 402 });
  return paymentForm(access, new URL(request.url));
}

/** The form's choices and defaults; `evenIfFree` for the reply to a form sent after Pro ended, drawn again with what was typed (without JavaScript the page's loader shows the upgrade page). */
async function paymentForm(access: BandAccess, url: URL, evenIfFree = false) {
  const options = await financeFormOptions(access, "gigs", { evenIfFree });
  if (!options.writable) throw data({ message: "Finances is part of Pro" }, { status: 402 });
  const other = url.searchParams.get("type") === "other";
  const gig = options.gigs.find((candidate) => candidate.id === parseId(url.searchParams.get("eventId")));
  const fee = gig?.feeMinor ? formatAmountInput(gig.feeMinor, options.currency) : "";
  // "Use this gig's fee" sends the whole form here (a GET): what was typed stays, the fee is the gig's.
  const sent = (name: string) => url.searchParams.get(name)?.slice(0, 500);
  return {
    other,
    currency: options.currency,
    members: options.members,
    gigs: options.gigs.map((g) => ({
      id: g.id,
      label: `${formatDayShort(g.day)} · ${g.title}${g.cancelled ? " (cancelled)" : ""}${g.feeMinor ? ` · agreed ${formatMoney(g.feeMinor, options.currency)}` : ""}`,
      fee: g.feeMinor ? formatAmountInput(g.feeMinor, options.currency) : "",
    })),
    submissionKey: newSubmissionKey(),
    bandId: access.band.id,
    defaults: {
      category: other ? "merch" : "gig",
      eventId: gig ? String(gig.id) : "",
      amount: fee || sent("amount"),
      feeAgreed: fee || sent("feeAgreed"),
      date: sent("date") || options.today,
      method: sent("method") || "bank_transfer",
      receivedBy: sent("receivedBy") || "band",
      description: sent("description"),
    },
    /** Changes with every "Use this gig's fee": the form starts again from these defaults. */
    filled: url.search,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  // The band the form was opened for, not whichever is current now (another tab may have switched).
  const access = await requireFormBandAccess(request, formData, "finances:view");
  const refusal = financeFormRefusal(access);
  const { currency, today } = await financeSettings(access);
  const submission = parseWithZod(formData, { schema: paymentSchema(currency, { today }) });
  if (refusal) return data({ result: submission.reply({ formErrors: [refusal] }) as SubmissionResult<string[]>, submissionKey: newSubmissionKey(), beyondFee: false, currency, page: await paymentForm(access, new URL(request.url), true) }, { status: 402 });
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]>, submissionKey: newSubmissionKey(), beyondFee: false, currency }, { status: 400 });
  const { value } = submission;
  try {
    return await saveOnce(formData, access.user.id, "/finances/ledger", async () => {
      const saved = await recordPayment(access, value, { checkFee: formData.get("recordAnyway") !== "on" });
      const band = await backToFormBand(request, access);
      const toast = { title: "Payment recorded", description: `${formatMoney(value.amount, currency)}, ${saved.description}${band.note}.` };
      return { location: saved.splittable ? `/finances/entries/${saved.entryId}/split` : "/finances/ledger", toast, cookies: band.cookies };
    });
  } catch (error) {
    const { result, status } = replyWithRuleError(submission, error);
    // A fresh key: after "already recorded with other details", pressing again records these.
    return data({ result, submissionKey: newSubmissionKey(), beyondFee: error instanceof BeyondFeeError, currency }, { status });
  }
}

type FieldName = "category" | "eventId" | "amount" | "feeAgreed" | "date" | "method" | "receivedBy" | "description";

export default function NewPaymentPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Refused because Pro ended meanwhile: the form as the reply draws it (the loader's is the upgrade page).
  const loaderData = actionData && "page" in actionData ? (actionData.page as Awaited<ReturnType<typeof paymentForm>>) : loaded;
  if ("upgrade" in loaderData) return <UpgradePage title="Record a payment" bandName={loaderData.bandName} />;
  // A gig's fee filled in (?eventId= and what was typed) starts the form afresh from it.
  return <NewPayment key={loaderData.filled} {...loaderData} />;
}

type Loaded = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { upgrade: true }>;

function NewPayment({ other, gigs, members, currency: loadedCurrency, defaults, submissionKey, bandId }: Loaded) {
  const actionData = useActionData<typeof action>();
  // A refusal says the band's currency now (it may have changed since the page was drawn).
  const currency = actionData?.currency ?? loadedCurrency;
  const pending = useIsPending();
  // Validated on the server only: the fields show its reply (the values sent and the
  // messages), as every form of the app does; none of conform's client ships (issue 11).
  const result = actionData?.result;
  const form = useFocusFirstError(result);
  const errors = result?.error;
  // The gig form's kind is a hidden field: a message about it (a tampered post) is the form's.
  const shownErrors = [...(formErrorsOf(result) ?? []), ...(other ? [] : errors?.category ?? [])];
  const formErrors = shownErrors.length ? shownErrors : null;
  /** The input's id (as conform named it), name and what it shows: the values sent on a refused save, else the defaults. */
  const field = (name: FieldName) => ({ id: `payment-${name}`, name, defaultValue: shownValue(result, name, defaults) });
  return (
    <div className="space-y-6">
      <PageHeader
        title={other ? "Record other income" : "Record a gig payment"}
        back={{ to: "/finances", label: "Finances" }}
        description={other ? "Merch, royalties, tips: money that goes to the band fund." : "Pick the gig from the calendar; its agreed fee is filled in. Next, split it among the lineup."}
      />
      <Form method="post" ref={form} id="payment" noValidate aria-describedby={formErrors ? "payment-error" : undefined} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        {/* Enter in a field records the payment: the form's first button is the one Enter presses, and "Use this gig's fee" comes before "Record payment". */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          Record payment
        </button>
        {/* Claimed when saved: the same form posted twice records once (app/utils/form-submission.server.ts). */}
        <input type="hidden" name="submissionKey" value={actionData?.submissionKey ?? submissionKey} />
        <input type="hidden" name="bandId" value={bandId} />
        <input type="hidden" name="currency" value={currency} />
        {other ? (
          <SelectField label="Kind of income" selectProps={field("category")} errors={errors?.category}>
            {Object.entries(INCOME_CATEGORIES)
              .filter(([value]) => value !== "gig")
              .map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
          </SelectField>
        ) : (
          <>
            <input type="hidden" name="category" value="gig" />
            <SelectField
              label="Gig"
              selectProps={{
                ...field("eventId"),
                // With JavaScript, choosing the gig here fills in its agreed fee too, where nothing was typed yet.
                onChange: (event) => {
                  const fee = gigs.find((gig) => String(gig.id) === event.currentTarget.value)?.fee;
                  for (const name of ["feeAgreed", "amount"]) {
                    const input = event.currentTarget.form?.elements.namedItem(name);
                    if (fee && input instanceof HTMLInputElement && !input.value) input.value = fee;
                  }
                },
              }}
              errors={errors?.eventId}
            >
              <option value="">Choose a gig…</option>
              {gigs.map((gig) => (
                <option key={gig.id} value={gig.id}>
                  {gig.label}
                </option>
              ))}
            </SelectField>
            {/* Without JavaScript (or to fill it in again): the form comes back with the chosen gig's fee, the rest as typed. */}
            <div className="self-end">
              <button type="submit" formMethod="get" formNoValidate className={buttonClasses("secondary")}>
                Use this gig’s fee
              </button>
            </div>
            <Field label={`Fee agreed (${currency}, optional)`} inputProps={{ ...field("feeAgreed"), type: "text", inputMode: "decimal", autoComplete: "off" }} errors={errors?.feeAgreed} />
          </>
        )}
        <Field label={`Amount received (${currency})`} inputProps={{ ...field("amount"), type: "text", inputMode: "decimal", autoComplete: "off" }} errors={errors?.amount} />
        <Field label="Date received" inputProps={{ ...field("date"), type: "date" }} errors={errors?.date} />
        <SelectField label="Paid by" selectProps={field("method")} errors={errors?.method}>
          {Object.entries(PAYMENT_METHODS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Received by" hint="A member who took cash holds it for the band until they hand it over." selectProps={field("receivedBy")} errors={errors?.receivedBy}>
          <option value="band">The band account</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <Field className="sm:col-span-2" label="Description (optional)" inputProps={{ ...field("description"), type: "text", autoComplete: "off" }} errors={errors?.description} />
        <div className="sm:col-span-2">
          <ErrorList id="payment-error" errors={formErrors} />
          {actionData?.beyondFee ? (
            <label className="mb-3 flex min-h-[44px] items-center gap-2 text-slate-800">
              <input type="checkbox" name="recordAnyway" value="on" className="h-5 w-5" />
              Record it anyway
            </label>
          ) : null}
          <Button type="submit" pending={pending} pendingText="Saving…">
            Record payment
          </Button>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Record a payment", error);

export const ErrorBoundary = RouteErrorBoundary;
