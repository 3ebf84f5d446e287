import { useFetcher } from "@remix-run/react";
import { ANSWER_LABELS } from "~/features/events/answer-labels";

export type RsvpState = { answer: string | null; open: boolean; closedReason: string | null };

const ANSWER_STYLES: Record<string, string> = {
  going: "aria-pressed:bg-green-700 aria-pressed:text-white aria-pressed:border-green-700",
  maybe: "aria-pressed:bg-amber-500 aria-pressed:text-slate-950 aria-pressed:border-amber-600",
  no: "aria-pressed:bg-red-700 aria-pressed:text-white aria-pressed:border-red-700",
};

/**
 * One-tap answers for a booked person. With JavaScript a fetcher posts and the chosen
 * button shows pressed at once (optimistic); without, the form posts and the action
 * redirects back to `returnTo`. A closed answer window shows the answer and why.
 */
export function RsvpButtons({ eventId, title, state, returnTo, withNote = false, note }: { eventId: number; title: string; state: RsvpState; returnTo: string; withNote?: boolean; note?: string | null }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("answer");
  const answer = typeof pending === "string" ? pending : state.answer;
  if (!state.open) {
    return (
      <p className="text-sm text-slate-600">
        Your answer: <strong className="font-semibold text-slate-900">{answer ? ANSWER_LABELS[answer] : "none"}</strong>
        {state.closedReason ? ` · ${state.closedReason}` : null}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action={`/events/${eventId}/rsvp`} className="flex flex-wrap items-end gap-2" aria-label={`Your answer for ${title}`}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {withNote ? (
        <div className="w-full">
          <label htmlFor={`rsvp-note-${eventId}`} className="block text-sm font-medium text-slate-800">
            Note (optional)
          </label>
          <input
            id={`rsvp-note-${eventId}`}
            name="note"
            defaultValue={note ?? ""}
            maxLength={200}
            className="mt-1 block min-h-[44px] w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
          />
        </div>
      ) : null}
      {Object.entries(ANSWER_LABELS).map(([value, label]) => (
        <button
          key={value}
          type="submit"
          name="answer"
          value={value}
          aria-pressed={answer === value}
          className={`min-h-[44px] rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${ANSWER_STYLES[value]}`}
        >
          {label}
        </button>
      ))}
    </fetcher.Form>
  );
}
