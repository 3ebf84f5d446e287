import { describe, expect, test } from "vitest";
import { can, grantFor, PERMISSIONS, roleLabel, ROLES } from "./permissions";

describe("permission table", () => {
  test("a sub sees only what they are booked on and cannot edit", () => {
    expect(grantFor("sub", "content:view")).toBe("booked");
    expect(can("sub", "content:edit")).toBe(false);
    expect(can("sub", "availability:own")).toBe(true);
  });
  test("a name no permission has (an object's own, like constructor) grants nothing, to anyone", () => {
    for (const role of ROLES) for (const name of ["constructor", "toString", "__proto__"]) expect(grantFor(role, name as keyof typeof PERMISSIONS)).toBeNull();
  });
  test("members delete only their own content; admins never touch leaders", () => {
    expect(grantFor("band_member", "content:delete")).toBe("own");
    expect(grantFor("band_admin", "members:manage")).toBe("not-leader");
    expect(can("band_admin", "band:delete")).toBe(false);
    expect(can("band_admin", "band:settings")).toBe(true);
  });
  test("only leaders handle billing and deleting the band", () => {
    for (const role of ROLES) {
      expect(can(role, "band:billing")).toBe(role === "band_leader");
      expect(can(role, "band:delete")).toBe(role === "band_leader");
    }
  });
  test("unknown roles have no permission at all and are labelled Unknown", () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can("owner", permission)).toBe(false);
    }
    expect(roleLabel("owner")).toBe("Unknown");
    expect(roleLabel("band_leader")).toBe("Band Leader");
    expect(roleLabel("sub")).toBe("Sub");
  });
});
