import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireCurrentBand } from "~/features/bands/current-band.server";
import { listSongsPage } from "~/features/songs/songs.server";
import { parsePage } from "~/utils/pagination";
import { SongLibrary, type SongLibraryData } from "~/features/songs/components/song-library";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs): Promise<SongLibraryData> {
  const { band, grant } = await requireCurrentBand(request, "content:view");
  // Subs see only the songs of gigs they are booked on, and nobody is booked yet.
  if (grant === "booked") return { bandName: band.name, bookedOnly: true, songs: [], page: null };
  return { bandName: band.name, bookedOnly: false, ...(await listSongsPage(band.id, parsePage(new URL(request.url).searchParams.get("page")))) };
}

export default function Songs() {
  return <SongLibrary {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction = ({ error }) => pageTitle("Songs", error);

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
