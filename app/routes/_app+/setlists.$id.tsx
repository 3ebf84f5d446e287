import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  data,
  editorPermission,
  editorView,
  otherBandThanCurrent,
  redirect,
  redirectWithToast,
  unlessGone,
  setlistAccess,
  SETLIST_NOT_FOUND,
  submitEditorForm,
} from "~/features/setlists/editor-page.server";
import { SetlistEditor } from "~/features/setlists/components/setlist-editor";
import { pageTitle } from "~/utils/meta";
import { RouteErrorBoundary } from "~/components/error-screens";

const notFound = () => data({ message: SETLIST_NOT_FOUND }, { status: 404 });

/** /setlists/{id}: the editor. ?q= searches the library for songs to add. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, access } = await setlistAccess(request, params.id, "content:view");
  const [view, otherBand] = await Promise.all([editorView(access, id, new URL(request.url).searchParams.get("q") ?? ""), otherBandThanCurrent(request, access)]);
  if (!view) throw notFound();
  return { ...view, otherBand };
}


export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  // Deleted while the editor was open: said on the setlists page, not with a bare 404 page.
  const outcome = await unlessGone(
    async () => {
      const { id, access } = await setlistAccess(request, params.id, editorPermission(formData));
      const q = String(formData.get("q") ?? "").slice(0, 100);
      return submitEditorForm(access, id, formData, `/setlists/${id}${q ? `?q=${encodeURIComponent(q)}` : ""}`);
    },
    "/setlists",
    "That setlist",
  );
  if ("reply" in outcome) return data(outcome.reply, { status: outcome.status });
  // The drag and drop saves through a fetcher: an answer, and the page's data reloads.
  if (formData.get("via") === "fetcher") return { ok: true };
  return outcome.toast ? redirectWithToast(outcome.redirectTo, outcome.toast) : redirect(outcome.redirectTo);
}

export default function SetlistPage() {
  const reply = useActionData<typeof action>();
  const data = useLoaderData<typeof loader>();
  // A setlist of another of your bands (from that band's event): say whose, and offer the switch.
  return (
    <>
      {data.otherBand ? (
        // As on an event of another band (events.$id.tsx): the band switcher's own POST, back here.
        <Form method="post" action="/bands/switch" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <input type="hidden" name="bandId" value={data.otherBand.id} />
          <input type="hidden" name="redirectTo" value={`/setlists/${data.setlist.id}`} />
          This is {data.otherBand.name}’s setlist; you are working in {data.otherBand.current}.{" "}
          <button type="submit" className="font-medium underline">
            Switch to {data.otherBand.name}
          </button>
        </Form>
      ) : null}
      <SetlistEditor data={data} reply={reply && "message" in reply ? reply : null} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageTitle(data?.setlist.name ?? "Setlist", error);

export const ErrorBoundary = RouteErrorBoundary;
