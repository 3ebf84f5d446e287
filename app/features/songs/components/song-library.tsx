import { Form, Link, useSearchParams } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { buttonClasses, PageHeader } from "~/components/kit";
import { formatDuration } from "../format";
import { KEY_OPTIONS, keyLabel } from "../keys";
import type { SongFacts, SongSort } from "../song-types";

type SongRow = { id: number } & SongFacts & { leadSinger: string | null; timesPlayed?: number; lastPlayed?: string | null };
type Played = { id: number; title: string; artist: string | null; timesPlayed: number; lastPlayed: string | null };

export type SongLibraryData = {
  band: { id: number; name: string };
  abilities: { bookedOnly: boolean; edit: boolean };
  query: { q: string; tag: string; key: string; sort: string; dir: "asc" | "desc" };
  bookedOnly: boolean;
  songs: SongRow[];
  total: number;
  libraryHasSongs: boolean;
  page: number;
  pageCount: number;
  tags: string[];
  /** From the setlists of past gigs; null before the band has played any. */
  insights?: { mostPlayed: Played[]; notPlayedForAWhile: Played[] } | null;
};

/** One list of the insights: each song with how often, or when last, it was played. */
function PlayedList({ title, songs, fact }: { title: string; songs: Played[]; fact: (song: Played) => string }) {
  return (
    <div>
      <h3 className="font-medium text-slate-800">{title}</h3>
      {songs.length ? (
        <ol className="mt-1 list-decimal pl-5 text-slate-700">
          {songs.map((song) => (
            <li key={song.id}>
              {song.title}
              {song.artist ? ` — ${song.artist}` : ""} <span className="text-slate-500">· {fact(song)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-slate-600">None</p>
      )}
    </div>
  );
}

const COLUMNS = [
  { sort: "title", label: "Title" },
  { sort: "artist", label: "Artist" },
  { sort: "key", label: "Key" },
  { sort: "tempo", label: "Tempo" },
  { sort: "duration", label: "Length" },
  { sort: "timeSignature", label: "Time" },
  { sort: "leadSinger", label: "Lead" },
] as const satisfies readonly { sort: SongSort; label: string }[];

const LINK = "font-medium text-brand-700 underline-offset-4 hover:underline";
const CONTROL = "mt-1 block min-h-[44px] w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";

/** A filter of the library search: a labelled select whose first choice, "Any …", leaves it off. */
function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  const id = `song-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={CONTROL}>
        <option value="">{`Any ${label.toLowerCase()}`}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A band's song library, for /songs (the current band) and /bands/{id}/songs. */
export function SongLibrary({ data, basePath }: { data: SongLibraryData; basePath: string }) {
  const { band, query, songs, total, page, pageCount } = data;
  const added = Number(useSearchParams()[0].get("added")) || null;
  const href = (changes: Record<string, string | number>) => {
    const params = new URLSearchParams();
    const merged: Record<string, string | number> = { q: query.q, tag: query.tag, key: query.key, sort: query.sort, dir: query.dir, page, ...changes };
    for (const [name, value] of Object.entries(merged)) {
      if (value === "" || (name === "page" && value === 1) || (name === "sort" && value === "title") || (name === "dir" && value === "asc")) continue;
      params.set(name, String(value));
    }
    const search = params.toString();
    return search ? `${basePath}?${search}` : basePath;
  };
  const bandParam = `band=${band.id}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Songs"
        description={`The song library of ${band.name}: every song the band plays, to build setlists from.`}
        aside={total ? <span className="text-sm text-slate-600">{total === 1 ? "1 song" : `${total.toLocaleString("en")} songs`}</span> : null}
      />
      {data.bookedOnly && !data.libraryHasSongs ? (
        <EmptyState icon="songs" title="No songs for you yet">
          <p>As a sub, you see the songs of the gigs you’re booked on. When {band.name} books you for a gig, its songs show here.</p>
        </EmptyState>
      ) : (
        <>
          {data.bookedOnly ? <p className="text-sm text-slate-600">As a sub, you see the songs of the setlists of the gigs you’re booked on.</p> : null}
          <div className="flex flex-wrap gap-2">
            {data.abilities.edit ? (
              <>
                <Link to={`/songs/new?${bandParam}`} className={buttonClasses("primary")}>
                  Add a song
                </Link>
                <Link to={`/songs/import?${bandParam}`} className={buttonClasses("secondary")}>
                  Import CSV
                </Link>
              </>
            ) : null}
            {data.libraryHasSongs ? (
              <a href={`/songs/export.csv?${bandParam}`} className={buttonClasses("secondary")} download>
                Export CSV
              </a>
            ) : null}
          </div>
          {data.libraryHasSongs ? (
            <Form method="get" action={basePath} role="search" aria-label="Search the song library" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
              <div>
                <label htmlFor="song-search" className="block text-sm font-medium text-slate-800">
                  Title or artist
                </label>
                <input id="song-search" type="search" name="q" defaultValue={query.q} className={CONTROL} />
              </div>
              <FilterSelect name="tag" label="Tag" value={query.tag} options={data.tags.map((tag) => ({ value: tag.toLowerCase(), label: tag }))} />
              <FilterSelect name="key" label="Key" value={query.key} options={KEY_OPTIONS.map((option) => ({ value: option.code, label: option.label }))} />
              <input type="hidden" name="sort" value={query.sort} />
              <input type="hidden" name="dir" value={query.dir} />
              <button type="submit" className={buttonClasses("secondary")}>
                Search
              </button>
            </Form>
          ) : null}
          {data.insights ? (
            <section aria-labelledby="played-heading" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-2">
              <h2 id="played-heading" className="font-semibold text-slate-900 sm:col-span-2">
                What {band.name} plays at gigs
              </h2>
              <PlayedList title="Most played" songs={data.insights.mostPlayed} fact={(song) => `${song.timesPlayed}×`} />
              <PlayedList title="Not played for six months" songs={data.insights.notPlayedForAWhile} fact={(song) => `last ${song.lastPlayed}`} />
            </section>
          ) : null}
          {!data.libraryHasSongs ? (
            <EmptyState icon="songs" title="The song library is empty">
              <p>This is where {band.name} keeps every song it plays, with key, tempo and length, so setlists can be built from one shared list.</p>
            </EmptyState>
          ) : songs.length === 0 ? (
            <p role="status" className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
              No songs match. <Link to={basePath} className={LINK}>Show all songs</Link>
            </p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" role="region" aria-label="Songs" tabIndex={0}>
              <table className="min-w-full divide-y divide-slate-100 text-sm">
                <caption className="sr-only">
                  Songs of {band.name}, sorted by {COLUMNS.find((column) => column.sort === query.sort)?.label.toLowerCase() ?? "title"}
                  {query.dir === "desc" ? ", descending" : ""}
                </caption>
                <thead className="bg-slate-50 text-left">
                  <tr>
                    {COLUMNS.map((column) => {
                      const active = query.sort === column.sort;
                      const next = active && query.dir === "asc" ? "desc" : "asc";
                      return (
                        <th key={column.sort} scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined} className="px-3 py-2 font-semibold text-slate-700">
                          <Link to={href({ sort: column.sort, dir: next, page: 1 })} className="inline-flex min-h-[44px] items-center gap-1 hover:underline">
                            {column.label}
                            {active ? <span aria-hidden="true">{query.dir === "asc" ? "▲" : "▼"}</span> : null}
                          </Link>
                        </th>
                      );
                    })}
                    <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
                      Tags
                    </th>
                    {/* A sub sees only their own gigs: no play history, rather than "Never" for songs the band plays every week. */}
                    {data.abilities.bookedOnly ? null : (
                      <>
                        <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
                          Played
                        </th>
                        <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
                          Last played
                        </th>
                      </>
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {songs.map((song) => (
                    // The row a link may point at (#song-12), marked: "Song added" lands here with ?added=12
                    // (with JavaScript the browser does not update :target on a client navigation).
                    <tr key={song.id} id={`song-${song.id}`} aria-current={song.id === added ? "true" : undefined} className="scroll-mt-24 target:bg-amber-50 aria-[current]:bg-amber-50">
                      <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                        {data.abilities.edit ? (
                          <Link to={`/songs/${song.id}/edit`} className="-my-2 inline-block py-2 hover:underline">
                            {song.title}
                          </Link>
                        ) : (
                          song.title
                        )}
                      </th>
                      <td className="px-3 py-2 text-slate-700">{song.artist ?? <span className="text-slate-500">—</span>}</td>
                      <td className="whitespace-nowrap px-3 py-2">{keyLabel(song.key)}</td>
                      <td className="whitespace-nowrap px-3 py-2">{song.tempo ? `${song.tempo} BPM` : ""}</td>
                      <td className="whitespace-nowrap px-3 py-2">{formatDuration(song.durationSeconds)}</td>
                      <td className="whitespace-nowrap px-3 py-2">{song.timeSignature ?? ""}</td>
                      <td className="px-3 py-2">{song.leadSinger ?? ""}</td>
                      <td className="px-3 py-2 text-slate-600">{song.tags.join(", ")}</td>
                      {data.abilities.bookedOnly ? null : (
                        <>
                          <td className="whitespace-nowrap px-3 py-2">{song.timesPlayed ? `${song.timesPlayed}×` : "Never"}</td>
                          <td className="whitespace-nowrap px-3 py-2">{song.lastPlayed ?? ""}</td>
                        </>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pageCount > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
              {page > 1 ? (
                <Link to={href({ page: page - 1 })} className={buttonClasses("secondary")} rel="prev">
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span>
                Page {page} of {pageCount}
              </span>
              {page < pageCount ? (
                <Link to={href({ page: page + 1 })} className={buttonClasses("secondary")} rel="next">
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
