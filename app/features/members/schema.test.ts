import { describe, expect, test } from "vitest";
import { InstrumentsSchema, InviteSchema, MemberDetailsFormSchema, UpdateMembershipSchema } from "./schema";

describe("instruments", () => {
  test("trimmed, blanks dropped, suggestions' spelling, repeats once", () => {
    expect(InstrumentsSchema.parse(["  bass ", "", undefined, "BASS", "sound   engineer", "Keytar", "keytar"])).toEqual(["Bass", "Sound engineer", "Keytar"]);
  });
  test("at most 8, each at most 40 characters", () => {
    expect(InstrumentsSchema.safeParse(Array.from({ length: 8 }, (_, i) => `Instrument ${i}`)).success).toBe(true);
    const nine = InstrumentsSchema.safeParse(Array.from({ length: 9 }, (_, i) => `Instrument ${i}`));
    expect(nine.error?.issues.map((i) => i.message)).toEqual(["List up to 8 instruments"]);
    expect(InstrumentsSchema.safeParse(["x".repeat(40)]).success).toBe(true);
    const long = InstrumentsSchema.safeParse(["x".repeat(41)]);
    expect(long.error?.issues).toEqual([expect.objectContaining({ path: [0], message: "Keep each instrument to 40 characters or fewer" })]);
  });
});

describe("member schemas", () => {
  test("invite: a valid email (lowercased) and one of the four roles", () => {
    expect(InviteSchema.parse({ email: " New@Example.com ", role: "sub" })).toEqual({ email: "new@example.com", role: "sub" });
    expect(InviteSchema.safeParse({ email: "nope", role: "owner" }).error?.issues.map((i) => i.message)).toEqual(["Invalid email address", "Choose a role"]);
  });
  test("update: at least one field; a blank display name clears it", () => {
    expect(UpdateMembershipSchema.safeParse({}).success).toBe(false);
    expect(UpdateMembershipSchema.parse({ displayName: "   " })).toEqual({ displayName: null });
    expect(UpdateMembershipSchema.parse({ displayName: null })).toEqual({ displayName: null });
    expect(UpdateMembershipSchema.safeParse({ displayName: "x".repeat(51) }).success).toBe(false);
  });
  test("the form: missing fields mean cleared; a missing or broken version is 0, which nothing has (refused as stale)", () => {
    expect(MemberDetailsFormSchema.parse({ version: "3" })).toEqual({ displayName: null, instruments: [], version: 3 });
    expect(MemberDetailsFormSchema.parse({}).version).toBe(0);
    expect(MemberDetailsFormSchema.parse({ version: "x" }).version).toBe(0);
  });
});
