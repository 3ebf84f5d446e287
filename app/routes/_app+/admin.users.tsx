import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listUsersPage, parsePage, requirePlatformAdmin, USERS_PER_PAGE } from "~/features/admin/admin.server";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { formatDate } from "~/utils/dates";
import { displayName } from "~/utils/names";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const { users, page, pageCount, total } = await listUsersPage(parsePage(new URL(request.url).searchParams.get("page")));
  return {
    page,
    pageCount,
    total,
    first: total === 0 ? 0 : (page - 1) * USERS_PER_PAGE + 1,
    users: users.map((user) => ({
      id: user.id,
      name: displayName({ firstName: user.firstName, lastName: user.lastName }),
      email: user.email,
      verified: user.emailVerifiedAt !== null,
      isPlatformAdmin: user.isPlatformAdmin,
      bands: user._count.memberships,
      joined: formatDate(user.createdAt),
      joinedAt: user.createdAt.toISOString(),
    })),
  };
}

export default function AdminUsers() {
  const { users, page, pageCount, total, first } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/admin", label: "Admin" }}
        title="Users"
        description="Everyone with an account, newest first. Joined dates are in UTC."
        aside={<span className="text-sm text-slate-600">{total === 1 ? "1 user" : `${total} users`}</span>}
      />

      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Users, page {page} of {pageCount}
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              {["Name", "Email", "Verified", "Platform admin", "Bands", "Joined"].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-2.5 font-semibold text-slate-900">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id}>
                <th scope="row" className="max-w-[14rem] break-words px-4 py-3 font-medium text-slate-900">
                  {user.name}
                </th>
                <td className="max-w-[16rem] break-all px-4 py-3 text-slate-700">{user.email}</td>
                <td className="px-4 py-3">
                  <YesNo value={user.verified} />
                </td>
                <td className="px-4 py-3">
                  <YesNo value={user.isPlatformAdmin} />
                </td>
                <td className="px-4 py-3 tabular-nums text-slate-900">{user.bands}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                  <time dateTime={user.joinedAt}>{user.joined}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:hidden">
        {users.map((user) => (
          <li key={user.id} className="px-4 py-3">
            <p className="break-words font-semibold text-slate-900">{user.name}</p>
            <p className="break-all text-sm text-slate-600">{user.email}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Verified</dt>
                <dd>
                  <YesNo value={user.verified} />
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Platform admin</dt>
                <dd>
                  <YesNo value={user.isPlatformAdmin} />
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Bands</dt>
                <dd className="tabular-nums text-slate-900">{user.bands}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Joined</dt>
                <dd className="text-slate-900">
                  <time dateTime={user.joinedAt}>{user.joined}</time>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>

      <Pager page={page} pageCount={pageCount} total={total} first={first} shown={users.length} />
    </div>
  );
}

function YesNo({ value }: { value: boolean }) {
  return <span className={value ? "font-medium text-green-800" : "text-slate-600"}>{value ? "Yes" : "No"}</span>;
}

export const meta: MetaFunction = ({ error }) => pageTitle("Users · Admin", error);

export const ErrorBoundary = RouteErrorBoundary;
