import { track } from "~/features/analytics/analytics.server";
import { grantIn, requireGrant, type BandAccess } from "~/features/bands/access.server";
import { addDays, daysBetween, formatLocalDate, parseLocalDate, startOfLocalDay, toZoned } from "~/features/events/zoned-time";
import { formatDuration } from "~/features/songs/format";
import { db } from "~/utils/db.server";
import { fileSlug, safeRows, spreadsheetCsv } from "~/utils/spreadsheet.server";

/**
 * The performance report rights organisations ask bands to file (PRS, GEMA, ASCAP and
 * the like): for a date range, every song played at each gig, as CSV. A gig is a past,
 * not cancelled event of kind "gig" with a setlist; its songs are that setlist's, in
 * running order (breaks left out; a song since deleted from the library with the title,
 * artist and length it had).
 */

export const REPORT_MAX_DAYS = 5 * 366;

export const REPORT_MESSAGES = {
  from: "Enter the first day of the report, like 2026-01-01",
  to: "Enter the last day of the report, like 2026-12-31",
  order: "The last day must be on or after the first day",
  tooLong: "A report covers at most five years",
} as const;

export const REPORT_COLUMNS = ["Date", "Event", "Venue", "Venue address", "Set", "Position", "Title", "Artist", "ISRC", "MusicBrainz recording ID", "Duration"];

export type ReportRange = { from: string; to: string };
export type ReportCheck = { ok: true; range: ReportRange } | { ok: false; errors: Partial<Record<keyof ReportRange, string>>; values: Partial<ReportRange> };

/** May this member download the report? For showing the link. */
export function mayReport(access: BandAccess) {
  return grantIn(access, "setlists:report") !== null;
}

/** The range as typed ("YYYY-MM-DD" days in the band's time zone), checked. */
export function checkReportRange(input: { from?: string | null; to?: string | null }): ReportCheck {
  const values = { from: (input.from ?? "").trim().slice(0, 10), to: (input.to ?? "").trim().slice(0, 10) };
  const from = parseLocalDate(values.from);
  const to = parseLocalDate(values.to);
  const errors: Partial<Record<keyof ReportRange, string>> = {};
  if (!from) errors.from = REPORT_MESSAGES.from;
  if (!to) errors.to = REPORT_MESSAGES.to;
  if (from && to && daysBetween(from, to) < 0) errors.to = REPORT_MESSAGES.order;
  else if (from && to && daysBetween(from, to) > REPORT_MAX_DAYS) errors.to = REPORT_MESSAGES.tooLong;
  return Object.keys(errors).length ? { ok: false, errors, values } : { ok: true, range: values };
}

/** What the report page starts with: this year so far, in the band's time zone. */
export async function defaultReportRange(access: BandAccess, now = new Date()): Promise<ReportRange> {
  const today = toZoned(now, access.band.timeZone);
  return { from: formatLocalDate({ year: today.year, month: 1, day: 1 }), to: formatLocalDate(today) };
}

/** The report as CSV rows (header first) for gigs from the first day to the end of the last, in the band's time zone. */
export async function performanceReport(access: BandAccess, range: ReportRange, now = new Date()) {
  requireGrant(access, "setlists:report");
  const tz = access.band.timeZone;
  const start = startOfLocalDay(parseLocalDate(range.from)!, tz);
  const end = startOfLocalDay(addDays(parseLocalDate(range.to)!, 1), tz);
  const gigs = await db.event.findMany({
    where: { bandId: access.band.id, kind: "gig", cancelledAt: null, setlistId: { not: null }, startsAt: { gte: start, lt: end < now ? end : now } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    select: {
      title: true,
      startsAt: true,
      venueName: true,
      venueAddress: true,
      setlist: {
        select: {
          sets: {
            orderBy: { position: "asc" },
            select: {
              name: true,
              items: {
                // A song deleted from the library since was still played: listed with what it was.
                where: { isBreak: false, OR: [{ songId: { not: null } }, { removedTitle: { not: null } }] },
                orderBy: { position: "asc" },
                select: { removedTitle: true, removedArtist: true, removedSeconds: true, song: { select: { title: true, artist: true, isrc: true, musicbrainzId: true, durationSeconds: true } } },
              },
            },
          },
        },
      },
    },
  });
  const rows: (string | number)[][] = [];
  for (const gig of gigs) {
    const date = formatLocalDate(toZoned(gig.startsAt, tz));
    let position = 0;
    for (const set of gig.setlist?.sets ?? []) {
      for (const item of set.items) {
        const song = item.song ?? (item.removedTitle !== null ? { title: item.removedTitle, artist: item.removedArtist, isrc: null, musicbrainzId: null, durationSeconds: item.removedSeconds } : null);
        if (!song) continue;
        rows.push([date, gig.title, gig.venueName ?? "", gig.venueAddress ?? "", set.name, ++position, song.title, song.artist ?? "", song.isrc ?? "", song.musicbrainzId ?? "", formatDuration(song.durationSeconds)]);
      }
    }
  }
  return { gigCount: gigs.length, rows };
}

/** The report as a CSV a spreadsheet opens (UTF-8 with a byte order mark, CRLF), and its file name. Tracked as a setlist export. */
export async function performanceReportCsv(access: BandAccess, range: ReportRange, now = new Date()) {
  const { rows } = await performanceReport(access, range, now);
  await track("export_setlist", { userId: access.user.id, bandId: access.band.id, props: { format: "performance-report" } });
  return { csv: spreadsheetCsv([REPORT_COLUMNS, ...safeRows(rows)]), fileName: `${fileSlug(access.band.name, "band")}-performance-report-${range.from}-to-${range.to}.csv` };
}
