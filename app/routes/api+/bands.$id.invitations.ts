import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { listPendingInvitations } from "~/features/members/members.server";
import { requireBandAccess } from "~/features/bands/access.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /api/bands/{id}/invitations: pending invitations (not accepted, revoked or expired), for those who manage members. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "members:manage" });
  const invitations = await listPendingInvitations(access);
  return data(
    invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
      createdAt: invitation.createdAt.toISOString(),
      invitedBy: invitation.invitedBy,
    })),
  );
});

export const action = apiRoute(() => methodNotAllowed(["GET"]));
