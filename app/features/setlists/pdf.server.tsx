import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { track } from "~/features/analytics/analytics.server";
import type { BandAccess } from "~/features/bands/access.server";
import { formatDuration, formatSetLength } from "~/features/songs/format";
import { fileSlug } from "~/utils/spreadsheet.server";
import { getSetlist, type SetlistView } from "./setlists.server";
import { pdfFonts, printable as p } from "~/utils/pdf-fonts.server";

/**
 * The setlist as a PDF for the stage (server only: @react-pdf/renderer never reaches the
 * browser). Large type readable from two metres: one page per set, or the whole show on
 * one page in smaller type; keys (as musicians write them: Eb, F#m) and notes optional.
 * In DejaVu Sans, which ships with the app (any Latin, Greek or Cyrillic title).
 */
export type PdfOptions = { layout: "sets" | "one"; keys: boolean; notes: boolean };

const fonts = pdfFonts();

const styles = StyleSheet.create({
  page: { padding: 36, ...fonts.regular, color: "#000" },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "baseline", borderBottomWidth: 2, borderBottomColor: "#000", paddingBottom: 6, marginBottom: 12 },
  meta: { fontSize: 12 },
  // A long title wraps under itself, its number beside the first line.
  row: { flexDirection: "row", alignItems: "flex-start", marginBottom: 4 },
  number: { textAlign: "right" },
  title: { flex: 1, ...fonts.bold },
  key: { width: 70, textAlign: "right", marginLeft: 8 },
  note: { ...fonts.italic, marginBottom: 4 },
  breakRow: { marginVertical: 6, ...fonts.italic },
});

/** A PDF's file name from the setlist's name: letters and digits, dashes between. */
export function pdfFileName(name: string) {
  return `${fileSlug(name, "setlist")}.pdf`;
}

function SetBlock({ set, options, size }: { set: SetlistView["sets"][number]; options: PdfOptions; size: number }) {
  let number = 0;
  // Room for "99." at this size (about 0.65 of the size a figure), so two-digit numbers never wrap.
  const numberWidth = size * 2;
  const gap = size * 0.4;
  return (
    <View>
      <View style={styles.header}>
        {/* The name takes the room the totals leave (flex basis 0), so a long one wraps there instead of running under them and off the page. */}
        <Text style={{ fontSize: size * 1.1, ...fonts.bold, flex: 1, marginRight: 8 }}>{p(set.name)}</Text>
        <Text style={[styles.meta, { flexShrink: 0 }]}>
          {set.songCount === 1 ? "1 song" : `${set.songCount} songs`} · {formatSetLength(set.seconds, set.unknownSongs)}
        </Text>
      </View>
      {set.items.map((item) => {
        const note = options.notes && item.note ? <Text style={[styles.note, { fontSize: size * 0.6, marginLeft: numberWidth + gap }]}>{p(item.note)}</Text> : null;
        if (item.isBreak) {
          return (
            <View key={item.id} wrap={false}>
              <Text style={[styles.breakRow, { fontSize: size * 0.7 }]}>— Break {item.breakSeconds ? formatDuration(item.breakSeconds) : ""} —</Text>
              {note}
            </View>
          );
        }
        return (
          <View key={item.id} wrap={false}>
            <View style={[styles.row, { fontSize: size }]}>
              <Text style={[styles.number, { width: numberWidth, marginRight: gap }]}>{++number}.</Text>
              <Text style={styles.title}>{p(item.song?.title ?? "(song removed)")}</Text>
              {options.keys && item.song?.key ? <Text style={styles.key}>{item.song.key}</Text> : null}
            </View>
            {note}
          </View>
        );
      })}
    </View>
  );
}

function SetlistDocument({ setlist, options }: { setlist: SetlistView; options: PdfOptions }) {
  const title = p(`${setlist.name} — ${setlist.band.name}`);
  if (options.layout === "one") {
    // Each line takes about 1.5 times its type size; the page holds about 740 points of them.
    const lines = setlist.sets.reduce((sum, set) => sum + set.items.length + (options.notes ? set.items.filter((item) => item.note).length * 0.7 : 0) + 3, 1);
    const size = Math.max(9, Math.min(22, Math.floor(740 / (lines * 1.5))));
    return (
      <Document title={title} author="Bandroom">
        <Page size="A4" style={styles.page}>
          <Text style={{ fontSize: 14, marginBottom: 10 }}>{title}</Text>
          {setlist.sets.map((set) => (
            <View key={set.id} style={{ marginBottom: 12 }}>
              <SetBlock set={set} options={options} size={size} />
            </View>
          ))}
        </Page>
      </Document>
    );
  }
  return (
    <Document title={title} author="Bandroom">
      {setlist.sets.map((set) => (
        <Page key={set.id} size="A4" style={styles.page}>
          {/* On every page of the set: a set too long for one page says whose songs its next page holds. */}
          <Text
            fixed
            style={{ fontSize: 12, marginBottom: 8 }}
            render={({ subPageNumber, subPageTotalPages }) => (subPageNumber > 1 ? `${title} · ${p(set.name)}, continued (page ${subPageNumber} of ${subPageTotalPages})` : title)}
          />
          <SetBlock set={set} options={options} size={set.items.length > 16 ? 22 : 28} />
        </Page>
      ))}
    </Document>
  );
}

/** The PDF of a setlist this member may see, or null. Tracked as an export. */
export async function setlistPdf(access: BandAccess, setlistId: number, options: PdfOptions) {
  const setlist = await getSetlist(access, setlistId);
  if (!setlist) return null;
  const pdf = await renderToBuffer(<SetlistDocument setlist={setlist} options={options} />);
  await track("export_setlist", { userId: access.user.id, bandId: access.band.id, props: { format: "pdf", layout: options.layout } });
  return { fileName: pdfFileName(setlist.name), pdf };
}
