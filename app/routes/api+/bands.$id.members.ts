import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { invitationJson, memberJson } from "~/features/members/api.server";
import { inviteMember, listMembers } from "~/features/members/members.server";
import { requireBandAccess } from "~/features/bands/access.server";
import { InviteSchema } from "~/features/members/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { appOrigin } from "~/utils/request.server";

/** GET /api/bands/{id}/members: every member (leaders first, then by name). */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const access = await requireBandAccess(request, { band: params.id, permission: "band:view" });
  return data((await listMembers(access)).map((member) => memberJson(member, access)));
});

/** POST /api/bands/{id}/members {email, role}: invites by email; 201 with the one-time link. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const access = await requireBandAccess(request, { band: params.id, permission: "members:manage" });
  const input = await parseJsonBody(request, InviteSchema);
  return data(invitationJson(await inviteMember(access, input, appOrigin(request))), { status: 201 });
});
