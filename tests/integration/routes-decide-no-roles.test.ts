import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Routes pass a BandAccess to the area modules and render what comes back; who may do
 * what (roles, grants, Pro) is decided in app/features, once. This fails when a route
 * starts deciding again. See docs/decisions/0007-band-access.md.
 */
const ROUTES = path.resolve("app/routes");
const ROLE_OR_GRANT = `"(band_leader|band_admin|band_member|sub|pro|free|booked|own|totals|own-balance|not-leader)"`;
const DECISIONS: [string, RegExp][] = [
  ["a comparison with a role, grant or plan name", new RegExp(`(===|!==)\\s*${ROLE_OR_GRANT}|${ROLE_OR_GRANT}\\s*(===|!==)`)],
  ["a comparison of a role", /\brole\s*(===|!==)|(===|!==)\s*[\w.?]*\brole\b/],
  ["a comparison of a grant", /\bgrant\s*(===|!==)|(===|!==)\s*[\w.?]*\bgrant\b/],
  ["a comparison of the plan", /subscriptionTier\s*(===|!==)/],
  ["a permission lookup", /\b(can|grantFor|grantIn|requireGrant|mayManage)\(/],
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("routes decide nothing about roles", () => {
  test("no route file compares roles, grants or plans, or reads the permission table", () => {
    const found: string[] = [];
    for (const file of files(ROUTES)) {
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          // Page views ("totals", "own-balance") share the grants' words; comparing them is rendering.
          const withoutViews = line.replace(/\bview\s*(===|!==)\s*"[\w-]+"/g, "");
          for (const [what, pattern] of DECISIONS) {
            if (pattern.test(withoutViews)) found.push(`${path.relative(process.cwd(), file)}:${index + 1}: ${what}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  test("the patterns catch the comparisons routes used to make", () => {
    const caught = (line: string) => DECISIONS.some(([, pattern]) => pattern.test(line));
    expect(caught(`if (grant === "booked") throw notFound();`)).toBe(true);
    expect(caught(`isLeader: membership.role === "band_leader",`)).toBe(true);
    expect(caught(`isPro: band.subscriptionTier === "pro",`)).toBe(true);
    expect(caught(`const manager = can(viewer.role, "members:manage");`)).toBe(true);
    expect(caught(`if (grant !== true) return { view: "totals" };`)).toBe(true);
    expect(caught(`const { band } = await requireBandAccess(request, { band: "current", permission: "band:view" });`)).toBe(false);
  });
});
