import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getCurrentUser, requireUser } from "~/features/auth/auth.server";
import { AuthErrorBoundary, authLinkClasses, AuthShell, Notice } from "~/features/auth/components/auth-shell";
import { currentBandCookieHeader } from "~/features/bands/bands.server";
import { acceptInvitation, getInvitationByToken, invitationProblem, isMemberOf } from "~/features/members/members.server";
import { roleLabel } from "~/features/members/permissions";
import { Button, buttonClasses } from "~/components/kit";
import { formatDate } from "~/utils/dates";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

/**
 * /invitations/{token}: the link from an invitation mail. Public, so it can lead a
 * signed-out person through sign-up or sign-in; joining is always a POST.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const [view, current] = await Promise.all([getInvitationByToken(token), getCurrentUser(request)]);
  const here = `/invitations/${encodeURIComponent(token)}`;
  // The page explains every case; the status says it too: no such invitation (404), or one
  // that can no longer be used (410: expired, withdrawn, used).
  const status = !view ? 404 : view.status === "pending" ? 200 : 410;
  return data({
    problem: invitationProblem(view),
    invitation: view
      ? { bandId: view.band.id, bandName: view.band.name, inviter: view.inviter, role: roleLabel(view.role), email: view.email, expires: formatDate(view.expiresAt, view.band.timeZone) }
      : null,
    viewer: current
      ? { email: current.user.email, isMember: view ? await isMemberOf(view.band.id, current.user.id) : false }
      : null,
    links: view
      ? {
          register: `/login?${new URLSearchParams({ mode: "register", invite: token, email: view.email, redirectTo: here })}`,
          signIn: `/login?${new URLSearchParams({ redirectTo: here })}`,
        }
      : null,
  }, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "accept") throw data({ message: "Unknown form intent" }, { status: 400 });
  try {
    const joined = await acceptInvitation(params.token ?? "", user);
    return await redirectWithToast("/dashboard", { title: `Welcome to ${joined.band.name}`, description: `You joined as ${roleLabel(joined.role)}.` }, [
      await currentBandCookieHeader(joined.band.id),
    ]);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    // Joined meanwhile (another tab, another invitation): the page as it is now, which says so
    // once and opens the band; with JavaScript too, where a refused answer leaves the page's data as it was.
    if (error.status === 409) {
      const view = await getInvitationByToken(params.token ?? "");
      if (view && (await isMemberOf(view.band.id, user.id))) return redirect(new URL(request.url).pathname);
    }
    return data({ message: error.message }, { status: error.status });
  }
}

export default function Invitation() {
  const { problem, invitation, viewer, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const accepting = useIsPending({ intent: "accept" });

  if (!invitation || !links) {
    return (
      <AuthShell title="Invitation not found" footer={<HomeLink />}>
        <Notice tone="error" title="This link doesn’t work">
          {problem}
        </Notice>
      </AuthShell>
    );
  }

  const intro = `${invitation.inviter} invited you to join ${invitation.bandName} as ${invitation.role}.`;
  return (
    <AuthShell title={`Join ${invitation.bandName}`} description={intro} footer={<HomeLink />}>
      {/* A problem the page states anyway (used, expired, withdrawn) is not said twice. */}
      {actionData && actionData.message !== problem ? (
        <Notice tone="error" title="Could not join">
          {actionData.message}
        </Notice>
      ) : null}
      {viewer?.isMember ? (
        <>
          <Notice tone="success" title={`You’re already a member of ${invitation.bandName}`}>
            There’s nothing more to do with this invitation.
          </Notice>
          <Form method="post" action="/bands/switch">
            <input type="hidden" name="bandId" value={invitation.bandId} />
            <input type="hidden" name="redirectTo" value="/dashboard" />
            <Button type="submit" className="w-full">
              Open {invitation.bandName}
            </Button>
          </Form>
        </>
      ) : problem ? (
        <Notice tone="error" title="This invitation can’t be used">
          {problem}
        </Notice>
      ) : viewer ? (
        <>
          {viewer.email !== invitation.email ? (
            <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
              This invitation was sent to <strong className="break-all">{invitation.email}</strong>. You’re signed in as{" "}
              <strong className="break-all">{viewer.email}</strong>; accepting adds that account to {invitation.bandName}.
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <Button type="submit" className="w-full" pending={accepting} pendingText="Joining…">
              Accept invitation
            </Button>
          </Form>
          <p className="mt-4 text-sm text-slate-600">The link works once and expires on {invitation.expires}.</p>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            New to Bandroom? Create an account with <strong className="break-all">{invitation.email}</strong> and you’ll join straight away. Already
            have an account? Sign in and accept.
          </p>
          <div className="mt-5 grid gap-3">
            <Link to={links.register} className={buttonClasses("primary", "w-full")}>
              Create an account
            </Link>
            <Link to={links.signIn} className={buttonClasses("secondary", "w-full")}>
              Sign in
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600">The link works once and expires on {invitation.expires}.</p>
        </>
      )}
    </AuthShell>
  );
}

function HomeLink() {
  return (
    <Link to="/" className={authLinkClasses}>
      Go to Bandroom
    </Link>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.invitation ? `Join ${loaded.invitation.bandName} · Bandroom` : "Invitation · Bandroom" },
  // The token is in the address: keep these pages out of search engines.
  { name: "robots", content: "noindex" },
];

export { AuthErrorBoundary as ErrorBoundary };
