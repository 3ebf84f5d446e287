import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { BandAccess } from "~/features/bands/access.server";
import { statementForPdf, type Download, type ReportsQuery } from "./reports.server";
import { pdfFonts, printable } from "~/utils/pdf-fonts.server";

/**
 * A member's yearly statement as a PDF (server only: @react-pdf/renderer never reaches
 * the browser), for their tax return: what they earned from the band, the expenses owed
 * back to them kept apart, and what they were paid. In DejaVu Sans (any Latin, Greek or Cyrillic name).
 */
type Statement = Awaited<ReturnType<typeof statementForPdf>>;

const fonts = pdfFonts();

const styles = StyleSheet.create({
  page: { padding: 40, ...fonts.regular, fontSize: 10, color: "#000" },
  title: { fontSize: 18, ...fonts.bold, marginBottom: 4 },
  subtitle: { fontSize: 11, marginBottom: 16 },
  heading: { fontSize: 12, ...fonts.bold, marginTop: 14, marginBottom: 6, borderBottomWidth: 1, borderBottomColor: "#000", paddingBottom: 3 },
  row: { flexDirection: "row", paddingVertical: 2 },
  strong: { ...fonts.bold },
  date: { width: 70 },
  section: { width: 120 },
  description: { flex: 1, paddingRight: 8 },
  amount: { width: 80, textAlign: "right" },
  label: { flex: 1 },
  note: { marginTop: 16, fontSize: 8, color: "#333" },
});

function StatementDocument({ statement }: { statement: Statement }) {
  const title = printable(`Statement ${statement.year}: ${statement.name}`);
  return (
    <Document title={`${title} — ${printable(statement.bandName)}`} author="Bandroom">
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{title}</Text>
        <Text style={styles.subtitle}>
          {printable(statement.bandName)} · Jan 1 to Dec 31, {statement.year} · amounts in {statement.currency}
        </Text>

        <Text style={styles.heading}>Summary</Text>
        {statement.summary.map((line) => (
          <View key={line.key} style={styles.row} wrap={false}>
            <Text style={[styles.label, line.key === "earned" || line.key === "closing" ? styles.strong : {}]}>{line.label}</Text>
            <Text style={[styles.amount, line.key === "earned" || line.key === "closing" ? styles.strong : {}]}>{line.amount}</Text>
          </View>
        ))}

        <Text style={styles.heading}>Entries</Text>
        {statement.rows.length === 0 ? (
          <Text>Nothing recorded for {printable(statement.name)} in {statement.year}.</Text>
        ) : (
          <>
            <View style={[styles.row, styles.strong]} fixed>
              <Text style={styles.date}>Date</Text>
              <Text style={styles.section}>Kind</Text>
              <Text style={styles.description}>Description</Text>
              <Text style={styles.amount}>Amount</Text>
            </View>
            {statement.rows.map((row, index) => (
              <View key={index} style={styles.row} wrap={false}>
                <Text style={styles.date}>{row.day}</Text>
                <Text style={styles.section}>{row.section}</Text>
                <Text style={styles.description}>{printable(row.gig ? `${row.description} (${row.gig})` : row.description)}</Text>
                <Text style={styles.amount}>{row.amount}</Text>
              </View>
            ))}
          </>
        )}
        <Text style={styles.note}>
          Earned: shares of gig fees and fixed fees the band gave you. Expenses you paid out of pocket are owed back to you and are not earnings. A
          corrected entry and its correction are shown as one line, net.
        </Text>
      </Page>
    </Document>
  );
}

/** The yearly statement of `query.member` (else the member's own) as a PDF file. */
export async function statementPdf(access: BandAccess, query: ReportsQuery): Promise<Download> {
  const statement = await statementForPdf(access, query);
  const pdf = await renderToBuffer(<StatementDocument statement={statement} />);
  return { fileName: statement.fileName, contentType: "application/pdf", body: new Uint8Array(pdf) };
}
