import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireEntryAccess, requireFinanceWriter, reverseEntry } from "~/features/finances/finances.server";
import { ReversalApiSchema } from "~/features/finances/schema.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/**
 * POST /api/ledger-entries/{id}/reverse {reason}: corrects an entry as the ledger's
 * Reverse page does, by recording its reversal (and those of the entries that depended on
 * it, such as a split of a reversed payment); nothing is edited or deleted. 201 with the
 * reversal entries' ids. Leaders and admins of a Pro band; 409 when it is reversed already.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { id, access } = await requireEntryAccess(request, params.id, "Entry not found");
  requireFinanceWriter(access);
  const { reason } = await parseJsonBody(request, ReversalApiSchema);
  const saved = await reverseEntry(access, { entryId: id, reason });
  return data({ reversed: id, reversalIds: saved.reversalIds }, { status: 201 });
});

export const loader = apiRoute(() => methodNotAllowed(["POST"]));
