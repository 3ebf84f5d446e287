import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  BAND_PARTY,
  balancesFromLines,
  computeSplit,
  expenseLines,
  parsePercent,
  paymentLines,
  payoutLines,
  percentOf,
  reversedLines,
  settleUp,
  splitLines,
  type Line,
  type SplitInput,
  type Transfer,
} from "./ledger";

const PEOPLE = ["ann", "bob", "cat", "dan", "eve"];
const person = (userId: string) => ({ userId, name: userId.toUpperCase() });

describe("computeSplit", () => {
  test("custom percentages: a person given both a percentage and a fixed fee is asked for one, not told the percentages are short", () => {
    const result = computeSplit({
      amountMinor: 10_000,
      method: "shares",
      commissionMinor: 0,
      fundCutMinor: 0,
      participants: [{ ...person("ann"), percentBp: 5000, fixedMinor: 1000 }, { ...person("bob"), percentBp: 5000 }],
    });
    expect(result).toEqual({ ok: false, field: "shares", message: "Give ANN a percentage or a fixed fee, not both" });
    // A fixed fee alone (a sub's) still sits beside the others' percentages.
    expect(computeSplit({ amountMinor: 10_000, method: "shares", commissionMinor: 0, fundCutMinor: 0, participants: [{ ...person("ann"), fixedMinor: 1000 }, { ...person("bob"), percentBp: 10_000 }] }).ok).toBe(true);
  });

  test("a percentage typed under equal shares or fixed amounts is refused, naming whose, not silently ignored", () => {
    const split = (method: "equal" | "fixed") =>
      computeSplit({ amountMinor: 10_000, method, commissionMinor: 0, fundCutMinor: 0, participants: [{ ...person("ann"), fixedMinor: 5000 }, { ...person("bob"), percentBp: 7000, fixedMinor: 5000 }] });
    for (const method of ["equal", "fixed"] as const) expect(split(method)).toEqual({ ok: false, field: "shares", message: "Percentages are for “Custom percentages”: choose it, or clear the percentage typed for BOB" });
    // Every one of them, so that one correction is enough.
    const several = computeSplit({ amountMinor: 10_000, method: "equal", commissionMinor: 0, fundCutMinor: 0, participants: ["ann", "bob", "cat"].map((name) => ({ ...person(name), percentBp: 3000 })) });
    expect(several).toMatchObject({ ok: false, message: "Percentages are for “Custom percentages”: choose it, or clear the percentages typed for ANN, BOB and CAT" });
  });

  test("equal split of 100.00 among three: the extra cent goes to the first listed", () => {
    const result = computeSplit({ amountMinor: 10_000, method: "equal", commissionMinor: 0, fundCutMinor: 0, participants: ["ann", "bob", "cat"].map(person) });
    expect(result.ok && result.shares.map((share) => share.amountMinor)).toEqual([3334, 3333, 3333]);
  });

  test("the commission and the fund's cut come off first, a sub's fixed fee next", () => {
    const result = computeSplit({
      amountMinor: 100_000,
      method: "equal",
      commissionMinor: percentOf(100_000, 1000),
      fundCutMinor: 5_000,
      participants: [person("ann"), person("bob"), { ...person("sub"), fixedMinor: 15_000 }],
    });
    expect(result).toMatchObject({ ok: true, commissionMinor: 10_000, fundCutMinor: 5_000, toShareMinor: 85_000 });
    expect(result.ok && result.shares.map((share) => [share.userId, share.amountMinor])).toEqual([
      ["ann", 35_000],
      ["bob", 35_000],
      ["sub", 15_000],
    ]);
  });

  test("percentages: leftover cents go to the largest remainders, ties in lineup order", () => {
    // 1001 minor units at 33.33 / 33.33 / 33.34 %: exact 333.63, 333.63, 333.73
    const result = computeSplit({
      amountMinor: 1001,
      method: "shares",
      commissionMinor: 0,
      fundCutMinor: 0,
      participants: [
        { ...person("ann"), percentBp: 3333 },
        { ...person("bob"), percentBp: 3333 },
        { ...person("cat"), percentBp: 3334 },
      ],
    });
    expect(result.ok && result.shares.map((share) => share.amountMinor)).toEqual([334, 333, 334]);
  });

  test("refuses percentages that do not add up to 100, fixed amounts that do not add up, cuts above the payment", () => {
    const base = { amountMinor: 10_000, commissionMinor: 0, fundCutMinor: 0 };
    expect(computeSplit({ ...base, method: "shares", participants: [{ ...person("ann"), percentBp: 5000 }, { ...person("bob"), percentBp: 4000 }] })).toEqual({
      ok: false,
      field: "shares",
      message: "The percentages add up to 90%, not 100%",
    });
    expect(
      computeSplit({ ...base, method: "fixed", participants: [{ ...person("ann"), fixedMinor: 5000 }, { ...person("bob"), fixedMinor: 4000 }] }, (m) => `$${m / 100}`),
    ).toEqual({ ok: false, field: "shares", message: "The amounts add up to $90, not the $100 to share" });
    expect(computeSplit({ ...base, method: "equal", commissionMinor: 6000, fundCutMinor: 5000, participants: [person("ann")] })).toMatchObject({ ok: false, field: "cuts" });
    expect(computeSplit({ ...base, method: "equal", participants: [] })).toMatchObject({ ok: false, field: "participants" });
    expect(computeSplit({ ...base, method: "equal", participants: [person("ann"), person("ann")] })).toMatchObject({ ok: false, field: "participants" });
    expect(computeSplit({ ...base, amountMinor: 0, method: "equal", participants: [person("ann")] })).toMatchObject({ ok: false, field: "amount" });
  });

  const splitInput: fc.Arbitrary<SplitInput> = fc
    .record({
      amountMinor: fc.integer({ min: 1, max: 100_000_000 }),
      method: fc.constantFrom("equal" as const, "shares" as const, "fixed" as const),
      commissionBp: fc.integer({ min: 0, max: 5000 }),
      fundCutBp: fc.integer({ min: 0, max: 5000 }),
      count: fc.integer({ min: 1, max: 5 }),
      weights: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 5, maxLength: 5 }),
      fixedFlags: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    })
    .map(({ amountMinor, method, commissionBp, fundCutBp, count, weights, fixedFlags }) => {
      const commissionMinor = percentOf(amountMinor, commissionBp);
      const fundCutMinor = percentOf(amountMinor, fundCutBp);
      const toShare = amountMinor - commissionMinor - fundCutMinor;
      const people = PEOPLE.slice(0, count);
      const used = weights.slice(0, count);
      const weightSum = used.reduce((a, b) => a + b, 0) || 1;
      // Percentages that add up to 10000 bp, the last taking what is left.
      let given = 0;
      const bps = used.map((weight, index) => {
        if (index === count - 1) return 10_000 - given;
        const bp = Math.floor((weight * 10_000) / weightSum);
        given += bp;
        return bp;
      });
      // Fixed amounts that add up to what is left to share.
      let fixedGiven = 0;
      const fixed = used.map((weight, index) => {
        if (index === count - 1) return toShare - fixedGiven;
        const amount = Math.floor((weight * toShare) / weightSum);
        fixedGiven += amount;
        return amount;
      });
      return {
        amountMinor,
        method,
        commissionMinor,
        fundCutMinor,
        participants: people.map((userId, index) => ({
          ...person(userId),
          percentBp: method === "shares" ? bps[index] : null,
          // In an equal split, some people (subs) may have a small fixed fee.
          fixedMinor: method === "fixed" ? fixed[index] : method === "equal" && fixedFlags[index] && index > 0 ? Math.floor(toShare / 50) : null,
        })),
      };
    });

  test("property: a split always adds up to exactly the payment, and nobody gets a negative share", () => {
    fc.assert(
      fc.property(splitInput, (input) => {
        const result = computeSplit(input);
        if (!result.ok) throw new Error(result.message);
        const shared = result.shares.reduce((sum, share) => sum + share.amountMinor, 0);
        expect(result.commissionMinor + result.fundCutMinor + shared).toBe(input.amountMinor);
        expect(result.shares.every((share) => share.amountMinor >= 0 && Number.isInteger(share.amountMinor))).toBe(true);
        return true;
      }),
      { numRuns: 500 },
    );
  });

  test("property: an equal split never differs by more than one cent between people", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 5 }), (amountMinor, count) => {
        const result = computeSplit({ amountMinor, method: "equal", commissionMinor: 0, fundCutMinor: 0, participants: PEOPLE.slice(0, count).map(person) });
        if (!result.ok) return false;
        const amounts = result.shares.map((share) => share.amountMinor);
        return Math.max(...amounts) - Math.min(...amounts) <= 1 && amounts.reduce((a, b) => a + b, 0) === amountMinor;
      }),
    );
  });
});

describe("balances", () => {
  type Op =
    | { op: "payment"; amountMinor: number; receivedBy: string | null }
    | { op: "expense"; amountMinor: number; paidBy: string | null }
    | { op: "payout"; amountMinor: number; userId: string; direction: "to_member" | "to_band" }
    | { op: "split"; amountMinor: number; commissionBp: number; fundCutBp: number; count: number }
    | { op: "reverse"; pick: number };

  const member = fc.constantFrom(...PEOPLE);
  const amount = fc.integer({ min: 1, max: 1_000_000 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant("payment" as const), amountMinor: amount, receivedBy: fc.option(member, { nil: null }) }),
    fc.record({ op: fc.constant("expense" as const), amountMinor: amount, paidBy: fc.option(member, { nil: null }) }),
    fc.record({ op: fc.constant("payout" as const), amountMinor: amount, userId: member, direction: fc.constantFrom("to_member" as const, "to_band" as const) }),
    fc.record({ op: fc.constant("split" as const), amountMinor: amount, commissionBp: fc.integer({ min: 0, max: 3000 }), fundCutBp: fc.integer({ min: 0, max: 3000 }), count: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ op: fc.constant("reverse" as const), pick: fc.nat() }),
  );

  /**
   * Plays a ledger the way finances.server.ts records it (a gig payment, then its split
   * with the commission as an expense from the fund; reversals negate an entry's lines),
   * and counts the band account's money independently, from the entries themselves.
   */
  function play(ops: Op[]) {
    const entries: { lines: Line[]; accountEffect: number; reversed: boolean }[] = [];
    let account = 0;
    const add = (lines: Line[], accountEffect: number) => {
      entries.push({ lines, accountEffect, reversed: false });
      account += accountEffect;
    };
    for (const step of ops) {
      if (step.op === "payment") add(paymentLines({ amountMinor: step.amountMinor, receivedByUserId: step.receivedBy }), step.receivedBy ? 0 : step.amountMinor);
      if (step.op === "expense") add(expenseLines({ amountMinor: step.amountMinor, paidByUserId: step.paidBy }), step.paidBy ? 0 : -step.amountMinor);
      if (step.op === "payout") add(payoutLines(step), step.direction === "to_member" ? -step.amountMinor : step.amountMinor);
      if (step.op === "split") {
        add(paymentLines({ amountMinor: step.amountMinor, receivedByUserId: null }), step.amountMinor);
        const commissionMinor = percentOf(step.amountMinor, step.commissionBp);
        const result = computeSplit({
          amountMinor: step.amountMinor,
          method: "equal",
          commissionMinor,
          fundCutMinor: percentOf(step.amountMinor, step.fundCutBp),
          participants: PEOPLE.slice(0, step.count).map(person),
        });
        if (!result.ok) throw new Error(result.message);
        add(splitLines(result), 0);
        if (commissionMinor > 0) add(expenseLines({ amountMinor: commissionMinor, paidByUserId: null }), -commissionMinor);
      }
      if (step.op === "reverse") {
        const open = entries.filter((entry) => !entry.reversed && entry.lines.length > 0);
        const target = open[step.pick % Math.max(open.length, 1)];
        if (!target) continue;
        target.reversed = true;
        entries.push({ lines: reversedLines(target.lines), accountEffect: -target.accountEffect, reversed: true });
        account -= target.accountEffect;
      }
    }
    return { lines: entries.flatMap((entry) => entry.lines), account };
  }

  test("a member's balance: shares + out of pocket − payouts − cash they collected", () => {
    const lines = [
      ...paymentLines({ amountMinor: 30_000, receivedByUserId: "ann" }),
      ...splitLines({ shares: [{ userId: "ann", amountMinor: 10_000 }, { userId: "bob", amountMinor: 10_000 }, { userId: "cat", amountMinor: 10_000 }] }),
      ...expenseLines({ amountMinor: 4_500, paidByUserId: "bob" }),
      ...payoutLines({ amountMinor: 5_000, userId: "cat", direction: "to_member" }),
    ];
    const { fundMinor, members } = balancesFromLines(lines);
    expect(Object.fromEntries(members)).toEqual({ ann: -20_000, bob: 14_500, cat: 5_000 });
    expect(fundMinor).toBe(30_000 - 30_000 - 4_500);
    // Ann holds the 300.00; the band account paid Cat 50.00.
    expect(fundMinor + [...members.values()].reduce((a, b) => a + b, 0)).toBe(-5_000);
  });

  test("property: fund + everything owed to members == money received − money paid out", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const { lines, account } = play(ops);
        const { fundMinor, members } = balancesFromLines(lines);
        const owed = [...members.values()].reduce((a, b) => a + b, 0);
        expect(fundMinor + owed).toBe(account);
      }),
      { numRuns: 500 },
    );
  });

  test("property: reversing every entry brings every balance back to zero", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), (ops) => {
        const { lines } = play(ops);
        const { fundMinor, members } = balancesFromLines([...lines, ...reversedLines(lines)]);
        return fundMinor === 0 && [...members.values()].every((value) => value === 0);
      }),
    );
  });
});

describe("settleUp", () => {
  const apply = (balances: { id: string; minor: number }[], transfers: Transfer[]) => {
    const after = new Map(balances.map((b) => [b.id, b.minor]));
    after.set(BAND_PARTY, -balances.reduce((sum, b) => sum + b.minor, 0));
    for (const transfer of transfers) {
      // Paying someone settles what they are owed; the payer's debt shrinks by as much.
      after.set(transfer.to, after.get(transfer.to)! - transfer.amountMinor);
      after.set(transfer.from, after.get(transfer.from)! + transfer.amountMinor);
    }
    return after;
  };

  test("members owed money are paid by the band, and cash a member holds goes to whoever is owed", () => {
    const transfers = settleUp([
      { id: "ann", minor: -20_000 },
      { id: "bob", minor: 14_500 },
      { id: "cat", minor: 5_500 },
      { id: "dan", minor: 0 },
    ]);
    expect(transfers).toHaveLength(2);
    expect(transfers).toEqual(
      expect.arrayContaining([
        { from: "ann", to: "bob", amountMinor: 14_500 },
        { from: "ann", to: "cat", amountMinor: 5_500 },
      ]),
    );
  });

  test("the band account pays whoever is owed what no member holds", () => {
    expect(settleUp([{ id: "ann", minor: 2_000 }, { id: "bob", minor: 0 }])).toEqual([{ from: BAND_PARTY, to: "ann", amountMinor: 2_000 }]);
  });

  test("nothing to do when everyone is even", () => {
    expect(settleUp([{ id: "ann", minor: 0 }])).toEqual([]);
  });

  const balances = fc.array(fc.integer({ min: -100_000, max: 100_000 }), { maxLength: 8 }).map((values) => values.map((minor, index) => ({ id: `m${index}`, minor })));

  test("property: settle-up transfers bring every balance to zero, with positive amounts", () => {
    fc.assert(
      fc.property(balances, (list) => {
        const transfers = settleUp(list);
        expect(transfers.every((t) => t.amountMinor > 0 && t.from !== t.to)).toBe(true);
        expect([...apply(list, transfers).values()].every((value) => value === 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test("property: never more transfers than the smallest possible (checked by brute force on small cases)", () => {
    // The fewest transfers for n parties not at zero is n − (most disjoint zero-sum groups).
    const fewest = (values: number[]): number => {
      const n = values.length;
      let most = 0;
      const search = (rest: number[], groups: number) => {
        if (rest.length === 0) return void (most = Math.max(most, groups));
        const [first, ...others] = rest;
        for (let mask = 0; mask < 1 << others.length; mask++) {
          const chosen = others.filter((_, i) => mask & (1 << i));
          if (chosen.reduce((a, b) => a + b, first!) === 0) search(others.filter((_, i) => !(mask & (1 << i))), groups + 1);
        }
      };
      search(values, 0);
      return n - most;
    };
    const small = fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 6 }).map((values) => values.map((minor, index) => ({ id: `m${index}`, minor })));
    fc.assert(
      fc.property(small, (list) => {
        const total = list.reduce((sum, b) => sum + b.minor, 0);
        const parties = [-total, ...list.map((b) => b.minor)].filter((v) => v !== 0);
        expect(settleUp(list).length).toBe(fewest(parties));
      }),
      { numRuns: 300 },
    );
  });
});

describe("parsePercent", () => {
  test("reads percentages with up to two decimals", () => {
    expect(parsePercent("12.5")).toEqual({ ok: true, bp: 1250 });
    expect(parsePercent("100%")).toEqual({ ok: true, bp: 10_000 });
    expect(parsePercent("0")).toEqual({ ok: true, bp: 0 });
    expect(parsePercent("12.345").ok).toBe(false);
    expect(parsePercent("101").ok).toBe(false);
    expect(parsePercent("-5").ok).toBe(false);
  });
});
