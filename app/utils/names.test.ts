import { describe, expect, test } from "vitest";
import { AVATAR_PALETTE, AVATAR_STEP, avatarColor, avatarIndexForPosition, displayName, hashString, initials } from "./names";

describe("displayName (spec section 3)", () => {
  test("prefers the membership display name", () => {
    expect(displayName({ displayName: "Marc", firstName: "Marcus", lastName: "Hill", email: "m@example.com" })).toBe("Marc");
  });
  test("falls back to first plus last name", () => {
    expect(displayName({ displayName: null, firstName: "Marcus", lastName: "Hill", email: "m@example.com" })).toBe("Marcus Hill");
  });
  test("uses first or last name alone", () => {
    expect(displayName({ firstName: "Marcus", lastName: null })).toBe("Marcus");
    expect(displayName({ firstName: "", lastName: "Hill" })).toBe("Hill");
  });
  test("falls back to the email, then to Unknown Member", () => {
    expect(displayName({ firstName: " ", email: "m@example.com" })).toBe("m@example.com");
    expect(displayName({})).toBe("Unknown Member");
  });
  test("ignores blank display names and trims stray spaces", () => {
    expect(displayName({ displayName: "   ", firstName: " Priya ", lastName: "Shah" })).toBe("Priya Shah");
  });
});

describe("initials (spec section 3)", () => {
  test("two or more words in the display name give the first letters of the first two", () => {
    expect(initials({ displayName: "dj late shift", firstName: "Zed" })).toBe("DL");
  });
  test("one word gives its first two letters", () => {
    expect(initials({ displayName: "marc", firstName: "Marcus", lastName: "Hill" })).toBe("MA");
  });
  test("without a display name, first and last name letters", () => {
    expect(initials({ firstName: "priya", lastName: "shah" })).toBe("PS");
    expect(initials({ firstName: "Priya" })).toBe("P");
    expect(initials({ lastName: "Shah" })).toBe("S");
  });
  test("otherwise a question mark, even when an email is known", () => {
    expect(initials({ email: "someone@example.com" })).toBe("?");
    expect(initials({})).toBe("?");
  });
});

function luminance(hex: string) {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe("avatar colours", () => {
  test("the palette has 18 distinct colours, each readable under white text (WCAG AA 4.5:1)", () => {
    expect(AVATAR_PALETTE).toHaveLength(18);
    expect(new Set(AVATAR_PALETTE).size).toBe(18);
    for (const colour of AVATAR_PALETTE) {
      const contrast = (1 + 0.05) / (luminance(colour) + 0.05);
      expect(contrast, colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  test("members are stepped by max(1, floor(18/3)) = 6 through the palette", () => {
    expect(AVATAR_STEP).toBe(6);
    expect([0, 1, 2].map(avatarIndexForPosition)).toEqual([0, 6, 12]);
    expect(avatarColor({ position: 1, userId: "ignored" })).toBe(AVATAR_PALETTE[6]);
  });

  test("a band of 18 gets 18 different colours", () => {
    const indexes = Array.from({ length: 18 }, (_, position) => avatarIndexForPosition(position));
    expect(new Set(indexes).size).toBe(18);
    expect(indexes.slice(3, 6)).toEqual([1, 7, 13]);
  });

  test("without a position the colour comes from a stable hash of the user id", () => {
    const a = avatarColor({ userId: "cluser123" });
    expect(avatarColor({ userId: "cluser123", position: null })).toBe(a);
    expect(a).toBe(AVATAR_PALETTE[hashString("cluser123") % 18]);
    expect(AVATAR_PALETTE).toContain(avatarColor({ userId: null }));
  });
});
