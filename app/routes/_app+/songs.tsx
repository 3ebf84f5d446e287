import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { listSongsPage } from "~/features/songs/songs.server";
import { parsePage } from "~/utils/pagination";
import { SongLibrary, type SongLibraryData } from "~/features/songs/components/song-library";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs): Promise<SongLibraryData> {
  const access = await requireBandAccess(request, { band: "current", permission: "content:view" });
  return { bandName: access.band.name, ...(await listSongsPage(access, parsePage(new URL(request.url).searchParams.get("page")))) };
}

export default function Songs() {
  return <SongLibrary {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction = ({ error }) => pageTitle("Songs", error);

export const ErrorBoundary = RouteErrorBoundary;
