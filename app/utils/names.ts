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

// Made on first use, not at load: a segmenter made at the module's top is code the browser
// bundle keeps (it cannot tell it has no effect), on every page that shows a name.
let graphemeSegmenter: Intl.Segmenter | null | undefined;

/**
 * The letters of a word as a reader sees them: a family emoji (several code points joined
 * by ZWJ), a flag, an "é" typed as "e" and an accent, a Devanagari syllable are each one.
 * Code points (Array.from) split them, and an avatar showed half a family.
 */
function letters(word: string) {
  graphemeSegmenter ??= typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;
  return graphemeSegmenter ? Array.from(graphemeSegmenter.segment(word), (part) => part.segment) : Array.from(word);
}

/**
 * From the membership display name (two or more words: the first letters of the first
 * two; one word: its first two letters); else the first letters of first and last name;
 * else "?". A letter is what a reader sees as one (graphemes below).
 */
export function initials(person: PersonName) {
  const chosen = clean(person.displayName);
  if (chosen) {
    const words = chosen.split(" ");
    const picked = words.length >= 2 ? words.slice(0, 2).map((word) => letters(word)[0]) : letters(chosen).slice(0, 2);
    return picked.join("").toUpperCase();
  }
  const fromNames = [clean(person.firstName), clean(person.lastName)].map((name) => letters(name)[0] ?? "").join("");
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

// ---------------------------------------------------------------------------
// Clashing initials (spec section 3 leaves the scheme to us; docs/decisions/0005).


/**
 * The words a person's alternative initials are made from: the display name's words
 * when the member chose one; else the first name's first word and the last name's last
 * word; else, for someone with no name at all, the parts of the email's local part
 * ("alex.jones@…" → alex, jones), so two "?" members can still be told apart.
 */
function nameWords(person: PersonName): string[] {
  const chosen = clean(person.displayName);
  if (chosen) return chosen.split(" ");
  const first = clean(person.firstName).split(" ")[0] ?? "";
  const last = clean(person.lastName).split(" ").at(-1) ?? "";
  const named = [first, last].filter(Boolean);
  if (named.length) return named;
  const local = clean(person.email).split("@")[0] ?? "";
  return local.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * The fall-backs, in order, after the spec's initials (any equal to those are skipped):
 * 0. the first letters of the first and last words (one word: its first two letters),
 *    new only for three words or more ("DJ Late Shift" → DS) or a first name alone
 *    ("Priya": P → PR);
 * 1. first letter of the first word + second letter of the last word ("John Smith" → JM);
 *    a single word gives its first and third letters ("Marc" → MR);
 * 2. first two letters of the first word + first letter of the last word (JOS);
 *    a single word gives its first three letters (MAR).
 * A member without a name (spec initials "?") gets these from the email's words
 * (alex.jones@… → AJ, AO, ALJ).
 */
export function alternativeInitials(person: PersonName): string[] {
  const words = nameWords(person).map(letters);
  const first = words[0];
  if (!first?.length) return [];
  const last = words.length >= 2 ? words.at(-1)! : null;
  const candidates = last
    ? [first[0]! + last[0]!, first[0]! + (last[1] ?? ""), first.slice(0, 2).join("") + last[0]!]
    : [first.slice(0, 2).join(""), first[0]! + (first[2] ?? ""), first.slice(0, 3).join("")];
  const base = initials(person);
  return [...new Set(candidates.map((c) => c.toUpperCase()))].filter((c) => c !== base && letters(c).length >= 2);
}

/**
 * Initials for everyone in one band, none shared. `members` must be in joining order:
 * whoever joined first keeps the spec's initials, so a newcomer never changes the
 * letters the band already knows someone by; a later member whose initials are taken
 * gets the first of their alternatives (above) that nobody has, and when all are taken,
 * their spec initials with the smallest free number from 2 (JS2, JS3…).
 */
export function resolveInitials<Member extends PersonName & { id: string | number }>(members: Member[]): Map<Member["id"], string> {
  const result = new Map<Member["id"], string>();
  const taken = new Set<string>();
  const later: Member[] = [];
  for (const member of members) {
    const own = initials(member);
    if (taken.has(own)) later.push(member);
    else {
      result.set(member.id, own);
      taken.add(own);
    }
  }
  for (const member of later) {
    let chosen = alternativeInitials(member).find((candidate) => !taken.has(candidate));
    if (!chosen) {
      const own = initials(member);
      for (let n = 2; !chosen; n++) if (!taken.has(`${own}${n}`)) chosen = `${own}${n}`;
    }
    result.set(member.id, chosen);
    taken.add(chosen);
  }
  return result;
}
