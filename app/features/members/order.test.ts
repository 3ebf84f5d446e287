import { describe, expect, test } from "vitest";
import { compareMembers, sortMembers } from "./order";

const row = (position: number, role: string, firstName: string, lastName: string | null, displayName: string | null = null) => ({
  position,
  membership: { role, displayName },
  user: { firstName, lastName, email: `${firstName.toLowerCase()}${position}@example.com` },
});

describe("sortMembers", () => {
  test("gives the one member order (compareMembers): role, then name as shown, then joining order", () => {
    const rows = [
      row(0, "band_member", "zoe", "Zed"),
      row(1, "sub", "Al", null),
      row(2, "band_member", "Ana", "B", "Zelda"),
      row(3, "band_leader", "Max", "Lead"),
      row(4, "band_member", "Track 10", null),
      row(5, "band_member", "Track 9", null),
      row(6, "band_admin", "Bo", "Admin"),
      row(7, "band_member", "Zoe", "zed"),
      row(8, "roadie", "Ray", null),
    ];
    const sorted = sortMembers(rows);
    expect(sorted).toEqual([...rows].sort(compareMembers));
    expect(sorted.map((r) => r.position)).toEqual([3, 6, 5, 4, 2, 0, 7, 1, 8]);
  });
});
