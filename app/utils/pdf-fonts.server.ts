import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { openSync, type Font as FontFile } from "fontkit";

/**
 * The PDFs' typeface: DejaVu Sans (app/assets/fonts, with its licence), registered with
 * @react-pdf/renderer once per process. The PDF standard Helvetica holds Latin-1 only: a
 * Czech "Žlutá", a Polish "Łódź" or a Cyrillic "Калинка" came out as other letters.
 * DejaVu covers Latin, Greek and Cyrillic in full; each PDF embeds only the glyphs it uses.
 * What it lacks (Chinese, Japanese, emoji) printed as garbled marks on top of each other;
 * `printable` turns each such character into a box (□), so the rest of the line reads.
 */
const FAMILY = "DejaVu Sans";
// Read from the project's folder at run time, like content/: `npm start` and the tests run from its root.
const FONT_DIR = path.resolve(process.env.PDF_FONT_DIR || "app/assets/fonts");

let registered = false;
let faces: FontFile[] | null = null;

/** A box for a character the font has no glyph for. */
const MISSING = "\u25a1";
/** Joiners and variation selectors: parts of an emoji or a script the font lacks, nothing to print on their own. */
const JOINERS = /\u200d|\ufe0e|\ufe0f/gu;

/**
 * `text` as the PDF font can print it: each character DejaVu Sans has no glyph for
 * becomes a box (□) instead of an overprinted wrong glyph; emoji joiners go.
 */
export function printable(text: string) {
  // Titles print bold, notes italic: a character counts only when every face has it.
  faces ??= ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"].map((file) => openSync(path.join(FONT_DIR, file)));
  const all = faces;
  let out = "";
  for (const char of text.replace(JOINERS, "")) {
    const codePoint = char.codePointAt(0)!;
    out += codePoint < 0x80 || /\s/u.test(char) || all.every((face) => face.hasGlyphForCodePoint(codePoint)) ? char : MISSING;
  }
  return out;
}

/**
 * Where react-pdf may break a word: nowhere in a normal one (its English rules split "10."
 * into "10-" and "."), every 8 characters in one too long for a line. A piece never
 * breaks, so it must fit a line: 16 wide bold letters of a set page's big title did not.
 */
function breakPoints(word: string) {
  const chars = Array.from(word);
  if (chars.length <= 24) return [word];
  const parts: string[] = [];
  for (let at = 0; at < chars.length; at += 8) parts.push(chars.slice(at, at + 8).join(""));
  return parts;
}

/** Registers the family (once) and gives the styles that name it. */
export function pdfFonts() {
  if (!registered) {
    Font.registerHyphenationCallback(breakPoints);
    Font.register({
      family: FAMILY,
      fonts: [
        { src: path.join(FONT_DIR, "DejaVuSans.ttf") },
        { src: path.join(FONT_DIR, "DejaVuSans-Bold.ttf"), fontWeight: "bold" },
        { src: path.join(FONT_DIR, "DejaVuSans-Oblique.ttf"), fontStyle: "italic" },
      ],
    });
    registered = true;
  }
  return {
    regular: { fontFamily: FAMILY },
    bold: { fontFamily: FAMILY, fontWeight: "bold" as const },
    italic: { fontFamily: FAMILY, fontStyle: "italic" as const },
  };
}
