import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Avatar, Button, buttonClasses, ErrorList, Field, formErrorsOf, RoleBadge, shownValue, useFocusFirstError, useIsPending, ConfirmDisclosure } from "~/components/kit";
import { DISPLAY_NAME_MAX } from "~/features/members/limits";
import { displayName } from "~/utils/names";
import { InstrumentFields } from "./instrument-fields";
import { RoleSelect } from "./role-select";

export type MemberRowData = {
  id: number;
  position: number;
  role: string;
  isYou: boolean;
  name: string;
  initials: string;
  instruments: string[];
  /** The membership's version: the edit form sends it back, so a save after someone else's is refused. */
  version: number;
  person: { id: string; firstName: string; lastName: string | null; email: string | null; profileImageUrl: string | null; displayName: string | null };
  can: { edit: boolean; changeRole: boolean; remove: boolean; transfer: boolean };
};

type RowActionData = { intent: string; result: SubmissionResult<string[]> };

type MemberRowProps = {
  member: MemberRowData;
  bandId: number;
  bandName: string;
  roles: readonly string[];
  /** The last answer to a form about this member, if any: its panel opens to show it. */
  actionData?: RowActionData;
  /**
   * Whether this row's manage panel is open (the page's ?manage= names it, or a form
   * about this member answered). Only that row renders its forms: 50 rows of role
   * selects, instrument boxes and confirmations cost most of the page's server time.
   */
  open: boolean;
  /** Where the "Manage" link goes (this page with ?manage=<id>), and "Close" (without it). */
  manageHref: string;
  closeHref: string;
};

export function MemberRow({ member, bandId, bandName, roles, actionData, open, manageHref, closeHref }: MemberRowProps) {
  const manageable = member.can.edit || member.can.remove || member.can.transfer;
  // Saved details change the key, so the panel starts again from them.
  const version = String(member.version);
  const label = member.isYou ? "Edit your details" : "Manage";
  return (
    <li id={`member-${member.id}`} className="relative scroll-mt-4 px-4 py-4">
      <div className="flex items-start gap-3 sm:pr-28">
        <Avatar person={member.person} position={member.position} initials={member.initials} size="md" decorative />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 font-semibold text-slate-900">
              {member.name}
              {member.isYou ? <span className="font-normal text-slate-600"> (you)</span> : null}
            </p>
            <RoleBadge role={member.role} />
          </div>
          {member.person.email ? <p className="truncate text-sm text-slate-600">{member.person.email}</p> : null}
          {member.instruments.length ? (
            <ul aria-label="Instruments" className="mt-2 flex flex-wrap gap-1.5">
              {member.instruments.map((instrument) => (
                <li key={instrument} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                  {instrument}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500">No instrument yet</p>
          )}
        </div>
      </div>
      {manageable ? (
        // One link toggles the panel (Manage ↔ Close), so the focused element stays put
        // when a client navigation opens or closes it.
        <Link
          to={open ? closeHref : manageHref}
          preventScrollReset
          aria-expanded={open}
          className={buttonClasses("secondary", "mt-3 sm:absolute sm:right-4 sm:top-4 sm:mt-0")}
        >
          {open ? "Close" : label}
          <span className="sr-only"> {open ? (member.isYou ? "your details" : `managing ${member.name}`) : member.name}</span>
        </Link>
      ) : null}
      {manageable && open ? (
        <div key={version} role="region" aria-label={`${label} ${member.name}`} className="mt-3 space-y-5 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:mt-4">
          {member.can.edit ? (
            <EditMemberForm member={member} bandId={bandId} roles={roles} lastResult={actionData?.intent === "update" ? actionData.result : undefined} />
          ) : null}
          {member.can.transfer || member.can.remove ? (
            <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
              {member.can.transfer ? (
                <TransferLeadership member={member} bandId={bandId} bandName={bandName} lastResult={actionData?.intent === "transfer" ? actionData.result : undefined} />
              ) : null}
              {member.can.remove ? (
                <RemoveMember member={member} bandId={bandId} bandName={bandName} lastResult={actionData?.intent === "remove" ? actionData.result : undefined} />
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function EditMemberForm({ member, bandId, roles, lastResult }: { member: MemberRowData; bandId: number; roles: readonly string[]; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending({ intent: "update", fields: { membershipId: String(member.id) } });
  // Not member-<id>: that is the row's own id (the page's #member-<id> links jump to it).
  const formId = `member-form-${member.id}`;
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const formErrors = formErrorsOf(lastResult);
  const sent = lastResult?.initialValue;
  const defaults = { displayName: member.person.displayName, role: member.role };
  const initial = sent ? sent.instruments : member.instruments;
  const instruments = Array.isArray(initial) ? initial.map((value) => (typeof value === "string" ? value : "")) : [];
  const ownName = displayName({ ...member.person, displayName: null });
  // An admin may see a leader's role here only as text: they cannot give it.
  const roleChoices = roles.includes(member.role) ? roles : [member.role, ...roles];

  return (
    <Form method="post" ref={form} id={formId} noValidate aria-describedby={formErrors ? `${formId}-form-error` : undefined} className="space-y-4">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="bandId" value={bandId} />
      <input type="hidden" name="membershipId" value={member.id} />
      {/* After a refused save (400), the version the panel was opened at, not the one saved since. */}
      <input type="hidden" name="version" value={shownValue(lastResult, "version", { version: member.version })} />
      <Field
        label="Display name"
        hint={`Shown to the band instead of ${member.isYou ? "your" : "their"} name. Leave it empty to use ${ownName}. Up to ${DISPLAY_NAME_MAX} characters.`}
        inputProps={{ name: "displayName", type: "text", defaultValue: shownValue(lastResult, "displayName", defaults) ?? "", autoComplete: "off" }}
        errors={errors?.displayName}
      />
      <InstrumentFields name="instruments" formId={formId} values={instruments} errorsByName={errors ?? {}} listErrors={errors?.instruments} />
      {member.can.changeRole ? (
        <RoleSelect label="Role" roles={roleChoices} selectProps={{ name: "role", defaultValue: shownValue(lastResult, "role", defaults) }} errors={errors?.role} />
      ) : null}
      {formErrors?.length ? (
        <div role="alert" id={`${formId}-form-error`}>
          <ErrorList errors={formErrors} />
        </div>
      ) : null}
      <Button type="submit" pending={pending} pendingText="Saving…">
        Save changes
      </Button>
    </Form>
  );
}

function FormFailure({ result }: { result?: SubmissionResult<string[]> }) {
  const errors = result?.error ? Object.values(result.error).flat() : [];
  if (!errors.length) return null;
  return (
    <div role="alert" className="mb-3 rounded-md border border-red-300 bg-white px-3 py-2">
      <ErrorList errors={errors} />
    </div>
  );
}

function TransferLeadership({ member, bandId, bandName, lastResult }: { member: MemberRowData; bandId: number; bandName: string; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending({ intent: "transfer", fields: { membershipId: String(member.id) } });
  return (
    <ConfirmDisclosure summary="Make Band Leader" open={Boolean(lastResult)}>
      <FormFailure result={lastResult} />
      <p className="font-semibold">Hand {bandName} over to {member.name}?</p>
      <p className="mt-1">
        {member.name} becomes the Band Leader, with billing, deleting the band and handing leadership on. You stay in the band as a Band Admin.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="transfer" />
        <input type="hidden" name="bandId" value={bandId} />
        <input type="hidden" name="membershipId" value={member.id} />
        <Button type="submit" variant="danger" pending={pending} pendingText="Transferring…">
          Transfer leadership to {member.name}
        </Button>
      </Form>
    </ConfirmDisclosure>
  );
}

function RemoveMember({ member, bandId, bandName, lastResult }: { member: MemberRowData; bandId: number; bandName: string; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending({ intent: "remove", fields: { membershipId: String(member.id) } });
  return (
    <ConfirmDisclosure summary="Remove from band" open={Boolean(lastResult)}>
      <FormFailure result={lastResult} />
      <p className="font-semibold">
        Remove {member.name} from {bandName}?
      </p>
      <p className="mt-1">They lose access to the band’s calendar, setlists and songs straight away, and come off the lineups of events still to come (past gigs keep their name). You can invite them again later.</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="bandId" value={bandId} />
        <input type="hidden" name="membershipId" value={member.id} />
        <Button type="submit" variant="danger" pending={pending} pendingText="Removing…">
          Remove {member.name}
        </Button>
      </Form>
    </ConfirmDisclosure>
  );
}
