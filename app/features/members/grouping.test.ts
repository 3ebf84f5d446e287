import { describe, expect, test } from "vitest";
import { groupByInstrument, groupCountLabel, NO_INSTRUMENT } from "./grouping";

const member = (name: string, role: string, instruments: string[]) => ({ name, role, instruments });

describe("group by instrument", () => {
  const band = [
    member("Ana", "band_leader", ["Vocals", "Guitar"]),
    member("Ben", "band_member", ["Drums"]),
    member("Cat", "sub", ["bass"]),
    member("Dan", "band_member", ["Bass"]),
    member("Eve", "sub", ["Bass"]),
    member("Fay", "band_admin", []),
  ];

  test("one section per instrument, alphabetical, several instruments count under each, the rest last", () => {
    const groups = groupByInstrument(band);
    expect(groups.map((g) => g.instrument)).toEqual(["bass", "Drums", "Guitar", "Vocals", NO_INSTRUMENT]);
    expect(groups.find((g) => g.instrument === "Guitar")!.members.map((m) => m.name)).toEqual(["Ana"]);
    expect(groups.find((g) => g.instrument === "Vocals")!.members.map((m) => m.name)).toEqual(["Ana"]);
    expect(groups.at(-1)!.members.map((m) => m.name)).toEqual(["Fay"]);
  });

  test("counts include subs and say how many are subs", () => {
    const bass = groupByInstrument(band)[0]!;
    expect(bass).toMatchObject({ count: 3, subCount: 2 });
    expect(groupCountLabel(bass)).toBe("3 players, 2 of them subs");
    expect(groupCountLabel({ instrument: "Drums", count: 1, subCount: 0 })).toBe("1 player");
    expect(groupCountLabel({ instrument: "Keys", count: 2, subCount: 1 })).toBe("2 players, 1 of them a sub");
    expect(groupCountLabel({ instrument: "Keys", count: 1, subCount: 1 })).toBe("1 player, a sub");
    expect(groupCountLabel({ instrument: "Keys", count: 2, subCount: 2 })).toBe("2 players, all subs");
    expect(groupCountLabel({ instrument: NO_INSTRUMENT, count: 1, subCount: 0 })).toBe("1 person");
  });

  test("an empty band has no sections", () => {
    expect(groupByInstrument([])).toEqual([]);
  });
});
