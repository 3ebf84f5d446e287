import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireBandAccess, requireFormBandAccess } from "~/features/bands/access.server";
import { submitCreateForm, submitFromGigForm } from "~/features/setlists/editor.server";
import { listSetlists, pastGigsWithSetlists } from "~/features/setlists/setlists.server";
import { formatSetLength } from "~/features/songs/format";
import { Field, SelectField, useFocusFirstError } from "~/components/forms";
import { Button, PageHeader } from "~/components/kit";
import { useIsPending } from "~/utils/use-is-pending";
import { newSubmissionKey, RefusedSave, saveOnce } from "~/utils/form-submission.server";
import { RuleError } from "~/utils/rule-error";
import { EmptyState } from "~/components/empty-state";
import { formatDate } from "~/utils/dates";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "content:view" });
  const [result, pastGigs] = await Promise.all([listSetlists(access, { linkedEvents: 1 }), pastGigsWithSetlists(access)]);
  return {
    pastGigs: pastGigs.map((gig) => ({ id: gig.id, label: `${gig.title} · ${formatDate(gig.startsAt, result.timeZone)}${gig.venueName && gig.venueName !== gig.title ? ` · ${gig.venueName}` : ""}` })),
    bandId: access.band.id,
    // Each form's one-time key: a resent form makes one setlist, not two.
    keys: { create: newSubmissionKey(), fromGig: newSubmissionKey() },
    bandName: access.band.name,
    bookedOnly: result.bookedOnly,
    setlists: result.setlists.map((setlist) => ({
      id: setlist.id,
      name: setlist.name,
      created: formatDate(setlist.createdAt, result.timeZone),
      createdAt: setlist.createdAt.toISOString(),
      length: formatSetLength(setlist.seconds, setlist.unknownSongs, setlist.withBreaks),
      songCount: setlist.songCount,
      event: setlist.events[0] ? { id: setlist.events[0].id, title: setlist.events[0].title, when: formatDate(setlist.events[0].startsAt, result.timeZone) } : null,
    })),
  };
}

/** The new-setlist form (a name, an optional target set length), or "Build from a previous gig"; then the editor. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const access = await requireFormBandAccess(request, formData, "content:edit");
  const intent = formData.get("intent");
  // A form of another page (`intent=delete` sent here) makes nothing; no intent is the plain new-setlist form.
  if (intent !== null && intent !== "create" && intent !== "from-gig") throw data({ message: "Unknown form intent" }, { status: 400 });
  const fromGig = intent === "from-gig";
  // Once per rendered form: a resend (a double tap without JavaScript, a retry on a bad
  // connection) goes to the setlist the first one made. A refused form lets its key go.
  try {
    return await saveOnce(formData, access.user.id, "/setlists", async () => {
      if (fromGig) {
        const { result, setlist } = await submitFromGigForm(access, formData);
        if (!setlist) throw new RefusedSave({ result: null, fromGig: result }) satisfies Refused;
        return { location: `/setlists/${setlist.id}`, toast: { title: "Setlist created", description: `${setlist.name}: the songs and sets of that gig, ready to change.` } };
      }
      const { result, setlist } = await submitCreateForm(access, formData);
      if (!setlist) throw new RefusedSave({ result, fromGig: null }) satisfies Refused;
      return { location: `/setlists/${setlist.id}`, toast: { title: "Setlist created", description: "Add songs from the library below." } };
    });
  } catch (error) {
    // Every refusal brings fresh keys: a form sent again with a used key is then saved.
    const keys = { create: newSubmissionKey(), fromGig: newSubmissionKey() };
    if (error instanceof RefusedSave) return data({ ...(error as Refused).reply, keys }, { status: 400 });
    // The form's key already used for other values (sent, changed, sent again): said at its name field.
    if (error instanceof RuleError) {
      // With what was typed, so the form comes back filled (without JavaScript the page is drawn anew).
      const typed = Object.fromEntries([...formData].filter(([field, value]) => typeof value === "string" && !["submissionKey", "bandId", "intent"].includes(field)));
      const said: SubmissionResult<string[]> = { status: "error", error: { name: [error.message] }, initialValue: typed as Record<string, string> };
      return data(fromGig ? { result: null, fromGig: said, keys } : { result: said, fromGig: null, keys }, { status: error.status });
    }
    throw error;
  }
}

type Refused = RefusedSave<{ result: SubmissionResult<string[]> | null; fromGig: SubmissionResult<string[]> | null }>;

export default function Setlists() {
  const loaded = useLoaderData<typeof loader>();
  const { bandId, bandName, bookedOnly, setlists, pastGigs } = loaded;
  const reply = useActionData<typeof action>();
  const keys = reply?.keys ?? loaded.keys;
  const errors = reply?.result?.error ?? {};
  const gigErrors = reply?.fromGig?.error ?? {};
  // With JavaScript the reply re-renders the form in place: focus goes to its first error.
  const createForm = useFocusFirstError(reply?.result ?? null);
  // Both forms post to this page; their intents tell them apart while one is sending.
  const creating = useIsPending({ formAction: "/setlists", intent: "create" });
  const building = useIsPending({ formAction: "/setlists", intent: "from-gig" });
  const fromGigForm = useFocusFirstError(reply?.fromGig ?? null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Setlists"
        description={`The running orders ${bandName} plays from, built from the band’s song library.`}
        aside={setlists.length ? <Count n={setlists.length} /> : null}
      />
      {bookedOnly ? null : (
        <section aria-labelledby="new-setlist-heading" className={SECTION}>
          <h2 id="new-setlist-heading" className="font-semibold text-slate-900">
            New setlist
          </h2>
          <Form ref={createForm} method="post" action="/setlists" noValidate className="mt-3 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
            <input type="hidden" name="bandId" value={bandId} />
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="submissionKey" value={keys.create} />
            <Field
              label="Name"
              inputProps={{ id: "setlist-name", name: "name", autoComplete: "off", maxLength: 120, defaultValue: String(reply?.result?.initialValue?.name ?? "") }}
              errors={errors.name}
            />
            <Field
              label="Target set length (minutes)"
              hint="Optional"
              inputProps={{ id: "setlist-target", name: "targetMinutes", inputMode: "numeric", autoComplete: "off", defaultValue: String(reply?.result?.initialValue?.targetMinutes ?? "") }}
              errors={errors.targetMinutes}
            />
            <Button type="submit" pending={creating} pendingText="Creating…">
              Create setlist
            </Button>
          </Form>
        </section>
      )}
      {pastGigs.length ? (
        <section aria-labelledby="from-gig-heading" className={SECTION}>
          <h2 id="from-gig-heading" className="font-semibold text-slate-900">
            Build from a previous gig
          </h2>
          <Form ref={fromGigForm} method="post" action="/setlists" noValidate className="mt-3 grid gap-4 sm:grid-cols-[2fr_2fr_auto] sm:items-end">
            <input type="hidden" name="bandId" value={bandId} />
            <input type="hidden" name="intent" value="from-gig" />
            <input type="hidden" name="submissionKey" value={keys.fromGig} />
            <SelectField label="Gig" selectProps={{ name: "eventId", defaultValue: String(reply?.fromGig?.initialValue?.eventId ?? "") || undefined }} errors={gigErrors.eventId}>
              {pastGigs.map((gig) => (
                <option key={gig.id} value={gig.id}>
                  {gig.label}
                </option>
              ))}
            </SelectField>
            <Field label="New setlist name" inputProps={{ name: "name", maxLength: 120, defaultValue: String(reply?.fromGig?.initialValue?.name ?? "") }} errors={gigErrors.name} />
            <Button type="submit" variant="secondary" pending={building} pendingText="Building…">
              Build setlist
            </Button>
          </Form>
        </section>
      ) : null}
      {bookedOnly && setlists.length === 0 ? (
        <EmptyState icon="setlists" title="No setlists for you yet">
          <p>As a sub, you see the setlists of the gigs you’re booked on. When {bandName} books you for a gig, its setlist shows here.</p>
        </EmptyState>
      ) : setlists.length === 0 ? (
        <EmptyState icon="setlists" title="No setlists yet">
          <p>
            A setlist is the order of songs for a gig or rehearsal. Once {bandName} has setlists, they’re listed here, newest first, for the whole
            band to see.
          </p>
          <p>
            <Link to="/songs" className="font-medium text-brand-700 underline underline-offset-4">
              Browse the song library
            </Link>
          </p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {setlists.map((setlist) => (
            <li key={setlist.id}>
              <Link to={`/setlists/${setlist.id}`} className="flex min-h-[44px] items-center gap-4 px-4 py-3 hover:bg-slate-50">
                <span className="min-w-0 flex-1">
                  <span className="block wrap-anywhere font-semibold text-slate-900">{setlist.name}</span>
                  <span className="block text-sm text-slate-600">
                    {setlist.songCount === 1 ? "1 song" : `${setlist.songCount} songs`} · {setlist.length} · Created{" "}
                    <time dateTime={setlist.createdAt}>{setlist.created}</time>
                  </span>
                  {setlist.event ? (
                    <span className="block text-sm text-slate-600">
                      For {setlist.event.title} · {setlist.event.when}
                    </span>
                  ) : null}
                </span>
                <span aria-hidden="true" className="text-slate-400">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const SECTION = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

function Count({ n }: { n: number }) {
  return <span className="text-sm text-slate-600">{n === 1 ? "1 setlist" : `${n} setlists`}</span>;
}

export const meta: MetaFunction = ({ error }) => pageTitle("Setlists", error);

export const ErrorBoundary = RouteErrorBoundary;
