/**
 * Ledger entries for the finance reports' tests, written the way the ledger's rules say
 * (schema.prisma, features/finances/ledger.ts): an entry, its detail row and the lines
 * ledger.ts computes; a reversal is a new entry of the same kind with `reversesId`, a
 * negated copy of the detail row and negated lines. `season2024` is a year the tests
 * know every figure of.
 */
import { db } from "~/utils/db.server";
import { expenseLines, paymentLines, payoutLines, reversedLines, splitLines, type Line } from "~/features/finances/ledger";

type Names = Record<string, string>;

export function ledgerWriter(bandId: number, names: Names = {}) {
  const withNames = (lines: Line[]) => lines.map((line) => ({ ...line, bandId, memberName: line.userId ? (names[line.userId] ?? "Someone") : null }));
  const entry = (kind: string, occurredOn: string, amountMinor: number, description: string, lines: Line[], reversesId: number | null = null) => ({
    bandId,
    kind,
    occurredOn,
    amountMinor,
    description,
    reversesId,
    createdByName: "Treasurer",
    lines: { create: withNames(lines) },
  });

  return {
    async payment(occurredOn: string, amountMinor: number, options: { description?: string; eventId?: number; category?: string; feeAgreedMinor?: number; receivedBy?: string } = {}) {
      const detail = { bandId, category: options.category ?? (options.eventId ? "gig" : "other"), eventId: options.eventId ?? null, amountMinor, feeAgreedMinor: options.feeAgreedMinor ?? null, method: options.receivedBy ? "cash" : "bank_transfer", receivedByUserId: options.receivedBy ?? null, receivedByName: options.receivedBy ? (names[options.receivedBy] ?? null) : null };
      const lines = paymentLines({ amountMinor, receivedByUserId: options.receivedBy ?? null });
      return db.ledgerEntry.create({ data: { ...entry("payment", occurredOn, amountMinor, options.description ?? "Gig fee", lines), payment: { create: detail } }, select: { id: true, payment: { select: { id: true } } } });
    },
    async expense(occurredOn: string, amountMinor: number, options: { description?: string; eventId?: number; category?: string; paidBy?: string; splitId?: number; note?: string } = {}) {
      const detail = { bandId, category: options.category ?? "travel", amountMinor, eventId: options.eventId ?? null, paidByUserId: options.paidBy ?? null, paidByName: options.paidBy ? (names[options.paidBy] ?? null) : null, splitId: options.splitId ?? null, note: options.note ?? null };
      const lines = expenseLines({ amountMinor, paidByUserId: options.paidBy ?? null });
      return db.ledgerEntry.create({ data: { ...entry("expense", occurredOn, amountMinor, options.description ?? "Expense", lines), expense: { create: detail } }, select: { id: true } });
    },
    /** A split of `paymentId` with a commission expense of its own when it has one. */
    async split(occurredOn: string, paymentId: number, sequence: number, shares: { userId: string; amountMinor: number; fixed?: boolean }[], options: { commissionMinor?: number; fundCutMinor?: number; description?: string } = {}) {
      const commissionMinor = options.commissionMinor ?? 0;
      const fundCutMinor = options.fundCutMinor ?? 0;
      const amountMinor = commissionMinor + fundCutMinor + shares.reduce((sum, share) => sum + share.amountMinor, 0);
      const created = await db.ledgerEntry.create({
        data: {
          ...entry("split", occurredOn, amountMinor, options.description ?? "Split of the gig fee", splitLines({ shares })),
          split: {
            create: {
              bandId,
              paymentId,
              sequence,
              method: "equal",
              amountMinor,
              commissionMinor,
              fundCutMinor,
              shares: { create: shares.map((share, position) => ({ position, userId: share.userId, memberName: names[share.userId] ?? "Someone", fixedMinor: share.fixed ? share.amountMinor : null, amountMinor: share.amountMinor })) },
            },
          },
        },
        select: { id: true, split: { select: { id: true } } },
      });
      if (commissionMinor > 0) await this.expense(occurredOn, commissionMinor, { description: "Agent's commission", category: "commission", splitId: created.split!.id });
      return created;
    },
    async payout(occurredOn: string, userId: string, amountMinor: number, direction: "to_member" | "to_band" = "to_member") {
      const lines = payoutLines({ amountMinor, userId, direction });
      return db.ledgerEntry.create({
        data: { ...entry("payout", occurredOn, amountMinor, direction === "to_member" ? `Paid to ${names[userId] ?? "member"}` : `Cash from ${names[userId] ?? "member"}`, lines), payout: { create: { bandId, userId, memberName: names[userId] ?? "Someone", direction, amountMinor, method: "cash" } } },
        select: { id: true },
      });
    },
    /** Reverses a payment or expense on `occurredOn` (the day the correction was made). */
    async reverse(entryId: number, occurredOn: string) {
      const original = await db.ledgerEntry.findUniqueOrThrow({ where: { id: entryId }, include: { lines: true, payment: true, expense: true } });
      const lines = reversedLines(original.lines.map((line) => ({ userId: line.userId, kind: line.kind as Line["kind"], amountMinor: line.amountMinor })));
      const { id: _p, entryId: _pe, ...payment } = original.payment ?? ({} as Record<string, unknown>);
      const { id: _e, entryId: _ee, ...expense } = original.expense ?? ({} as Record<string, unknown>);
      return db.ledgerEntry.create({
        data: {
          ...entry(original.kind, occurredOn, -original.amountMinor, `Correction: ${original.description}`, lines, original.id),
          ...(original.payment ? { payment: { create: { ...(payment as typeof original.payment & object), amountMinor: -original.payment.amountMinor } } } : {}),
          ...(original.expense ? { expense: { create: { ...(expense as typeof original.expense & object), amountMinor: -original.expense.amountMinor } } } : {}),
        },
        select: { id: true },
      });
    },
  };
}

export type SeasonPeople = { leader: string; member: string; sub: string };

/**
 * 2024 of a band, figures the tests know (USD minor units):
 * - Blue Note (Mar 8): 600.00 received; 45.00 travel paid by the member (owed back);
 *   split: sub's fixed 150.00, leader and member 225.00 each. Band's net −45.00.
 * - Harbour Fest (Jul 20): 1,400.00 typed wrongly and reversed on Aug 2; 1,500.00
 *   collected in cash by the member; split: 150.00 commission, 150.00 to the fund,
 *   400.00 each to leader, member and sub (fixed). Band's net 150.00.
 * - The leader is paid 225.00 (Apr 1); the member hands over the 1,500.00 (Aug 1);
 *   =1+2 merch 30.00 on Dec 31 (a description a spreadsheet would run).
 * - 2023: 50.00 tips (Nov 1) all shared to the member: the member starts 2024 owed 50.00.
 * 2024 income 2,130.00 (March 600, July 1,500, December 30), expenses 195.00 (March 45, July 150).
 */
export async function season2024(bandId: number, people: SeasonPeople, names: Names) {
  const book = ledgerWriter(bandId, names);
  const [blueNote, harbour] = await Promise.all([
    db.event.create({ data: { bandId, title: "Blue Note", kind: "gig", startsAt: new Date("2024-03-08T20:00:00Z"), feeMinor: 60_000 } }),
    db.event.create({ data: { bandId, title: "Harbour Fest", kind: "gig", startsAt: new Date("2024-07-20T18:00:00Z"), feeMinor: 150_000 } }),
  ]);
  const tips = await book.payment("2023-11-01", 5_000, { category: "tips", description: "Tips jar" });
  await book.split("2023-11-02", tips.payment!.id, 0, [{ userId: people.member, amountMinor: 5_000 }]);

  const blue = await book.payment("2024-03-08", 60_000, { eventId: blueNote.id, feeAgreedMinor: 60_000, description: "Blue Note fee" });
  await book.expense("2024-03-09", 4_500, { eventId: blueNote.id, paidBy: people.member, description: "Fuel to the Blue Note" });
  await book.split("2024-03-10", blue.payment!.id, 0, [
    { userId: people.leader, amountMinor: 22_500 },
    { userId: people.member, amountMinor: 22_500 },
    { userId: people.sub, amountMinor: 15_000, fixed: true },
  ]);
  await book.payout("2024-04-01", people.leader, 22_500);

  const wrong = await book.payment("2024-07-20", 140_000, { eventId: harbour.id, feeAgreedMinor: 150_000, description: "Harbour Fest fee" });
  const fest = await book.payment("2024-07-20", 150_000, { eventId: harbour.id, feeAgreedMinor: 150_000, receivedBy: people.member, description: "Harbour Fest fee" });
  await book.split(
    "2024-07-21",
    fest.payment!.id,
    0,
    [
      { userId: people.leader, amountMinor: 40_000 },
      { userId: people.member, amountMinor: 40_000 },
      { userId: people.sub, amountMinor: 40_000, fixed: true },
    ],
    { commissionMinor: 15_000, fundCutMinor: 15_000 },
  );
  await book.payout("2024-08-01", people.member, 150_000, "to_band");
  await book.reverse(wrong.id, "2024-08-02");
  await book.payment("2024-12-31", 3_000, { category: "merch", description: "=1+2 merch" });
  return { book, events: { blueNote, harbour } };
}
