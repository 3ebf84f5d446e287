/**
 * Drawings of Bandroom's real screens for the landing page, in HTML and CSS: no stock
 * photos, no image requests, and a fixed aspect ratio each, so they never shift the
 * layout while the page loads. Each is one image to assistive technology, named by what
 * it shows.
 */

type Tone = "violet" | "sky" | "emerald" | "amber" | "rose" | "slate";

const AVATAR_TONES: Record<Tone, string> = {
  violet: "bg-violet-700",
  sky: "bg-sky-700",
  emerald: "bg-emerald-700",
  amber: "bg-amber-700",
  rose: "bg-rose-700",
  slate: "bg-slate-600",
};

function Face({ initials, tone, className = "" }: { initials: string; tone: Tone; className?: string }) {
  return (
    <span className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-[10px] font-semibold text-white ring-2 ring-white ${AVATAR_TONES[tone]} ${className}`}>
      {initials}
    </span>
  );
}

/** A browser-ish window with a title bar: the frame every screen sits in. */
// Taller on phones, where the same content has less width; fixed either way.
function Frame({ label, title, aspect = "aspect-square sm:aspect-[4/3]", children }: { label: string; title: string; aspect?: string; children: React.ReactNode }) {
  return (
    <div role="img" aria-label={label} className={`${aspect} flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/10 ring-1 ring-slate-900/5`}>
      <div className="flex h-9 shrink-0 items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-3">
        <span className="h-2.5 w-2.5 rounded-full bg-rose-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-amber-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-emerald-400" />
        <span className="ml-3 truncate text-[11px] font-medium text-slate-500">{title}</span>
      </div>
      <div className="min-h-0 flex-1 overflow-hidden">{children}</div>
    </div>
  );
}

function SideRail({ active }: { active: number }) {
  return (
    <div className="hidden w-11 shrink-0 flex-col items-center gap-2 border-r border-slate-200 bg-slate-50 py-3 sm:flex">
      <span className="mb-1 flex h-6 w-6 items-center justify-center rounded-md bg-brand-700 text-[10px] font-bold text-white">B</span>
      {[0, 1, 2, 3, 4].map((index) => (
        <span key={index} className={`h-6 w-6 rounded-md ${index === active ? "bg-brand-100 ring-1 ring-brand-600/30" : "bg-slate-200/70"}`} />
      ))}
    </div>
  );
}

/** The dashboard a member opens: what is next, who is coming, tonight's set. */
export function DashboardMockup() {
  const events = [
    { day: "Thu", date: "12", title: "Rehearsal", place: "Room 4, Soundhouse", status: "4 of 5 going", tone: "bg-emerald-50 text-emerald-800 ring-emerald-600/20" },
    { day: "Sat", date: "14", title: "Wedding: Hall & Okafor", place: "The Grand Hotel", status: "Sub booked on bass", tone: "bg-amber-50 text-amber-800 ring-amber-600/20" },
    { day: "Fri", date: "20", title: "Residency night", place: "The Crown", status: "Setlist ready", tone: "bg-sky-50 text-sky-800 ring-sky-600/20" },
  ];
  return (
    <Frame label="The Bandroom dashboard: the next rehearsal and gigs with who is going, and tonight's setlist." title="Dashboard · The Late Shift" aspect="aspect-[9/10] sm:aspect-[5/4]">
      <div className="flex h-full">
        <SideRail active={0} />
        <div className="min-w-0 flex-1 p-3 sm:p-4">
          <div className="flex items-center justify-between gap-2">
            <p className="truncate text-sm font-semibold text-slate-900">Next up</p>
            <span className="shrink-0 rounded-full bg-violet-100 px-2 py-0.5 text-[10px] font-semibold text-violet-800">Band Leader</span>
          </div>
          <ul className="mt-3 space-y-2">
            {events.map((event) => (
              <li key={event.title} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
                <span className="flex h-10 w-10 shrink-0 flex-col items-center justify-center rounded-md bg-brand-50 text-brand-900">
                  <span className="text-[9px] font-semibold uppercase">{event.day}</span>
                  <span className="text-sm font-bold leading-none">{event.date}</span>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-xs font-semibold text-slate-900">{event.title}</span>
                  <span className="block truncate text-[11px] text-slate-500">{event.place}</span>
                </span>
                <span className={`hidden shrink-0 rounded-full px-2 py-0.5 text-[10px] font-medium ring-1 ring-inset min-[400px]:inline ${event.tone}`}>{event.status}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <div className="rounded-lg bg-slate-50 p-2.5">
              <p className="text-[11px] font-semibold text-slate-900">Set 1 · 42 min</p>
              <ol className="mt-1.5 space-y-1 text-[11px] text-slate-600">
                <li className="truncate">1. September</li>
                <li className="truncate">2. Valerie</li>
                <li className="truncate">3. Superstition</li>
              </ol>
            </div>
            <div className="rounded-lg bg-slate-50 p-2.5">
              <p className="text-[11px] font-semibold text-slate-900">Who’s in Saturday</p>
              <div className="mt-2 flex -space-x-1">
                <Face initials="MR" tone="violet" />
                <Face initials="JO" tone="sky" />
                <Face initials="PS" tone="emerald" />
                <Face initials="LB" tone="amber" />
                <Face initials="DK" tone="slate" />
              </div>
              <p className="mt-1.5 text-[11px] text-slate-600">5 going · 1 sub</p>
            </div>
          </div>
        </div>
      </div>
    </Frame>
  );
}

/** The calendar: a month with gigs, rehearsals and a blackout date, and one event's RSVPs. */
export function CalendarMockup() {
  // A June that starts on a Sunday; the marked days are what a busy band's month looks like.
  const marks: Record<number, { kind: "gig" | "rehearsal" | "blackout" }> = {
    5: { kind: "rehearsal" },
    7: { kind: "gig" },
    12: { kind: "rehearsal" },
    14: { kind: "gig" },
    17: { kind: "blackout" },
    18: { kind: "blackout" },
    19: { kind: "rehearsal" },
    20: { kind: "gig" },
    26: { kind: "rehearsal" },
    28: { kind: "gig" },
  };
  const kindClass = {
    gig: "bg-brand-700 text-white",
    rehearsal: "bg-sky-100 text-sky-900",
    blackout: "bg-[repeating-linear-gradient(135deg,#e2e8f0_0_3px,#f8fafc_3px_6px)] text-slate-500",
  };
  const days = Array.from({ length: 35 }, (_, index) => index);
  return (
    <Frame label="The shared calendar: a month of gigs and rehearsals, a member's blackout dates, and the RSVPs for Saturday's wedding gig." title="Calendar · June" aspect="aspect-[9/10] sm:aspect-[4/3]">
      <div className="flex h-full flex-col gap-3 p-3 sm:flex-row sm:p-4">
        <div className="min-w-0 flex-1">
          <div className="grid grid-cols-7 gap-1 text-center text-[9px] font-semibold uppercase text-slate-500">
            {["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map((day) => (
              <span key={day}>{day}</span>
            ))}
          </div>
          <div className="mt-1 grid grid-cols-7 gap-1">
            {days.map((offset) => {
              const date = offset + 1;
              const inMonth = date >= 1 && date <= 30;
              const mark = inMonth ? marks[date] : undefined;
              return (
                <span
                  key={offset}
                  className={`flex aspect-square items-center justify-center rounded-md text-[10px] font-medium ${
                    mark ? kindClass[mark.kind] : inMonth ? "bg-slate-50 text-slate-700" : "text-slate-300"
                  } ${date === 14 ? "ring-2 ring-brand-500 ring-offset-1" : ""}`}
                >
                  {inMonth ? date : ""}
                </span>
              );
            })}
          </div>
          <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-[10px] text-slate-600">
            <span className="flex items-center gap-1">
              <span className="h-2 w-2 rounded-sm bg-brand-700" /> Gig
            </span>
            <span className="flex items-center gap-1">
              <span className="h-2 w-2 rounded-sm bg-sky-200" /> Rehearsal
            </span>
            <span className="flex items-center gap-1">
              <span className="h-2 w-2 rounded-sm bg-slate-300" /> Blackout
            </span>
          </div>
          <div className="mt-3 flex items-center gap-2 rounded-lg border border-slate-200 p-2 sm:hidden">
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[11px] font-semibold text-slate-900">Sat, Jun 14 · Wedding</span>
              <span className="block truncate text-[10px] text-slate-600">3 going · 1 maybe · 1 can’t make it</span>
            </span>
            <span className="flex -space-x-1">
              <Face initials="MR" tone="violet" className="h-5 w-5 text-[8px]" />
              <Face initials="JO" tone="sky" className="h-5 w-5 text-[8px]" />
              <Face initials="PS" tone="emerald" className="h-5 w-5 text-[8px]" />
            </span>
          </div>
        </div>
        <div className="hidden w-[44%] shrink-0 rounded-xl border border-slate-200 p-3 sm:block">
          <p className="text-[10px] font-semibold uppercase tracking-wide text-brand-700">Gig · Sat, Jun 14</p>
          <p className="mt-1 text-xs font-semibold text-slate-900">Wedding: Hall & Okafor</p>
          <p className="text-[11px] text-slate-500">The Grand Hotel · 7:00 PM</p>
          <ul className="mt-3 space-y-1.5 text-[11px]">
            {[
              { name: "Maya R.", initials: "MR", tone: "violet" as const, rsvp: "Going", style: "text-emerald-700" },
              { name: "Jon O.", initials: "JO", tone: "sky" as const, rsvp: "Going", style: "text-emerald-700" },
              { name: "Priya S.", initials: "PS", tone: "emerald" as const, rsvp: "Going", style: "text-emerald-700" },
              { name: "Leo B.", initials: "LB", tone: "amber" as const, rsvp: "Maybe", style: "text-amber-700" },
              { name: "Sam T.", initials: "ST", tone: "rose" as const, rsvp: "Can’t make it", style: "text-rose-700" },
            ].map((member) => (
              <li key={member.name} className="flex items-center gap-2">
                <Face initials={member.initials} tone={member.tone} className="h-5 w-5 text-[8px] ring-0" />
                <span className="min-w-0 flex-1 truncate text-slate-700">{member.name}</span>
                <span className={`shrink-0 font-medium ${member.style}`}>{member.rsvp}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Frame>
  );
}

/** The setlist editor: sets in order, one song being dragged, timings, the PDF button. */
export function SetlistMockup() {
  const songs = [
    { title: "September", artist: "Earth, Wind & Fire", key: "A", length: "3:35" },
    { title: "Valerie", artist: "Amy Winehouse", key: "E♭", length: "3:39" },
    { title: "Superstition", artist: "Stevie Wonder", key: "E♭m", length: "4:26", dragging: true },
    { title: "Mr. Brightside", artist: "The Killers", key: "D♭", length: "3:42" },
    { title: "Dancing in the Moonlight", artist: "King Harvest", key: "Gm", length: "2:58" },
  ];
  return (
    <Frame label="The setlist editor: Set 1 for Friday's residency with keys and lengths, one song being dragged into a new place, and a Print PDF button." title="Setlists · Residency night" aspect="aspect-[9/10] sm:aspect-[4/3]">
      <div className="flex h-full flex-col p-3 sm:p-4">
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">Set 1</p>
            <p className="text-[11px] text-slate-500">5 songs · 18 min</p>
          </div>
          <span className="shrink-0 rounded-md bg-brand-700 px-2.5 py-1 text-[11px] font-semibold text-white">Print PDF</span>
        </div>
        <ol className="mt-3 space-y-1.5">
          {songs.map((song, index) => (
            <li
              key={song.title}
              className={`flex items-center gap-2 rounded-lg border px-2 py-1.5 ${
                song.dragging ? "relative z-10 -rotate-1 border-brand-500 bg-white shadow-lg shadow-brand-900/20" : "border-slate-200 bg-white"
              }`}
            >
              <span className="grid grid-cols-2 gap-0.5" aria-hidden="true">
                {Array.from({ length: 6 }, (_, dot) => (
                  <span key={dot} className="h-0.5 w-0.5 rounded-full bg-slate-400" />
                ))}
              </span>
              <span className="w-4 text-right text-[11px] tabular-nums text-slate-400">{index + 1}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-xs font-semibold text-slate-900">{song.title}</span>
                <span className="block truncate text-[10px] text-slate-500">{song.artist}</span>
              </span>
              <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-medium text-slate-700">{song.key}</span>
              <span className="w-8 shrink-0 text-right text-[11px] tabular-nums text-slate-500">{song.length}</span>
            </li>
          ))}
        </ol>
        <p className="mt-auto flex items-center gap-1.5 pt-2 text-[10px] text-slate-500">
          <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" /> Everyone sees this order
        </p>
      </div>
    </Frame>
  );
}

/** The song library: searchable songs with key and tempo, details looked up from partners. */
export function SongLibraryMockup() {
  const songs = [
    { title: "Ain’t No Mountain High Enough", artist: "Marvin Gaye & Tammi Terrell", key: "E", bpm: 130 },
    { title: "Dreams", artist: "Fleetwood Mac", key: "Am", bpm: 120 },
    { title: "Get Lucky", artist: "Daft Punk", key: "F♯m", bpm: 116 },
    { title: "Mr. Brightside", artist: "The Killers", key: "D♭", bpm: 148 },
  ];
  return (
    <Frame label="The song library: a search box, a match found on MusicBrainz ready to add, and the band's songs with key and tempo." title="Songs · The Late Shift" aspect="aspect-[9/10] sm:aspect-[4/3]">
      <div className="flex h-full flex-col p-3 sm:p-4">
        <div className="flex items-center gap-2 rounded-lg border border-slate-300 px-2.5 py-1.5">
          <svg viewBox="0 0 24 24" className="h-3.5 w-3.5 text-slate-400" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <span className="text-xs text-slate-900">isn’t she lovely</span>
          <span className="ml-0.5 h-3.5 w-px animate-pulse bg-slate-900 motion-reduce:animate-none" />
        </div>
        <div className="mt-2 rounded-lg border border-brand-100 bg-brand-50 p-2.5">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0">
              <span className="block truncate text-xs font-semibold text-slate-900">Isn’t She Lovely</span>
              <span className="block truncate text-[10px] text-slate-600">Stevie Wonder · 1976 · 6:34</span>
            </span>
            <span className="shrink-0 rounded-md bg-brand-700 px-2 py-1 text-[10px] font-semibold text-white">Add</span>
          </div>
          <p className="mt-1.5 text-[10px] text-brand-900">Details from MusicBrainz</p>
        </div>
        <table className="mt-3 w-full table-fixed text-left text-[11px]">
          <thead>
            <tr className="text-[9px] uppercase tracking-wide text-slate-500">
              <th className="w-[62%] pb-1 font-semibold">Song</th>
              <th className="pb-1 font-semibold">Key</th>
              <th className="pb-1 text-right font-semibold">BPM</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {songs.map((song) => (
              <tr key={song.title}>
                <td className="py-1.5 pr-2">
                  <span className="block truncate font-semibold text-slate-900">{song.title}</span>
                  <span className="block truncate text-[10px] text-slate-500">{song.artist}</span>
                </td>
                <td className="py-1.5 text-slate-700">{song.key}</td>
                <td className="py-1.5 text-right tabular-nums text-slate-700">{song.bpm}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Frame>
  );
}

/** Pro's finances: a gig fee split, an expense, and what each member is owed or owes. */
export function BalancesMockup() {
  const members = [
    { name: "Maya R.", initials: "MR", tone: "violet" as const, balance: "+$240", owed: true },
    { name: "Jon O.", initials: "JO", tone: "sky" as const, balance: "+$180", owed: true },
    { name: "Priya S.", initials: "PS", tone: "emerald" as const, balance: "$0", owed: null },
    { name: "Leo B.", initials: "LB", tone: "amber" as const, balance: "−$60", owed: false },
  ];
  return (
    <Frame label="Band finances on Pro: this month's gig fees and expenses, and each member's balance, who is owed and who owes." title="Finances · The Late Shift · Pro">
      <div className="flex h-full flex-col p-3 sm:p-4">
        <div className="grid grid-cols-2 gap-2">
          <div className="rounded-lg bg-emerald-50 p-2.5">
            <p className="text-[10px] font-medium text-emerald-800">Gig fees this month</p>
            <p className="text-base font-bold tabular-nums text-emerald-900">$2,400.00</p>
          </div>
          <div className="rounded-lg bg-rose-50 p-2.5">
            <p className="text-[10px] font-medium text-rose-800">Expenses</p>
            <p className="text-base font-bold tabular-nums text-rose-900">$310.00</p>
          </div>
        </div>
        <p className="mt-3 text-[10px] font-semibold uppercase tracking-wide text-slate-500">Member balances</p>
        <ul className="mt-1 divide-y divide-slate-100">
          {members.map((member) => (
            <li key={member.name} className="flex items-center gap-2 py-1.5">
              <Face initials={member.initials} tone={member.tone} className="ring-0" />
              <span className="min-w-0 flex-1 truncate text-xs text-slate-800">{member.name}</span>
              <span className="hidden text-[10px] text-slate-500 min-[400px]:inline">
                {member.owed === null ? "Settled" : member.owed ? "Is owed" : "Owes"}
              </span>
              <span
                className={`w-14 shrink-0 text-right text-xs font-semibold tabular-nums ${
                  member.owed === null ? "text-slate-500" : member.owed ? "text-emerald-700" : "text-rose-700"
                }`}
              >
                {member.balance}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-auto truncate rounded-md bg-slate-50 px-2 py-1.5 text-[10px] text-slate-600">
          Wedding at The Grand · $1,500.00 split 5 ways · paid to Maya
        </p>
      </div>
    </Frame>
  );
}
