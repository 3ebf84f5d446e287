/**
 * Money for tests that only need some to exist (the currency lock, onboarding): one
 * ledger entry with its detail row and lines, written the way finances.server.ts
 * writes them. Tests of the finances rules go through finances.server.ts itself.
 */
import { db } from "~/utils/db.server";
import { expenseLines, paymentLines } from "~/features/finances/ledger";

export async function recordTestMoney(bandId: number, kind: "payment" | "expense", amountMinor: number, description = kind === "payment" ? "Gig fee" : "Van hire", occurredOn = "2024-03-01") {
  const lines = kind === "payment" ? paymentLines({ amountMinor, receivedByUserId: null }) : expenseLines({ amountMinor, paidByUserId: null });
  return db.ledgerEntry.create({
    data: {
      bandId,
      kind,
      occurredOn,
      amountMinor,
      description,
      createdByName: "Test",
      lines: { create: lines.map((line) => ({ ...line, bandId })) },
      ...(kind === "payment"
        ? { payment: { create: { bandId, category: "other", amountMinor, method: "bank_transfer" } } }
        : { expense: { create: { bandId, category: "other", amountMinor } } }),
    },
    select: { id: true },
  });
}
