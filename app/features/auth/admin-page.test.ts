import { describe, expect, test } from "vitest";
import { adminPage } from "./profile-page.server";

describe("adminPage (the profile's way back after two-step sign-in is turned on)", () => {
  test("keeps a page of the admin area, with its query", () => {
    expect(adminPage("/admin")).toBe("/admin");
    expect(adminPage("/admin/users?q=ann&page=2")).toBe("/admin/users?q=ann&page=2");
    expect(adminPage("/admin?page=2#audit-heading")).toBe("/admin?page=2#audit-heading");
  });

  test("refuses anything else: another site, another page, a look-alike path", () => {
    for (const next of [null, "", "https://evil.example/admin", "//evil.example/admin", "/\\evil.example/admin", "/songs", "/administrator", "/admin/../songs", "javascript:alert(1)"]) {
      expect(adminPage(next), String(next)).toBeNull();
    }
  });
});
