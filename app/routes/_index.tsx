import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { getCurrentUser } from "~/features/auth/auth.server";
import { homePathFor } from "~/features/bands/current-band.server";
import type { LandingSection } from "~/features/analytics/events";
import { PublicFooter, PublicHeader } from "~/components/public-layout";
import { BalancesMockup, CalendarMockup, DashboardMockup, SetlistMockup, SongLibraryMockup } from "~/components/landing/mockups";
import { Icon, type IconName } from "~/components/kit";
import { appOrigin } from "~/utils/request.server";
import { redirectKeepingToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // "/" is the landing page for visitors and the way home for members: Getting Started
  // while their band is brand new (or they have none), else the Dashboard.
  const current = await getCurrentUser(request);
  if (current) throw await redirectKeepingToast(request, await homePathFor(request, current.user));
  return { origin: appOrigin(request) };
}

/*
 * For signed-out visitors this page is static HTML (root.tsx decides): no React on the
 * client. Sections below the first screen use `content-visibility: auto`, so the browser
 * skips their rendering until they come near the viewport, while a `contain-intrinsic-size`
 * close to their real height keeps the page from shifting. Everything is in the HTML, so
 * anchors, find-in-page and screen readers reach it without a script.
 */
const DEFERRED = "[content-visibility:auto]";

function Section({
  id,
  labelledBy,
  className = "",
  deferred,
  children,
}: {
  id: LandingSection;
  labelledBy: string;
  className?: string;
  /** Intrinsic-size classes for a section below the first screen: its measured height per breakpoint. */
  deferred?: string;
  children: React.ReactNode;
}) {
  return (
    <section id={id} data-section={id} aria-labelledby={labelledBy} className={`scroll-mt-16 ${deferred ? `${DEFERRED} ${deferred}` : ""} ${className}`}>
      {children}
    </section>
  );
}

function Eyebrow({ children }: { children: React.ReactNode }) {
  return <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{children}</p>;
}

const PROBLEMS: { icon: IconName; title: string; body: string; fix: string }[] = [
  {
    icon: "calendar",
    title: "Forgotten rehearsals",
    body: "The time was agreed in the group chat, three hundred messages ago. Someone turns up to an empty room, or doesn’t turn up at all.",
    fix: "One calendar with an RSVP for every rehearsal and gig.",
  },
  {
    icon: "setlists",
    title: "Confused set orders",
    body: "The singer has Tuesday’s list, the drummer has last month’s, and the key change nobody wrote down happens live on stage.",
    fix: "One setlist everyone sees, with keys, and a PDF for the stage floor.",
  },
  {
    icon: "finances",
    title: "Late payments",
    body: "The wedding fee landed in one person’s account. Weeks later nobody is sure who has been paid, who paid for the van, or who is owed what.",
    fix: "Every fee and expense recorded, and each member’s balance in plain sight.",
  },
];

const FEATURES: { eyebrow: string; title: string; body: string; points: string[]; Mockup: () => React.JSX.Element; pro?: boolean }[] = [
  {
    eyebrow: "Calendar and availability",
    title: "Know who can make it before you book",
    body: "Gigs and rehearsals live in one shared calendar. Members answer each one with an RSVP and mark the dates they are away, so you can see at a glance when to call in a sub.",
    points: ["RSVPs for every gig and rehearsal", "Blackout dates for holidays and day jobs", "Download the calendar to your phone"],
    Mockup: CalendarMockup,
  },
  {
    eyebrow: "Setlists",
    title: "Everyone plays the same set, in the same order",
    body: "Drag songs into order, split the night into sets and watch the running time. The whole band sees the same list, and a clean printable PDF goes on the stage floor.",
    points: ["Drag and drop to reorder", "Keys and lengths beside each song", "Printable PDF for the gig"],
    Mockup: SetlistMockup,
  },
  {
    eyebrow: "Song library",
    title: "Every song you play, filled in for you",
    body: "Keep the band’s repertoire in one place. Search a title and Bandroom looks up the details from our music-metadata partners, MusicBrainz and Deezer; you can edit anything it finds.",
    points: ["Details looked up from MusicBrainz and Deezer", "Key and tempo for each song", "Add any song to a setlist"],
    Mockup: SongLibraryMockup,
  },
  {
    eyebrow: "Finances · Pro",
    title: "Settle up in minutes, not arguments",
    body: "Record gig payments and expenses as they happen. Bandroom keeps each member’s balance, so after the gig everyone can see who is owed and who owes.",
    points: ["Payment records and gig fees", "Expenses, with who paid", "A balance for every member"],
    Mockup: BalancesMockup,
    pro: true,
  },
];

const MORE_FEATURES: { icon: IconName; title: string; body: string }[] = [
  { icon: "members", title: "Roles for everyone", body: "Band Leader, Band Admin, Band Member and Sub: each sees and changes what their role allows." },
  { icon: "dashboard", title: "More than one band", body: "Play in several bands? Each keeps its own calendar, songs and setlists; switch in one tap." },
  { icon: "blog", title: "Guides for working bands", body: "Practical articles on rehearsals, setlists and band money on our blog and resources pages." },
];

const QUOTES: { quote: string; persona: string }[] = [
  {
    quote: "I spend more time chasing replies than rehearsing. I just want to see who’s in for Saturday without scrolling the group chat.",
    persona: "Band leader of a five-piece wedding band",
  },
  {
    quote: "Send me the set in the order we’ll actually play it, with the keys, before I’m standing on the stage.",
    persona: "Bass player who subs for three bands",
  },
  {
    quote: "After a gig nobody remembers who paid for the van. We need one list of who’s owed what that everyone trusts.",
    persona: "Drummer and unofficial treasurer of an originals band",
  },
];

const FREE_ITEMS = [
  "Members and roles",
  "Shared calendar with RSVPs and blackout dates",
  "Setlists with drag and drop and printable PDFs",
  "Song library with details from MusicBrainz and Deezer",
];
const PRO_ITEMS = ["Everything in Free", "Finances: payment records and gig fees", "Expenses, with who paid", "Member balances"];

const FAQ: { q: string; a: string }[] = [
  {
    q: "Is Bandroom really free?",
    a: "Yes. Members and roles, the calendar with RSVPs and blackout dates, setlists and the song library are free. You only pay if your band wants the finance tools of Pro.",
  },
  {
    q: "What does Pro add, and what does it cost?",
    a: "Pro unlocks Finances: payment records, gig fees, expenses and member balances. It costs $8 a month per band, not per person, and the band leader manages the subscription.",
  },
  {
    q: "Do my bandmates have to pay?",
    a: "No. Everyone in a band gets the same features. A Pro subscription covers the whole band, subs included.",
  },
  {
    q: "Can I be in more than one band?",
    a: "Yes. Many musicians play in several bands. Each band has its own calendar, songs and setlists, and you switch between bands from the menu.",
  },
  {
    q: "Who can change what?",
    a: "Each person has a role in each band: Band Leader, Band Admin, Band Member or Sub. Leaders and admins manage the band and its members; subs see what they need for the gigs they play.",
  },
  {
    q: "Does it work on my phone?",
    a: "Yes. Bandroom runs in the browser on phones, tablets and computers, with a tab bar on small screens. There is nothing to install.",
  },
  {
    q: "Where does song information come from?",
    a: "When you add a song, Bandroom looks up its details from our music-metadata partners, MusicBrainz and Deezer. You can always edit what it finds.",
  },
  {
    q: "What happens to my data?",
    a: "Your band’s data is shown only to members of your band. We count visits with our own first-party analytics, with no third-party trackers, and count nothing for visitors whose browser asks not to be tracked. The privacy policy has the details.",
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
      <PublicHeader onLanding />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Section id="hero" labelledBy="hero-heading" className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,#ede9fe,transparent),linear-gradient(to_bottom,#faf9ff,#ffffff)]"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 md:pt-20 lg:grid-cols-[1fr_1.05fr] lg:pb-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
                <span className="h-1.5 w-1.5 rounded-full bg-brand-500" aria-hidden="true" />
                For band leaders, members and subs
              </p>
              <h1 id="hero-heading" className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
                Run your band <span className="text-brand-700">in one place</span>
              </h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">
                Gigs and rehearsals, who can make it, what to play and who is owed what: one shared place for the whole band, instead of a group chat,
                three spreadsheets and a notebook.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link
                  to="/login?mode=register"
                  className="inline-flex min-h-[48px] items-center justify-center rounded-lg bg-brand-700 px-6 text-base font-semibold text-white shadow-lg shadow-brand-700/20 transition-colors hover:bg-brand-600"
                >
                  Start Free
                </Link>
                <a
                  href="#features"
                  className="inline-flex min-h-[48px] items-center justify-center rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 transition-colors hover:bg-slate-50"
                >
                  See how it works
                </a>
              </div>
              <p className="mt-4 text-sm text-slate-600">Free for small bands. No card needed.</p>
            </div>
            <DashboardMockup />
          </div>
        </Section>

        <Section
          id="problem"
          labelledBy="problem-heading"
          className="border-y border-slate-200 bg-slate-50"
          deferred="[contain-intrinsic-size:auto_1340px] md:[contain-intrinsic-size:auto_820px] lg:[contain-intrinsic-size:auto_690px]"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
            <div className="max-w-2xl">
              <Eyebrow>Sound familiar?</Eyebrow>
              <h2 id="problem-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Most bands don’t fall apart over music. They fall apart over logistics.
              </h2>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {PROBLEMS.map((problem) => (
                <li key={problem.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-rose-50 text-rose-700">
                    <Icon name={problem.icon} className="h-6 w-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{problem.title}</h3>
                  <p className="mt-2 flex-1 text-slate-700">{problem.body}</p>
                  <p className="mt-4 flex gap-2 border-t border-slate-100 pt-4 text-sm font-medium text-brand-700">
                    <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0" />
                    {problem.fix}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </Section>

        <Section id="features" labelledBy="features-heading" deferred="[contain-intrinsic-size:auto_4580px] md:[contain-intrinsic-size:auto_4500px] lg:[contain-intrinsic-size:auto_2580px]">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
            <div className="mx-auto max-w-2xl text-center">
              <Eyebrow>Features</Eyebrow>
              <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Everything the band needs, nothing it doesn’t
              </h2>
              <p className="mt-4 text-lg text-slate-700">The calendar, the setlist, the songs and the money: the four things every band juggles, in one app the whole band shares.</p>
            </div>
            <div className="mt-16 space-y-20 lg:space-y-24">
              {FEATURES.map((feature, index) => (
                <article key={feature.title} className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2 lg:gap-16">
                  <div className={index % 2 === 1 ? "lg:order-2" : undefined}>
                    <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
                      {feature.eyebrow}
                      {feature.pro ? <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Pro</span> : null}
                    </p>
                    <h3 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{feature.title}</h3>
                    <p className="mt-4 text-lg leading-relaxed text-slate-700">{feature.body}</p>
                    <ul className="mt-6 space-y-2">
                      {feature.points.map((point) => (
                        <li key={point} className="flex gap-3 text-slate-700">
                          <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                          {point}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div className={index % 2 === 1 ? "lg:order-1" : undefined}>
                    <feature.Mockup />
                  </div>
                </article>
              ))}
            </div>
            <ul className="mt-20 grid gap-6 border-t border-slate-200 pt-12 md:grid-cols-3">
              {MORE_FEATURES.map((feature) => (
                <li key={feature.title}>
                  <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                    <Icon name={feature.icon} className="h-6 w-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-2 text-slate-700">{feature.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </Section>

        <Section
          id="testimonials"
          labelledBy="testimonials-heading"
          className="border-y border-slate-200 bg-slate-50"
          deferred="[contain-intrinsic-size:auto_1280px] md:[contain-intrinsic-size:auto_810px] lg:[contain-intrinsic-size:auto_700px]"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
            <div className="max-w-2xl">
              <Eyebrow>Testimonials</Eyebrow>
              <h2 id="testimonials-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                What bands say they need
              </h2>
              <p className="mt-4 text-slate-700">
                These quotes are illustrative: composites we wrote from the situations working musicians describe again and again. They are not
                endorsements by named customers.
              </p>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {QUOTES.map((item) => (
                <li key={item.persona}>
                  <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                    <span className="self-start rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-600">Illustrative</span>
                    <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-800">
                      <p>“{item.quote}”</p>
                    </blockquote>
                    <figcaption className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-600">Composite persona: {item.persona}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </Section>

        <Section id="pricing" labelledBy="pricing-heading" deferred="[contain-intrinsic-size:auto_1490px] md:[contain-intrinsic-size:auto_970px] lg:[contain-intrinsic-size:auto_920px]">
          <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 md:py-24">
            <div className="mx-auto max-w-2xl text-center">
              <Eyebrow>Pricing</Eyebrow>
              <h2 id="pricing-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Free for small bands. Pro when you get paid.
              </h2>
              <p className="mt-4 text-lg text-slate-700">Start free. Upgrade a band to Pro when you want to track its money.</p>
            </div>
            <div className="mt-12 grid gap-6 md:grid-cols-2">
              <PriceCard name="Free" price="$0" per="forever" blurb="Everything a band needs to get organised." items={FREE_ITEMS} cta="Start Free" />
              <PriceCard name="Pro" price="$8" per="/month per band" blurb="For bands that get paid and share costs." items={PRO_ITEMS} cta="Start Free, upgrade later" highlighted />
            </div>
            <p className="mt-6 text-center text-sm text-slate-600">One price per band, not per member. Prices in US dollars.</p>
          </div>
        </Section>

        <Section
          id="faq"
          labelledBy="faq-heading"
          className="border-t border-slate-200 bg-slate-50"
          deferred="[contain-intrinsic-size:auto_960px] md:[contain-intrinsic-size:auto_905px]"
        >
          <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-24">
            <div className="text-center">
              <Eyebrow>FAQ</Eyebrow>
              <h2 id="faq-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Questions bands ask
              </h2>
            </div>
            <div className="mt-10 space-y-3">
              {FAQ.map((item) => (
                <details key={item.q} className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md">
                  <summary className="flex min-h-[44px] cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50">
                    {item.q}
                    <Icon name="chevron" className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
                  </summary>
                  <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.a}</p>
                </details>
              ))}
            </div>
            <p className="mt-8 text-center text-slate-700">
              Something else?{" "}
              <a href="mailto:support@bandroom.app" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-600">
                Email support@bandroom.app
              </a>
            </p>
          </div>
        </Section>

        <Section id="get-started" labelledBy="cta-heading" className="bg-white" deferred="[contain-intrinsic-size:auto_510px] lg:[contain-intrinsic-size:auto_480px]">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
            <div className="relative overflow-hidden rounded-3xl bg-brand-900 px-6 py-12 text-center shadow-xl sm:px-12 md:py-16">
              <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(40rem_20rem_at_50%_-20%,rgba(124,58,237,0.55),transparent)]" />
              <div className="relative">
                <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
                  Get the whole band on the same page
                </h2>
                <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">Set up your band in a couple of minutes, then invite everyone. Free for small bands.</p>
                <div className="mt-8 flex flex-wrap justify-center gap-3">
                  <Link
                    to="/login?mode=register"
                    className="inline-flex min-h-[48px] items-center justify-center rounded-lg bg-white px-6 text-base font-semibold text-brand-900 transition-colors hover:bg-brand-50"
                  >
                    Start Free
                  </Link>
                  <Link
                    to="/login"
                    className="inline-flex min-h-[48px] items-center justify-center rounded-lg px-6 text-base font-semibold text-white ring-1 ring-inset ring-white/40 transition-colors hover:bg-white/10"
                  >
                    Sign In
                  </Link>
                </div>
              </div>
            </div>
          </div>
        </Section>
      </main>
      <PublicFooter />
    </div>
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
  per: string;
  blurb: string;
  items: string[];
  cta: string;
  highlighted?: boolean;
}) {
  return (
    <div className={`relative flex flex-col rounded-2xl border bg-white p-8 ${highlighted ? "border-brand-600 shadow-xl ring-1 ring-brand-600" : "border-slate-200 shadow-sm"}`}>
      {highlighted ? (
        <p className="absolute -top-3 left-8 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">Adds finances</p>
      ) : null}
      <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
      <p className="mt-1 text-slate-600">{blurb}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900">{price}</span>
        <span className="text-slate-600">{per}</span>
      </p>
      <ul className="mt-8 flex-1 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
      <Link
        to="/login?mode=register"
        className={`mt-8 inline-flex min-h-[48px] w-full items-center justify-center rounded-lg px-4 text-base font-semibold transition-colors ${
          highlighted ? "bg-brand-700 text-white hover:bg-brand-600" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
        }`}
      >
        {cta}
      </Link>
    </div>
  );
}

const TITLE = "Bandroom — run your band in one place";
const DESCRIPTION = "A shared calendar with RSVPs, setlists, a song library, member roles and band finances: one place for your band. Free for small bands.";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const url = `${data?.origin ?? ""}/`;
  return [
    { title: TITLE },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Bandroom" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: TITLE },
    { property: "og:description", content: DESCRIPTION },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: TITLE },
    { name: "twitter:description", content: DESCRIPTION },
  ];
};
