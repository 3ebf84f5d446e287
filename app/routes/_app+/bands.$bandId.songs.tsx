import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireBandPermission } from "~/features/members/permissions.server";
import { listSongsPage } from "~/features/songs/songs.server";
import { parsePage } from "~/utils/pagination";
import { SongLibrary, type SongLibraryData } from "~/features/songs/components/song-library";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { pageTitle } from "~/utils/meta";

export async function loader({ request, params }: LoaderFunctionArgs): Promise<SongLibraryData> {
  // Any of the user's bands, not only the current one; another band's id is a 404.
  const { band, grant } = await requireBandPermission(request, params.bandId, "content:view");
  if (grant === "booked") return { bandName: band.name, bookedOnly: true, songs: [], page: null };
  return { bandName: band.name, bookedOnly: false, ...(await listSongsPage(band.id, parsePage(new URL(request.url).searchParams.get("page")))) };
}

export default function BandSongs() {
  return <SongLibrary {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data ? `Songs · ${data.bandName}` : "Songs", error);

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
