import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { listSongs } from "~/features/songs/songs.server";
import { SongLibrary, type SongLibraryData } from "~/features/songs/components/song-library";
import { ErrorScreen, NotFound } from "~/components/error-screens";
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs): Promise<SongLibraryData> {
  const access = await requireBandAccess(request, { band: "current", permission: "content:view" });
  return { bandName: access.band.name, ...(await listSongs(access)) };
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
