import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { memberJson, NOT_FOUND, requireRowAccess } from "~/features/members/api.server";
import { bandIdOfMembership, getMember, MESSAGES, removeMember, updateMembership } from "~/features/members/members.server";
import { RuleError } from "~/utils/rule-error";
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
  try {
    return data(memberJson(await updateMembership(access, id, changes)));
  } catch (error) {
    // "Here they are as saved now": for a client too, the member as saved (and its version) comes with the refusal.
    if (error instanceof RuleError && error.status === 409 && error.message === MESSAGES.stale) {
      // Removed meanwhile: the refusal without a member (the next call answers 404).
      const saved = await getMember(id).catch(() => null);
      return data({ message: error.message, ...(saved ? { member: memberJson(saved, access) } : {}) }, { status: 409 });
    }
    throw error;
  }
});

export const loader = apiRoute(() => methodNotAllowed(ALLOWED));
