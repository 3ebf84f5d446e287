/**
 * The server code of /events/{id} (its loader and action), through one `.server` path of
 * the page's own. Each `.server` path a route imports is an empty stand-in script in the
 * browser, and a path two pages share is a chunk of its own: imported one by one, these
 * were seven small scripts on the page's first load (issue 11; the same as
 * ~/features/availability/availability.server). Local-day's helpers come through here too:
 * only the loader and the action use them, and imported by the route they were one more
 * script.
 */
export { data } from "@remix-run/node";
export { otherBandThanCurrent, requireBandAccess } from "~/features/bands/access.server";
export { dayOf, formatDayRange } from "~/features/availability/local-day";
export { answerWindow, bandIdOfEvent, requireEventGate, cancelEvent, deleteEvent, getEventDetails, pastDeadline, restoreEvent } from "./events.server";
export { parseWithZod } from "./forms.server";
export { CancelEventSchema, DeleteEventSchema, MESSAGES } from "./schema.server";
export { chaseOffered } from "~/features/reminders/reminders.server";
export { lastTimeAtVenue } from "~/features/songs/history.server";
export { redirectWithToast, unlessGone } from "~/utils/toast.server";
