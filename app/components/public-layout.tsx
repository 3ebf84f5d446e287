import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { PUBLIC_SCRIPT, useHydration, useSignedIn } from "~/utils/use-signed-in";
import { Icon } from "~/components/kit";

/**
 * The public header's links, in the spec's order. The in-page ones are plain anchors to
 * the landing page's sections: they work without JavaScript, and scroll smoothly where
 * the visitor has not asked for reduced motion (CSS on <html>, see root.tsx).
 */
const SITE_LINKS: { label: string; section?: string; to?: string }[] = [
  { label: "Features", section: "features" },
  { label: "Resources", to: "/resources" },
  { label: "Blog", to: "/blog" },
  { label: "Pricing", section: "pricing" },
  { label: "Testimonials", section: "testimonials" },
  { label: "FAQ", section: "faq" },
];

const NAV_LINK =
  "inline-flex min-h-[44px] items-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900";
const MENU_LINK = "flex min-h-[44px] items-center rounded-md px-3 text-base font-medium text-slate-800 hover:bg-slate-100";
const START_FREE =
  "inline-flex min-h-[44px] items-center justify-center whitespace-nowrap rounded-md bg-brand-700 px-3 text-sm sm:px-4 font-semibold text-white shadow-sm transition-colors hover:bg-brand-600";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${NAV_LINK} bg-brand-50 text-brand-700` : NAV_LINK;
}

// In the hydrated app (members reading the blog) a followed link keeps the header, so the
// menu closes itself; static pages get the same from /js/public.js.
function closeMenu(event: React.MouseEvent<HTMLAnchorElement>) {
  event.currentTarget.closest("details")?.removeAttribute("open");
}

function sectionHref(section: string, onLanding: boolean) {
  return onLanding ? `#${section}` : `/#${section}`;
}

const BRAND = "inline-flex min-h-[44px] shrink-0 items-center gap-2 rounded-md text-base font-bold sm:text-lg tracking-tight text-slate-900";

/** The logo and name: home, or back up to the hero when already on the landing page. */
export function BrandLink({ onLanding = false }: { onLanding?: boolean }) {
  const content = (
    <>
      <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      Bandroom
    </>
  );
  return onLanding ? (
    <a href="#hero" className={BRAND}>
      {content}
    </a>
  ) : (
    <Link to="/" className={BRAND}>
      {content}
    </Link>
  );
}

/**
 * A visitor who reaches a static page by client-side navigation (the logo on the sign-in
 * page, say) sees it rendered by React; the same public script then observes its
 * sections, so section views count however the page was reached. It lives with the
 * public header (every such page has it), not in the root: no signed-in page loads it.
 */
function useSectionViewsAfterNavigation(enabled: boolean, pathname: string) {
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      if (!cancelled) stop = window.bandroomPublic?.observeSections();
    };
    if (window.bandroomPublic) start();
    else {
      const script = document.createElement("script");
      script.src = PUBLIC_SCRIPT;
      script.addEventListener("load", start, { once: true });
      document.head.append(script);
    }
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled, pathname]);
}

/**
 * The sticky header of every public page. On the landing page (`onLanding`) the section
 * links are in-page anchors; elsewhere they lead to the landing page's sections. Below
 * the `lg` breakpoint the links fold into a <details> menu, which opens without a script.
 */
export function PublicHeader({ onLanding = false }: { onLanding?: boolean }) {
  const signedIn = useSignedIn();
  // A member reading the blog has no landing page ("/" takes them into the app), so no links to its sections.
  const links = signedIn ? SITE_LINKS.filter((link) => link.to) : SITE_LINKS;
  useSectionViewsAfterNavigation(!useHydration(), useLocation().pathname);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <BrandLink onLanding={onLanding} />
        <nav aria-label="Main" className="ml-6 hidden flex-1 lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.label}>
                {link.to ? (
                  <NavLink to={link.to} className={navLinkClass}>
                    {link.label}
                  </NavLink>
                ) : (
                  <a href={sectionHref(link.section!, onLanding)} className={NAV_LINK}>
                    {link.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {signedIn ? (
            // A member reading the blog (the app's sidebar links here) gets a clear way back.
            <Link to="/" className={START_FREE}>
              {/* One inline run of text: as the link's flex items, "Back to " lost its space ("Back toBandroom"). */}
              <span>
                <span aria-hidden="true">←&nbsp;</span>
                {/* On a phone it reads "← Bandroom", so the header fits 390 px (its name stays whole). */}
                <span className="sr-only sm:not-sr-only">{"Back to "}</span>
                Bandroom
              </span>
            </Link>
          ) : (
            <>
              <Link to="/login" className={`${NAV_LINK} hidden sm:inline-flex`}>
                Sign In
              </Link>
              <Link to="/login?mode=register" className={START_FREE}>
                Start Free
              </Link>
            </>
          )}
          <details className="group relative lg:hidden" data-menu="">
            <summary className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
              <span className="sr-only">Menu</span>
              <Icon name="menu" className="h-6 w-6 group-open:hidden" />
              <Icon name="close" className="hidden h-6 w-6 group-open:block" />
            </summary>
            <nav aria-label="Menu" className="absolute right-0 top-full mt-3 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
              <ul>
                {links.map((link) => (
                  <li key={link.label}>
                    <a href={link.to ?? sectionHref(link.section!, onLanding)} className={MENU_LINK} onClick={closeMenu}>
                      {link.label}
                    </a>
                  </li>
                ))}
                {signedIn ? null : (
                  <li className="mt-2 border-t border-slate-200 pt-2 sm:hidden">
                    <a href="/login" className={MENU_LINK} onClick={closeMenu}>
                      Sign In
                    </a>
                  </li>
                )}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

const FOOTER_LINK = "inline-flex min-h-[44px] items-center rounded-md text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline";

function FooterColumn({ title, className = "", children }: { title: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-2">{children}</ul>
    </div>
  );
}

export function PublicFooter() {
  // As in the header: a member has no landing page, so no links to its sections.
  const signedIn = useSignedIn();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-12 text-sm sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <BrandLink />
          <p className="mt-2 max-w-xs text-slate-600">Gigs, rehearsals, setlists, songs and band money in one shared place.</p>
        </div>
        <FooterColumn title="Product">
          {signedIn ? null : (
            <>
              <li>
                <Link to="/#features" className={FOOTER_LINK}>
                  Features
                </Link>
              </li>
              <li>
                <Link to="/#pricing" className={FOOTER_LINK}>
                  Pricing
                </Link>
              </li>
            </>
          )}
          <li>
            <Link to="/blog" className={FOOTER_LINK}>
              Blog
            </Link>
          </li>
          <li>
            <Link to="/resources" className={FOOTER_LINK}>
              Resources
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Legal and support">
          <li>
            <Link to="/terms" className={FOOTER_LINK}>
              Terms
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy" className={FOOTER_LINK}>
              Privacy
            </Link>
          </li>
          <li>
            <a href="mailto:support@bandroom.app" className={`${FOOTER_LINK} wrap-anywhere`}>
              support@bandroom.app
            </a>
          </li>
        </FooterColumn>
        <FooterColumn title="Song data" className="col-span-2 sm:col-span-1">
          <li className="py-3 text-slate-600">Song details are provided by our music-metadata partners:</li>
          <li>
            <a href="https://musicbrainz.org" className={FOOTER_LINK} rel="noopener">
              MusicBrainz
            </a>
          </li>
          <li>
            <a href="https://www.deezer.com" className={FOOTER_LINK} rel="noopener">
              Deezer
            </a>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-600 sm:px-6">© {new Date().getUTCFullYear()} Bandroom</p>
      </div>
    </footer>
  );
}

/**
 * Header and footer around the signed-out pages; each page renders its own <main>.
 * Targets of in-page links (headings with anchors) keep clear of the sticky header.
 */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <PublicHeader />
      <div id="content" tabIndex={-1} className="flex-1 outline-none [&_[id]]:scroll-mt-20">
        {children}
      </div>
      <PublicFooter />
    </div>
  );
}
