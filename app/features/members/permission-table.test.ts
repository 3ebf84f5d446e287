import { describe, expect, test } from "vitest";
import { PERMISSIONS, ROLES } from "./permissions";
import { grantPhrase, permissionTable } from "./permission-table";

describe("permission table for the settings page", () => {
  test("has a row per permission and a column per role, in the table's order", () => {
    const table = permissionTable();
    expect(table.roles.map((r) => r.label)).toEqual(["Band Leader", "Band Admin", "Band Member", "Sub"]);
    expect(table.rows.map((r) => r.permission)).toEqual(Object.keys(PERMISSIONS));
    for (const row of table.rows) expect(row.cells.map((c) => c.role)).toEqual([...ROLES]);
  });
  test("reads each grant as a short phrase", () => {
    const cell = (permission: string, role: string) =>
      permissionTable()
        .rows.find((r) => r.permission === permission)!
        .cells.find((c) => c.role === role)!.text;
    expect(cell("content:view", "sub")).toBe("Events they're booked on");
    expect(cell("content:delete", "band_member")).toBe("Own only");
    expect(cell("finances:view", "band_member")).toBe("Band totals and own balance");
    expect(cell("finances:view", "sub")).toBe("Own balance");
    expect(cell("members:manage", "band_admin")).toBe("Yes, except leaders");
    expect(cell("band:billing", "band_leader")).toBe("Yes");
    expect(cell("band:billing", "band_admin")).toBe("No");
    expect(grantPhrase(null)).toBe("No");
  });
});
