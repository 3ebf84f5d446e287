import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireBandAccess } from "~/features/bands/access.server";
import { parseListQuery } from "~/features/songs/schema.server";
import { songLibraryPage } from "~/features/songs/songs.server";
import { SongLibrary } from "~/features/songs/components/song-library";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "content:view" });
  return songLibraryPage(access, parseListQuery(new URL(request.url).searchParams));
}

export default function Songs() {
  return <SongLibrary data={useLoaderData<typeof loader>()} basePath="/songs" />;
}

export const meta: MetaFunction = ({ error }) => pageTitle("Songs", error);

export const ErrorBoundary = RouteErrorBoundary;
