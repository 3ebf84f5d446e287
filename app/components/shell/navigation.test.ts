import { describe, expect, test } from "vitest";
import { isActive, progressToShow, sidebarEntries, switchRedirectTarget, tabEntries, type ShellState } from "./navigation";

const state = (overrides: Partial<ShellState> = {}): ShellState => ({
  hasBand: true,
  isPro: false,
  isBrandNew: false,
  isPlatformAdmin: false,
  progress: 40,
  ...overrides,
});
const labels = (entries: { label: string }[]) => entries.map((e) => e.label);

describe("side panel (spec section 2)", () => {
  test("keeps the spec's order", () => {
    expect(labels(sidebarEntries(state({ isPro: true, isPlatformAdmin: true })))).toEqual([
      "Dashboard",
      "Calendar",
      "Setlists",
      "Songs",
      "Members",
      "Finances",
      "Blog",
      "Settings",
      "Admin",
    ]);
  });
  test("hides the Dashboard while the band is brand new", () => {
    expect(labels(sidebarEntries(state({ isBrandNew: true })))).not.toContain("Dashboard");
  });
  test("disables Calendar, Setlists, Songs and Members without a band, and nothing else", () => {
    const disabled = sidebarEntries(state({ hasBand: false, progress: null })).filter((e) => e.disabled);
    expect(labels(disabled)).toEqual(["Calendar", "Setlists", "Songs", "Members"]);
  });
  test("shows Finances only for a selected Pro band and Admin only to platform admins", () => {
    expect(labels(sidebarEntries(state()))).not.toContain("Finances");
    expect(labels(sidebarEntries(state({ hasBand: false, isPro: true })))).not.toContain("Finances");
    expect(labels(sidebarEntries(state()))).not.toContain("Admin");
  });
  test("shows the progress only below 100 with a band selected", () => {
    expect(progressToShow(state({ progress: 40 }))).toBe(40);
    expect(progressToShow(state({ progress: 100 }))).toBeNull();
    expect(progressToShow(state({ hasBand: false, progress: null }))).toBeNull();
  });
});

describe("bottom tab bar", () => {
  test("has six tabs, seven for a Pro band", () => {
    expect(labels(tabEntries(state()))).toEqual(["Getting Started", "Dashboard", "Calendar", "Setlists", "Songs", "Members"]);
    expect(labels(tabEntries(state({ isPro: true })))).toHaveLength(7);
  });
  test("the Dashboard tab goes to / and is current on /dashboard", () => {
    const dashboard = tabEntries(state()).find((e) => e.key === "dashboard")!;
    expect(dashboard.to).toBe("/");
    expect(isActive(dashboard, "/dashboard")).toBe(true);
    expect(isActive(dashboard, "/")).toBe(false);
  });
});

describe("isActive", () => {
  const songs = sidebarEntries(state()).find((e) => e.key === "songs")!;
  test("matches the path and what lies under it, not look-alikes", () => {
    expect(isActive(songs, "/songs")).toBe(true);
    expect(isActive(songs, "/bands/4/songs")).toBe(true);
    expect(isActive(songs, "/songsheet")).toBe(false);
    expect(isActive(songs, "/bands/new")).toBe(false);
  });
});

describe("switchRedirectTarget", () => {
  test("stays on list pages and leaves pages of one thing of the old band", () => {
    expect(switchRedirectTarget("/setlists")).toBe("/setlists");
    expect(switchRedirectTarget("/setlists/12")).toBe("/setlists");
    expect(switchRedirectTarget("/events/3")).toBe("/calendar");
    expect(switchRedirectTarget("/bands/3/songs")).toBe("/songs");
    expect(switchRedirectTarget("/bands/new")).toBe("/dashboard");
  });
});
