import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  billingMode,
  disableUser,
  enableUser,
  grantPlatformAdmin,
  listUsers,
  parsePage,
  requirePlatformAdmin,
  resendVerificationFor,
  revokePlatformAdmin,
  setBandTier,
} from "~/features/admin/admin.server";
import { AdminActionSchema, parseUserListQuery } from "~/features/admin/schema";
import { ADMIN_INTENTS, DEFAULT_DIRECTION, SEARCH_MAX, USER_SORTS, type AdminIntent, type UserSort } from "~/features/admin/list-options";
import { Button, ConfirmDisclosure, PageHeader, Pager, RoleBadge } from "~/components/kit";
import { formatDate } from "~/utils/dates";
import { pageTitle } from "~/utils/meta";
import { appOrigin } from "~/utils/request.server";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { errorBoundaryWith } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePlatformAdmin(request);
  const params = new URL(request.url).searchParams;
  const { query, error } = parseUserListQuery(params);
  const list = error ? null : await listUsers(query, parsePage(params.get("page")));
  const body = {
    adminId: admin.id,
    query,
    searchError: error,
    billing: billingMode(),
    page: list?.page ?? 1,
    pageCount: list?.pageCount ?? 1,
    total: list?.total ?? 0,
    first: list?.first ?? 0,
    users: (list?.users ?? []).map((user) => ({
      ...user,
      joined: formatDate(user.createdAt),
      createdAt: user.createdAt.toISOString(),
      lastActive: user.lastActiveAt ? formatDate(user.lastActiveAt) : null,
      lastActiveAt: user.lastActiveAt?.toISOString() ?? null,
    })),
  };
  // A search the list cannot take is the visitor's mistake: say so, with a 400, and show nothing.
  return data(body, { status: error ? 400 : 200 });
}

/** Back to the list as it was (search, sort, page), keeping only the list's own parameters. */
function listUrl(formData: FormData) {
  const from = new URLSearchParams(String(formData.get("back") ?? "").slice(0, 2_000));
  const keep = new URLSearchParams();
  for (const name of ["q", "sort", "dir", "page"]) {
    const value = from.get(name);
    if (value) keep.set(name, value.slice(0, 200));
  }
  const query = keep.toString();
  return `/admin/users${query ? `?${query}` : ""}`;
}

type Failure = { intent: AdminIntent | null; userId: string | null; bandId: string | null; message: string };

function failure(formData: FormData, message: string, status: number) {
  const intent = ADMIN_INTENTS.find((value) => value === formData.get("intent")) ?? null;
  const field = (name: string) => (typeof formData.get(name) === "string" ? String(formData.get(name)).slice(0, 64) : null);
  return data({ intent, userId: field("userId"), bandId: field("bandId"), message } satisfies Failure, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePlatformAdmin(request);
  const formData = await request.formData();
  // One value a field: a repeated intent or user must not pick the action by field order.
  const repeated = ["intent", "userId", "bandId"].some((name) => formData.getAll(name).length > 1);
  if (repeated) return failure(formData, "The form was sent with a field twice. Reload the page and try again.", 400);
  const parsed = AdminActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return failure(formData, parsed.error.issues[0]?.message ?? "Check the form and try again", 400);
  const input = parsed.data;
  const back = listUrl(formData);
  try {
    switch (input.intent) {
      case "grant-admin": {
        const { changed, label } = await grantPlatformAdmin(admin, input.userId);
        return redirectWithToast(back, { title: changed ? `${label} is now a platform admin` : `${label} was already a platform admin` });
      }
      case "revoke-admin": {
        const { changed, label } = await revokePlatformAdmin(admin, input.userId);
        // Revoking yourself closes the admin area to you.
        if (changed && input.userId === admin.id) return redirectWithToast("/dashboard", { title: "You are no longer a platform admin" });
        return redirectWithToast(back, { title: changed ? `${label} is no longer a platform admin` : `${label} was not a platform admin` });
      }
      case "disable": {
        const { changed, label } = await disableUser(admin, input.userId);
        return redirectWithToast(back, {
          title: changed ? `${label} is disabled` : `${label} was already disabled`,
          description: changed ? "They are signed out everywhere and cannot sign in until re-enabled." : undefined,
        });
      }
      case "enable": {
        const { changed, label } = await enableUser(admin, input.userId);
        return redirectWithToast(back, { title: changed ? `${label} is re-enabled` : `${label} was not disabled`, description: changed ? "They can sign in again." : undefined });
      }
      case "resend-verification": {
        const { email } = await resendVerificationFor(admin, input.userId, appOrigin(request));
        return redirectWithToast(back, { title: "Verification email sent", description: `A new link went to ${email}.` });
      }
      case "set-tier": {
        const { changed, label, plan } = await setBandTier(admin, input.bandId, input.tier);
        return redirectWithToast(back, { title: changed ? `${label} is now on ${plan}` : `${label} was already on ${plan}` });
      }
    }
  } catch (error) {
    if (error instanceof RuleError) return failure(formData, error.message, error.status);
    throw error;
  }
}

// ---------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type UserRow = LoaderData["users"][number];

const SORT_LABELS: Record<UserSort, string> = { name: "Name", email: "Email", created: "Joined", active: "Last active" };

export default function AdminUsers() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { users, page, pageCount, total, first, query, searchError } = loaderData;
  const back = new URLSearchParams({ ...(query.q ? { q: query.q } : {}), sort: query.sort, dir: query.dir, page: String(page) }).toString();

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/admin", label: "Admin" }}
        title="Users"
        description="Find an account, see its bands, and act on it. Every change is written to the audit log. Dates are in UTC."
        aside={<span className="text-sm text-slate-600">{total === 1 ? "1 user" : `${total} users`}</span>}
      />

      <Form method="get" role="search" aria-label="Users" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="min-w-[14rem] flex-1">
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-800">
            Name or email
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={SEARCH_MAX}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? "user-search-error" : undefined}
            className="mt-1 block min-h-[44px] w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
          />
        </div>
        <div className="max-w-full">
          <label htmlFor="user-sort" className="block text-sm font-medium text-slate-800">
            Sort by
          </label>
          <select id="user-sort" name="sort" defaultValue={query.sort} className="mt-1 block min-h-[44px] w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="max-w-full">
          <label htmlFor="user-dir" className="block text-sm font-medium text-slate-800">
            Order
          </label>
          {/* The sort's own direction unless another was chosen: choosing "Name" after "Joined" lists A→Z, not Z→A. */}
          <select id="user-dir" name="dir" defaultValue={query.dir === DEFAULT_DIRECTION[query.sort] ? "" : query.dir} className="mt-1 block min-h-[44px] w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
            <option value="">Usual (names A→Z, dates newest first)</option>
            <option value="asc">Ascending (A→Z, oldest first)</option>
            <option value="desc">Descending (Z→A, newest first)</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {searchError ? (
          <p id="user-search-error" role="alert" className="w-full text-sm text-red-700">
            {searchError}
          </p>
        ) : null}
      </Form>

      {/* Shown once: in the user's card when it is on this page, else here. */}
      {actionData && !users.some((user) => user.id === actionData.userId) ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          {actionData.message}
        </div>
      ) : null}

      {loaderData.billing === "stripe" ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          Stripe billing is set up: Stripe’s subscriptions decide each band’s plan, so plans are not changed here. Pro granted by hand (no Stripe subscription pays for it) can be ended.
        </p>
      ) : null}

      {users.length === 0 && !searchError ? <p className="text-slate-600">{query.q ? `No user matches “${query.q}”.` : "No users yet."}</p> : null}

      <ul className="space-y-3" aria-label="Users">
        {users.map((user) => (
          <UserCard key={user.id} user={user} self={user.id === loaderData.adminId} back={back} manualBilling={loaderData.billing === "manual"} failure={actionData?.userId === user.id ? actionData : null} />
        ))}
      </ul>

      <Pager page={page} pageCount={pageCount} total={total} first={first} shown={users.length} label="User pages" />
    </div>
  );
}

function Hidden({ intent, userId, back }: { intent: AdminIntent; userId: string; back: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

/** Keyed by intent where it is used: after the change the other action's panel starts closed. */
function ConfirmAction({
  intent,
  user,
  back,
  summary,
  question,
  explanation,
  submit,
  pendingText,
  open,
  variant = "danger",
}: {
  intent: AdminIntent;
  user: UserRow;
  back: string;
  summary: string;
  question: string;
  explanation: string;
  submit: string;
  pendingText: string;
  open: boolean;
  variant?: "danger" | "primary";
}) {
  const pending = useIsPending({ intent, fields: { userId: user.id } });
  return (
    <ConfirmDisclosure summary={summary} open={open}>
      <p className="font-semibold">{question}</p>
      <p className="mt-1">{explanation}</p>
      <Form method="post" className="mt-3">
        <Hidden intent={intent} userId={user.id} back={back} />
        <Button type="submit" variant={variant} pending={pending} pendingText={pendingText}>
          {submit}
        </Button>
      </Form>
    </ConfirmDisclosure>
  );
}

function Badge({ children, tone }: { children: React.ReactNode; tone: "green" | "slate" | "purple" | "red" }) {
  const tones = {
    green: "bg-green-100 text-green-900 ring-green-300",
    slate: "bg-slate-100 text-slate-800 ring-slate-300",
    purple: "bg-purple-100 text-purple-900 ring-purple-300",
    red: "bg-red-100 text-red-900 ring-red-300",
  };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}>{children}</span>;
}

function UserCard({ user, self, back, manualBilling, failure }: { user: UserRow; self: boolean; back: string; manualBilling: boolean; failure: Failure | null }) {
  const resendPending = useIsPending({ intent: "resend-verification", fields: { userId: user.id } });
  const opened = (intent: AdminIntent) => failure?.intent === intent;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`user-${user.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`user-${user.id}`} className="font-semibold text-slate-900">
            {user.name}
            {self ? <span className="font-normal text-slate-600"> (you)</span> : null}
          </h2>
          <p className="break-all text-sm text-slate-700">{user.email}</p>
        </div>
        <p className="flex flex-wrap gap-1.5">
          {user.verified ? <Badge tone="green">Verified</Badge> : <Badge tone="slate">Not verified</Badge>}
          {user.isPlatformAdmin ? <Badge tone="purple">Platform admin</Badge> : null}
          {user.disabled ? <Badge tone="red">Disabled</Badge> : null}
        </p>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-slate-600">Joined</dt>
          <dd className="text-slate-900">
            <time dateTime={user.createdAt}>{user.joined}</time>
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-600">Last active</dt>
          <dd className="text-slate-900">{user.lastActive && user.lastActiveAt ? <time dateTime={user.lastActiveAt}>{user.lastActive}</time> : "Never"}</dd>
        </div>
      </dl>

      <h3 className="mt-3 text-sm font-semibold text-slate-900">Bands</h3>
      {user.bands.length === 0 ? (
        <p className="text-sm text-slate-600">No bands.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {user.bands.map((band) => (
            <li key={band.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
              <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{band.name}</span>
              <RoleBadge role={band.role} />
              <span className="text-slate-700">{band.plan}</span>
              {manualBilling || band.handGranted ? (
                <TierForm key={`${band.id}-${band.tier}`} userId={user.id} band={band} back={back} manualBilling={manualBilling} open={failure?.intent === "set-tier" && failure.bandId === String(band.id)} />
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-3 flex flex-wrap items-start gap-2">
        {user.isPlatformAdmin ? (
          <ConfirmAction
            key="revoke-admin"
            intent="revoke-admin"
            user={user}
            back={back}
            summary="Remove platform admin"
            question={self ? "Stop being a platform admin?" : `Remove ${user.name}'s platform admin rights?`}
            explanation={self ? "The admin area closes to you at once. Bandroom always keeps at least one platform admin who can sign in." : "They lose the admin area at once. Bandroom always keeps at least one platform admin who can sign in."}
            submit="Remove platform admin"
            pendingText="Removing…"
            open={opened("revoke-admin")}
          />
        ) : user.disabled ? null : (
          <ConfirmAction
            key="grant-admin"
            intent="grant-admin"
            user={user}
            back={back}
            summary="Make platform admin"
            question={`Make ${user.name} a platform admin?`}
            explanation="They can see every account and band, disable accounts and change plans. They must turn on two-step sign-in first."
            submit="Make platform admin"
            pendingText="Granting…"
            open={opened("grant-admin")}
            variant="primary"
          />
        )}
        {self ? null : user.disabled ? (
          <ConfirmAction
            key="enable"
            intent="enable"
            user={user}
            back={back}
            summary="Re-enable account"
            question={`Re-enable ${user.name}'s account?`}
            explanation="They can sign in again with their password."
            submit="Re-enable account"
            pendingText="Re-enabling…"
            open={opened("enable")}
            variant="primary"
          />
        ) : (
          <ConfirmAction
            key="disable"
            intent="disable"
            user={user}
            back={back}
            summary="Disable account"
            question={`Disable ${user.name}'s account?`}
            explanation="They are signed out everywhere at once and cannot sign in until the account is re-enabled. Their bands and data stay as they are."
            submit="Disable account"
            pendingText="Disabling…"
            open={opened("disable")}
          />
        )}
        {user.verified ? null : (
          <Form method="post">
            <Hidden intent="resend-verification" userId={user.id} back={back} />
            <Button type="submit" variant="secondary" pending={resendPending} pendingText="Sending…">
              Resend verification email
            </Button>
          </Form>
        )}
      </div>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure.message}
        </p>
      ) : null}
    </li>
  );
}

/** Manual billing: Free or Pro. Stripe billing: only ending Pro that was granted by hand (Stripe decides the rest). */
function TierForm({ userId, band, back, open, manualBilling }: { userId: string; band: UserRow["bands"][number]; back: string; open: boolean; manualBilling: boolean }) {
  const pending = useIsPending({ intent: "set-tier", fields: { bandId: String(band.id) } });
  const selectId = `tier-${userId}-${band.id}`;
  return (
    <ConfirmDisclosure summary={manualBilling ? `Change plan of ${band.name}` : `End Pro of ${band.name}`} open={open}>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="set-tier" />
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="bandId" value={band.id} />
        <input type="hidden" name="back" value={back} />
        {manualBilling ? (
          <div>
            <label htmlFor={selectId} className="block text-sm font-medium">
              Plan for {band.name}
            </label>
            <select id={selectId} name="tier" defaultValue={band.tier} className="mt-1 block min-h-[44px] rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900">
              <option value="free">Free</option>
              <option value="pro">Pro</option>
            </select>
          </div>
        ) : (
          <input type="hidden" name="tier" value="free" />
        )}
        <Button type="submit" variant="danger" pending={pending} pendingText="Saving…">
          {manualBilling ? "Set plan" : "Move to Free"}
        </Button>
      </Form>
      <p className="mt-2">
        {manualBilling
          ? "Manual billing: no payment is taken. A band moved to Free keeps its data."
          : "This band’s Pro was granted by hand: no Stripe subscription pays for it. Moved to Free, it keeps its data, and its leader can upgrade through Stripe."}
      </p>
    </ConfirmDisclosure>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Users · Admin", error);

export const ErrorBoundary = errorBoundaryWith({ forbidden: "Only platform admins can open the admin area." });
