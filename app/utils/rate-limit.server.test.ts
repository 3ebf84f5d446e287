import { expect, test } from "vitest";
import { hit, peek, rateLimitHeaders } from "./rate-limit.server";

const rule = { name: "test-rule", limit: 3, windowMs: 60_000 };

test("allows up to the limit in a window, then refuses until the window resets", () => {
  const now = 1_000_000;
  expect([1, 2, 3].map(() => hit(rule, "a", now).ok)).toEqual([true, true, true]);
  const refused = hit(rule, "a", now + 10_000);
  expect(refused).toMatchObject({ ok: false, remaining: 0, resetSeconds: 50 });
  expect(rateLimitHeaders(refused)).toEqual({ "RateLimit-Limit": "3", "RateLimit-Remaining": "0", "RateLimit-Reset": "50", "Retry-After": "50" });
  expect(hit(rule, "a", now + 60_000).ok).toBe(true);
});

test("subjects are counted apart, and peek does not count", () => {
  const now = 2_000_000;
  hit(rule, "b", now);
  expect(peek(rule, "b", now)).toMatchObject({ ok: true, remaining: 2 });
  expect(peek(rule, "c", now)).toMatchObject({ ok: true, remaining: 3 });
});
