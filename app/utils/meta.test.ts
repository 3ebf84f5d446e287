import { describe, expect, test } from "vitest";
import { pageTitle } from "./meta";

describe("pageTitle", () => {
  test("names the page, or the not-found screen after a 404", () => {
    expect(pageTitle("Calendar", undefined)).toEqual([{ title: "Calendar · Bandroom" }]);
    expect(pageTitle("Admin", { status: 404, statusText: "Not Found", internal: false, data: null })).toEqual([{ title: "Page Not Found" }]);
    expect(pageTitle("Admin", new Error("boom"))).toEqual([{ title: "Admin · Bandroom" }]);
  });
});
