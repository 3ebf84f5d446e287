import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { listSongsPage } from "~/features/songs/songs.server";
import { parsePage } from "~/utils/pagination";
import { SongLibrary, type SongLibraryData } from "~/features/songs/components/song-library";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request, params }: LoaderFunctionArgs): Promise<SongLibraryData> {
  // Any of the user's bands, not only the current one; another band's id is a 404.
  const access = await requireBandAccess(request, { band: params.bandId, permission: "content:view" });
  return { bandName: access.band.name, ...(await listSongsPage(access, parsePage(new URL(request.url).searchParams.get("page")))) };
}

export default function BandSongs() {
  return <SongLibrary {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data ? `Songs · ${data.bandName}` : "Songs", error);

export const ErrorBoundary = RouteErrorBoundary;
