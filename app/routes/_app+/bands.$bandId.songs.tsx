import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { parseListQuery } from "~/features/songs/schema.server";
import { songLibraryPage } from "~/features/songs/songs.server";
import { SongLibrary } from "~/features/songs/components/song-library";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Any of the user's bands, not only the current one; another band's id is a 404.
  const access = await requireBandAccess(request, { band: params.bandId, permission: "content:view" });
  return songLibraryPage(access, parseListQuery(new URL(request.url).searchParams));
}

export default function BandSongs() {
  const { bandId } = useParams();
  return <SongLibrary data={useLoaderData<typeof loader>()} basePath={`/bands/${bandId}/songs`} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data ? `Songs · ${data.band.name}` : "Songs", error);

export const ErrorBoundary = RouteErrorBoundary;
