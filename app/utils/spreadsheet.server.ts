import { stringify } from "csv-stringify/sync";
import { asTyped } from "~/utils/letters.server";

/**
 * What every download of the app shares: file names from what the file is about, and
 * CSV a spreadsheet opens safely.
 */

/** A file name part: letters and digits, dashes between (accents dropped, at most 60 characters); `fallback` when nothing is left. */
export function fileSlug(text: string, fallback: string) {
  const slug = asTyped(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return slug || fallback;
}

/**
 * A leading = + - @ (or tab, CR) would make a spreadsheet run the cell as a formula; such
 * text gets a leading quote. Control characters other than tab and line ends (a NUL typed
 * into a description through /api) are dropped: spreadsheets cut the cell at them or refuse the file.
 */
export function safeCell(text: string | null | undefined) {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const value = (text ?? "").replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "");
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Every text cell of `rows` made safe (numbers, and text the caller made, such as signed amounts, go through only where they are not text). */
export function safeRows<T>(rows: readonly (readonly T[])[]) {
  return rows.map((row) => row.map((cell) => (typeof cell === "string" ? safeCell(cell) : cell)));
}

/**
 * A spreadsheet-friendly CSV: UTF-8 with a byte order mark, CRLF line ends. A cell holding
 * a line break of any kind is quoted: with CRLF records csv-stringify quotes only a CRLF,
 * and a note typed with a bare LF split its row in two.
 */
export function spreadsheetCsv(rows: readonly (readonly unknown[])[]) {
  return stringify(rows as unknown[][], { bom: true, record_delimiter: "windows", quoted_match: /[\r\n]/ });
}
