/**
 * Musical keys: the twelve pitch classes, major and minor. A song stores a short code
 * ("C", "Ebm", "F#"); people see "E♭ minor" or "F♯/G♭ major". Client-safe (the song
 * form's select is built from it); no zod here.
 */
const PITCHES = [
  { code: "C", names: ["C", "B#"], label: "C" },
  { code: "Db", names: ["C#", "Db"], label: "C♯/D♭" },
  { code: "D", names: ["D"], label: "D" },
  { code: "Eb", names: ["D#", "Eb"], label: "E♭/D♯" },
  { code: "E", names: ["E", "Fb"], label: "E" },
  { code: "F", names: ["F", "E#"], label: "F" },
  { code: "F#", names: ["F#", "Gb"], label: "F♯/G♭" },
  { code: "G", names: ["G"], label: "G" },
  { code: "Ab", names: ["G#", "Ab"], label: "A♭/G♯" },
  { code: "A", names: ["A"], label: "A" },
  { code: "Bb", names: ["A#", "Bb"], label: "B♭/A♯" },
  { code: "B", names: ["B", "Cb"], label: "B" },
] as const;

export type KeyOption = { code: string; label: string };

/** All 24 keys in the order a musician reads them: C major, C minor, C♯/D♭ major… */
export const KEY_OPTIONS: KeyOption[] = PITCHES.flatMap((pitch) => [
  { code: pitch.code, label: `${pitch.label} major` },
  { code: `${pitch.code}m`, label: `${pitch.label} minor` },
]);

const BY_CODE = new Map(KEY_OPTIONS.map((option) => [option.code, option]));

export function keyLabel(code: string | null | undefined) {
  return code ? (BY_CODE.get(code)?.label ?? code) : "";
}

/**
 * A key as people write it ("C#m", "D♭ major", "f# minor", "Bbmin", "A", "E♭/D♯ minor")
 * as its code, or null when it is not a key.
 */
export function parseKey(input: string): string | null {
  const text = input.trim().replace(/♯/g, "#").replace(/♭/g, "b");
  if (!text) return null;
  if (BY_CODE.has(text)) return text;
  // "E♭/D♯ minor": the first spelling decides.
  const match = /^([A-Ga-g])([#b]?)(?:\/[A-Ga-g][#b]?)?\s*(m|min|minor|maj|major|M)?$/.exec(text);
  if (!match) return null;
  const name = `${match[1]!.toUpperCase()}${match[2] ?? ""}`;
  const pitch = PITCHES.find((candidate) => (candidate.names as readonly string[]).includes(name));
  if (!pitch) return null;
  const minor = match[3] === "m" || match[3]?.toLowerCase() === "min" || match[3]?.toLowerCase() === "minor";
  return minor ? `${pitch.code}m` : pitch.code;
}
