import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { fileSlug, safeCell, spreadsheetCsv } from "./spreadsheet.server";

describe("safeCell", () => {
  test("text a spreadsheet would run as a formula gets a leading quote", () => {
    for (const text of ["=HYPERLINK(\"http://x\")", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"]) expect(safeCell(text)).toBe(`'${text}`);
    expect(safeCell("Fee: Harbour Festival")).toBe("Fee: Harbour Festival");
  });

  test("control characters are dropped, tabs and line ends kept; a formula hidden behind them is still caught", () => {
    expect(safeCell("a\u0000b\u0007c\u001Fd\u007Fe")).toBe("abcde");
    expect(safeCell("line one\nline two\tend")).toBe("line one\nline two\tend");
    expect(safeCell("\u0000=1+1")).toBe("'=1+1");
    expect(spreadsheetCsv([[safeCell("a\u0000b")]])).not.toContain("\u0000");
  });
});

describe("spreadsheetCsv", () => {
  test("a cell with a line break of any kind stays one cell of one row", () => {
    const rows = [["Title", "Notes"], ["Song", "Intro twice\nOutro slow"], ["Other", "a\rb"], ["Third", "c\r\nd"], ["Plain", "x, \"y\""]];
    const csv = spreadsheetCsv(rows);
    expect(csv).toContain('"Intro twice\nOutro slow"');
    expect(parse(csv, { bom: true })).toEqual(rows);
  });
});

describe("fileSlug", () => {
  test("a file name part as an English keyboard types it: accents dropped, ø æ ß spelt out, dashes between words", () => {
    expect(fileSlug("Señorita & Røyksopp: Straße Æon", "x")).toBe("senorita-royksopp-strasse-aeon");
    expect(fileSlug("★ ☆", "setlist")).toBe("setlist");
    expect(fileSlug("a".repeat(80), "x")).toHaveLength(60);
  });
});
