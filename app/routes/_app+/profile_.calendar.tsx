import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/auth/auth.server";
import { feedUrl, getFeedStatus, regenerateFeedToken, revokeFeedTokens, setFeedBlackouts } from "~/features/calendar-feeds/feeds.server";
import { formatDate } from "~/utils/dates";
import { appOrigin } from "~/utils/request.server";
import { getReminderPreferences, PREFERENCE_KINDS, REMINDER_PREFERENCES, setReminderPreference } from "~/features/reminders/reminders.server";
import { Button, PageHeader } from "~/components/kit";
import { pageTitle } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [preferences, { feed, includeBlackouts }] = await Promise.all([getReminderPreferences(user.id), getFeedStatus(user.id)]);
  return {
    reminders: PREFERENCE_KINDS.map((kind) => ({ kind, ...REMINDER_PREFERENCES[kind], enabled: preferences[kind] })),
    feed: feed ? { includeBlackouts: feed.includeBlackouts, created: formatDate(feed.createdAt), lastUsed: feed.lastUsedAt ? formatDate(feed.lastUsedAt) : null } : null,
    /** A feed turned off keeps its blackouts choice for the next address. */
    includeBlackouts,
  };
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
    case "feed-create": {
      // Not a redirect: the address holds the secret and is shown this once.
      const token = await regenerateFeedToken(user.id, formData.get("includeBlackouts") === "on");
      return data({ feedUrl: feedUrl(appOrigin(request), token) });
    }
    case "feed-options": {
      // The same address: calendars already subscribed pick the change up at their next read.
      const include = formData.get("includeBlackouts") === "on";
      if (!(await setFeedBlackouts(user.id, include))) {
        return redirectWithToast("/profile/calendar", { title: "No calendar feed", description: "Make your subscription address first.", type: "destructive" });
      }
      return redirectWithToast("/profile/calendar", {
        title: "Calendar feed saved",
        description: `${include ? "Your blackout dates are now in it" : "Your blackout dates are no longer in it"}. The address stays the same.`,
      });
    }
    case "feed-revoke":
      await revokeFeedTokens(user.id);
      return redirectWithToast("/profile/calendar", { title: "Calendar feed turned off", description: "The old address no longer works." });
    default:
      throw data({ message: "Unknown form intent" }, { status: 400 });
  }
}

export default function ProfileCalendar() {
  const { reminders, feed, includeBlackouts } = useLoaderData<typeof loader>();
  const created = useActionData<typeof action>();
  const saving = useIsPending({ intent: "reminders" });
  const savingOptions = useIsPending({ intent: "feed-options" });
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
                <input id={`reminder-${reminder.kind}`} type="checkbox" name="reminder" value={reminder.kind} defaultChecked={reminder.enabled} aria-describedby={`reminder-${reminder.kind}-hint`} className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600" />
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

      <section aria-labelledby="feed-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="feed-heading" className="text-lg font-semibold text-slate-900">
          Calendar subscription
        </h2>
        <p className="mt-2 text-slate-600">
          A private address Google Calendar, Apple Calendar or Outlook can subscribe to: the events of all your bands that you can see, kept up to date. Anyone with the
          address can read it, so keep it to yourself; make a new one if it gets out.
        </p>
        {created && "feedUrl" in created ? (
          <div role="status" className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
            <p className="font-medium">Your new subscription address (shown only now, copy it):</p>
            <input readOnly aria-label="Subscription address" value={created.feedUrl} className="mt-2 block w-full rounded border border-emerald-300 bg-white px-2 py-2 font-mono text-xs" />
            <a href={created.feedUrl.replace(/^https?:/, "webcal:")} className="mt-2 inline-flex min-h-[44px] items-center font-medium underline underline-offset-4">
              Open in my calendar app
            </a>
          </div>
        ) : feed ? (
          <p className="mt-4 text-sm text-slate-700">
            Your feed is on since {feed.created}
            {feed.includeBlackouts ? ", with your blackout dates" : ""}. {feed.lastUsed ? `Last read by a calendar app ${feed.lastUsed}.` : "No calendar app has read it yet."}
          </p>
        ) : (
          <p className="mt-4 text-sm text-slate-700">You have no subscription address yet.</p>
        )}
        {feed ? (
          <>
            {/* What the feed holds, changed without a new address (every subscribed calendar keeps working). */}
            <Form method="post" className="mt-4 space-y-3">
              <input type="hidden" name="intent" value="feed-options" />
              <BlackoutsCheckbox checked={feed.includeBlackouts} />
              <Button type="submit" variant="secondary" pending={savingOptions} pendingText="Saving…">
                Save
              </Button>
            </Form>
            <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
              <Form method="post">
                <input type="hidden" name="intent" value="feed-create" />
                {feed.includeBlackouts ? <input type="hidden" name="includeBlackouts" value="on" /> : null}
                <Button type="submit">Make a new address (the old one stops working)</Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="feed-revoke" />
                <Button type="submit" variant="secondary">
                  Turn the feed off
                </Button>
              </Form>
            </div>
          </>
        ) : (
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="feed-create" />
            <BlackoutsCheckbox checked={includeBlackouts} />
            <Button type="submit">Make my subscription address</Button>
          </Form>
        )}
      </section>
    </div>
  );
}

function BlackoutsCheckbox({ checked }: { checked: boolean }) {
  return (
    <div className="flex items-start gap-3">
      {/* Keyed by the saved value, so the box shows what was saved after each save. */}
      <input key={String(checked)} id="feed-blackouts" type="checkbox" name="includeBlackouts" defaultChecked={checked} className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600" />
      <label htmlFor="feed-blackouts" className="text-sm text-slate-800">
        Include my blackout dates
      </label>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Reminders and calendar feed", error);

export const ErrorBoundary = RouteErrorBoundary;
