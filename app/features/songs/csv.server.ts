import { parse } from "csv-parse/sync";
import { z } from "zod";
import { db } from "~/utils/db.server";
import { displayName } from "~/utils/names";
import { RuleError } from "~/utils/rule-error";
import { fileSlug, safeRows, spreadsheetCsv } from "~/utils/spreadsheet.server";
import { track } from "~/features/analytics/analytics.server";
import { requireGrant, type BandAccess } from "~/features/bands/access.server";
import { formatDuration } from "./format";
import { keyLabel } from "./keys";
import { rules, type SongInput } from "./schema.server";
import { fold, songIdentity, songSelect, tagRows, toSong, visibleSongsWhere } from "./songs.server";

/**
 * The song library as CSV: an export that opens in a spreadsheet (UTF-8 with a byte
 * order mark, CRLF line ends) and an import that previews every row with its errors
 * and writes nothing until the user confirms, then writes every good row in one
 * transaction. csv-parse and csv-stringify do the CSV; nothing here splits on commas.
 */

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** The longest row read, in characters: every column of a song at its longest fits many times over. */
export const MAX_ROW_CHARACTERS = 50_000;

const COLUMNS = [
  { name: "Title", field: "title", aliases: ["song", "name", "song title"] },
  { name: "Artist", field: "artist", aliases: ["band", "performer", "original artist"] },
  { name: "Key", field: "key", aliases: [] },
  { name: "Tempo", field: "tempo", aliases: ["bpm", "tempo (bpm)"] },
  { name: "Duration", field: "duration", aliases: ["length", "time", "duration (m:ss)"] },
  { name: "Time signature", field: "timeSignature", aliases: ["meter", "time sig"] },
  { name: "Tags", field: "tags", aliases: ["tag"] },
  { name: "Lead singer", field: "leadSinger", aliases: ["lead", "singer", "vocals", "lead vocals"] },
  { name: "Chart link", field: "chartUrl", aliases: ["chart", "lyrics", "link", "url"] },
  { name: "Notes", field: "notes", aliases: ["note", "comments"] },
  { name: "MusicBrainz id", field: "musicbrainzId", aliases: ["mbid", "musicbrainz recording id"] },
  { name: "ISRC", field: "isrc", aliases: [] },
] as const;

type Field = (typeof COLUMNS)[number]["field"];

export const CSV_MESSAGES = {
  tooLarge: `The file is too large to import (the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB). Split it into smaller files and try again.`,
  empty: "The file is empty. Choose a CSV file with a header row (Title, Artist, …) and one song per row.",
  noFile: "Choose a CSV file to import.",
  encoding: "The file is not UTF-8 text. In your spreadsheet, save it as “CSV UTF-8 (comma delimited)” and try again.",
  unreadable: (reason: string) => `The file is not a readable CSV: ${reason}`,
  rowTooLong: `A row of the file is longer than ${MAX_ROW_CHARACTERS.toLocaleString("en-US")} characters, far more than a song needs. Is it a CSV of songs, one song a line? A quote opened and never closed also makes the rest of the file one cell.`,
  noTitleColumn: `The file needs a Title column in its first row. The columns Bandroom reads are: ${COLUMNS.map((c) => c.name).join(", ")}.`,
  unknownColumns: (names: string[]) =>
    `${names.length === 1 ? "Unknown column" : "Unknown columns"}: ${names.map((n) => `“${n}”`).join(", ")}. The columns Bandroom reads are: ${COLUMNS.map((c) => c.name).join(", ")}.`,
  duplicateColumn: (name: string) => `The column “${name}” appears twice. Keep one and try again.`,
  tooManyRows: (rows: number) => `The file has ${rows.toLocaleString("en")} songs; import at most ${MAX_IMPORT_ROWS.toLocaleString("en")} at a time. Split it into smaller files.`,
  noRows: "The file has a header row but no songs.",
  leadSinger: (name: string) => `No member of the band is called “${name}”: imported without a lead singer`,
  inLibrary: "Already in the library: skipped",
  inFile: (line: number) => `Same title and artist as line ${line}: skipped`,
  extraCells: (columns: number) =>
    `This row has more cells than the ${columns} columns of the first row: a title or note with a comma (or a semicolon) needs quotes around it`,
};

/** The export: every song the viewer may see (a sub: those of their gigs), by title, with a header row. */
export async function exportSongsCsv(access: BandAccess) {
  const songs = await db.song.findMany({ where: visibleSongsWhere(access), orderBy: [{ titleKey: "asc" }, { id: "asc" }], select: songSelect });
  const rows = songs.map(toSong).map((song) => [
    song.title,
    song.artist ?? "",
    keyLabel(song.key),
    song.tempo ?? "",
    formatDuration(song.durationSeconds),
    song.timeSignature ?? "",
    song.tags.join(", "),
    song.leadSinger ?? "",
    song.chartUrl ?? "",
    song.notes ?? "",
    song.musicbrainzId ?? "",
    song.isrc ?? "",
  ]);
  return spreadsheetCsv([COLUMNS.map((column) => column.name), ...safeRows(rows)]);
}

export function exportFileName(bandName: string) {
  return `${fileSlug(bandName, "band")}-songs.csv`;
}

export type PreviewRow = {
  line: number;
  title: string;
  artist: string;
  key: string;
  tempo: string;
  duration: string;
  status: "ok" | "error" | "duplicate";
  messages: string[];
};

/**
 * A cell as the preview shows it: at most PREVIEW_CELL characters. A field is refused past
 * its own limit anyway (a title at 200), and a 9 MB cell came back whole in the page.
 */
const PREVIEW_CELL = 120;
const shown = (value: string) => {
  if (value.length <= PREVIEW_CELL) return value;
  // Whole characters (an emoji is two code units: cut between them it shows "�"). Each
  // character is at most two units, so the first 2 × PREVIEW_CELL units hold enough of them.
  const characters = Array.from(value.slice(0, 2 * PREVIEW_CELL));
  return characters.length > PREVIEW_CELL || value.length > 2 * PREVIEW_CELL ? `${characters.slice(0, PREVIEW_CELL - 1).join("")}…` : value;
};

/** `duplicates`: rows already in the library; `repeats`: rows repeating an earlier row of the file. Both are skipped. */
export type ImportPreview = { rows: PreviewRow[]; ready: number; errors: number; duplicates: number; repeats: number };

type Parsed = { preview: ImportPreview; songs: SongInput[] };

/** Bytes of an upload as text, or a RuleError saying why not (size, encoding). */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new RuleError(400, CSV_MESSAGES.tooLarge, "file");
  if (bytes.byteLength === 0) throw new RuleError(400, CSV_MESSAGES.empty, "file");
  // UTF-16 (what some spreadsheets call "Unicode text") starts with its byte order mark.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new RuleError(400, CSV_MESSAGES.encoding, "file");
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new RuleError(400, CSV_MESSAGES.encoding, "file");
  }
}

function columnFor(header: string) {
  const name = header.trim().toLowerCase();
  return COLUMNS.find((column) => column.name.toLowerCase() === name || (column.aliases as readonly string[]).includes(name));
}

const ruleCtx = () => {
  const issues: string[] = [];
  const ctx = { addIssue: (issue: { message?: string }) => issues.push(issue.message ?? "Invalid value"), value: undefined, issues: [] } as unknown as z.core.$RefinementCtx;
  return { ctx, issues };
};

/** Reads and checks a CSV against the band's library without writing anything. */
export async function parseSongsCsv(access: BandAccess, text: string): Promise<Parsed> {
  requireGrant(access, "content:edit");
  if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new RuleError(400, CSV_MESSAGES.tooLarge, "file");
  let records: string[][];
  const content = text.replace(/^\uFEFF/, "");
  // Excel in much of Europe saves "CSV" with semicolons between columns: a header line with
  // semicolons and no comma is read that way.
  const firstLine = content.slice(0, content.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  try {
    // A row longer than any song's (a file of one 9 MB line, a header of 200,000 columns)
    // is refused as soon as it passes the mark: csv-parse slows down on such a line, and the
    // whole server with it (12 s for 9.5 MB).
    records = parse(content, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, trim: false, max_record_size: MAX_ROW_CHARACTERS });
  } catch (error) {
    if ((error as { code?: unknown }).code === "CSV_MAX_RECORD_SIZE") throw new RuleError(400, CSV_MESSAGES.rowTooLong, "file");
    const reason = error instanceof Error ? error.message.replace(/^Invalid .*?: /, "") : "unknown error";
    throw new RuleError(400, CSV_MESSAGES.unreadable(reason.slice(0, 200)), "file");
  }
  if (!records.length) throw new RuleError(400, CSV_MESSAGES.empty, "file");
  const [header, ...body] = records as [string[], ...string[][]];
  const fields: Field[] = [];
  const unknown: string[] = [];
  for (const name of header) {
    const column = columnFor(name);
    if (!column) {
      if (name.trim()) unknown.push(name.trim().slice(0, 40));
      fields.push(undefined as unknown as Field);
      continue;
    }
    if (fields.includes(column.field)) throw new RuleError(400, CSV_MESSAGES.duplicateColumn(column.name), "file");
    fields.push(column.field);
  }
  if (unknown.length) throw new RuleError(400, CSV_MESSAGES.unknownColumns(unknown.slice(0, 5)), "file");
  if (!fields.includes("title")) throw new RuleError(400, CSV_MESSAGES.noTitleColumn, "file");
  if (body.length > MAX_IMPORT_ROWS) throw new RuleError(400, CSV_MESSAGES.tooManyRows(body.length), "file");
  if (!body.length) throw new RuleError(400, CSV_MESSAGES.noRows, "file");

  const bandId = access.band.id;
  const [members, existing] = await Promise.all([
    db.bandMembership.findMany({ where: { bandId }, select: { id: true, displayName: true, user: { select: { firstName: true, lastName: true, email: true } } } }),
    db.song.findMany({ where: { bandId }, select: { title: true, artist: true } }),
  ]);
  const memberByName = new Map(members.map((member) => [fold(displayName({ displayName: member.displayName, ...member.user })), member.id]));
  const inLibrary = new Set(existing.map((song) => songIdentity(song.title, song.artist)));
  const seen = new Map<string, number>();

  const rows: PreviewRow[] = [];
  const songs: SongInput[] = [];
  body.forEach((record, index) => {
    const line = index + 2;
    // Our export puts a ' before text a spreadsheet would run as a formula (= + - @): taken
    // off every cell again, so an export imports as it was. An apostrophe before anything
    // else ('Round Midnight) is the song's own.
    const cell = (field: Field) => {
      const at = fields.indexOf(field);
      return at >= 0 ? (record[at] ?? "").trim().replace(/^'(?=[=+\-@\t\r])/, "") : "";
    };
    const { ctx, issues } = ruleCtx();
    const song: SongInput = {
      title: rules.title(cell("title"), ctx) as string,
      artist: rules.artist(cell("artist"), ctx) as string | null,
      key: rules.key(cell("key"), ctx) as string | null,
      tempo: rules.tempo(cell("tempo"), ctx) as number | null,
      durationSeconds: rules.duration(cell("duration"), ctx) as number | null,
      timeSignature: rules.timeSignature(cell("timeSignature"), ctx) as string | null,
      tags: rules.tags(cell("tags"), ctx) as string[],
      notes: rules.notes(cell("notes"), ctx) as string | null,
      chartUrl: rules.chartUrl(cell("chartUrl"), ctx) as string | null,
      leadSingerId: null,
      musicbrainzId: rules.musicbrainzId(cell("musicbrainzId"), ctx) as string | null,
      isrc: rules.isrc(cell("isrc"), ctx) as string | null,
    };
    // A cell past the header's columns would be dropped without a word: a value was split in two.
    if (record.slice(fields.length).some((extra) => extra.trim())) issues.push(CSV_MESSAGES.extraCells(fields.length));
    // A lead singer the band has no member of (a library exported from another band) is
    // left out, and said so: the song still comes in, rather than the whole row staying out.
    const singer = cell("leadSinger");
    const id = singer ? memberByName.get(fold(singer)) : undefined;
    if (id) song.leadSingerId = id;
    const notes = singer && !id ? [CSV_MESSAGES.leadSinger(shown(singer))] : [];
    const row: PreviewRow = {
      line,
      title: shown(cell("title")),
      artist: shown(cell("artist")),
      key: song.key && !issues.length ? keyLabel(song.key) : shown(cell("key")),
      tempo: shown(cell("tempo")),
      duration: shown(cell("duration")),
      status: "ok",
      messages: issues.length ? issues : notes,
    };
    if (issues.length) {
      row.status = "error";
    } else {
      const identity = songIdentity(song.title, song.artist);
      if (inLibrary.has(identity)) {
        row.status = "duplicate";
        row.messages = [CSV_MESSAGES.inLibrary];
      } else if (seen.has(identity)) {
        row.status = "duplicate";
        row.messages = [CSV_MESSAGES.inFile(seen.get(identity)!)];
      } else {
        seen.set(identity, line);
        songs.push(song);
      }
    }
    rows.push(row);
  });
  const count = (status: PreviewRow["status"]) => rows.filter((row) => row.status === status).length;
  const inFile = rows.filter((row) => row.status === "duplicate" && row.messages[0] !== CSV_MESSAGES.inLibrary).length;
  return { preview: { rows, ready: songs.length, errors: count("error"), duplicates: count("duplicate") - inFile, repeats: inFile }, songs };
}

/**
 * Writes the good rows of a previewed file in one transaction (all or nothing). The
 * file is checked again here: what the user confirmed is what gets written.
 */
const NOTHING_NEW = "There are no new songs in this file to import.";

export async function importSongsCsv(access: BandAccess, text: string) {
  const { songs } = await parseSongsCsv(access, text);
  if (!songs.length) throw new RuleError(400, NOTHING_NEW, "file");
  const bandId = access.band.id;
  const imported = await db.$transaction(
    async (tx) => {
      // Read again inside the write lock: the same file imported at the same moment (a second
      // tab, another server process) has added its songs since the preview, and adds them once.
      const inLibrary = new Set((await tx.song.findMany({ where: { bandId }, select: { title: true, artist: true } })).map((song) => songIdentity(song.title, song.artist)));
      const fresh = songs.filter((song) => !inLibrary.has(songIdentity(song.title, song.artist)));
      if (!fresh.length) throw new RuleError(400, NOTHING_NEW, "file");
      const created = await tx.song.createManyAndReturn({
        data: fresh.map(({ tags: _tags, ...song }) => ({ ...song, bandId, titleKey: fold(song.title), artistKey: fold(song.artist), createdById: access.user.id })),
        select: { id: true, title: true, artist: true },
      });
      // Title and artist are one song each within the import (duplicates were skipped).
      const idOf = new Map(created.map((row) => [songIdentity(row.title, row.artist), row.id]));
      const tags = fresh.flatMap((song) => tagRows(bandId, song.tags).map((tag) => ({ ...tag, songId: idOf.get(songIdentity(song.title, song.artist))! })));
      if (tags.length) await tx.songTag.createMany({ data: tags });
      return fresh.length;
    },
    { timeout: 60_000 },
  );
  await track("add_song_to_library", { userId: access.user.id, bandId, props: { source: "csv", count: imported } });
  return { imported };
}
