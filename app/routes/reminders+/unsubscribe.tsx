import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readUnsubscribeToken, REMINDER_PREFERENCES, unsubscribe } from "~/features/reminders/reminders.server";
import { Button } from "~/components/kit";

/**
 * The unsubscribe link in every reminder mail. GET only shows what will be turned off
 * (mail scanners follow links, so a GET changes nothing); the button POSTs. Mail apps
 * that support RFC 8058 POST "List-Unsubscribe=One-Click" here directly. The signed
 * token is the authority, so neither needs a sign-in (or a same-site request).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const read = readUnsubscribeToken(token);
  if (!read) throw data({ message: "This unsubscribe link is not valid. Turn reminders off in your profile instead." }, { status: 404 });
  return { token, label: REMINDER_PREFERENCES[read.kind].label };
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await request.formData().catch(() => new FormData());
  const read = readUnsubscribeToken(url.searchParams.get("token") ?? (form.get("token") as string | null));
  if (!read || !(await unsubscribe(read))) throw data({ message: "This unsubscribe link is not valid. Turn reminders off in your profile instead." }, { status: 404 });
  return { done: true, label: REMINDER_PREFERENCES[read.kind].label };
}

export default function Unsubscribe() {
  const { token, label } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{done ? "You're unsubscribed" : "Stop these reminders?"}</h1>
      {done ? (
        <p role="status" className="mt-4 text-slate-700">
          We won't send “{label}” reminders any more. You can turn them back on in your{" "}
          <Link to="/profile/calendar" className="font-medium text-brand-700 underline underline-offset-4">
            profile
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-700">This turns off the reminders “{label}”. Other reminders and your bands' mail stay as they are.</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={token ?? ""} />
            <Button type="submit">Unsubscribe</Button>
          </Form>
        </>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Unsubscribe · Bandroom" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Link not valid</h1>
      <p className="mt-4 text-slate-700">
        This unsubscribe link is not valid. Sign in and turn reminders off in your{" "}
        <a href="/profile/calendar" className="font-medium text-brand-700 underline underline-offset-4">
          profile
        </a>{" "}
        instead.
      </p>
    </main>
  );
}
