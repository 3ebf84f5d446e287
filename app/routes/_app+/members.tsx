import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireCurrentBand } from "~/features/bands/current-band.server";
import { listMembers } from "~/features/members/members.server";
import { Avatar } from "~/components/avatar";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { PageHeader } from "~/components/page-header";
import { RoleBadge } from "~/components/role-badge";
import { displayName } from "~/utils/names";
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { band, user } = await requireCurrentBand(request, "band:view");
  const members = await listMembers(band.id);
  return {
    bandName: band.name,
    members: members.map(({ position, membership, user: person }) => ({
      id: membership.id,
      position,
      role: membership.role,
      isYou: person.id === user.id,
      person: { ...person, displayName: membership.displayName },
    })),
  };
}

export default function Members() {
  const { bandName, members } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Members"
        description={`Everyone in ${bandName} and their role, band leaders first.`}
        aside={<span className="text-sm text-slate-600">{members.length === 1 ? "1 member" : `${members.length} members`}</span>}
      />
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {members.map((member) => (
          <li key={member.id} className="flex items-center gap-3 px-4 py-3">
            <Avatar person={member.person} position={member.position} size="md" decorative />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900">
                {displayName(member.person)}
                {member.isYou ? <span className="font-normal text-slate-600"> (you)</span> : null}
              </p>
              <p className="truncate text-sm text-slate-600">{member.person.email}</p>
            </div>
            <RoleBadge role={member.role} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Members", error);

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
