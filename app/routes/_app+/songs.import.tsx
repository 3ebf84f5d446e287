import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireBandAccess, requireFormBandAccess } from "~/features/bands/access.server";
import { CSV_MESSAGES, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, decodeCsv, importSongsCsv, parseSongsCsv, type ImportPreview } from "~/features/songs/csv.server";
import { Button, buttonClasses, PageHeader } from "~/components/kit";
import { pageTitle } from "~/utils/meta";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast } from "~/utils/toast.server";
import { RouteErrorBoundary } from "~/components/error-screens";

/**
 * /songs/import?band={id}: upload a CSV, see every row with its errors, then confirm.
 * Nothing is written before the confirm, which sends the same file back (the network
 * edge lets this one page take uploads up to 10 MB).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const access = await requireBandAccess(request, { band: url.searchParams.get("band") || "current", permission: "content:edit" });
  return { band: { id: access.band.id, name: access.band.name }, maxRows: MAX_IMPORT_ROWS, maxMegabytes: MAX_IMPORT_BYTES / 1024 / 1024 };
}

type Reply = { error: string | null; preview: ImportPreview | null; csv: string | null };

const reply = (body: Reply, status = 200) => data(body, { status });

async function readForm(request: Request) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + 64 * 1024) throw new RuleError(400, CSV_MESSAGES.tooLarge, "file");
  try {
    return await request.formData();
  } catch {
    throw new RuleError(400, "The upload could not be read. Choose the file again and send it once more.", "file");
  }
}

export async function action({ request }: ActionFunctionArgs) {
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (error instanceof RuleError) return reply({ error: error.message, preview: null, csv: null }, 400);
    throw error;
  }
  const access = await requireFormBandAccess(request, formData, "content:edit");
  try {
    if (formData.get("intent") === "confirm") {
      const csv = formData.get("csv");
      if (typeof csv !== "string" || !csv) return reply({ error: CSV_MESSAGES.noFile, preview: null, csv: null }, 400);
      const { imported } = await importSongsCsv(access, csv);
      return redirectWithToast(`/bands/${access.band.id}/songs`, {
        title: imported === 1 ? "1 song imported" : `${imported.toLocaleString("en")} songs imported`,
        description: `They are in the library of ${access.band.name}.`,
      });
    }
    const file = formData.get("file");
    if (!file || typeof file === "string" || file.size === 0) {
      return reply({ error: file && typeof file !== "string" ? CSV_MESSAGES.empty : CSV_MESSAGES.noFile, preview: null, csv: null }, 400);
    }
    if (file.size > MAX_IMPORT_BYTES) return reply({ error: CSV_MESSAGES.tooLarge, preview: null, csv: null }, 400);
    const csv = decodeCsv(new Uint8Array(await file.arrayBuffer()));
    const { preview } = await parseSongsCsv(access, csv);
    // The file goes back in the page only for the import to send it again: a file with no
    // song ready to import (one 9 MB cell) is not sent back at all.
    return reply({ error: null, preview, csv: preview.ready ? csv : null });
  } catch (error) {
    if (error instanceof RuleError && error.status === 400) return reply({ error: error.message, preview: null, csv: null }, 400);
    throw error;
  }
}

const STATUS_TEXT = { ok: "Ready", error: "Error", duplicate: "Skipped" } as const;

export default function ImportSongs() {
  const { band, maxRows, maxMegabytes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const preview = result?.preview;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="Import songs" description={`Add songs to the library of ${band.name} from a CSV file.`} back={{ to: `/bands/${band.id}/songs`, label: "Songs" }} />
      {result?.error ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {result.error}
        </div>
      ) : null}
      {preview ? (
        <section aria-labelledby="preview-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
            Check before importing
          </h2>
          <p role="status" className="text-slate-700">
            {preview.ready === 1 ? "1 song is" : `${preview.ready.toLocaleString("en")} songs are`} ready to import.
            {preview.errors ? ` ${preview.errors === 1 ? "1 row has" : `${preview.errors} rows have`} errors and will be skipped.` : ""}
            {preview.duplicates ? ` ${preview.duplicates === 1 ? "1 row is" : `${preview.duplicates} rows are`} already in the library and will be skipped.` : ""}
            {preview.repeats ? ` ${preview.repeats === 1 ? "1 row repeats" : `${preview.repeats} rows repeat`} an earlier row of the file and will be skipped.` : ""} Nothing is saved until you import.
          </p>
          <div className="flex flex-wrap gap-3">
            {/* Multipart, like the upload: URL-encoded, a file of accented or other non-ASCII
                text grows up to threefold (♯ is %E2%99%AF) and a file that previewed well
                came back too large to import. */}
            {preview.ready && result?.csv ? (
              <Form method="post" action="/songs/import" encType="multipart/form-data" reloadDocument>
                <input type="hidden" name="bandId" value={band.id} />
                <input type="hidden" name="intent" value="confirm" />
                <input type="hidden" name="csv" value={result.csv} />
                <Button type="submit">Import {preview.ready === 1 ? "1 song" : `${preview.ready.toLocaleString("en")} songs`}</Button>
              </Form>
            ) : null}
            <Link to={`/songs/import?band=${band.id}`} reloadDocument className={buttonClasses("secondary")}>
              Choose another file
            </Link>
          </div>
          <div className="max-h-[32rem] overflow-auto rounded-md border border-slate-200">
            <table className="min-w-full divide-y divide-slate-100 text-sm">
              <caption className="sr-only">Every row of the file and whether it will be imported</caption>
              <thead className="sticky top-0 bg-slate-50 text-left">
                <tr>
                  {["Line", "Title", "Artist", "Key", "Tempo", "Length", "Status"].map((name) => (
                    <th key={name} scope="col" className="px-3 py-2 font-semibold text-slate-700">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.rows.map((row) => (
                  <tr key={row.line} className={row.status === "error" ? "bg-red-50" : row.status === "duplicate" ? "bg-amber-50" : undefined}>
                    <td className="px-3 py-2">{row.line}</td>
                    <td className="px-3 py-2 font-medium">{row.title}</td>
                    <td className="px-3 py-2">{row.artist}</td>
                    <td className="px-3 py-2">{row.key}</td>
                    <td className="px-3 py-2">{row.tempo}</td>
                    <td className="px-3 py-2">{row.duration}</td>
                    <td className="px-3 py-2">
                      <span className="font-semibold">{STATUS_TEXT[row.status]}</span>
                      {row.messages.length ? (
                        <ul className={`mt-0.5 list-disc pl-4 ${row.status === "ok" ? "text-slate-700" : "text-red-800"}`}>
                          {row.messages.map((message) => (
                            <li key={message}>{message}</li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : (
        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-slate-700">
            A CSV file with a header row. Bandroom reads the columns Title (required), Artist, Key, Tempo, Duration (m:ss), Time signature, Tags, Lead singer, Chart link, Notes, MusicBrainz id and ISRC —
            the same columns the export writes. At most {maxRows.toLocaleString("en")} songs and {maxMegabytes} MB per file, saved as UTF-8.
          </p>
          <Form method="post" action="/songs/import" encType="multipart/form-data" reloadDocument className="space-y-4">
            <input type="hidden" name="bandId" value={band.id} />
            <div>
              <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
                CSV file
              </label>
              <input id="import-file" type="file" name="file" accept=".csv,text/csv" required className="mt-1 block min-h-[44px] w-full text-base" />
            </div>
            <Button type="submit">Preview</Button>
          </Form>
        </section>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Import songs", error);

export const ErrorBoundary = RouteErrorBoundary;
