import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { invitationJson, memberJson, ruleErrorResponse } from "~/features/members/api.server";
import { inviteMember, listMembers } from "~/features/members/members.server";
import { requireBandPermission } from "~/features/members/permissions.server";
import { InviteSchema } from "~/features/members/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { appOrigin } from "~/utils/request.server";

/** GET /api/bands/{id}/members: every member (leaders first, then by name). */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const { band, user, membership } = await requireBandPermission(request, params.id, "band:view");
  const viewer = { userId: user.id, role: membership.role };
  return data((await listMembers(band.id)).map((member) => memberJson(member, viewer)));
});

/** POST /api/bands/{id}/members {email, role}: invites by email; 201 with the one-time link. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const access = await requireBandPermission(request, params.id, "members:manage");
  const input = await parseJsonBody(request, InviteSchema);
  try {
    return data(invitationJson(await inviteMember(access, input, appOrigin(request))), { status: 201 });
  } catch (error) {
    return ruleErrorResponse(error);
  }
});
