import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { getCurrentUser } from "~/features/auth/auth.server";
import { homePathFor } from "~/features/bands/current-band.server";
import { PublicFooter } from "~/components/public-layout";
import { Icon, type IconName } from "~/components/shell/icons";
import { buttonClasses } from "~/components/ui/button";
import { redirectKeepingToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // "/" is the landing page for visitors and the way home for members: Getting Started
  // while their band is brand new (or they have none), else the Dashboard.
  const current = await getCurrentUser(request);
  if (current) throw await redirectKeepingToast(request, await homePathFor(request, current.user));
  return null;
}

const SECTION_LINKS = [
  { label: "Features", href: "#features" },
  { label: "Resources", href: "/resources" },
  { label: "Blog", href: "/blog" },
  { label: "Pricing", href: "#pricing" },
  { label: "Testimonials", href: "#testimonials" },
  { label: "FAQ", href: "#faq" },
];

const PROBLEMS = [
  {
    title: "Forgotten rehearsals",
    body: "The time was agreed somewhere in the group chat, three hundred messages ago. Someone always turns up to an empty room — or doesn’t turn up at all.",
  },
  {
    title: "Confused set orders",
    body: "The singer has Tuesday’s list, the drummer has last month’s, and the key change nobody wrote down happens live on stage.",
  },
  {
    title: "Late payments",
    body: "The fee from the wedding went into one person’s account. Weeks later nobody is sure who has been paid, who paid for the van, or who is owed what.",
  },
];

const FEATURES: { icon: IconName; title: string; body: string; pro?: boolean }[] = [
  {
    icon: "calendar",
    title: "Shared calendar",
    body: "Gigs and rehearsals in one calendar. Everyone RSVPs, marks the dates they can’t make, and can add the calendar to their phone.",
  },
  {
    icon: "setlists",
    title: "Setlists",
    body: "Drag songs into order, share the same list with everyone, and print a clean PDF for the stage floor.",
  },
  {
    icon: "songs",
    title: "Song library",
    body: "Keep every song the band plays, with details filled in from music-metadata partners such as MusicBrainz and Discogs.",
  },
  {
    icon: "members",
    title: "Members and roles",
    body: "Band leaders, admins, members and subs each see what they need. Play in more than one band? Switch between them in one click.",
  },
  {
    icon: "finances",
    title: "Band finances",
    body: "Record gig payments and expenses and see each member’s balance, so settling up takes minutes instead of arguments.",
    pro: true,
  },
  {
    icon: "blog",
    title: "Guides for working bands",
    body: "Practical articles on building setlists, running rehearsals and keeping a band organised, on our blog and resources pages.",
  },
];

const USE_CASES = [
  {
    who: "A five-piece wedding and party band",
    story:
      "The leader books the gigs and puts them on the calendar; members mark blackout dates, so she knows at a glance when to call in a sub. The first-dance song goes to the top of the setlist and everyone prints the same PDF.",
  },
  {
    who: "An originals band writing its first album",
    story:
      "Rehearsals repeat every Thursday with an RSVP, the song library holds the working titles, and the setlist for the launch show is drafted weeks ahead so nobody learns the order at soundcheck.",
  },
  {
    who: "A function band that relies on subs",
    story:
      "Subs join as Subs: they see the gigs they are booked on and the setlists for those gigs, and nothing else. On Pro, each gig fee is recorded and every player’s balance is clear.",
  },
];

const FAQ = [
  {
    q: "Is Bandroom really free?",
    a: "Yes. The calendar, availability, setlists, the song library and member roles are free. You only pay if your band wants the finance tools of Pro.",
  },
  {
    q: "What does Pro add, and what does it cost?",
    a: "Pro unlocks Finances: payment records, gig payments, expenses and member balances. It costs $8 a month per band, and the band leader manages the subscription.",
  },
  {
    q: "Can I be in more than one band?",
    a: "Yes. Many musicians play in several bands. Each band has its own calendar, songs and setlists, and you switch between bands from the menu.",
  },
  {
    q: "Who can change what?",
    a: "Each person has a role in each band: Band Leader, Band Admin, Band Member or Sub. Leaders and admins manage the band; subs see only the gigs they are booked on.",
  },
  {
    q: "Where does song information come from?",
    a: "When you add a song, Bandroom can look up details from music-metadata partners, including MusicBrainz and Discogs. You can always edit what it finds.",
  },
  {
    q: "What happens to my data?",
    a: "Your band’s data is yours and is only shown to members of your band. Our privacy policy explains what we store and why.",
  },
];

export default function Landing() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <section id="hero" aria-labelledby="hero-heading" className="scroll-mt-20 bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">For band leaders, members and subs</p>
              <h1 id="hero-heading" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
                Run your band in one place
              </h1>
              <p className="mt-5 max-w-xl text-lg text-slate-700">
                Gigs and rehearsals, who can make it, what to play and who is owed what — one shared place for the whole band, instead of a group
                chat, three spreadsheets and a notebook.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to="/login?mode=register" className={buttonClasses("primary", "px-6 text-base")}>
                  Start Free
                </Link>
                <a href="#features" className={buttonClasses("secondary", "px-6 text-base")}>
                  See what’s inside
                </a>
              </div>
              <p className="mt-4 text-sm text-slate-600">Free for small bands. No card needed.</p>
            </div>
            <ProductSketch />
          </div>
        </section>

        <section aria-labelledby="problem-heading" className="border-y border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="problem-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Sound familiar?
            </h2>
            <p className="mt-3 max-w-2xl text-slate-700">Most bands don’t fall apart over music. They fall apart over logistics.</p>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {PROBLEMS.map((problem) => (
                <li key={problem.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <h3 className="text-lg font-semibold text-slate-900">{problem.title}</h3>
                  <p className="mt-2 text-slate-700">{problem.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Everything the band needs, nothing it doesn’t
            </h2>
            <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((feature) => (
                <li key={feature.title}>
                  <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                    <Icon name={feature.icon} className="h-6 w-6" />
                  </span>
                  <h3 className="mt-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
                    {feature.title}
                    {feature.pro ? <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Pro</span> : null}
                  </h3>
                  <p className="mt-2 text-slate-700">{feature.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-20 border-y border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              How bands use Bandroom
            </h2>
            <p className="mt-3 max-w-2xl text-slate-700">
              Three typical set-ups. These are illustrative examples of how different bands work in Bandroom, not quotes from customers.
            </p>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {USE_CASES.map((useCase) => (
                <li key={useCase.who} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Illustrative example</p>
                  <h3 className="mt-2 text-lg font-semibold text-slate-900">{useCase.who}</h3>
                  <p className="mt-2 text-slate-700">{useCase.story}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Simple pricing
            </h2>
            <p className="mt-3 text-slate-700">Start free. Upgrade a band to Pro when you want to track its money.</p>
            <div className="mt-10 grid gap-6 md:grid-cols-2">
              <PriceCard
                name="Free"
                price="$0"
                blurb="For small bands getting organised."
                items={["Shared calendar with RSVPs and blackout dates", "Setlists with printable PDFs", "Song library", "Members and roles", "As many bands as you play in"]}
                cta="Start Free"
              />
              <PriceCard
                name="Pro"
                price="$8"
                per="/month per band"
                blurb="For bands that get paid and share costs."
                items={["Everything in Free", "Payment records and gig payments", "Expenses", "Member balances"]}
                cta="Start Free, upgrade later"
                highlighted
              />
            </div>
          </div>
        </section>

        <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
            <h2 id="faq-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Frequently asked questions
            </h2>
            <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {FAQ.map((item) => (
                <details key={item.q} className="group px-5">
                  <summary className="flex min-h-[56px] cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900">
                    {item.q}
                    <Icon name="chevron" className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                  </summary>
                  <p className="pb-5 text-slate-700">
                    {item.a}
                    {item.q === "What happens to my data?" ? (
                      <>
                        {" "}
                        <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-4">
                          Read the privacy policy
                        </Link>
                        .
                      </>
                    ) : null}
                  </p>
                </details>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="bg-brand-900">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
                Get the whole band on the same page
              </h2>
              <p className="mt-2 text-brand-100">Set up your band in a couple of minutes, then invite everyone.</p>
            </div>
            <Link
              to="/login?mode=register"
              className="inline-flex min-h-[44px] items-center justify-center rounded-md bg-white px-6 py-2 text-base font-semibold text-brand-900 hover:bg-brand-50"
            >
              Start Free
            </Link>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}

function LandingHeader() {
  const linkClass = "inline-flex min-h-[44px] items-center whitespace-nowrap rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3";
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-3 py-2 sm:gap-2 sm:px-6">
        <Link to="/" className="mr-auto inline-flex min-h-[44px] items-center gap-2 rounded-md text-base font-bold tracking-tight text-slate-900 sm:text-lg lg:mr-4">
          <span aria-hidden="true" className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-sm text-white">
            B
          </span>
          Bandroom
        </Link>
        <nav aria-label="Sections" className="mr-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.label}>
                {link.href.startsWith("#") ? (
                  <a href={link.href} className={linkClass}>
                    {link.label}
                  </a>
                ) : (
                  <Link to={link.href} className={linkClass}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/login" className={linkClass}>
          Sign In
        </Link>
        <Link
          to="/login?mode=register"
          className="inline-flex min-h-[44px] items-center whitespace-nowrap rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-600 sm:px-4"
        >
          Start Free
        </Link>
        {/* Below lg the section links fold into a disclosure that needs no script. */}
        <details className="group relative lg:hidden">
          <summary className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
            <span className="sr-only">More</span>
            <Icon name="menu" className="h-6 w-6 group-open:hidden" />
            <Icon name="close" className="hidden h-6 w-6 group-open:block" />
          </summary>
          <nav aria-label="Sections" className="absolute right-0 top-full mt-2 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            <ul>
              {SECTION_LINKS.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="flex min-h-[44px] items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

function PriceCard({
  name,
  price,
  per,
  blurb,
  items,
  cta,
  highlighted = false,
}: {
  name: string;
  price: string;
  per?: string;
  blurb: string;
  items: string[];
  cta: string;
  highlighted?: boolean;
}) {
  return (
    <div className={`flex flex-col rounded-2xl border p-8 ${highlighted ? "border-brand-600 shadow-lg ring-1 ring-brand-600" : "border-slate-200 shadow-sm"}`}>
      <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
      <p className="mt-1 text-slate-600">{blurb}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{price}</span>
        <span className="text-slate-600">{per ?? "forever"}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
      <Link to="/login?mode=register" className={buttonClasses(highlighted ? "primary" : "secondary", "mt-8 w-full")}>
        {cta}
      </Link>
    </div>
  );
}

/** A drawing of the product, not a screenshot: plain shapes showing what a band sees. */
function ProductSketch() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl">
      <div className="flex items-center justify-between">
        <p className="font-semibold text-slate-900">Next up</p>
        <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-medium text-purple-900">Band Leader</span>
      </div>
      <div className="mt-4 space-y-3">
        {[
          { day: "THU", date: "14", title: "Rehearsal", note: "4 of 5 going", tone: "bg-green-100 text-green-900" },
          { day: "SAT", date: "16", title: "Wedding gig", note: "Sub booked on bass", tone: "bg-yellow-100 text-yellow-900" },
          { day: "FRI", date: "22", title: "Bar residency", note: "Setlist ready", tone: "bg-blue-100 text-blue-900" },
        ].map((event) => (
          <div key={event.title} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
            <span className="flex h-12 w-12 flex-col items-center justify-center rounded-lg bg-brand-50 text-brand-900">
              <span className="text-[10px] font-semibold">{event.day}</span>
              <span className="text-lg font-bold leading-none">{event.date}</span>
            </span>
            <span className="flex-1">
              <span className="block font-medium text-slate-900">{event.title}</span>
              <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${event.tone}`}>{event.note}</span>
            </span>
          </div>
        ))}
      </div>
      <div className="mt-4 rounded-lg bg-slate-50 p-3">
        <p className="text-sm font-medium text-slate-900">Set 1</p>
        <ol className="mt-2 space-y-1 text-sm text-slate-700">
          <li>1. Opening number</li>
          <li>2. Crowd favourite</li>
          <li>3. The new one</li>
        </ol>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Bandroom — run your band in one place" },
  {
    name: "description",
    content: "A shared calendar with RSVPs, setlists, a song library, member roles and band finances: one place for your band. Free for small bands.",
  },
];
