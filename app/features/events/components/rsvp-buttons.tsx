import { useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CONTROL_CLASSES, showToast } from "~/components/kit";
import { ANSWER_LABELS } from "~/features/events/answer-labels";

export type RsvpState = { answer: string | null; open: boolean; closedReason: string | null };

const ANSWER_STYLES: Record<string, string> = {
  going: "aria-pressed:bg-green-700 aria-pressed:text-white aria-pressed:border-green-700",
  maybe: "aria-pressed:bg-amber-500 aria-pressed:text-slate-950 aria-pressed:border-amber-600",
  no: "aria-pressed:bg-red-700 aria-pressed:text-white aria-pressed:border-red-700",
};

/**
 * One-tap answers for a booked person. Without JavaScript the form posts and the action
 * redirects back to `returnTo` with a toast. With it, the chosen button shows pressed at
 * once (optimistic) and the post goes out on its own: when it is saved the page's data
 * reloads (bringing the server's toast), or, refused for an event no longer theirs, the
 * calendar opens with the toast; when it cannot be sent (a basement with no
 * signal) the answer goes back to what it was and a toast says so, and the page stays.
 * (A fetcher would have replaced the whole page with the error screen.)
 * A closed answer window shows the answer and why. `when` (the day and time shown) tells apart the
 * forms of a list where one title repeats (a weekly rehearsal) to a screen reader.
 */
export function RsvpButtons({ eventId, title, when, state, returnTo, withNote = false, note }: { eventId: number; title: string; when?: string; state: RsvpState; returnTo: string; withNote?: boolean; note?: string | null }) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [sending, setSending] = useState<string | null>(null);
  const reloading = useRef(false);
  // The reload after a save has ended: the server's answer (saved or refused) shows now.
  useEffect(() => {
    if (revalidator.state === "loading") reloading.current = true;
    else if (reloading.current) {
      reloading.current = false;
      setSending(null);
    }
  }, [revalidator.state]);
  const answer = sending ?? state.answer;
  if (!state.open) {
    return (
      <p className="text-sm text-slate-600">
        Your answer: <strong className="font-semibold text-slate-900">{answer ? ANSWER_LABELS[answer] : "none"}</strong>
        {state.closedReason ? ` · ${state.closedReason}` : null}
      </p>
    );
  }

  async function send(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement)) return;
    event.preventDefault();
    // The form's fields as the browser would send them: URL-encoded, with the tapped answer.
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") body.append(name, value);
    body.append(submitter.name, submitter.value);
    setSending(submitter.value);
    try {
      // Told where the answer leads (the route's action): this page, whose data reloads, or
      // another (the calendar, when the event is no longer theirs), where it goes.
      const response = await fetch(event.currentTarget.action, { method: "POST", body, headers: { Accept: "application/json" } });
      const said = (await response.json().catch(() => null)) as { message?: string; location?: string } | null;
      if (!response.ok || !said?.location) throw new Error(said?.message ?? "The answer could not be saved. Try again.");
      if (new URL(said.location, location.href).pathname === location.pathname) revalidator.revalidate();
      else navigate(said.location);
    } catch (error) {
      setSending(null);
      const offline = error instanceof TypeError;
      showToast({
        title: "Answer not saved",
        description: offline ? "No connection right now. Tap again when you have signal." : (error as Error).message,
        type: "destructive",
      });
    }
  }

  return (
    <form method="post" action={`/events/${eventId}/rsvp`} onSubmit={send} className="flex flex-wrap items-end gap-2" aria-label={`Your answer for ${title}${when ? `, ${when}` : ""}`}>
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
            className={CONTROL_CLASSES}
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
    </form>
  );
}
