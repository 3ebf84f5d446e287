import type { LoaderFunctionArgs } from "@remix-run/node";
import { memberBalancesJson } from "~/features/finances/api.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/bands/{id}/member-balances: { currency, fundMinor, totals, members: [{ userId,
 * name, balanceMinor (positive: the band owes them), sharesMinor, reimbursableMinor,
 * paidOutMinor, collectedMinor, handedOverMinor }], settleUp }. Leaders and admins get every member and the
 * settle-up proposal; members their own line plus the band's fund and totals; subs their
 * own line only. 402 for a free band.
 */
export const loader = apiRoute(({ request, params }: LoaderFunctionArgs) => memberBalancesJson(request, params.id));

export const action = apiRoute(() => methodNotAllowed(["GET"]));
