import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ledgerListJson, recordMoneyOnce } from "~/features/finances/api.server";
import { recordExpense } from "~/features/finances/finances.server";
import { expenseSchema } from "~/features/finances/schema.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

/** GET /api/bands/{id}/expenses?page=: expenses, newest first (leaders and admins; 402 for a free band). */
export const loader = apiRoute(({ request, params }: LoaderFunctionArgs) => ledgerListJson(request, params.id, "expense"));

/** POST /api/bands/{id}/expenses: records one (the form's fields as JSON; amounts as "12.50" in the band's currency; a JSON number is read the same way, 1250 as 1,250.00, not as minor units); 201 with its entry id. An `Idempotency-Key` header makes a retry safe. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return recordMoneyOnce(request, params.id, "expenses", expenseSchema, recordExpense);
});
