import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { data, getDashboard, requireBandAccess } from "~/features/dashboard/dashboard-page.server";
import { ProgressBar } from "~/features/bands/components/progress-bar";
import { RsvpButtons } from "~/features/events/components/rsvp-buttons";
import { Avatar, Icon, type IconName, RoleBadge } from "~/components/kit";
import { displayName } from "~/utils/names";
import { formatMoney } from "~/utils/money";
import { RouteErrorBoundary } from "~/components/error-screens";

const MEMBER_PREVIEW = 6;
const HERE = "/dashboard";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireBandAccess(request, { band: "current", permission: "band:view" });
  const found = await getDashboard(access, new Date(), { preview: MEMBER_PREVIEW });
  if (!found) throw data({ message: "Band not found" }, { status: 404 });
  const { overview, ...dashboard } = found;
  return { band: { name: access.band.name, isPro: access.band.isPro }, role: access.membership.role, ...overview, dashboard, empty: emptyStates(found), money: moneyNotes(found) };
}

/**
 * The money panel's lines, written here on the server (the page renders them as plain
 * notes, so the panel costs no JavaScript). Pro bands: the viewer's own balance (their
 * history), the band fund for those who see it, and for leaders and admins what the
 * band owes its members (settle-up, each person's history); a band back on Free, the same
 * read-only. A free band that never recorded money: a one-line Pro hint for whoever
 * manages billing, nothing for anyone else.
 */
function moneyNotes(d: NonNullable<Awaited<ReturnType<typeof getDashboard>>>): Note[] | null {
  const money = d.money;
  if (!money) return d.abilities.billing ? [{ text: "Gig payments, splits and who is owed are part of Pro.", link: { to: "/subscription", label: "See Pro" } }] : null;
  const amount = (minor: number) => formatMoney(Math.abs(minor), money.currency);
  const notes: Note[] = [
    {
      text: money.yoursMinor > 0 ? `The band owes you ${amount(money.yoursMinor)}.` : money.yoursMinor < 0 ? `You owe the band ${amount(money.yoursMinor)}.` : "You and the band are square.",
      link: { to: "/finances/history", label: "Your history" },
    },
  ];
  if (money.fundMinor !== undefined) notes.push({ text: `Band fund: ${formatMoney(money.fundMinor, money.currency)}.`, link: { to: "/finances", label: "Finances" } });
  const owed = d.owed;
  if (owed) {
    const held = owed.heldMinor ? ` Members hold ${amount(owed.heldMinor)} of the band’s money.` : "";
    notes.push({
      text: owed.people ? `Money owed to members: ${amount(owed.totalMinor)} to ${owed.people === 1 ? "1 person" : `${owed.people} people`}.${held}` : `Money owed to members: none.${held}`,
      link: { to: "/finances/settle", label: "Settle up" },
    });
    for (const person of owed.top) notes.push({ text: `${person.name}: ${amount(person.amountMinor)}`, link: { to: `/finances/history?member=${encodeURIComponent(person.userId)}`, label: "History" } });
    // The panel names the three owed most: the rest are counted, so the names add up to the total.
    const rest = owed.people - owed.top.length;
    if (rest > 0) notes.push({ text: `And ${rest === 1 ? "1 more person" : `${rest} more people`}.`, link: { to: "/finances/settle", label: "See everyone" } });
  }
  // Back on the Free plan: the balances stay readable, and they can no longer be settled here.
  if (money.readOnly) notes.push({ text: "Finances is read-only on the Free plan: the balances stay as Pro left them.", ...(d.abilities.billing ? { link: { to: "/subscription", label: "See Pro" } } : {}) });
  return notes;
}

type Note = { text: string; link?: { to: string; label: string } };

/** What each panel says when it has nothing to list: what to do next. Made here, on the server, so the copy costs no JavaScript. */
type Notes = Record<"coming" | "waiting" | "clashes" | "nextGig" | "setlist" | "songs" | "notAnswered" | "gaps" | "withoutSetlist", Note>;

function emptyStates(d: NonNullable<Awaited<ReturnType<typeof getDashboard>>>): Notes {
  const days = `in the next ${d.horizonDays} days`;
  const { abilities: can, attention } = d;
  return {
    coming: can.bookedOnly
      ? { text: `Nothing booked for you ${days}. When the band books you on a gig, it shows here and you can answer in one tap.` }
      : can.createEvents
        ? { text: `Nothing on the calendar ${days}.`, link: { to: "/events/new", label: "Schedule a gig or rehearsal" } }
        : { text: `Nothing on the calendar ${days}. When someone schedules a gig or rehearsal, it shows here.` },
    waiting: { text: "You’re all caught up: every event you’re booked on has your answer." },
    clashes: { text: `No blackout clashes ${days}${can.attention ? " for anyone in the band" : " on the events you’re booked on"}.` },
    nextGig: { text: can.bookedOnly ? "No gig booked for you yet." : "No gig on the calendar yet." },
    setlist:
      can.createEvents && d.nextGig ? { text: "No setlist yet.", link: { to: `/events/${d.nextGig.id}/edit#setlist`, label: "Pick one for this gig" } } : { text: "No setlist yet. The band will add one." },
    songs: { text: "No songs added in the last 30 days.", link: { to: "/songs/new", label: "Add a song" } },
    // Events under way ask nobody (their answers closed when they started): not "everyone has answered".
    notAnswered: { text: d.coming.some((event) => !event.onNow) ? "Everyone booked on the next events has answered." : "Nothing coming up to answer for." },
    gaps: !attention?.instrumentsKnown
      ? { text: "Add each member’s instruments to see which gigs still need a player.", link: { to: "/members", label: "Members" } }
      : { text: attention.gigsChecked ? `Every gig ${days} has a player for each instrument.` : `No gigs ${days}.` },
    withoutSetlist: { text: attention?.gigsChecked ? `Every gig ${days} has a setlist.` : `No gigs ${days}.` },
  };
}

const STATS: { key: "members" | "songs" | "setlists" | "events"; label: string; to: string; icon: IconName }[] = [
  { key: "members", label: "Members", to: "/members", icon: "members" },
  { key: "songs", label: "Songs", to: "/songs", icon: "songs" },
  { key: "setlists", label: "Setlists", to: "/setlists", icon: "setlists" },
  { key: "events", label: "Events", to: "/calendar", icon: "calendar" },
];

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Panels = LoaderData["dashboard"];
type When = { date: string; time: string; startsAt: string };

const LINK = "font-medium text-brand-700 underline-offset-4 hover:underline";

/** A titled card; `id` names its heading so the section is a labelled region. */
function Panel({ id, title, action, children }: { id: string; title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ note }: { note: Note }) {
  return (
    <p className="text-sm text-slate-600">
      {note.text}{" "}
      {note.link ? (
        <Link to={note.link.to} className={LINK}>
          {note.link.label}
        </Link>
      ) : null}
    </p>
  );
}

function WhenText({ when }: { when: When }) {
  return (
    <>
      <time dateTime={when.startsAt}>{when.date}</time> · {when.time}
    </>
  );
}

function More({ total, shown, to, label }: { total: number; shown: number; to: string; label: string }) {
  return total > shown ? (
    <p className="mt-2 text-sm text-slate-600">
      And {total - shown} more. <Link to={to} className={LINK}>{label}</Link>
    </p>
  ) : null;
}

function ComingUp({ panels, empty }: { panels: Panels; empty: Notes }) {
  const { coming } = panels;
  return (
    <Panel id="coming" title="Coming up" action={<Link to="/calendar" className={`text-sm ${LINK}`}>Calendar</Link>}>
      {coming.length ? (
        <ul className="space-y-3">
          {coming.map((event) => (
            <li key={event.id} className="rounded-lg border border-slate-100 p-3">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link to={`/events/${event.id}`} className="wrap-anywhere font-semibold text-slate-900 hover:underline">
                  {event.title}
                </Link>
                <span className="text-sm text-slate-600">
                  {event.kindLabel}
                  {event.tentative ? " (tentative)" : null}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {event.onNow ? <strong className="font-semibold text-emerald-800">On now · </strong> : null}
                <WhenText when={event.when} />
                {event.venueName ? ` · ${event.venueName}` : null}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                <span className="sr-only">Lineup: </span>
                {event.countsLine}
              </p>
              {event.mine ? (
                <div className="mt-2">
                  <RsvpButtons eventId={event.id} title={event.title} when={`${event.when.date}, ${event.when.time}`} state={event.mine} returnTo={HERE} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <Empty note={empty.coming} />
      )}
    </Panel>
  );
}

function WaitingForYou({ panels, empty }: { panels: Panels; empty: Notes }) {
  const { waiting, coming } = panels;
  const onScreen = new Set(coming.map((event) => event.id));
  // An answer (with JavaScript) takes its event off this list, and the focused button with
  // it: the keyboard goes on to what the list shows next, not to the top of the page.
  const list = useRef<HTMLDivElement>(null);
  const total = useRef(waiting.total);
  useEffect(() => {
    if (total.current !== waiting.total && document.activeElement === document.body) list.current?.querySelector<HTMLElement>("a[href],button")?.focus();
    total.current = waiting.total;
  }, [waiting.total]);
  return (
    <Panel id="waiting" title="Waiting for your answer">
      <div ref={list}>
        {waiting.total ? (
          <>
            <p className="text-sm text-slate-700">
              {waiting.total === 1 ? "1 event is" : `${waiting.total} events are`} waiting for your answer.
            </p>
            <ul className="mt-2 divide-y divide-slate-100">
              {waiting.events.map((event) => (
                <li key={event.id} className="py-2">
                  <Link to={`/events/${event.id}`} className="wrap-anywhere font-medium text-slate-900 hover:underline">
                    {event.title}
                  </Link>
                  <span className="block text-sm text-slate-600">
                    <WhenText when={event.when} />
                    {event.deadline ? ` · ${event.deadline}` : null}
                  </span>
                  {onScreen.has(event.id) ? null : (
                    <div className="mt-2">
                      <RsvpButtons eventId={event.id} title={event.title} when={`${event.when.date}, ${event.when.time}`} state={{ answer: null, open: true, closedReason: null }} returnTo={HERE} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <More total={waiting.total} shown={waiting.events.length} to="/calendar?mine=1" label="See your events" />
          </>
        ) : (
          <Empty note={empty.waiting} />
        )}
      </div>
    </Panel>
  );
}

function Clashes({ panels, empty }: { panels: Panels; empty: Notes }) {
  const { clashes } = panels;
  return (
    <Panel id="clashes" title="Blackout clashes" action={<Link to="/calendar/blackouts" className={`text-sm ${LINK}`}>Your blackout dates</Link>}>
      {clashes.total ? (
        <ul className="divide-y divide-slate-100">
          {clashes.rows.map((clash, index) => (
            <li key={index} className="py-2 text-sm [overflow-wrap:anywhere]">
              <span className="font-medium text-slate-900">{clash.line}</span>
              {clash.reason ? <span className="text-slate-600"> ({clash.reason})</span> : null}
              <span className="block text-slate-600">
                Booked on{" "}
                <Link to={`/events/${clash.event.id}`} className={LINK}>
                  {clash.event.title}
                </Link>
                , <WhenText when={clash.event.when} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty note={empty.clashes} />
      )}
      {clashes.total > clashes.rows.length ? <p className="mt-2 text-sm text-slate-600">And {clashes.total - clashes.rows.length} more.</p> : null}
    </Panel>
  );
}

function NextSetlist({ panels, empty }: { panels: Panels; empty: Notes }) {
  const { nextGig } = panels;
  return (
    <Panel id="setlist" title={nextGig?.onNow ? "Setlist for the gig on now" : "Setlist for the next gig"}>
      {!nextGig ? (
        <Empty note={empty.nextGig} />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            <Link to={`/events/${nextGig.id}`} className={LINK}>
              {nextGig.title}
            </Link>
            , <WhenText when={nextGig.when} />
          </p>
          {nextGig.setlist ? (
            <p className="mt-2">
              <Link to={nextGig.setlist.href} className="font-semibold text-slate-900 hover:underline">
                {nextGig.setlist.name}
              </Link>
              <span className="block text-sm text-slate-600">
                {nextGig.setlist.songCount === 1 ? "1 song" : `${nextGig.setlist.songCount} songs`} · {nextGig.setlist.length}
              </span>
            </p>
          ) : (
            <Empty note={empty.setlist} />
          )}
        </>
      )}
    </Panel>
  );
}

function RecentSongs({ panels, empty }: { panels: Panels; empty: Notes }) {
  const { recentSongs, abilities } = panels;
  if (!abilities.library) return null;
  return (
    <Panel id="songs" title="Songs added recently" action={<Link to="/songs" className={`text-sm ${LINK}`}>Song library</Link>}>
      {recentSongs.length ? (
        <ul className="divide-y divide-slate-100">
          {recentSongs.map((song) => (
            <li key={song.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
              <span className="min-w-0 wrap-anywhere">
                <span className="font-medium text-slate-900">{song.title}</span>
                {song.artist ? <span className="text-slate-600"> · {song.artist}</span> : null}
              </span>
              <span className="text-slate-600">{song.added}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty note={empty.songs} />
      )}
    </Panel>
  );
}

function NotAnswered({ panels, empty }: { panels: Panels; empty: Notes }) {
  const waiting = panels.coming.filter((event) => event.unanswered.length);
  return (
    <Panel id="not-answered" title="Who hasn’t answered">
      {waiting.length ? (
        <ul className="divide-y divide-slate-100">
          {waiting.map((event) => (
            <li key={event.id} className="py-2">
              <Link to={`/events/${event.id}`} className="wrap-anywhere font-medium text-slate-900 hover:underline">
                {event.title}
              </Link>
              <span className="block text-sm text-slate-600">
                <WhenText when={event.when} />
              </span>
              <p className="mt-1 text-sm text-slate-800">{event.unanswered.join(", ")}</p>
              {event.chase ? (
                <Form method="post" action={`/events/${event.id}/chase`} className="mt-2">
                  <input type="hidden" name="returnTo" value={HERE} />
                  <button type="submit" className="min-h-[44px] rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100">
                    Chase now<span className="sr-only"> for {event.title}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <Empty note={empty.notAnswered} />
      )}
    </Panel>
  );
}

type GigRow = { id: number; title: string; when: When; missing?: string[] };

/** A problem list of gigs (missing players, no setlist), each linking to its page and, for a setlist, to the edit form. */
function GigPanel({ id, title, list, note, fix }: { id: string; title: string; list: { total: number; rows: GigRow[] }; note: Note; fix?: string }) {
  return (
    <Panel id={id} title={title}>
      {list.total ? (
        <>
          <ul className="divide-y divide-slate-100">
            {list.rows.map((gig) => (
              <li key={gig.id} className="py-2 text-sm">
                <Link to={`/events/${gig.id}`} className="wrap-anywhere font-medium text-slate-900 hover:underline">
                  {gig.title}
                </Link>
                <span className="block text-slate-600">
                  <WhenText when={gig.when} />
                </span>
                {gig.missing ? <span className="block text-slate-800">{gig.missing.join(" · ")}</span> : null}
                {fix ? (
                  // Straight to the form's setlist picker, far down a phone's screen.
                  <Link to={`/events/${gig.id}/edit#setlist`} className={LINK}>
                    {fix}
                    <span className="sr-only"> for {gig.title}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <More total={list.total} shown={list.rows.length} to="/calendar?kind=gig" label="See the gigs" />
        </>
      ) : (
        <Empty note={note} />
      )}
    </Panel>
  );
}

export default function Dashboard() {
  const { band, role, canManageMembers, counts, progress, nextSteps, members, dashboard: panels, empty, money } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6 sm:space-y-8">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {/* A long one-word name wraps on a phone instead of overflowing; the title holds it whole. */}
        <h1 title={band.name} className="min-w-0 max-w-full text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
          {band.name}
        </h1>
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${band.isPro ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300"}`}
        >
          {band.isPro ? "Pro" : "Free"} plan
        </span>
        <span className="flex items-center gap-1.5 text-sm text-slate-600">
          Your role <RoleBadge role={role} />
        </span>
        <p className="w-full text-sm text-slate-600">Times are in the band’s time zone, {panels.timeZone}.</p>
      </header>

      {nextSteps.length ? (
        <section aria-labelledby="next-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="next-heading" className="font-semibold text-slate-900">
              Next steps
            </h2>
            <Link to="/getting-started" className={`text-sm ${LINK}`}>
              See all
            </Link>
          </div>
          <div className="mt-3">
            <ProgressBar value={progress} />
          </div>
          <ul className="mt-4 divide-y divide-slate-100">
            {nextSteps.map((step) => (
              <li key={step.key}>
                <Link to={step.href} className="flex min-h-[44px] items-center justify-between gap-3 py-3 hover:text-brand-700">
                  <span>
                    <span className="block font-medium text-slate-900">{step.label}</span>
                    <span className="block text-sm text-slate-600">{step.description}</span>
                  </span>
                  <span aria-hidden="true" className="text-slate-400">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <ComingUp panels={panels} empty={empty} />
        <div className="grid content-start gap-4 sm:gap-6">
          <WaitingForYou panels={panels} empty={empty} />
          {panels.attention ? <NotAnswered panels={panels} empty={empty} /> : null}
        </div>
        {panels.attention ? (
          <>
            <GigPanel id="gaps" title="Gigs missing players" list={panels.attention.instrumentsKnown ? panels.attention.gaps : { total: 0, rows: [] }} note={empty.gaps} />
            <GigPanel id="no-setlist" title="Gigs without a setlist" list={panels.attention.withoutSetlist} note={empty.withoutSetlist} fix="Pick a setlist" />
          </>
        ) : null}
        <Clashes panels={panels} empty={empty} />
        <NextSetlist panels={panels} empty={empty} />
        <RecentSongs panels={panels} empty={empty} />
        {money ? (
          <Panel id="money" title="Money">
            {money.map((note, index) => (
              <Empty key={index} note={note} />
            ))}
          </Panel>
        ) : null}
      </div>

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {STATS.filter((stat) => counts[stat.key] !== undefined).map((stat) => (
            <li key={stat.key}>
              <Link to={stat.to} className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={stat.icon} />
                </span>
                <span>
                  <span className="block text-2xl font-bold tabular-nums text-slate-900">{counts[stat.key]?.toLocaleString("en-US")}</span>
                  <span className="block text-sm text-slate-600">{stat.label}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="members-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="members-heading" className="font-semibold text-slate-900">
            Members
          </h2>
          <Link to="/members" className={`text-sm ${LINK}`}>
            {counts.members > members.length ? `View all ${counts.members}` : canManageMembers ? "Manage members" : "See members"}
          </Link>
        </div>
        <ul className="mt-3 divide-y divide-slate-100">
          {members.map((member) => {
            const person = { ...member.user, displayName: member.membership.displayName };
            return (
              <li key={member.membership.id} className="flex items-center gap-3 py-2.5">
                <Avatar person={person} position={member.position} initials={member.initials} size="sm" decorative />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{displayName(person)}</span>
                <RoleBadge role={member.membership.role} />
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard · Bandroom" }];

export const ErrorBoundary = RouteErrorBoundary;
