import { Link } from "@remix-run/react";

/** Which of the calendar's sub-pages this viewer may open (computed by calendarLinks in calendar-links.server.ts). */
export type CalendarLinkAbilities = { calendar: boolean; availability: boolean; blackouts: boolean; download: boolean };

const LINKS = [
  { key: "calendar", to: "/calendar", label: "Calendar" },
  { key: "availability", to: "/calendar/availability", label: "Can we take this date?" },
  { key: "blackouts", to: "/calendar/blackouts", label: "My blackout dates" },
] as const;

/** The calendar's sub-pages as plain links (work without JavaScript); only those the viewer may open. */
export function CalendarLinks({ current, abilities }: { current: (typeof LINKS)[number]["key"]; abilities: CalendarLinkAbilities }) {
  return (
    <nav aria-label="Calendar pages" className="-mx-1 flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {LINKS.filter((link) => abilities[link.key]).map((link) => (
        <Link
          key={link.key}
          to={link.to}
          aria-current={link.key === current ? "page" : undefined}
          className="inline-flex min-h-[44px] items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-white aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm aria-[current=page]:ring-1 aria-[current=page]:ring-slate-200"
        >
          {link.label}
        </Link>
      ))}
      {abilities.download ? (
        <a href="/calendar/download.ics" download className="inline-flex min-h-[44px] items-center rounded-md px-3 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Download calendar (.ics)
        </a>
      ) : null}
    </nav>
  );
}
