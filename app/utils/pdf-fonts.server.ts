import path from "node:path";
import { Font } from "@react-pdf/renderer";

/**
 * The PDFs' typeface: DejaVu Sans (app/assets/fonts, with its licence), registered with
 * @react-pdf/renderer once per process. The PDF standard Helvetica holds Latin-1 only: a
 * Czech "Žlutá", a Polish "Łódź" or a Cyrillic "Калинка" came out as other letters.
 * DejaVu covers Latin, Greek and Cyrillic in full; each PDF embeds only the glyphs it uses.
 * Scripts it lacks (Chinese, Japanese, emoji) show as empty boxes, never as wrong letters.
 */
const FAMILY = "DejaVu Sans";
// Read from the project's folder at run time, like content/: `npm start` and the tests run from its root.
const FONT_DIR = path.resolve(process.env.PDF_FONT_DIR || "app/assets/fonts");

let registered = false;

/** Registers the family (once) and gives the styles that name it. */
export function pdfFonts() {
  if (!registered) {
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
