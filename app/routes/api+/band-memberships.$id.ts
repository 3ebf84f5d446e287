import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { memberJson, NOT_FOUND, requireRowAccess } from "~/features/members/api.server";
import { bandIdOfMembership, removeMember, updateMembership } from "~/features/members/members.server";
import { UpdateMembershipSchema } from "~/features/members/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

const ALLOWED = ["PATCH", "DELETE"];

/**
 * PATCH /api/band-memberships/{id} {role?, displayName?, instruments?}: your own
 * display name and instruments, or (members:manage) anyone's and their role.
 * DELETE: removes the member, or leaves the band when it is your own membership.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (!ALLOWED.includes(request.method)) return methodNotAllowed(ALLOWED);
  const { id, access } = await requireRowAccess(request, params.id, bandIdOfMembership, NOT_FOUND.member, "band:view");
  if (request.method === "DELETE") {
    await removeMember(access, id);
    return new Response(null, { status: 204 });
  }
  const changes = await parseJsonBody(request, UpdateMembershipSchema);
  return data(memberJson(await updateMembership(access, id, changes)));
});

export const loader = apiRoute(() => methodNotAllowed(ALLOWED));
