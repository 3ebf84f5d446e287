import { describe, expect, test } from "vitest";
import { fieldLineup } from "./lineup";

describe("fieldLineup", () => {
  test("one player per instrument, each person covering one", () => {
    expect(fieldLineup(["Bass", "Drums"], [{ id: 1, instruments: ["Bass", "Guitar"] }, { id: 2, instruments: ["Drums"] }])).toEqual({ complete: true, uncovered: [], nobody: [], assigned: new Map([[1, "Bass"], [2, "Drums"]]) });
  });
  test("a person who plays two instruments cannot cover both", () => {
    const result = fieldLineup(["Bass", "Guitar"], [{ id: 1, instruments: ["Bass", "Guitar"] }]);
    expect(result.complete).toBe(false);
    expect(result.uncovered).toHaveLength(1);
    expect(result.nobody).toEqual([]);
  });
  test("rearranges players to cover everything when it can", () => {
    // Greedy would give Guitar to 1 and leave Bass without anyone; matching moves 1 to Bass.
    const players = [{ id: 1, instruments: ["Guitar", "Bass"] }, { id: 2, instruments: ["Guitar"] }];
    expect(fieldLineup(["Guitar", "Bass"], players).complete).toBe(true);
  });
  test("names the instruments nobody free plays", () => {
    expect(fieldLineup(["Drums", "Vocals"], [{ id: 1, instruments: ["Vocals"] }])).toEqual({ complete: false, uncovered: ["Drums"], nobody: ["Drums"], assigned: new Map([[1, "Vocals"]]) });
  });
});
