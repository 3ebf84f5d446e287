/**
 * The warning an event form shows when saving would book someone onto a blackout or a
 * clash (the 409 of requireConflictsConfirmed): each person by name (another band's
 * event only as "busy") and a "Save anyway" box that sends `confirmConflicts`. Plain
 * HTML, so it works without JavaScript.
 */
/** How the message of an event already on the calendar starts (conflicts.server.ts): the heading tells it from the lineup's clashes. */
export const ALREADY_ON_CALENDAR = "Already on the calendar:";

/**
 * Said at the top of the form when it comes back with a warning: the warning itself sits by
 * the Save button, a long way down a phone's screen, and a page drawn anew without
 * JavaScript opens at the top, looking as if nothing happened.
 */
export function ConflictNotice({ conflicts }: { conflicts: string[] | null | undefined }) {
  if (!conflicts?.length) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <strong className="font-semibold">Not saved yet.</strong>{" "}
      <a
        href="#conflicts-heading"
        // With JavaScript the router would take the # for a new page and drop the warning with the form's answer: go there in place.
        onClick={(event) => {
          event.preventDefault();
          document.getElementById("conflicts-heading")?.scrollIntoView();
          (document.querySelector("[name=confirmConflicts]") as HTMLElement | null)?.focus({ preventScroll: true });
        }}
        className="font-medium underline underline-offset-2"
      >
        Read the warning by the Save button
      </a>
      , then tick “Save anyway” to save it as it is, or change it.
    </p>
  );
}

export function ConflictWarning({ conflicts }: { conflicts: string[] | null | undefined }) {
  if (!conflicts?.length) return null;
  // Only the same event entered twice, nobody's clash.
  const onlyTwin = conflicts.every((message) => message.startsWith(ALREADY_ON_CALENDAR));
  return (
    <div role="alert" aria-labelledby="conflicts-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="conflicts-heading" className="font-semibold">
        {onlyTwin ? "This event may already be on the calendar" : "Not everyone in the lineup can make it"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {conflicts.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <label className="mt-3 flex min-h-[44px] items-center gap-3 text-sm font-medium">
        <input type="checkbox" name="confirmConflicts" value="on" className="h-5 w-5 rounded border-amber-500" />
        Save anyway
      </label>
    </div>
  );
}
