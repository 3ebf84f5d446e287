/**
 * Spec section 1's tracked actions are recorded where they happen: every typed event
 * name is passed to `track()` by some module under app/ (tests aside), unless its
 * feature is not built yet and it is listed in PENDING_ANALYTICS_EVENTS.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ANALYTICS_EVENTS, PENDING_ANALYTICS_EVENTS, type AnalyticsEventName } from "~/features/analytics/events";

const APP_DIR = path.resolve(__dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Event names passed as the first argument of a `track(` call anywhere in app/. */
function recordedEvents() {
  const recorded = new Map<string, string[]>();
  for (const file of sourceFiles(APP_DIR)) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/\btrack\(\s*["'`]([a-z_]+)["'`]/g)) {
      const list = recorded.get(match[1]!) ?? [];
      list.push(path.relative(APP_DIR, file));
      recorded.set(match[1]!, list);
    }
  }
  return recorded;
}

const recorded = recordedEvents();
const pending = new Set<string>(PENDING_ANALYTICS_EVENTS);
const names = Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[];

describe("analytics coverage", () => {
  test.each(names.filter((name) => !pending.has(name)))("%s is recorded by some code path", (name) => {
    expect(recorded.get(name), `no track("${name}", …) under app/: record it where the action happens, or list it as pending`).toBeDefined();
  });

  test.each([...pending])("pending %s is not recorded yet (take it off the pending list once it is)", (name) => {
    expect(recorded.has(name)).toBe(false);
  });

  test("every recorded and pending name is a typed event", () => {
    for (const name of [...recorded.keys(), ...pending]) expect(names).toContain(name);
  });

  test("the built features' events are recorded, not just listed", () => {
    // The spine's actions today: sanity that the scan finds real calls.
    for (const name of ["create_band", "join_band", "invite_member", "page_view", "section_view"]) expect(recorded.has(name)).toBe(true);
  });
});
