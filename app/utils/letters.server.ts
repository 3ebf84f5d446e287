/**
 * Letters Unicode does not decompose into a base letter and an accent, spelt as an
 * English keyboard types them: "Røyksopp" is "royksopp", "Æon" "aeon", "Straße" "strasse".
 */
const UNACCENTED: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", đ: "d", ð: "d", ł: "l", þ: "th", ı: "i", ħ: "h" };

/**
 * Text in lower case as an English keyboard types it: accents dropped (NFKD, then the
 * combining marks), and the letters above spelt out. What song search keys, file names and
 * heading anchors start from. Song keys stored in the database depend on it: the migration
 * 20261128040000_fold_unaccented_letters re-keyed the songs stored before it knew these
 * letters, and a change here needs one like it.
 */
export function asTyped(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[øæœßđðłþıħ]/g, (letter) => UNACCENTED[letter]!);
}
