import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { listSongs } from "~/features/songs/songs.server";
import { SongLibrary, type SongLibraryData } from "~/features/songs/components/song-library";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { pageTitle } from "~/utils/meta";

export async function loader({ request, params }: LoaderFunctionArgs): Promise<SongLibraryData> {
  // Any of the user's bands, not only the current one; another band's id is a 404.
  const access = await requireBandAccess(request, { band: params.bandId, permission: "content:view" });
  return { bandName: access.band.name, ...(await listSongs(access)) };
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
