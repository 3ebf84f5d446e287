import { Link, NavLink } from "@remix-run/react";
import { useRootData } from "~/root";
import { buttonClasses } from "~/components/ui/button";

const NAV_LINK = "inline-flex min-h-[44px] items-center rounded-md px-2.5 sm:px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${NAV_LINK} bg-brand-50 text-brand-700` : NAV_LINK;
}

export function PublicHeader() {
  const signedIn = Boolean(useRootData()?.user);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link to="/" className="inline-flex min-h-[44px] items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
          Bandroom
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <NavLink to="/blog" className={navLinkClass}>
                Blog
              </NavLink>
            </li>
            <li>
              <NavLink to="/resources" className={navLinkClass}>
                Resources
              </NavLink>
            </li>
            {signedIn ? (
              <li className="sm:ml-2">
                <Link to="/dashboard" className={buttonClasses("primary")}>
                  Open app
                </Link>
              </li>
            ) : (
              <>
                <li>
                  <Link to="/login" className={NAV_LINK}>
                    Sign In
                  </Link>
                </li>
                <li className="sm:ml-1">
                  <Link to="/login?mode=register" className={buttonClasses("primary")}>
                    Start Free
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

const FOOTER_LINK = "inline-flex min-h-[44px] items-center rounded-md text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline";

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <nav aria-label="Legal and support">
          <ul className="flex flex-wrap gap-x-6">
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
              <a href="mailto:support@bandroom.app" className={FOOTER_LINK}>
                support@bandroom.app
              </a>
            </li>
          </ul>
        </nav>
        <p>Song data from MusicBrainz and Discogs</p>
      </div>
    </footer>
  );
}

/** Header and footer around the signed-out pages; each page renders its own <main>. */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <PublicHeader />
      <div id="content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </div>
      <PublicFooter />
    </div>
  );
}
