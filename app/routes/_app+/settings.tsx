import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/utils/submission";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useSubmitting } from "~/features/auth/components/auth-form";
import {
  currencyOptions,
  currentBandCookieHeader,
  data,
  deleteBand,
  getBandSettings,
  listBandAuditEntries,
  listSettingsEditors,
  paysThroughStripe,
  redirectWithToast,
  requireBandAccess,
  requireFormBandAccess,
  requireUser,
  SETTINGS_ROLES,
  settingsAbilities,
  updateBandSettings,
  type BandAccess,
} from "~/features/bands/settings-page.server";
import { CURRENCY_LOCKED, SETTINGS_STALE, currencyLockedMessage } from "~/features/bands/limits";
import { bandSettingsSchema, deleteBandSchema } from "~/features/bands/settings-schema";
import { planName } from "~/features/billing/plans";
import { replyWithRuleError } from "~/utils/rule-error";
import { permissionTable } from "~/features/members/permission-table";
import { ROLE_LABELS } from "~/features/members/permissions";
import { DetailList, DetailRow } from "~/components/detail-list";
import { ErrorList, Field, SelectField, shownValue, useFocusFirstError } from "~/components/forms";
import { Button, PageHeader, Pager, RoleBadge } from "~/components/kit";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";
import { AuditLogTable } from "~/features/audit/components/audit-log";
import { auditRows } from "~/features/audit/format";
import { parsePage } from "~/utils/pagination";

type Intent = "update-band" | "delete-band";

const listFormat = new Intl.ListFormat("en", { style: "long", type: "disjunction" });

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "band:view" });
  const { band, membership } = access;
  const abilities = settingsAbilities(access);
  const settings = await getBandSettings(band.id);
  if (!settings) throw data({ message: "Band not found" }, { status: 404 });
  const { rules } = settings;
  const canEdit = abilities.edit;
  const currencies = currencyOptions(settings.band.currency);
  const editorRoles = listFormat.format(SETTINGS_ROLES.map((role) => ROLE_LABELS[role]));
  const editors = canEdit ? [] : await listSettingsEditors(band.id);
  const audit = await listBandAuditEntries(access, parsePage(new URL(request.url).searchParams.get("page")));
  return {
    bandId: band.id,
    band: {
      name: settings.band.name,
      timeZone: settings.band.timeZone,
      currency: settings.band.currency,
      plan: planName(settings.band.subscriptionTier),
    },
    currencyLabel: currencies.find((option) => option.code === settings.band.currency)?.label ?? settings.band.currency,
    /** Changes whenever the settings are saved: the form starts again from the saved values, and sends it back. */
    version: settings.band.settingsVersion,
    role: membership.role,
    canEdit,
    canDelete: abilities.delete,
    /** The band pays for Pro at Stripe: deleting it cancels that at once, and the form says so. */
    endsSubscription: abilities.delete && (await paysThroughStripe([band.id])),
    editorsNote: `Only a ${editorRoles} can change these${editors.length ? ` (${editors.join(", ")})` : ""}.`,
    options: canEdit ? { timeZones: rules.timeZones, currencies, moneyRecorded: rules.moneyRecorded } : null,
    permissions: permissionTable(membership.role),
    audit: audit && { ...audit, entries: auditRows(audit.entries, { currency: settings.band.currency, timeZone: settings.band.timeZone }) },
  };
}

function reply(intent: Intent, result: SubmissionResult<string[]>, status: number) {
  return data({ intent, result }, { status });
}

/**
 * After a save refused because someone else saved first (409), the page's data is read
 * again (Remix skips that after a 4xx), so the form starts from what is saved now and its
 * version, as the page without JavaScript does.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "update-band":
      return updateBand(formData, await requireFormBandAccess(request, formData, "band:settings"));
    case "delete-band":
      return removeBand(formData, await requireFormBandAccess(request, formData, "band:delete"));
    default:
      throw data({ message: "Unknown form intent" }, { status: 400 });
  }
}

async function updateBand(formData: FormData, access: BandAccess) {
  const settings = await getBandSettings(access.band.id);
  if (!settings) throw data({ message: "Band not found" }, { status: 404 });
  const submission = parseWithZod(formData, { schema: bandSettingsSchema(settings.rules) });
  if (submission.status !== "success") {
    // A locked currency has no control to show its message under: said at the top, with what else was not saved.
    const locked = submission.error?.currency?.includes(CURRENCY_LOCKED);
    return reply("update-band", locked ? submission.reply({ formErrors: [currencyLockedMessage(settings.band.currency)] }) : submission.reply(), 400);
  }

  const result = await updateBandSettings(access.band.id, submission.value);
  if (result.status === "not-found") throw data({ message: "Band not found" }, { status: 404 });
  if (result.status === "currency-locked") {
    // Said at the top (the currency has no control once locked): the other changes were not saved either.
    return reply("update-band", submission.reply({ formErrors: [currencyLockedMessage(settings.band.currency)] }), 400);
  }
  if (result.status === "stale") {
    // The form starts again from what is saved now (its key is the version), with the reason.
    return reply("update-band", { ...submission.reply({ formErrors: [SETTINGS_STALE] }), initialValue: null }, 409);
  }
  return redirectWithToast("/settings", { title: "Settings saved", description: `${result.name} is up to date.` });
}

async function removeBand(formData: FormData, { band, user }: BandAccess) {
  const submission = parseWithZod(formData, { schema: deleteBandSchema(band.name) });
  if (submission.status !== "success") return reply("delete-band", submission.reply(), 400);

  let nextBandId: number | null;
  try {
    nextBandId = await deleteBand(band.id, user);
  } catch (error) {
    // Stripe could not end its Pro subscription: nothing was deleted, said above the form.
    const { result, status } = replyWithRuleError(submission, error);
    return reply("delete-band", result, status);
  }
  return redirectWithToast("/getting-started", { title: `${band.name} was deleted`, description: "Its events, songs, setlists and money records are gone." }, [
    await currentBandCookieHeader(nextBandId),
  ]);
}

// ---------------------------------------------------------------------------

export default function Settings() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { band, role, permissions, canEdit, canDelete } = loaderData;
  const lastResult = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description={`How ${band.name} is set up, and what each role in the band may do.`} />

      <section aria-labelledby="band-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="band-heading" className="font-semibold text-slate-900">
          Band details
        </h2>
        {canEdit && loaderData.options ? (
          <BandDetailsForm key={loaderData.version} data={{ ...loaderData, options: loaderData.options }} lastResult={lastResult("update-band")} />
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">{loaderData.editorsNote}</p>
            <div className="mt-2">
              <DetailList>
                <DetailRow term="Name">{band.name}</DetailRow>
                <DetailRow term="Time zone">{zoneLabel(band.timeZone)}</DetailRow>
                <DetailRow term="Currency">{loaderData.currencyLabel}</DetailRow>
              </DetailList>
            </div>
          </>
        )}
        <div className={canEdit ? "mt-6 border-t border-slate-100 pt-2" : ""}>
          <DetailList>
            <DetailRow term="Plan">
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {band.plan}
                <Link
                  to="/subscription"
                  className="inline-flex min-h-[44px] items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  Plan details
                </Link>
              </span>
            </DetailRow>
            <DetailRow term="Your role">
              <RoleBadge role={role} />
            </DetailRow>
          </DetailList>
        </div>
      </section>

      <section aria-labelledby="roles-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="roles-heading" className="font-semibold text-slate-900">
          Who can do what
        </h2>
        <p className="mt-1 text-sm text-slate-600">Each member’s role in the band decides what they may see and change.</p>

        {/* A wide table from small tablets up; on phones each permission becomes its own short list. */}
        <div className="mt-4 hidden overflow-x-auto sm:block" role="region" aria-label="Permissions by role" tabIndex={0}>
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Permissions by role</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3 font-semibold text-slate-900">
                  Permission
                </th>
                {permissions.roles.map((column) => (
                  <th
                    key={column.role}
                    scope="col"
                    className={`whitespace-nowrap px-3 py-2 font-semibold text-slate-900 ${column.yours ? "bg-brand-50" : ""}`}
                  >
                    {column.label}
                    {column.yours ? <span className="block text-xs font-normal text-brand-700">Your role</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {permissions.rows.map((row) => (
                <tr key={row.permission}>
                  <th scope="row" className="py-2.5 pr-3 font-medium text-slate-900">
                    {row.label}
                  </th>
                  {row.cells.map((cell) => (
                    <td
                      key={cell.role}
                      className={`px-3 py-2.5 ${cell.allowed ? "text-slate-900" : "text-slate-600"} ${
                        cell.yours ? "bg-brand-50" : ""
                      }`}
                    >
                      {cell.text}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <ul className="mt-4 space-y-3 sm:hidden">
          {permissions.rows.map((row) => (
            <li key={row.permission} className="rounded-lg border border-slate-200 p-3">
              <h3 className="font-medium text-slate-900">{row.label}</h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {row.cells.map((cell, column) => {
                  // Cells come in the roles' column order.
                  const label = permissions.roles[column]?.label;
                  return (
                    <div key={cell.role} className="contents">
                      <dt className={`text-slate-600 ${cell.yours ? "font-semibold" : ""}`}>{label}</dt>
                      <dd className={cell.allowed ? "text-slate-900" : "text-slate-600"}>{cell.text}</dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.audit ? (
        <section id="audit-log" aria-labelledby="audit-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="audit-heading" className="font-semibold text-slate-900">
            Audit log
          </h2>
          <p className="mb-3 mt-1 text-sm text-slate-600">Changes to {band.name}’s members, roles, plan and money, newest first. Only Band Leaders see this.</p>
          <AuditLogTable entries={loaderData.audit.entries} caption={`Audit log of ${band.name}, page ${loaderData.audit.page} of ${loaderData.audit.pageCount}`} />
          <div className="mt-3">
            <Pager page={loaderData.audit.page} pageCount={loaderData.audit.pageCount} total={loaderData.audit.total} first={loaderData.audit.first} shown={loaderData.audit.entries.length} label="Audit log pages" />
          </div>
        </section>
      ) : null}

      {canDelete ? <DeleteBandSection bandId={loaderData.bandId} bandName={band.name} endsSubscription={loaderData.endsSubscription} lastResult={lastResult("delete-band")} /> : null}
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type EditData = LoaderData & { options: NonNullable<LoaderData["options"]> };

/** "America/Argentina/Buenos_Aires" reads as "America / Argentina / Buenos Aires". */
function zoneLabel(zone: string) {
  return zone.replaceAll("_", " ").split("/").join(" / ");
}

/** Zones grouped by their first part (Africa, America, …); zones without one lead. */
function groupZones(zones: readonly string[]) {
  const single: string[] = [];
  const groups = new Map<string, string[]>();
  for (const zone of zones) {
    const slash = zone.indexOf("/");
    if (slash === -1) {
      single.push(zone);
      continue;
    }
    const region = zone.slice(0, slash);
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return { single, groups: [...groups] };
}

function BandDetailsForm({ data: loaderData, lastResult }: { data: EditData; lastResult?: SubmissionResult<string[]> }) {
  const { band, options, bandId } = loaderData;
  const form = useFocusFirstError(lastResult);
  const errors = lastResult?.error;
  const shown = (name: string) => shownValue(lastResult, name, band);
  const saving = useSubmitting("update-band");
  const zones = useMemo(() => groupZones(options.timeZones), [options.timeZones]);

  return (
    <Form method="post" ref={form} id="band-settings" noValidate className="mt-4 max-w-xl space-y-5">
      <input type="hidden" name="intent" value="update-band" />
      <input type="hidden" name="bandId" value={bandId} />
      {/* After a refused save (400), the version the user started from, not the one saved since. */}
      <input type="hidden" name="settingsVersion" value={shown("settingsVersion") ?? loaderData.version} />
      {errors?.[""]?.length ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <ErrorList errors={errors[""]} />
        </div>
      ) : null}
      <Field
        label="Band name"
        hint="Up to 50 characters."
        inputProps={{ name: "name", type: "text", defaultValue: shown("name"), autoComplete: "off" }}
        errors={errors?.name}
      />
      <SelectField
        label="Time zone"
        hint="Event times are entered and shown in this zone. Changing it moves no event in time: each shows at its local time in the new zone (8 PM in Berlin becomes 2 PM in New York). All-day events keep their dates."
        selectProps={{ name: "timeZone", defaultValue: shown("timeZone") }}
        errors={errors?.timeZone}
      >
        {zones.single.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
        {zones.groups.map(([region, list]) => (
          <optgroup key={region} label={region}>
            {list.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      {options.moneyRecorded ? (
        <div>
          <p className="block text-sm font-medium text-slate-800">Currency</p>
          <p className="mt-1 flex min-h-[44px] items-center rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-slate-900">
            {loaderData.currencyLabel}
          </p>
          <input type="hidden" name="currency" value={band.currency} />
          <p className="mt-1 text-sm text-slate-600">{CURRENCY_LOCKED}: amounts already recorded are in {band.currency}.</p>
          <ErrorList errors={errors?.currency?.filter((message) => message !== CURRENCY_LOCKED)} />
        </div>
      ) : (
        <SelectField
          label="Currency"
          hint="Payments and expenses are recorded in this currency. It can’t change once money is recorded."
          selectProps={{ name: "currency", defaultValue: shown("currency") }}
          errors={errors?.currency}
        >
          {options.currencies.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </SelectField>
      )}
      <Button type="submit" pending={saving} pendingText="Saving…">
        Save changes
      </Button>
    </Form>
  );
}

function DeleteBandSection({ bandId, bandName, endsSubscription, lastResult }: { bandId: number; bandName: string; endsSubscription: boolean; lastResult?: SubmissionResult<string[]> }) {
  const form = useFocusFirstError(lastResult);
  const deleting = useSubmitting("delete-band");
  return (
    <section aria-labelledby="delete-band-heading" className="rounded-xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="delete-band-heading" className="font-semibold text-red-800">
        Delete this band
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Deleting <strong className="font-semibold text-slate-900">{bandName}</strong> removes its events, songs, setlists, payments, expenses and
        invitations, and takes every member out of it. This can’t be undone.
        {endsSubscription ? " Its Pro subscription is cancelled at Stripe at once, so nobody is charged for it again." : null}
      </p>
      <Form method="post" ref={form} id="delete-band" noValidate className="mt-4 max-w-xl space-y-4">
        <input type="hidden" name="intent" value="delete-band" />
        <input type="hidden" name="bandId" value={bandId} />
        {/* Nothing deleted: Stripe could not end the band's Pro subscription. */}
        {lastResult?.error?.[""]?.length ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <ErrorList errors={lastResult.error[""]} />
          </div>
        ) : null}
        <Field
          label={`Type “${bandName}” to confirm`}
          inputProps={{ name: "confirmName", type: "text", defaultValue: shownValue(lastResult, "confirmName"), autoComplete: "off", spellCheck: false }}
          errors={lastResult?.error?.confirmName}
        />
        <Button type="submit" variant="danger" pending={deleting} pendingText="Deleting…">
          Delete band
        </Button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Settings", error);

export const ErrorBoundary = RouteErrorBoundary;
