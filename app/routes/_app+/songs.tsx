import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { listSongs } from "~/features/songs/songs.server";
import { SongLibrary, type SongLibraryData } from "~/features/songs/components/song-library";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs): Promise<SongLibraryData> {
  const { band, grant } = await requireBandAccess(request, { band: "current", permission: "content:view" });
  // Subs see only the songs of gigs they are booked on, and nobody is booked yet.
  if (grant === "booked") return { bandName: band.name, bookedOnly: true, songs: [] };
  return { bandName: band.name, bookedOnly: false, songs: await listSongs(band.id) };
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
