import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClasses, ErrorList, RoleBadge, useIsPending } from "~/components/kit";
import { InviteLinkPanel, type CreatedInvite } from "./invite-form";

export type PendingInvitationRow = { id: number; email: string; role: string; expires: string; invitedBy: string | null; manageable: boolean };

type ActionData = { intent: string; targetId?: number; result: SubmissionResult<string[]>; created?: CreatedInvite };

type PendingInvitationsProps = {
  bandId: number;
  invitations: PendingInvitationRow[];
  actionData?: ActionData;
  /** The invitation whose "Withdraw?" confirmation is open (?revoke=<id>), if any. */
  revoking: number | null;
  /** This page's address with ?revoke= set to an invitation, or without it (null). */
  hrefFor: (id: number | null, anchor: string) => string;
};

export function PendingInvitations({ bandId, invitations, actionData, revoking, hrefFor }: PendingInvitationsProps) {
  return (
    <section id="pending" aria-labelledby="pending-heading" className="space-y-3">
      <h2 id="pending-heading" className="text-lg font-semibold text-slate-900">
        Pending invitations
      </h2>
      {invitations.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              bandId={bandId}
              invitation={invitation}
              actionData={actionData?.targetId === invitation.id ? actionData : undefined}
              confirming={revoking === invitation.id || (actionData?.targetId === invitation.id && actionData.intent === "revoke")}
              hrefFor={hrefFor}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
          No invitations waiting. Invite someone above and they’ll show here until they join.
        </p>
      )}
    </section>
  );
}

type InvitationRowProps = {
  bandId: number;
  invitation: PendingInvitationRow;
  actionData?: ActionData;
  confirming: boolean;
  hrefFor: PendingInvitationsProps["hrefFor"];
};

/**
 * Only the invitation being withdrawn renders its confirmation form: "Revoke" is a link
 * to this page with ?revoke=<id> (works without JavaScript), not a closed panel in every row.
 */
function InvitationRow({ bandId, invitation, actionData, confirming, hrefFor }: InvitationRowProps) {
  const target = { invitationId: String(invitation.id) };
  const resending = useIsPending({ intent: "resend", fields: target });
  const revoking = useIsPending({ intent: "revoke", fields: target });
  const errors = actionData?.result.error ? Object.values(actionData.result.error).flat() : [];
  return (
    <li id={`invitation-${invitation.id}`} className="scroll-mt-4 px-4 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="min-w-0 break-all font-medium text-slate-900">{invitation.email}</p>
        <RoleBadge role={invitation.role} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {invitation.invitedBy ? `Invited by ${invitation.invitedBy}. ` : ""}Expires {invitation.expires}.
      </p>
      {errors.length ? (
        <div role="alert" className="mt-2">
          <ErrorList errors={errors} />
        </div>
      ) : null}
      {actionData?.created ? <InviteLinkPanel created={actionData.created} /> : null}
      {invitation.manageable ? (
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <InvitationForm intent="resend" bandId={bandId} invitationId={invitation.id}>
            <Button type="submit" variant="secondary" pending={resending} pendingText="Sending…">
              Resend<span className="sr-only"> the invitation to {invitation.email}</span>
            </Button>
          </InvitationForm>
          {confirming ? (
            <div role="region" aria-label={`Revoke the invitation to ${invitation.email}`} className="min-w-0 basis-full rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-950">
              <p className="font-semibold">Withdraw the invitation to {invitation.email}?</p>
              <p className="mt-1">The link we sent stops working. You can invite them again later.</p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <InvitationForm intent="revoke" bandId={bandId} invitationId={invitation.id}>
                  <Button type="submit" variant="danger" pending={revoking} pendingText="Revoking…">
                    Revoke invitation
                  </Button>
                </InvitationForm>
                <Link to={hrefFor(null, `invitation-${invitation.id}`)} preventScrollReset className={buttonClasses("secondary")}>
                  Cancel<span className="sr-only"> revoking the invitation to {invitation.email}</span>
                </Link>
              </div>
            </div>
          ) : (
            <Link to={hrefFor(invitation.id, `invitation-${invitation.id}`)} preventScrollReset className={buttonClasses("secondary", "text-red-800")}>
              Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
            </Link>
          )}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Only a Band Leader can change an invitation to lead the band.</p>
      )}
    </li>
  );
}

/** A plain POST about one invitation: what to do, and to which. */
function InvitationForm({ intent, bandId, invitationId, children }: { intent: "resend" | "revoke"; bandId: number; invitationId: number; children: React.ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bandId" value={bandId} />
      <input type="hidden" name="invitationId" value={invitationId} />
      {children}
    </Form>
  );
}
