import { EmptyState } from "~/components/empty-state";
import { Pager } from "~/components/pager";
import type { PageInfo } from "~/utils/pagination";
import { PageHeader } from "~/components/page-header";

export type SongLibraryData = {
  bandName: string;
  /** The viewer is a sub, who sees only the songs of gigs they are booked on. */
  bookedOnly: boolean;
  /** One page of the library; `page` says which and how many songs there are in all. */
  songs: { id: number; title: string; artist: string | null }[];
  page: PageInfo | null;
};

/** A band's song library, for /songs (the current band) and /bands/{id}/songs. */
export function SongLibrary({ bandName, bookedOnly, songs, page }: SongLibraryData) {
  const total = page?.total ?? songs.length;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Songs"
        description={`The song library of ${bandName}: every song the band plays, to build setlists from.`}
        aside={total ? <span className="text-sm text-slate-600">{total === 1 ? "1 song" : `${total} songs`}</span> : null}
      />
      {bookedOnly ? (
        <EmptyState icon="songs" title="No songs for you yet">
          <p>As a sub, you see the songs of the gigs you’re booked on. When {bandName} books you for a gig, its songs show here.</p>
        </EmptyState>
      ) : songs.length === 0 ? (
        <EmptyState icon="songs" title="The song library is empty">
          <p>This is where {bandName} keeps every song it plays, with title and artist, so setlists can be built from one shared list.</p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {songs.map((song) => (
            <li key={song.id} className="flex min-h-[44px] flex-col px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <span className="min-w-0 break-words font-semibold text-slate-900 sm:flex-1">{song.title}</span>
              <span className="min-w-0 break-words text-sm text-slate-600 sm:w-2/5 sm:text-right">
                {song.artist ?? <span className="text-slate-500">Artist not set</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {page ? <Pager {...page} shown={songs.length} label="Song pages" /> : null}
    </div>
  );
}
