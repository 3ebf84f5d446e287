import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { z } from "zod";
import { Avatar, PageHeader, Pager, pageTitle, RoleBadge, RouteErrorBoundary } from "~/components/kit";
import { parsePage } from "~/utils/pagination";
import { MEMBERS_PER_PAGE } from "~/features/members/limits";
import { groupByInstrument, groupCountLabel } from "~/features/members/grouping";
// Every server function in one import (a script fewer per .server path): members-page.server.ts.
import {
  appOrigin,
  countLeaders,
  currentBandCookieHeader,
  data,
  formatDate,
  inviteMember,
  justTransferredTo,
  leaveBand,
  listMembers,
  listMembersPage,
  listPendingInvitations,
  mayManageInvitation,
  memberAbilities,
  memberName,
  membersPageAbilities,
  MESSAGES,
  parseId,
  parseWithZod,
  redirectWithToast,
  removeMember,
  resolveMemberInitials,
  requireBandAccess,
  requireFormBandAccess,
  resendInvitation,
  revokeInvitation,
  seesContact,
  thrownStatus,
  transferLeadership,
  updateMembership,
  type BandAccess,
  type MemberPageItem,
} from "~/features/members/members-page.server";
import type { Permission } from "~/features/members/permissions";
import { roleLabel } from "~/utils/roles";
import {
  InvitationTargetSchema,
  InviteSchema,
  MemberDetailsFormSchema,
  MemberTargetSchema,
  withoutPageFields,
} from "~/features/members/schema";
import { InviteForm, InviteLinkPanel } from "~/features/members/components/invite-form";
import { InstrumentDatalist } from "~/features/members/components/instrument-fields";
import { LeaveBand } from "~/features/members/components/leave-band";
import { MemberRow, type MemberRowData } from "~/features/members/components/member-row";
import { PendingInvitations } from "~/features/members/components/pending-invitations";
import { displayName } from "~/utils/names";
import { replyWithRuleError, RuleError } from "~/utils/rule-error";

export type MembersIntent = "invite" | "update" | "remove" | "leave" | "transfer" | "revoke" | "resend";
/** Whether an answer's targetId is a membership (the other intents name an invitation, or nobody). */
const aboutMember = (intent: MembersIntent) => intent === "update" || intent === "remove" || intent === "transfer";

export type MembersActionData = {
  intent: MembersIntent;
  /** The member or invitation the form was about, so its panel opens with the message. */
  targetId?: number;
  result: SubmissionResult<string[]>;
  /** A new invitation link, shown once (after inviting or resending). */
  created?: { email: string; url: string; expires: string; mailed: boolean; resent: boolean };
  /** Refused for the sender's role (changed since the page was drawn): said at the top of the page. */
  roleRefused?: true;
};

const ROLE_REFUSED = "Your role in this band does not allow this (it may have changed since this page was opened).";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "band:view" });
  const { band, user } = access;
  const url = new URL(request.url);
  const view = url.searchParams.get("group") === "instrument" ? "instrument" : "list";
  // The one member whose manage panel is open (?manage=<membershipId>, from that row's link).
  const manage = view === "list" ? idParam(url, "manage") : null;
  // The list view shows MEMBERS_PER_PAGE rows a page (?page=), read by the stored member
  // order; grouping shows everyone in small rows, so it reads them all.
  const listed = view === "list" ? await listMembersPage(access, parsePage(url.searchParams.get("page")), MEMBERS_PER_PAGE) : null;
  const everyone = listed ? null : await listMembers(access);
  let members: MemberPageItem[];
  if (everyone) {
    const initialsById = resolveMemberInitials(everyone);
    members = everyone.map((member) => ({ ...member, initials: initialsById.get(member.membership.id) ?? "?" }));
  } else members = listed!.items;
  const leaders = listed ? listed.leaders : countLeaders(everyone!);
  const abilities = membersPageAbilities(access, leaders);
  const invitations = abilities.manage ? await listPendingInvitations(access) : [];

  const rows: MemberRowData[] = members.map(({ position, membership, user: person, initials }) => ({
    id: membership.id,
    position,
    role: membership.role,
    isYou: person.id === user.id,
    name: memberName({ membership, user: person }),
    initials,
    instruments: membership.instruments,
    version: membership.version,
    // A sub sees bandmates' names, not their email addresses.
    person: { ...person, email: seesContact(access, person.id) ? person.email : null, displayName: membership.displayName },
    can: memberAbilities(access, membership),
  }));
  const memberCount = listed ? listed.total : rows.length;
  return {
    band: { id: band.id, name: band.name },
    view,
    manage,
    // The pending invitation whose withdrawal is being confirmed (?revoke=<invitationId>);
    // one panel at a time, so a member's panel wins when an address names both.
    revoke: manage === null ? idParam(url, "revoke") : null,
    viewer: { membershipId: access.membership.id, role: access.membership.role, manager: abilities.manage, grantableRoles: abilities.grantableRoles, soleLeader: abilities.soleLeader ? MESSAGES.soleLeaderNote : null },
    members: rows,
    memberPage: listed ? { page: listed.page, pageCount: listed.pageCount, total: listed.total, first: listed.first } : null,
    memberCount,
    // The viewer is always in the band they are looking at (requireBandAccess).
    you: { role: access.membership.role },
    groups:
      view === "instrument"
        ? groupByInstrument(rows).map((group) => ({ instrument: group.instrument, label: groupCountLabel(group), memberIds: group.members.map((m) => m.id) }))
        : null,
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expires: formatDate(invitation.expiresAt, band.timeZone),
      invitedBy: invitation.invitedBy,
      manageable: mayManageInvitation(access, invitation),
    })),
  };
}

/** An id from the query string (digits only, as every id: "0x2", "+2" and " 2" are not), or null. */
function idParam(url: URL, name: string) {
  return parseId(url.searchParams.get(name));
}

// ---------------------------------------------------------------------------

function failure(intent: MembersIntent, result: SubmissionResult<string[]>, status: number, targetId?: number) {
  const body: MembersActionData = { intent, result, targetId };
  return data(body, { status });
}

/** A domain refusal (RuleError) as the form's own error: under its field when it has one. */
function refusal(intent: MembersIntent, submission: Parameters<typeof replyWithRuleError>[0], error: unknown, targetId?: number) {
  // A member removed while the page was open: said in the page's words, not the API's "Member not found".
  const gone = error instanceof RuleError && error.status === 404 && error.message === MESSAGES.memberNotFound;
  const { result, status } = replyWithRuleError(submission, gone ? new RuleError(404, "That member is no longer in the band.") : error);
  // Someone else saved first: the panel shows what is saved now (with the reason), not what
  // was sent. Any other refusal (the last Band Leader) keeps what was typed.
  const stale = error instanceof Error && error.message === MESSAGES.stale;
  return failure(intent, stale ? { ...result, initialValue: null } : result, status, targetId);
}

/**
 * The page a change came from (its view and page of the list), without the panel it
 * opened, at `anchor`: the browser scrolls there, and with JavaScript the shell puts the
 * keyboard on its first control (the saved member's "Manage"), not the top of the page.
 */
function backHere(request: Request, anchor: string) {
  const sent = new URL(request.url).searchParams;
  const kept = new URLSearchParams();
  if (sent.get("group") === "instrument") kept.set("group", "instrument");
  else if (sent.get("page")) kept.set("page", sent.get("page")!);
  return `/members${kept.size ? `?${kept}` : ""}#${anchor}`;
}

function parse<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

const INTENT_PERMISSIONS: Partial<Record<string, Permission>> = {
  invite: "members:manage",
  revoke: "members:manage",
  resend: "members:manage",
  remove: "members:manage",
  transfer: "band:delete",
};

/**
 * After a save refused because someone else saved first (409), the page's data is read
 * again (Remix skips that after a 4xx), so the form starts from what is saved now and its
 * version, as the page without JavaScript does.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  // Forms name the band they were shown for, so a band switched in another tab cannot
  // redirect an invitation; a post without one works on the current band.
  const access = await requireFormBandAccess(request, formData, "band:view");
  const intent = formData.get("intent");
  // Refuse a role that may not act before looking at what it sent: 403, not field errors.
  // Own keys only: "constructor" or "toString" is an unknown intent, not a permission.
  const needed = typeof intent === "string" && Object.hasOwn(INTENT_PERMISSIONS, intent) ? INTENT_PERMISSIONS[intent] : undefined;
  if (needed) {
    try {
      await requireBandAccess(request, { band: access.band.id, permission: needed });
    } catch (error) {
      if (thrownStatus(error) === 403) return roleRefusal(request, access, intent as MembersIntent, formData);
      throw error;
    }
  }
  switch (intent) {
    case "invite":
      return invite(request, access, formData);
    case "update":
      return update(request, access, formData);
    case "remove":
      return remove(request, access, formData);
    case "leave":
      return leave(access, formData);
    case "transfer":
      return transfer(request, access, formData);
    case "revoke":
      return revoke(request, access, formData);
    case "resend":
      return resend(request, access, formData);
    default:
      throw data({ message: "Unknown form intent" }, { status: 400 });
  }
}

/**
 * A form its sender's role no longer allows (demoted in the meantime, or a stale tab): a 403
 * that draws the page with the reason, instead of the error screen. A transfer of
 * leadership sent twice finds the sender a Band Admin already: it is answered as done.
 */
async function roleRefusal(request: Request, access: BandAccess, intent: MembersIntent, formData: FormData) {
  const target = Number(formData.get("membershipId"));
  const handedTo = intent === "transfer" && Number.isSafeInteger(target) ? await justTransferredTo(access, target) : null;
  if (handedTo) {
    return redirectWithToast(backHere(request, `member-${target}`), { title: "Leadership transferred", description: `${memberName(handedTo)} now leads ${access.band.name}. You are a Band Admin.` });
  }
  const body: MembersActionData = { intent, result: { status: "error", error: { "": [ROLE_REFUSED] } }, roleRefused: true };
  return data(body, { status: 403 });
}

async function invite(request: Request, access: BandAccess, formData: FormData) {
  const submission = parse(withoutPageFields(formData), InviteSchema);
  if (submission.status !== "success") return failure("invite", submission.reply(), 400);
  try {
    const created = await inviteMember(access, submission.value, appOrigin(request));
    const body: MembersActionData = {
      intent: "invite",
      // Not a redirect: the link is shown this once and is not stored in the clear.
      result: submission.reply({ resetForm: true }),
      created: { email: created.invitation.email, url: created.inviteUrl, expires: formatDate(created.invitation.expiresAt, access.band.timeZone), mailed: created.mailed, resent: false },
    };
    return data(body);
  } catch (error) {
    return refusal("invite", submission, error);
  }
}

async function update(request: Request, access: BandAccess, formData: FormData) {
  const target = parse(formData, MemberTargetSchema);
  if (target.status !== "success") return failure("update", target.reply(), 404);
  const targetId = target.value.membershipId;
  const submission = parse(withoutPageFields(formData), MemberDetailsFormSchema);
  if (submission.status !== "success") return failure("update", submission.reply(), 400, targetId);
  try {
    const member = await updateMembership(access, targetId, submission.value);
    const name = memberName(member);
    const self = member.user.id === access.user.id;
    return await redirectWithToast(backHere(request, `member-${targetId}`), {
      title: "Changes saved",
      description: self ? "Your details are up to date." : `${name} is ${roleLabel(member.membership.role)} with the details you set.`,
    });
  } catch (error) {
    return refusal("update", submission, error, targetId);
  }
}

async function remove(request: Request, access: BandAccess, formData: FormData) {
  const submission = parse(formData, MemberTargetSchema);
  if (submission.status !== "success") return failure("remove", submission.reply(), 404);
  const targetId = submission.value.membershipId;
  try {
    const outcome = await removeMember(access, targetId);
    if (outcome.left) return await leftBand(access);
    return await redirectWithToast(backHere(request, "members"), { title: "Member removed", description: `${outcome.name} is no longer in ${access.band.name}.` });
  } catch (error) {
    return refusal("remove", submission, error, targetId);
  }
}

async function leftBand(access: BandAccess) {
  // The band is gone from this browser too; "/" picks the next band (or Getting Started).
  return redirectWithToast("/", { title: `You left ${access.band.name}` }, [await currentBandCookieHeader(null)]);
}

async function leave(access: BandAccess, formData: FormData) {
  const submission = parse(formData, MemberTargetSchema.partial());
  try {
    await leaveBand(access);
    return await leftBand(access);
  } catch (error) {
    return refusal("leave", submission, error, access.membership.id);
  }
}

async function transfer(request: Request, access: BandAccess, formData: FormData) {
  const submission = parse(formData, MemberTargetSchema);
  if (submission.status !== "success") return failure("transfer", submission.reply(), 404);
  const targetId = submission.value.membershipId;
  try {
    const member = await transferLeadership(access, targetId);
    return await redirectWithToast(backHere(request, `member-${targetId}`), {
      title: "Leadership transferred",
      description: `${memberName(member)} now leads ${access.band.name}. You are a Band Admin.`,
    });
  } catch (error) {
    return refusal("transfer", submission, error, targetId);
  }
}

async function revoke(request: Request, access: BandAccess, formData: FormData) {
  const submission = parse(formData, InvitationTargetSchema);
  if (submission.status !== "success") return failure("revoke", submission.reply(), 404);
  const targetId = submission.value.invitationId;
  try {
    const revoked = await revokeInvitation(access, targetId);
    return await redirectWithToast(backHere(request, "pending"), { title: "Invitation withdrawn", description: `The link sent to ${revoked.email} no longer works.` });
  } catch (error) {
    return await invitationRefusal(request, "revoke", submission, error, targetId);
  }
}

async function resend(request: Request, access: BandAccess, formData: FormData) {
  const submission = parse(formData, InvitationTargetSchema);
  if (submission.status !== "success") return failure("resend", submission.reply(), 404);
  const targetId = submission.value.invitationId;
  try {
    const created = await resendInvitation(access, targetId, appOrigin(request));
    const body: MembersActionData = {
      intent: "resend",
      targetId,
      result: submission.reply(),
      created: { email: created.invitation.email, url: created.inviteUrl, expires: formatDate(created.invitation.expiresAt, access.band.timeZone), mailed: created.mailed, resent: true },
    };
    return data(body);
  } catch (error) {
    return await invitationRefusal(request, "resend", submission, error, targetId);
  }
}

/**
 * An invitation accepted or withdrawn since the page was drawn (another tab, a double tap):
 * its row, where a refusal is said, is not on the page any more, so it is a toast there
 * instead; any other refusal stays on its row.
 */
async function invitationRefusal(request: Request, intent: "revoke" | "resend", submission: Parameters<typeof replyWithRuleError>[0], error: unknown, targetId: number) {
  if (error instanceof RuleError && error.message === MESSAGES.invitationNotPending) {
    return redirectWithToast(backHere(request, "pending"), { title: intent === "resend" ? "Nothing was sent" : "Nothing changed", description: `${error.message}: it was accepted or withdrawn since this page was opened.`, type: "destructive" });
  }
  return refusal(intent, submission, error, targetId);
}

// ---------------------------------------------------------------------------

const viewLinkClasses =
  "inline-flex min-h-[44px] items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm aria-[current=page]:ring-1 aria-[current=page]:ring-slate-200";

export default function Members() {
  const { band, view, manage, revoke, viewer, members, memberPage, memberCount, you, groups, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  // This page's address with one panel open (?manage= or ?revoke= naming its row) or
  // none (id null), landing on the row.
  const hrefWith = (name: "manage" | "revoke", id: number | null, anchor: string) => {
    const params = new URLSearchParams(search);
    params.delete("manage");
    params.delete("revoke");
    if (id !== null) params.set(name, String(id));
    const query = params.toString();
    return `${query ? `?${query}` : "/members"}#${anchor}`;
  };
  const invited = actionData?.intent === "invite" ? actionData.created : undefined;
  // A refused change whose member has no panel on the page any more (someone removed them,
  // or your role changed meanwhile) is said at the top, instead of vanishing unread.
  const unshownRefusal =
    actionData?.roleRefused || (actionData?.targetId && aboutMember(actionData.intent) && !members.some((m) => m.id === actionData.targetId && (m.can.edit || m.can.remove || m.can.transfer)))
      ? actionData.result.error?.[""]?.[0]
      : undefined;
  const result = (intent: MembersIntent, targetId?: number) =>
    actionData?.intent === intent && (targetId === undefined || actionData.targetId === targetId) ? actionData.result : undefined;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Members"
        description={`Everyone in ${band.name} and their role, band leaders first.`}
        aside={<span className="text-sm text-slate-600">{memberCount === 1 ? "1 member" : `${memberCount} members`}</span>}
      />
      <InstrumentDatalist />
      {unshownRefusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          Nothing changed. {unshownRefusal}
        </p>
      ) : null}

      {viewer.manager ? (
        <section aria-labelledby="invite-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
            Invite someone
          </h2>
          <p className="mt-1 text-sm text-slate-600">We’ll email them a link to join {band.name}. It works once and expires after 7 days.</p>
          {invited ? <InviteLinkPanel created={invited} /> : null}
          {/* A new invitation (its link) starts the form afresh. */}
          <InviteForm key={invited?.url} bandId={band.id} roles={viewer.grantableRoles} lastResult={result("invite")} />
        </section>
      ) : null}

      <section id="members" aria-labelledby="members-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
            {view === "instrument" ? "By instrument" : "Band members"}
          </h2>
          <nav aria-label="Member views" className="inline-flex rounded-lg bg-slate-100 p-1">
            <Link to="/members" className={viewLinkClasses} aria-current={view === "list" ? "page" : undefined}>
              List
            </Link>
            <Link to="/members?group=instrument" className={viewLinkClasses} aria-current={view === "instrument" ? "page" : undefined}>
              Group by instrument
            </Link>
          </nav>
        </div>

        {groups ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {groups.map((group) => (
              <section key={group.instrument} aria-label={group.instrument} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
                <header className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-slate-100 px-4 py-3">
                  <h3 className="font-semibold text-slate-900">{group.instrument}</h3>
                  <p className="text-sm text-slate-600">{group.label}</p>
                </header>
                <ul className="divide-y divide-slate-100">
                  {group.memberIds.map((id) => {
                    const member = members.find((m) => m.id === id)!;
                    return (
                      <li key={id} className="flex items-center gap-3 px-4 py-2">
                        <Avatar person={member.person} position={member.position} initials={member.initials} size="sm" decorative />
                        <span className="min-w-0 flex-1 truncate text-slate-900">
                          {displayName(member.person)}
                          {member.isYou ? <span className="text-slate-600"> (you)</span> : null}
                        </span>
                        <RoleBadge role={member.role} />
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {members.map((member) => {
              // Only an answer about a member: a resent or revoked invitation's id is no member's.
              const answer = actionData?.targetId === member.id && aboutMember(actionData.intent) ? actionData : undefined;
              return (
                <MemberRow
                  key={member.id}
                  member={member}
                  bandId={band.id}
                  bandName={band.name}
                  roles={viewer.grantableRoles}
                  actionData={answer}
                  open={manage === member.id || Boolean(answer)}
                  manageHref={hrefWith("manage", member.id, `member-${member.id}`)}
                  closeHref={hrefWith("manage", null, `member-${member.id}`)}
                />
              );
            })}
          </ul>
        )}
        {memberPage ? <Pager {...memberPage} shown={members.length} label="Member pages" /> : null}
      </section>

      {viewer.manager ? (
        <PendingInvitations
          bandId={band.id}
          invitations={invitations}
          actionData={actionData && (actionData.intent === "revoke" || actionData.intent === "resend") ? actionData : undefined}
          revoking={revoke}
          hrefFor={(id, anchor) => hrefWith("revoke", id, anchor)}
        />
      ) : null}

      {you ? (
        <LeaveBand
          bandId={band.id}
          bandName={band.name}
          soleLeader={viewer.soleLeader}
          lastResult={result("leave")}
        />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Members", error);

export const ErrorBoundary = RouteErrorBoundary;
