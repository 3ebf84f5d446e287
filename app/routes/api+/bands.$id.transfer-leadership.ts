import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { memberJson } from "~/features/members/api.server";
import { transferLeadership } from "~/features/members/members.server";
import { requireBandAccess } from "~/features/bands/access.server";
import { TransferLeadershipSchema } from "~/features/members/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/**
 * POST /api/bands/{id}/transfer-leadership {membershipId}: the leader hands over; the
 * member becomes Band Leader and the caller Band Admin. Answers the new leader.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const access = await requireBandAccess(request, { band: params.id, permission: "band:delete" });
  const { membershipId } = await parseJsonBody(request, TransferLeadershipSchema);
  return data(memberJson(await transferLeadership(access, membershipId)));
});

export const loader = apiRoute(() => methodNotAllowed(["POST"]));
