import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SongForm } from "~/features/songs/components/song-form";
import { lookupForForm } from "~/features/songs/partners/lookup.server";
import { formValuesFromQuery, isLookupSubmission, lookupFromForm, songFormValues, submitSongForm } from "~/features/songs/song-form.server";
import { SONG_NOT_FOUND, deleteSong, getSong, leadSingerOptions, mayDeleteSong, requireSongGate } from "~/features/songs/songs.server";
import { Button, ConfirmDisclosure, PageHeader } from "~/components/kit";
import { pageTitle } from "~/utils/meta";
import { formatDate } from "~/utils/dates";
import { songHistory } from "~/features/songs/history.server";
import { RuleError } from "~/utils/rule-error";
import { redirectWithToast, unlessGone } from "~/utils/toast.server";
import { RouteErrorBoundary } from "~/components/error-screens";
import type { Permission } from "~/features/members/permissions";

/** The song's band through the one gate: unknown ids, other bands' songs and songs a sub may not see are the same 404. */
const songAccess = (request: Request, idParam: string | undefined, permission: Permission) => requireSongGate(request, idParam, permission, () => data({ message: SONG_NOT_FOUND }, { status: 404 }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, access } = await songAccess(request, params.id, "content:edit");
  const song = await getSong(access, id);
  const url = new URL(request.url);
  const typed = url.searchParams.has("lookup") ? formValuesFromQuery(url.searchParams) : songFormValues(song);
  const [{ values, lookup }, history] = await Promise.all([lookupForForm(url.searchParams, typed), songHistory(access, id)]);
  return {
    history: history && {
      timesPlayed: history.timesPlayed,
      lastPlayed: history.lastPlayedAt ? formatDate(history.lastPlayedAt, history.timeZone) : null,
      gigs: history.gigs.map((gig) => ({ id: gig.id, title: gig.title, venueName: gig.venueName, when: formatDate(gig.startsAt, history.timeZone) })),
    },
    band: { id: access.band.id, name: access.band.name },
    song: { id: song.id, title: song.title },
    // A look-up (a GET of the form) carries the version the form was opened at; else the one saved now.
    version: url.searchParams.has("lookup") && /^\d{1,9}$/.test(url.searchParams.get("version") ?? "") ? Number(url.searchParams.get("version")) : song.version,
    values,
    lookup,
    canDelete: mayDeleteSong(access, song),
    leadSingers: await leadSingerOptions(access),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  return unlessGone(() => save(request, params, formData), "/songs", "That song");
}

async function save(request: Request, params: ActionFunctionArgs["params"], formData: FormData) {
  if (formData.get("intent") === "delete") {
    const { id, access } = await songAccess(request, params.id, "content:delete");
    try {
      const { title } = await deleteSong(access, id);
      return redirectWithToast(`/bands/${access.band.id}/songs`, { title: "Song deleted", description: `${title} is no longer in the library.` });
    } catch (error) {
      if (error instanceof RuleError) throw data({ message: error.message }, { status: error.status });
      throw error;
    }
  }
  const { id, access } = await songAccess(request, params.id, "content:edit");
  if (isLookupSubmission(formData)) return lookupFromForm(formData);
  const outcome = await submitSongForm(access, formData, id);
  if ("reply" in outcome) return data(outcome.reply, { status: outcome.status });
  return redirectWithToast(`/bands/${access.band.id}/songs`, { title: "Song saved", description: `${outcome.song.title} is up to date.` });
}

export default function EditSong() {
  const data = useLoaderData<typeof loader>();
  const { band, song, canDelete, history } = data;
  const reply = useActionData<typeof action>();
  // A look-up's answer shows in the form; a save's reply (errors, a duplicate) beside it.
  const lookedUp = reply && "lookedUp" in reply ? reply.lookedUp : null;
  const path = `/songs/${song.id}/edit`;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={`Edit ${song.title}`} back={{ to: `/bands/${band.id}/songs`, label: "Songs" }} />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <SongForm action={path} data={lookedUp ? { ...data, ...lookedUp } : data} reply={reply && !("lookedUp" in reply) ? reply : undefined} submitLabel="Save song" />
      </div>
      {history ? (
        <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
          <h2 id="history-heading" className="font-semibold text-slate-900">
            Played at gigs
          </h2>
          <p className="mt-1 text-slate-700">
            {history.timesPlayed ? `${history.timesPlayed === 1 ? "Once" : `${history.timesPlayed} times`}, last on ${history.lastPlayed}.` : "Not played at a gig yet."}
          </p>
          {history.gigs.length ? (
            <ul className="mt-2 space-y-1">
              {history.gigs.map((gig) => (
                <li key={gig.id}>
                  <Link to={`/events/${gig.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                    {gig.title}
                  </Link>{" "}
                  <span className="text-slate-600">
                    · {gig.when}
                    {gig.venueName ? ` · ${gig.venueName}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {canDelete ? (
        <section aria-labelledby="delete-heading" className="rounded-xl border border-red-200 bg-white p-5 shadow-sm">
          <h2 id="delete-heading" className="font-semibold text-slate-900">
            Delete this song
          </h2>
          <p className="mt-1 text-sm text-slate-600">It leaves the library for everyone in {band.name}.</p>
          {/* Two steps (a <details>, so without JavaScript too): it sat one click from Save. */}
          <ConfirmDisclosure summary={`Delete ${song.title}…`} className="mt-3">
            <p>
              Delete “{song.title}” for everyone in {band.name}? Setlists that hold it keep it (its title, artist, key and length; their editor marks it as removed from the library)
              {history?.timesPlayed ? `, and the performance report still lists it at the ${history.timesPlayed === 1 ? "gig" : `${history.timesPlayed} gigs`} it was played at` : ""}. This can’t be undone.
            </p>
            <Form method="post" action={path} className="mt-3">
              <Button type="submit" name="intent" value="delete" variant="danger">
                Yes, delete {song.title}
              </Button>
            </Form>
          </ConfirmDisclosure>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data ? `Edit ${data.song.title}` : "Edit song", error);

export const ErrorBoundary = RouteErrorBoundary;
