/**
 * How people are named and drawn (spec section 3): display name, initials and avatar
 * colour. Shared by the shell, member lists and anything else that shows a person.
 */

export type PersonName = {
  /** The band membership's display name, when the member chose one. */
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

const clean = (value: string | null | undefined) => value?.trim().replace(/\s+/g, " ") ?? "";

/** Membership display name; else first plus last name; else first or last; else email; else "Unknown Member". */
export function displayName(person: PersonName) {
  const chosen = clean(person.displayName);
  if (chosen) return chosen;
  const full = [clean(person.firstName), clean(person.lastName)].filter(Boolean).join(" ");
  if (full) return full;
  return clean(person.email) || "Unknown Member";
}

/**
 * From the membership display name (two or more words: the first letters of the first
 * two; one word: its first two letters); else the first letters of first and last name;
 * else "?". Array.from keeps a letter outside the BMP (an emoji, say) whole.
 */
export function initials(person: PersonName) {
  const chosen = clean(person.displayName);
  if (chosen) {
    const words = chosen.split(" ");
    const letters = words.length >= 2 ? words.slice(0, 2).map((word) => Array.from(word)[0]) : Array.from(chosen).slice(0, 2);
    return letters.join("").toUpperCase();
  }
  const fromNames = [clean(person.firstName), clean(person.lastName)].map((name) => Array.from(name)[0] ?? "").join("");
  return fromNames ? fromNames.toUpperCase() : "?";
}

/**
 * Eighteen colours, each at least 4.5:1 against white text (WCAG AA for the small
 * initials drawn on them); names.test.ts checks every one.
 */
export const AVATAR_PALETTE = [
  "#b91c1c", // red
  "#c2410c", // orange
  "#b45309", // amber
  "#854d0e", // yellow
  "#3f6212", // lime
  "#15803d", // green
  "#047857", // emerald
  "#0f766e", // teal
  "#0e7490", // cyan
  "#0369a1", // sky
  "#1d4ed8", // blue
  "#4338ca", // indigo
  "#6d28d9", // violet
  "#7e22ce", // purple
  "#a21caf", // fuchsia
  "#be185d", // pink
  "#be123c", // rose
  "#475569", // slate
] as const;

/** The spec's step between neighbours in a band: max(1, floor(18 / 3)) = 6. */
export const AVATAR_STEP = Math.max(1, Math.floor(AVATAR_PALETTE.length / 3));

/**
 * Palette index for the member at `position` in the band: steps of 6, so neighbours get
 * far-apart hues (0, 6, 12). Plain (position * 6) % 18 would repeat those three colours
 * forever, so each lap of the palette starts one further on (1, 7, 13, then 2, 8, 14…)
 * and eighteen members get eighteen different colours.
 */
export function avatarIndexForPosition(position: number) {
  const size = AVATAR_PALETTE.length;
  const stepped = position * AVATAR_STEP;
  return (stepped + Math.floor(stepped / size)) % size;
}

/** A stable, non-cryptographic string hash (djb2), so a user keeps their colour everywhere. */
export function hashString(value: string) {
  let hash = 5381;
  for (let i = 0; i < value.length; i++) hash = ((hash << 5) + hash + value.charCodeAt(i)) | 0;
  return hash >>> 0;
}

/** By position in the band when known, else by a hash of the user id. */
export function avatarColor({ position, userId }: { position?: number | null; userId?: string | null }) {
  if (position !== undefined && position !== null && Number.isInteger(position) && position >= 0) {
    return AVATAR_PALETTE[avatarIndexForPosition(position)]!;
  }
  return AVATAR_PALETTE[hashString(userId ?? "") % AVATAR_PALETTE.length]!;
}
