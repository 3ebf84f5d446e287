import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Imports point down: routes → features → components → utils. utils depend on nothing
 * of ours; components on utils (and each other) only; nothing below the routes imports
 * root.tsx or a route.
 */
const LAYERS: { dir: string; mayNotImport: RegExp }[] = [
  { dir: "app/utils", mayNotImport: /^~\/(features|components|routes|root)\b/ },
  { dir: "app/components", mayNotImport: /^~\/(features|routes|root)\b/ },
  { dir: "app/features", mayNotImport: /^~\/(routes|root)\b/ },
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("import direction", () => {
  test.each(LAYERS)("$dir imports nothing above it", ({ dir, mayNotImport }) => {
    const wrong = files(dir).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].filter(([, spec]) => mayNotImport.test(spec!)).map(([, spec]) => `${file} → ${spec}`),
    );
    expect(wrong).toEqual([]);
  });
});

/**
 * Issue 14's route kit: one definition each, in app/utils (or components for the error
 * boundary); a second copy fails here, with where it is.
 */
const ONE_DEFINITION: [string, RegExp, string][] = [
  ["escapeHtml", /function escapeHtml\b|const escapeHtml\s*=/, "app/utils/html.ts"],
  ["parseId", /function parseId\b|const parseId\s*=/, "app/utils/ids.ts"],
  ["useIsPending", /function useIsPending\b|const useIsPending\s*=/, "app/utils/use-is-pending.ts"],
  ["redirectWithToast", /function redirectWithToast\b|const redirectWithToast\s*=/, "app/utils/toast.server.ts"],
  ["RouteErrorBoundary", /function RouteErrorBoundary\b|const RouteErrorBoundary\s*=/, "app/components/error-screens.tsx"],
];

describe("the route kit is written once", () => {
  test.each(ONE_DEFINITION.map(([name, definition, home]) => ({ name, definition, home })))("$name is defined only in $home", ({ definition, home }) => {
    const where = files("app").filter((file) => definition.test(fs.readFileSync(file, "utf8")));
    expect(where).toEqual([home]);
  });
});
