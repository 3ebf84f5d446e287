import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { currentBandCookieHeader } from "~/features/bands/bands.server";
import { acceptInvitation } from "~/features/members/members.server";
import { AcceptInvitationSchema } from "~/features/members/schema";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/**
 * POST /api/invitations/accept {token}: joins the band as the signed-in user; it
 * becomes their current and preferred band. 404 for an unknown token, 409 for an
 * expired, withdrawn or used one, or when they are already a member.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const { token } = await parseJsonBody(request, AcceptInvitationSchema);
  const joined = await acceptInvitation(token, user);
  return data(
    { band: joined.band, membership: { id: joined.membershipId, role: joined.role } },
    { headers: { "Set-Cookie": await currentBandCookieHeader(joined.band.id) } },
  );
});

export const loader = apiRoute(() => methodNotAllowed(["POST"]));
