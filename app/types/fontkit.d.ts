/** The part of fontkit (a dependency of @react-pdf/renderer, which ships no types) the PDFs use. */
declare module "fontkit" {
  export type Font = { hasGlyphForCodePoint(codePoint: number): boolean };
  export function openSync(path: string): Font;
}
