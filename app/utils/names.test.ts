import { describe, expect, test } from "vitest";
import {
  alternativeInitials,
  AVATAR_PALETTE,
  AVATAR_STEP,
  avatarColor,
  avatarIndexForPosition,
  displayName,
  hashString,
  initials,
  resolveInitials,
} from "./names";

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
  test("a letter is what a reader sees as one: a family emoji, a flag, an accent typed apart, a Devanagari syllable", () => {
    expect(initials({ displayName: "👨‍👩‍👧 Family" })).toBe("👨‍👩‍👧F");
    expect(initials({ displayName: "🇮🇪🇫🇷" })).toBe("🇮🇪🇫🇷");
    expect(initials({ firstName: "e\u0301mile", lastName: "Zola" })).toBe("E\u0301Z");
    expect(initials({ firstName: "क्षमा" })).toBe("क्ष");
    // A clash's alternatives are made of whole letters too: never half an emoji.
    const resolved = resolveInitials([{ id: 1, displayName: "👨‍👩‍👧🎸 x" }, { id: 2, displayName: "👨‍👩‍👧🎸 x" }]);
    expect(resolved.get(1)).toBe("👨‍👩‍👧X");
    expect(resolved.get(2)).not.toMatch(/\p{Cs}|\u200D$/u);
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

describe("alternativeInitials (docs/decisions/0005-member-initials.md)", () => {
  test("two words: first + second letter of the last word, then first two letters + last initial", () => {
    expect(alternativeInitials({ firstName: "John", lastName: "Smith" })).toEqual(["JM", "JOS"]);
  });
  test("one word: first and third letters, then the first three", () => {
    expect(alternativeInitials({ displayName: "Marc" })).toEqual(["MR", "MAR"]);
  });
  test("three words use the first and last word", () => {
    expect(alternativeInitials({ displayName: "DJ Late Shift" })).toEqual(["DS", "DH", "DJS"]);
  });
  test("a first name alone gains a second letter first", () => {
    expect(initials({ firstName: "Priya" })).toBe("P");
    expect(alternativeInitials({ firstName: "Priya" })).toEqual(["PR", "PI", "PRI"]);
  });
  test("someone without a name gets letters from the email", () => {
    expect(alternativeInitials({ email: "alex.jones@example.com" })).toEqual(["AJ", "AO", "ALJ"]);
  });
});

describe("resolveInitials", () => {
  const resolve = (...people: Parameters<typeof initials>[0][]) =>
    [...resolveInitials(people.map((person, index) => ({ ...person, id: index }))).values()];

  test("without clashes everyone keeps the spec's initials", () => {
    expect(resolve({ firstName: "Priya", lastName: "Shah" }, { firstName: "Marcus", lastName: "Hill" }, { displayName: "Dee" })).toEqual([
      "PS",
      "MH",
      "DE",
    ]);
  });

  test("the earlier member keeps theirs; the later one moves to the next free scheme", () => {
    expect(resolve({ firstName: "John", lastName: "Smith" }, { firstName: "Jane", lastName: "Sutton" })).toEqual(["JS", "JU"]);
  });

  test("an alternative already taken by someone else is skipped", () => {
    // Jo Mills holds JM, so the second John Smith goes on to JOS.
    expect(resolve({ firstName: "John", lastName: "Smith" }, { firstName: "Jo", lastName: "Mills" }, { firstName: "John", lastName: "Smith" })).toEqual([
      "JS",
      "JM",
      "JOS",
    ]);
  });

  test("a member's own initials are never taken by someone else's alternative", () => {
    // Jane Sutton's alternative JU would be taken, so she has to move on, but Judy Ure (JU, joined
    // after her) keeps her own letters because own initials are settled first.
    const result = resolveInitials([
      { id: "john", firstName: "John", lastName: "Smith" },
      { id: "jane", firstName: "Jane", lastName: "Sutton" },
      { id: "judy", firstName: "Judy", lastName: "Ure" },
    ]);
    expect(result.get("judy")).toBe("JU");
    expect(result.get("jane")).toBe("JAS");
    expect(new Set(result.values()).size).toBe(3);
  });

  test("identical names end in numbered initials, smallest free number first", () => {
    const same = { firstName: "John", lastName: "Smith" };
    expect(resolve(same, same, same, same, same)).toEqual(["JS", "JM", "JOS", "JS2", "JS3"]);
  });

  test("clashing one-word display names and nameless members are told apart", () => {
    expect(resolve({ displayName: "Marc" }, { displayName: "Mary" })).toEqual(["MA", "MR"]);
    expect(resolve({ email: "sam@example.com" }, { email: "alex.jones@example.com" })).toEqual(["?", "AJ"]);
  });

  test("every member of a large band gets different letters", () => {
    const people = Array.from({ length: 30 }, (_, index) => ({ id: index, firstName: "Sam", lastName: index % 2 ? "Stone" : "Smith" }));
    const result = resolveInitials(people);
    expect(new Set(result.values()).size).toBe(30);
  });
});
