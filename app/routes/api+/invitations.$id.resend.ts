import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { invitationJson, NOT_FOUND, requireRowAccess } from "~/features/members/api.server";
import { bandIdOfInvitation, resendInvitation } from "~/features/members/members.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { appOrigin } from "~/utils/request.server";

/** POST /api/invitations/{id}/resend: a fresh link (the old one stops working), mailed again. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { id, access } = await requireRowAccess(request, params.id, bandIdOfInvitation, NOT_FOUND.invitation, "members:manage");
  return data(invitationJson(await resendInvitation(access, id, appOrigin(request))));
});

export const loader = apiRoute(() => methodNotAllowed(["POST"]));
