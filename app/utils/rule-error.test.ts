import { describe, expect, test } from "vitest";
import { apiRoute } from "./api.server";
import { replyWithRuleError, RuleError } from "./rule-error";

const request = () => new Request("http://localhost/api/thing", { headers: { "x-bandroom-peer": "10.9.8.7" } });
const answer = (error: unknown) => apiRoute(() => Promise.reject(error))({ request: request() });

describe("RuleError, one way to refuse", () => {
  test("apiRoute answers it as the API's JSON error, with its headers", async () => {
    const conflict = await answer(new RuleError(409, "This invitation is no longer pending"));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ message: "This invitation is no longer pending" });

    const field = await answer(new RuleError(400, "Choose another member to lead the band", "membershipId"));
    expect(field.status).toBe(400);
    expect(await field.json()).toEqual({ message: "Invalid request", errors: { membershipId: ["Choose another member to lead the band"] } });

    const limited = await answer(new RuleError(429, "Too many attempts.", undefined, { "Retry-After": "60" }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
  });

  test("the form adapter puts it under its field, or as the form's message; other errors go on", () => {
    const submission = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => ({ status: "error" as const, error: { "": options?.formErrors ?? null, ...options?.fieldErrors } }) };
    expect(replyWithRuleError(submission, new RuleError(400, "Already a member", "email"))).toEqual({ status: 400, result: { status: "error", error: { "": null, email: ["Already a member"] } } });
    expect(replyWithRuleError(submission, new RuleError(403, "You do not have permission to do that"))).toEqual({
      status: 403,
      result: { status: "error", error: { "": ["You do not have permission to do that"] } },
    });
    const other = new Error("database is locked");
    expect(() => replyWithRuleError(submission, other)).toThrow(other);
  });
});
