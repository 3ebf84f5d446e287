import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireBandAccess } from "~/features/bands/access.server";
import { calendarLinks, getAvailabilityMonth, monthOfDay, refusedMonthNotice, type AvailabilityDay } from "~/features/availability/availability.server";
import { CalendarLinks } from "~/features/availability/components/calendar-links";
import { buttonClasses, Icon, PageHeader, pageTitle, RouteErrorBoundary } from "~/components/kit";
import { RuleError } from "~/utils/rule-error";

/** Names shown on a day's card before "and N more" (the day's own page lists everyone). */
const NAMES_ON_CARD = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "availability:view" });
  const url = new URL(request.url);
  const dayParam = url.searchParams.get("day");
  // A day's link without its month (typed or shared) opens that day's month.
  let monthParam = url.searchParams.get("month") ?? monthOfDay(dayParam);
  let notice: string | null = null;
  // Everyone on the chosen day; the month's cards show counts and the first names.
  const lists = { listed: dayParam, names: NAMES_ON_CARD };
  let availability;
  try {
    availability = await getAvailabilityMonth(access, monthParam, undefined, lists);
  } catch (error) {
    if (!(error instanceof RuleError) || error.status !== 400) throw error;
    // A mistyped ?month= shows this month with the reason, rather than an error page.
    notice = refusedMonthNotice(monthParam ?? "");
    monthParam = null;
    availability = await getAvailabilityMonth(access, null, undefined, lists);
  }
  const onlyFull = url.searchParams.get("only") === "full";
  const { days, ...month } = availability;
  // The chosen day with everyone on it; the month's cards with what they show (counts and
  // the first names), not the lists of a 200-member band on every day.
  const chosen = days.find((day) => day.date === dayParam);
  const selected = chosen ? { ...chosen, bookHref: bookHref(chosen) } : null;
  return { band: { name: access.band.name }, calendarLinks: calendarLinks(access), notice, onlyFull, selected, ...month, days: days.map(dayCard) };
}

/** A new gig on the day, with the free players the lineup check found (one per instrument) booked. */
function bookHref(day: AvailabilityDay) {
  const params = new URLSearchParams({ date: day.date });
  for (const row of day.lineup ?? []) params.append("book", `${row.membershipId}:${row.instrument}`);
  return `/events/new?${params}`;
}

/** What a day's card shows. */
function dayCard(day: AvailabilityDay) {
  return {
    date: day.date,
    label: day.label,
    weekday: day.weekday,
    isToday: day.isToday,
    isPast: day.isPast,
    canField: day.canField,
    nobody: day.nobody,
    free: day.counts.free,
    away: day.counts.away,
    awayNames: names(day.blackedOut, day.counts.away),
    busy: day.counts.busy,
    busyNames: names(day.busy, day.counts.busy),
    events: day.events.map((event) => ({ id: event.id, title: event.title, time: event.time, tentative: event.tentative })),
  };
}

/** "Ann, Bo, Cy and 4 more" (of `count` people, the list holding at least the first names). */
function names(list: { name: string }[], count: number) {
  const shown = list.slice(0, NAMES_ON_CARD).map((p) => p.name);
  return count > NAMES_ON_CARD ? `${shown.join(", ")} and ${count - NAMES_ON_CARD} more` : shown.join(", ");
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function monthHref(month: string, extra: Record<string, string | null> = {}) {
  const params = new URLSearchParams({ month });
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return `/calendar/availability?${params}`;
}

export default function Availability() {
  const data = useLoaderData<typeof loader>();
  const { band, calendarLinks: pages, days, monthLabel, month, prevMonth, nextMonth, thisMonth, timeZone, instruments, onlyFull, selected, notice, memberCount } = data;
  const shown = onlyFull ? days.filter((day) => day.canField === true) : days;
  const fullDays = days.filter((day) => day.canField && !day.isPast).length;
  const only = onlyFull ? "full" : null;
  useDayFocus(selected?.date ?? null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Can we take this date?"
        description={`Who in ${band.name} is free, away or busy on each day of ${monthLabel}, and whether you can field your usual lineup. Days are in the band's time zone, ${timeZone}.`}
      />
      <CalendarLinks current="availability" abilities={pages} />

      {notice ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}

      <nav aria-label="Months" className="flex flex-wrap items-center gap-2">
        <Link to={monthHref(prevMonth, { only })} className={buttonClasses("secondary")} aria-label={`Previous month`}>
          <span aria-hidden="true">←</span> Previous
        </Link>
        <h2 className="min-w-[10rem] text-center text-xl font-semibold text-slate-900" aria-live="polite">
          {monthLabel}
        </h2>
        <Link to={monthHref(nextMonth, { only })} className={buttonClasses("secondary")} aria-label={`Next month`}>
          Next <span aria-hidden="true">→</span>
        </Link>
        {month !== thisMonth ? (
          <Link to={monthHref(thisMonth, { only })} className={buttonClasses("ghost")}>
            This month
          </Link>
        ) : null}
        <Link to={monthHref(month, { only: onlyFull ? null : "full" })} className={buttonClasses("ghost", "ml-auto")}>
          {onlyFull ? "Show every day" : "Only days with a full lineup"}
        </Link>
      </nav>

      <Summary instruments={instruments} fullDays={fullDays} memberCount={memberCount} />

      {selected ? <DayDetail day={selected} data={data} /> : null}

      <section aria-label={`Days of ${monthLabel}`}>
        <div aria-hidden="true" className="hidden grid-cols-7 gap-2 pb-2 text-center text-xs font-semibold uppercase tracking-wide text-slate-500 lg:grid">
          {["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map((name) => (
            <span key={name}>{name}</span>
          ))}
        </div>
        {shown.length ? (
          <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7">
            {shown.map((day, index) => (
              <li key={day.date} className={index === 0 && !onlyFull ? FIRST_DAY_OFFSET[day.weekday] : ""}>
                <DayCard day={day} month={month} only={only} canCreate={data.canCreate} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">No day in {monthLabel} has a full lineup free. Try the next month, or show every day to see who is missing.</p>
        )}
      </section>
    </div>
  );
}

// Tailwind needs whole class names: the first day starts under its weekday on large screens.
const FIRST_DAY_OFFSET = ["lg:col-start-1", "lg:col-start-2", "lg:col-start-3", "lg:col-start-4", "lg:col-start-5", "lg:col-start-6", "lg:col-start-7"];

function Summary({ instruments, fullDays, memberCount }: { instruments: string[]; fullDays: number; memberCount: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
      {instruments.length ? (
        <p>
          Usual lineup: one each of <strong>{instruments.join(", ")}</strong>, from {memberCount === 1 ? "1 person" : `${memberCount} people`} (members and subs).{" "}
          {fullDays ? `${fullDays === 1 ? "1 day" : `${fullDays} days`} still to come can field it.` : "No day still to come can field it."}
        </p>
      ) : (
        <p>
          Nobody has an instrument yet, so the lineup can't be checked. Add instruments on{" "}
          <Link to="/members" className="font-medium text-brand-700 underline underline-offset-4">
            Members
          </Link>
          .
        </p>
      )}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" aria-label="Legend">
        <li className="flex items-center gap-1">
          <StatusBadge day={{ canField: true, nobody: [] }} /> every instrument has a free player
        </li>
        <li className="flex items-center gap-1">
          <StatusBadge day={{ canField: false, nobody: [] }} /> someone is missing
        </li>
      </ul>
    </div>
  );
}

function StatusBadge({ day }: { day: Pick<AvailabilityDay, "canField" | "nobody"> }) {
  if (day.canField === null) return null;
  if (day.canField)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
        <Icon name="check" className="h-3.5 w-3.5" /> Full lineup
      </span>
    );
  const missing = day.nobody.length ? `No ${day.nobody.join(", ").toLowerCase()}` : "Short-handed";
  return <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">! {missing}</span>;
}

function DayCard({ day, month, only, canCreate }: { day: Data["days"][number]; month: string; only: string | null; canCreate: boolean }) {
  // A past day is told apart by its dashed grey frame, not faded: faded text fails contrast.
  const tone = day.isPast ? "border-dashed border-slate-300 bg-slate-100" : day.canField === false ? "border-amber-200 bg-white" : day.canField ? "border-emerald-200 bg-white" : "border-slate-200 bg-white";
  return (
    <article aria-labelledby={`day-${day.date}`} className={`relative flex h-full flex-col gap-1 rounded-lg border p-2 text-sm ${tone} ${day.isToday ? "ring-2 ring-brand-600" : ""}`}>
      <h3 id={`day-${day.date}`} className="font-semibold text-slate-900">
        {/* The whole card opens the day (a tap anywhere on a phone); its other links sit above. */}
        <Link to={`${monthHref(month, { only, day: day.date })}#day-detail`} className="underline-offset-4 after:absolute after:inset-0 hover:underline">
          {day.label}
          {day.isToday ? " (today)" : ""}
        </Link>
      </h3>
      <StatusBadge day={day} />
      <p className="text-slate-700">
        {day.free} free
        {day.away ? ` · ${day.away} away` : ""}
        {day.busy ? ` · ${day.busy} busy` : ""}
      </p>
      {day.away ? <p className="text-slate-600">Away: {day.awayNames}</p> : null}
      {day.busy ? <p className="text-slate-600">Busy: {day.busyNames}</p> : null}
      {day.events.map((event) => (
        <p key={event.id} className="truncate text-slate-800">
          <Link to={`/events/${event.id}`} className="relative z-10 underline underline-offset-2">
            {event.time} {event.title}
          </Link>
          {event.tentative ? " (hold)" : ""}
        </p>
      ))}
      {canCreate && !day.isPast ? (
        <Link to={`/events/new?date=${day.date}`} className="relative z-10 mt-auto inline-flex min-h-[44px] items-center font-medium text-brand-700 underline-offset-4 hover:underline">
          Book a gig<span className="sr-only"> on {day.label}</span>
        </Link>
      ) : null}
    </article>
  );
}

/**
 * With JavaScript, opening a day moves the keyboard to its detail (which sits above the
 * grid), and closing it goes back to that day's card; without it, the link's #day-detail
 * does the first.
 */
function useDayFocus(date: string | null) {
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (date) document.getElementById("day-detail-heading")?.focus();
    // Back to the card only when closing took the focus with it (the detail's "Close day"
    // is gone); a filter link pressed meanwhile keeps it.
    else if (last.current && document.activeElement === document.body) document.getElementById(`day-${last.current}`)?.querySelector("a")?.focus();
    last.current = date;
  }, [date]);
}

function DayDetail({ day, data }: { day: AvailabilityDay & { bookHref: string }; data: Data }) {
  const byInstrument = data.instruments.map((instrument) => ({ instrument, players: day.free.filter((p) => p.instruments.includes(instrument)) }));
  const noInstrument = day.free.filter((p) => !p.instruments.length);
  return (
    <section id="day-detail" aria-labelledby="day-detail-heading" className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm [overflow-wrap:anywhere] sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="day-detail-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900">
          {day.label}
        </h2>
        <StatusBadge day={day} />
        <Link to={monthHref(data.month, { only: data.onlyFull ? "full" : null })} className="ml-auto text-sm font-medium text-brand-700 underline underline-offset-4">
          Close day
        </Link>
      </div>
      {day.canField === false ? (
        <p className="mt-2 text-slate-700">
          {day.nobody.length ? `Nobody free plays ${day.nobody.join(", ").toLowerCase()}.` : `Not enough free players to cover ${day.uncovered.join(", ").toLowerCase()} as well.`}
        </p>
      ) : null}
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        <div>
          <h3 className="font-semibold text-emerald-900">Free ({day.free.length})</h3>
          <dl className="mt-2 space-y-2 text-sm">
            {byInstrument.map(({ instrument, players }) => (
              <div key={instrument}>
                <dt className="font-medium text-slate-800">{instrument}</dt>
                <dd className={players.length ? "text-slate-700" : "font-medium text-amber-800"}>{players.length ? players.map((p) => p.name).join(", ") : "Nobody free"}</dd>
              </div>
            ))}
            {noInstrument.length ? (
              <div>
                <dt className="font-medium text-slate-800">No instrument set</dt>
                <dd className="text-slate-700">{noInstrument.map((p) => p.name).join(", ")}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">Away ({day.blackedOut.length})</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {day.blackedOut.length ? day.blackedOut.map((p) => <li key={p.membershipId}>{p.reason ? `${p.name}: ${p.reason}` : p.name}</li>) : <li>Nobody</li>}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">Busy ({day.busy.length})</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {day.busy.length ? day.busy.map((p) => <li key={p.membershipId}>{`${p.name}: ${p.what}`}</li>) : <li>Nobody</li>}
          </ul>
        </div>
      </div>
      {data.canCreate && !day.isPast ? (
        <Link to={day.bookHref} className={buttonClasses("primary", "mt-4")}>
          Book a gig on {day.label}
          {day.lineup?.length ? ` with ${day.lineup.length === 1 ? "1 free player" : `${day.lineup.length} free players`}` : ""}
        </Link>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => pageTitle("Can we take this date?", error);

export const ErrorBoundary = RouteErrorBoundary;
