import type { ActionFunctionArgs } from "@remix-run/node";
import { NOT_FOUND, requireRowAccess } from "~/features/members/api.server";
import { bandIdOfInvitation, revokeInvitation } from "~/features/members/members.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/** DELETE /api/invitations/{id}: withdraws a pending invitation; its link stops working. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const { id, access } = await requireRowAccess(request, params.id, bandIdOfInvitation, NOT_FOUND.invitation, "members:manage");
  await revokeInvitation(access, id);
  return new Response(null, { status: 204 });
});

export const loader = apiRoute(() => methodNotAllowed(["DELETE"]));
