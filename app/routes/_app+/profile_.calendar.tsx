import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/auth/auth.server";
import { getReminderPreferences, PREFERENCE_KINDS, REMINDER_PREFERENCES, setReminderPreference } from "~/features/reminders/reminders.server";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const preferences = await getReminderPreferences(user.id);
  return { reminders: PREFERENCE_KINDS.map((kind) => ({ kind, ...REMINDER_PREFERENCES[kind], enabled: preferences[kind] })) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "reminders": {
      // A checkbox sends its name only when ticked: every kind not sent is turned off.
      const on = new Set(formData.getAll("reminder").map(String));
      for (const kind of PREFERENCE_KINDS) await setReminderPreference(user.id, kind, on.has(kind));
      return redirectWithToast("/profile/calendar", { title: "Reminder settings saved" });
    }
    default:
      throw data({ message: "Unknown form intent" }, { status: 400 });
  }
}

export default function ProfileCalendar() {
  const { reminders } = useLoaderData<typeof loader>();
  const saving = useIsPending({ intent: "reminders" });
  return (
    <div className="space-y-8">
      <PageHeader title="Reminders and calendar feed" back={{ to: "/profile", label: "Profile" }} description="Which reminder emails you get, and your private calendar subscription." />

      <section aria-labelledby="reminders-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="reminders-heading" className="text-lg font-semibold text-slate-900">
          Reminder emails
        </h2>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="reminders" />
          <fieldset className="space-y-3">
            <legend className="sr-only">Send me</legend>
            {reminders.map((reminder) => (
              <div key={reminder.kind} className="flex items-start gap-3">
                <input id={`reminder-${reminder.kind}`} type="checkbox" name="reminder" value={reminder.kind} defaultChecked={reminder.enabled} aria-describedby={`reminder-${reminder.kind}-hint`} className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-700 focus:ring-brand-600" />
                <div>
                  <label htmlFor={`reminder-${reminder.kind}`} className="font-medium text-slate-900">
                    {reminder.label}
                  </label>
                  <p id={`reminder-${reminder.kind}-hint`} className="text-sm text-slate-600">
                    {reminder.hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <Button type="submit" pending={saving} pendingText="Saving…">
            Save reminder settings
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Reminders and calendar feed", error);

export const ErrorBoundary = RouteErrorBoundary;
