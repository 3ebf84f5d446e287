import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button, ErrorList, useIsPending, ConfirmDisclosure } from "~/components/kit";

/** Your own way out of the band, behind a confirmation. */
/** `soleLeader`: why they cannot leave yet (the loader's words, not page JavaScript), else null. */
export function LeaveBand({ bandId, bandName, soleLeader, lastResult }: { bandId: number; bandName: string; soleLeader: string | null; lastResult?: SubmissionResult<string[]> }) {
  const pending = useIsPending({ intent: "leave" });
  const errors = lastResult?.error ? Object.values(lastResult.error).flat() : [];
  return (
    <section aria-labelledby="leave-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="leave-heading" className="text-lg font-semibold text-slate-900">
        Leave {bandName}
      </h2>
      <p className="mt-1 text-sm text-slate-600">You’ll stop seeing the band’s calendar, setlists and songs. Someone can invite you back later.</p>
      <ConfirmDisclosure summary="Leave band" open={Boolean(lastResult)} className="mt-4">
        {errors.length ? (
          <div role="alert" className="mb-3 rounded-md border border-red-300 bg-white px-3 py-2">
            <ErrorList errors={errors} />
          </div>
        ) : null}
        {soleLeader ? (
          errors.length ? null : (
          <p>{soleLeader}</p>
          )
        ) : (
          <>
            <p className="font-semibold">Leave {bandName}?</p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="leave" />
              <input type="hidden" name="bandId" value={bandId} />
              <Button type="submit" variant="danger" pending={pending} pendingText="Leaving…">
                Yes, leave {bandName}
              </Button>
            </Form>
          </>
        )}
      </ConfirmDisclosure>
    </section>
  );
}
