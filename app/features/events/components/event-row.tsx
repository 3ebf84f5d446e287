import { Link } from "@remix-run/react";

export type EventRowData = { id: number; title: string; kind: string; date: string; time: string; startsAt: string };

/** One event on the calendar: its day, title, kind and time, linking to its page. */
export function EventRow({ event }: { event: EventRowData }) {
  return (
    <Link
      to={`/events/${event.id}`}
      className="flex min-h-[44px] items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow"
    >
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="wrap-anywhere font-semibold text-slate-900">{event.title}</span>
          <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-300">
            {event.kind}
          </span>
        </span>
        <span className="mt-1 block text-sm text-slate-600">
          <time dateTime={event.startsAt}>{event.date}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {event.time}
        </span>
      </span>
      <span aria-hidden="true" className="text-slate-400">
        →
      </span>
    </Link>
  );
}
