import { describe, expect, test } from "vitest";
import { NewPasswordSchema } from "./schema";

const problems = (password: string) => NewPasswordSchema.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];

describe("a new password (spec section 5)", () => {
  test("eight characters with an uppercase letter, a lowercase letter and a number", () => {
    expect(problems("Bandroom1")).toEqual([]);
    expect(problems("band1")).toEqual(["Password must be at least 8 characters", "Password must contain an uppercase letter"]);
    expect(problems("BANDROOM1")).toEqual(["Password must contain a lowercase letter"]);
    expect(problems("Bandroomx")).toEqual(["Password must contain a number"]);
  });
  test("letters of any alphabet count as upper or lower case", () => {
    expect(problems("Ébcdefgh1x")).toEqual([]);
    expect(problems("ABCDEFGHé1")).toEqual([]);
    expect(problems("Жюльен-2024")).toEqual([]);
  });
});
