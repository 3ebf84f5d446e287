import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireBandAccess, requireFormBandAccess } from "~/features/bands/access.server";
import { SongForm } from "~/features/songs/components/song-form";
import { lookupForForm } from "~/features/songs/partners/lookup.server";
import { addSongOnce, formValuesFromQuery, isLookupSubmission, lookupFromForm } from "~/features/songs/song-form.server";
import { leadSingerOptions } from "~/features/songs/songs.server";
import { newSubmissionKey } from "~/utils/form-submission.server";
import { PageHeader } from "~/components/kit";
import { pageTitle } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { RouteErrorBoundary } from "~/components/error-screens";

/** /songs/new?band={id}: the form to add a song (the current band without ?band), with the partner look-up. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const access = await requireBandAccess(request, { band: url.searchParams.get("band") || url.searchParams.get("bandId") || "current", permission: "content:edit" });
  const { values, lookup } = await lookupForForm(url.searchParams, formValuesFromQuery(url.searchParams));
  return { band: { id: access.band.id, name: access.band.name }, values, lookup, leadSingers: await leadSingerOptions(access), submissionKey: newSubmissionKey() };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const access = await requireFormBandAccess(request, formData, "content:edit");
  if (isLookupSubmission(formData)) return lookupFromForm(formData);
  const outcome = await addSongOnce(access, formData);
  if ("reply" in outcome) return data(outcome.reply, { status: outcome.status });
  return redirectWithToast(outcome.location, outcome.toast);
}

export default function NewSong() {
  const data = useLoaderData<typeof loader>();
  const { band } = data;
  const reply = useActionData<typeof action>();
  // A look-up's answer shows in the form; a save's reply (errors, a duplicate) beside it.
  const lookedUp = reply && "lookedUp" in reply ? reply.lookedUp : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Add a song" description={`To the song library of ${band.name}.`} back={{ to: `/bands/${band.id}/songs`, label: "Songs" }} />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <SongForm action="/songs/new" data={lookedUp ? { ...data, ...lookedUp } : data} reply={reply && !("lookedUp" in reply) ? reply : undefined} submitLabel="Add song" />
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Add a song", error);

export const ErrorBoundary = RouteErrorBoundary;
