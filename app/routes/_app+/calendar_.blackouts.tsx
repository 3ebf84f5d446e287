import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/utils/submission";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireUser } from "~/features/auth/auth.server";
import { getCurrentBand, userBands } from "~/features/bands/access.server";
import { blackoutSchema } from "~/features/availability/blackout-schema.server";
import { createBlackout, deleteBlackout, earliestBlackoutDay, listOwnBlackouts } from "~/features/availability/blackouts.server";
import { CalendarLinks } from "~/features/availability/components/calendar-links";
import { calendarLinks } from "~/features/availability/calendar-links.server";
import { daysBetween, formatDayRange } from "~/features/availability/local-day";
import { Button, ErrorList, Field, formErrorsOf, PageHeader, shownValue, useFocusFirstError } from "~/components/kit";
import { pageTitle } from "~/utils/meta";
import { parseId } from "~/utils/ids";
import { replyWithRuleError, RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [blackouts, bands, current] = await Promise.all([listOwnBlackouts(user.id), userBands(request, user.id), getCurrentBand(request, user)]);
  return {
    earliest: earliestBlackoutDay(),
    calendarLinks: calendarLinks(current),
    bands: bands.map((item) => item.band.name),
    blackouts: blackouts.map((b) => ({ id: b.id, when: formatDayRange(b.startDate, b.endDate), days: daysBetween(b.startDate, b.endDate) + 1, reason: b.reason })),
  };
}

type ActionData = { intent: "create" | "delete"; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: blackoutSchema(earliestBlackoutDay()) });
    if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    try {
      const blackout = await createBlackout(user.id, submission.value);
      const when = formatDayRange(blackout.startDate, blackout.endDate);
      return await redirectWithToast(
        "/calendar/blackouts",
        blackout.created
          ? { title: "Blackout saved", description: `${when} is marked in every band you're in.` }
          : blackout.reasonChanged
            ? { title: "Blackout updated", description: `${when} was marked already; its reason is now “${blackout.reason}”.` }
            : { title: "Already marked", description: `${when} was marked already.` },
      );
    } catch (error) {
      const { result, status } = replyWithRuleError(submission, error);
      return data<ActionData>({ intent, result }, { status });
    }
  }
  if (intent === "delete") {
    const id = parseId(formData.get("blackoutId"));
    if (!id) throw data({ message: "Blackout not found" }, { status: 404 });
    try {
      await deleteBlackout(user.id, id);
    } catch (error) {
      if (error instanceof RuleError) throw data({ message: error.message }, { status: error.status });
      throw error;
    }
    return redirectWithToast("/calendar/blackouts", { title: "Blackout removed" });
  }
  throw data({ message: "Unknown form intent" }, { status: 400 });
}

export default function Blackouts() {
  const { blackouts, bands, earliest, calendarLinks: pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "create" });
  const lastResult = actionData?.intent === "create" ? actionData.result : undefined;
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const formErrors = formErrorsOf(lastResult);
  // With JavaScript the page is not reloaded after a save: empty the form once a save went
  // through (saved, updated or already marked), so a second tap cannot send it again.
  const navigation = useNavigation();
  const saving = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "create") saving.current = true;
    else if (navigation.state === "idle" && saving.current) {
      saving.current = false;
      if (!lastResult) form.current?.reset();
    }
  }, [navigation.state, navigation.formData, lastResult, form]);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Blackout dates"
        back={{ to: "/calendar", label: "Calendar" }}
        description={
          bands.length
            ? `Days you can't play. They count in every band you're in (${bands.join(", ")}), so nobody books you on them without a warning.`
            : "Days you can't play. They count in every band you're in, so nobody books you on them without a warning."
        }
      />
      <CalendarLinks current="blackouts" abilities={pages} />

      <section aria-labelledby="new-blackout" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="new-blackout" className="text-lg font-semibold text-slate-900">
          Mark days you can't play
        </h2>
        <Form method="post" ref={form} id="blackout" noValidate aria-describedby={formErrors ? "blackout-form-error" : undefined} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <Field label="First day" inputProps={{ name: "startDate", type: "date", defaultValue: shownValue(lastResult, "startDate"), min: earliest, required: true }} errors={errors?.startDate} />
          <Field label="Last day (optional)" hint="Leave empty for a single day." inputProps={{ name: "endDate", type: "date", defaultValue: shownValue(lastResult, "endDate"), min: earliest }} errors={errors?.endDate} />
          <Field
            className="sm:col-span-2"
            label="Reason (optional)"
            hint="Only band leaders and admins see the reason. Your bands' leaders, admins and members see that you're away; subs don't."
            inputProps={{ name: "reason", type: "text", defaultValue: shownValue(lastResult, "reason"), autoComplete: "off", placeholder: "e.g. Family wedding" }}
            errors={errors?.reason}
          />
          <div className="sm:col-span-2">
            <ErrorList id="blackout-form-error" errors={formErrors} />
            <Button type="submit" pending={pending} pendingText="Saving…">
              Save blackout
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="your-blackouts">
        <h2 id="your-blackouts" className="text-lg font-semibold text-slate-900">
          Your upcoming blackouts
        </h2>
        {blackouts.length ? (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {blackouts.map((blackout) => (
              <li key={blackout.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div>
                  <p className="font-medium text-slate-900">{blackout.when}</p>
                  <p className="text-sm text-slate-600">
                    {blackout.days === 1 ? "1 day" : `${blackout.days} days`}
                    {blackout.reason ? ` · ${blackout.reason}` : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="blackoutId" value={blackout.id} />
                  <Button type="submit" variant="secondary" aria-label={`Remove blackout ${blackout.when}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-600">No blackouts coming up. Mark the days you're away and your bands will see them.</p>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Blackout dates", error);

export const ErrorBoundary = RouteErrorBoundary;
