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
