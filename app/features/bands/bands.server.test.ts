import { describe, expect, test } from "vitest";
import { createBand, createUser } from "#tests/db-utils";
import { createBand as createBandForUser, listBandsForUser, resolveCurrentBand, type BandListItem } from "./bands.server";

const item = (id: number, name: string): BandListItem => ({
  band: { id, name, subscriptionTier: "free", timeZone: "UTC", currency: "USD" },
  membership: { id, role: "band_member", displayName: null, userId: "u" },
});

describe("resolveCurrentBand (spec section 4)", () => {
  const bands = [item(3, "Alpha"), item(1, "Bravo"), item(2, "Charlie")];

  test("uses the stored band when it is one of the user's bands", () => {
    expect(resolveCurrentBand(bands, 2, 1)?.band.id).toBe(2);
  });
  test("falls back to the preferred band when nothing is stored", () => {
    expect(resolveCurrentBand(bands, null, 1)?.band.id).toBe(1);
  });
  test("chooses the first band by name when the stored id is not in the list", () => {
    expect(resolveCurrentBand(bands, 99, 1)?.band.id).toBe(3);
  });
  test("chooses the first band by name when nothing is stored or preferred", () => {
    expect(resolveCurrentBand(bands, null, null)?.band.id).toBe(3);
  });
  test("gives no band when the user has none", () => {
    expect(resolveCurrentBand([], 2, 1)).toBeNull();
  });
});

describe("bands", () => {
  test("creating a band makes the creator its leader and the band preferred", async () => {
    const user = await createUser();
    const band = await createBandForUser(user.id, "The Midnight Set");
    const bands = await listBandsForUser(user.id);
    expect(bands).toEqual([{ band: { id: band.id, name: "The Midnight Set", subscriptionTier: "free", timeZone: expect.any(String), currency: expect.any(String), longestEventMinutes: 2880 }, membership: expect.objectContaining({ role: "band_leader", userId: user.id }) }]);
  });

  test("lists only the user's own bands, sorted by name", async () => {
    const user = await createUser();
    const other = await createUser();
    await createBand({ name: "zebra", members: [{ userId: user.id, role: "band_member" }] });
    await createBand({ name: "Apple", members: [{ userId: user.id, role: "sub" }] });
    await createBand({ name: "Not mine", members: [{ userId: other.id, role: "band_leader" }] });
    expect((await listBandsForUser(user.id)).map((b) => b.band.name)).toEqual(["Apple", "zebra"]);
  });
});
