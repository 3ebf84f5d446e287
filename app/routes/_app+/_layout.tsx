import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { shellData } from "~/features/bands/shell.server";
import type { RootLoaderData } from "~/root";
import { Avatar, closeOnEscape, Icon, InsideMainContext, RouteErrorBoundary } from "~/components/kit";
import { BandSwitcher, closeOnFocusOut } from "~/components/shell/band-switcher";
import {
  gettingStartedEntry,
  isActive,
  progressToShow,
  sidebarEntries,
  tabEntries,
  type NavEntry,
  type ShellState,
} from "~/components/shell/navigation";
import { displayName } from "~/utils/names";
import { signOut, useRevalidateOnFocus, useSessionKeepalive } from "~/utils/use-session-keepalive";
import shellStyles from "~/styles/shell.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return shellData(request);
}

type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<RootLoaderData>>>;
type SignedIn = RootData & { user: NonNullable<RootData["user"]>; avatarPosition: number | null; avatarInitials: string; isPro: boolean };

function shellState(root: SignedIn): ShellState {
  return {
    hasBand: root.currentBand !== null,
    isPro: root.isPro,
    isBrandNew: root.onboarding?.isBrandNew ?? false,
    isPlatformAdmin: root.user.isPlatformAdmin,
    progress: root.onboarding?.overallProgress ?? null,
  };
}

export default function AppLayout() {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const { avatarPosition, avatarInitials, isPro } = useLoaderData<typeof loader>();
  useSessionKeepalive();
  useRevalidateOnFocus(root);
  useFocusAfterNavigation();
  // The loader above already sent signed-out visitors away.
  if (!root?.user) return null;
  const signedIn: SignedIn = { ...root, user: root.user, avatarPosition, avatarInitials, isPro };
  const state = shellState(signedIn);

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SidePanel root={signedIn} state={state} />
      <MobileTopBar root={signedIn} state={state} />
      <main id="main" tabIndex={-1} className="pb-28 focus:outline-none md:pb-0 md:pl-64">
        <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 md:px-8 md:py-10">
          <InsideMainContext.Provider value={true}>
            <Outlet />
          </InsideMainContext.Provider>
        </div>
      </main>
      <TabBar state={state} />
    </div>
  );
}

/**
 * With JavaScript, a navigation that took the focused element away (a saved member's
 * panel closing, a removed song's buttons, the band switch) puts the keyboard where the
 * address points (#member-12: that row's first control), else on the page's main area,
 * instead of the top of the document. A page that placed the focus itself keeps it.
 */
function useFocusAfterNavigation() {
  const { key, hash } = useLocation();
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    // Still on something shown (a link of the menu that stayed): leave it there. A link of
    // the phone's menu, which closes on navigating, is not shown any more (checkVisibility:
    // a closed <details> hides its content with content-visibility, which offsetParent misses).
    const active = document.activeElement;
    if (active !== document.body && active?.checkVisibility?.()) return;
    const named = hash && document.getElementById(hash.slice(1));
    ((named && named.querySelector<HTMLElement>("a[href],button")) || document.getElementById("main"))?.focus({ preventScroll: true });
  }, [key, hash]);
}

function SidePanel({ root, state }: { root: SignedIn; state: ShellState }) {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white md:flex">
      <div className="space-y-4 border-b border-slate-200 p-4">
        <Brand />
        <BandSwitcher bands={root.bands} current={root.currentBand} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <NavList state={state} />
      </nav>
      <div className="space-y-2 border-t border-slate-200 p-3">
        <UserSummary root={root} />
        {/* A plain form without JavaScript; with it, the spec's sign-out call (signOut). */}
        <form
          method="post"
          action="/api/logout"
          onSubmit={(event) => {
            event.preventDefault();
            void signOut();
          }}
        >
          <button
            type="submit"
            className="flex min-h-[44px] w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <Icon name="logout" />
            Sign Out
          </button>
        </form>
      </div>
    </aside>
  );
}

function MobileTopBar({ root, state }: { root: SignedIn; state: ShellState }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <header className="sticky top-0 z-50 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 md:hidden">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and leaving by Tab close the native disclosure */}
      <details ref={menu} className="shell-menu group/menu" onKeyDown={closeOnEscape} onBlur={closeOnFocusOut}>
        <summary className="relative z-50 flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
          <span className="sr-only">Menu</span>
          <Icon name="menu" className="h-6 w-6 group-open/menu:hidden" />
          <Icon name="close" className="hidden h-6 w-6 group-open/menu:block" />
        </summary>
        <div className="shell-drawer fixed bottom-0 left-0 top-14 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white shadow-xl">
          <div className="border-b border-slate-200 p-4">
            <BandSwitcher bands={root.bands} current={root.currentBand} inline />
          </div>
          <nav aria-label="Main" className="flex-1 p-3">
            <NavList state={state} />
          </nav>
          <div className="space-y-2 border-t border-slate-200 p-3 pb-6">
            <UserSummary root={root} />
            {/* The spec's small-screen Sign Out goes straight to /api/logout. */}
            <a href="/api/logout" className="flex min-h-[44px] items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              <Icon name="logout" />
              Sign Out
            </a>
          </div>
        </div>
      </details>
      <Brand />
      <span className="ml-auto min-w-0 truncate text-sm font-medium text-slate-700">{root.currentBand?.band.name}</span>
      {/* Named by hidden text, not aria-label: an aria-label must contain the visible text (the initials, WCAG 2.5.3). */}
      <Link to="/profile" className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full">
        <Avatar person={{ ...root.user, displayName: root.currentBand?.membership.displayName }} position={root.avatarPosition} initials={root.avatarInitials} size="sm" decorative />
        <span className="sr-only">Your profile</span>
      </Link>
    </header>
  );
}

function Brand() {
  return (
    <Link to="/" className="inline-flex min-h-[44px] items-center gap-2 rounded-md px-1 text-lg font-bold tracking-tight text-brand-900">
      <span aria-hidden="true" className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-sm text-white">
        B
      </span>
      Bandroom
    </Link>
  );
}

/** The user's name and avatar, leading to their profile (name, picture, password). */
function UserSummary({ root }: { root: SignedIn }) {
  const person = { ...root.user, displayName: root.currentBand?.membership.displayName };
  const location = useLocation();
  const active = location.pathname === "/profile";
  return (
    <Link
      to="/profile"
      aria-current={active ? "page" : undefined}
      className={`flex min-h-[44px] items-center gap-3 rounded-md px-3 py-1.5 ${active ? "bg-brand-50" : "hover:bg-slate-100"}`}
    >
      <Avatar person={person} position={root.avatarPosition} initials={root.avatarInitials} size="md" decorative />
      <span className="min-w-0">
        <span className="sr-only">Your profile: </span>
        <span className="block truncate text-sm font-semibold text-slate-900">{displayName(person)}</span>
        <span className="block truncate text-xs text-slate-600">{root.user.email}</span>
      </span>
    </Link>
  );
}

const itemClasses = "flex min-h-[44px] items-center gap-3 rounded-md px-3 py-2 text-sm font-medium";

function NavList({ state }: { state: ShellState }) {
  const location = useLocation();
  const progress = progressToShow(state);
  const start = gettingStartedEntry();
  const startActive = isActive(start, location.pathname);
  return (
    <>
      <ul>
        <li>
          <Link
            to={start.to}
            aria-current={startActive ? "page" : undefined}
            className={`${itemClasses} flex-wrap ${startActive ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`}
          >
            <Icon name="start" className={`h-5 w-5 ${startActive ? "text-brand-700" : "text-slate-500"}`} />
            <span className="flex-1">Getting Started</span>
            {progress !== null ? (
              <>
                <span className="text-xs font-semibold text-brand-700">{progress}%</span>
                {/* The bar draws the percentage beside it: hidden from screen readers, which read the link as "Getting Started 80%" (as a progressbar too, it was "… 80% 80"). */}
                <span aria-hidden="true" className="mt-1 block h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
                  <span className="block h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
                </span>
              </>
            ) : null}
          </Link>
        </li>
      </ul>
      <hr className="my-3 border-slate-200" />
      <ul className="space-y-1">
        {sidebarEntries(state).map((entry) => (
          <li key={entry.key}>
            <ShellLink entry={entry} pathname={location.pathname} />
          </li>
        ))}
      </ul>
    </>
  );
}

const DISABLED_HINT = "Select or create a band first";

function ShellLink({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  if (entry.disabled) {
    return (
      <span role="link" aria-disabled="true" title={DISABLED_HINT} className={`${itemClasses} cursor-not-allowed text-slate-400`}>
        <Icon name={entry.key} className="h-5 w-5" />
        {entry.label}
        <span className="sr-only">({DISABLED_HINT.toLowerCase()})</span>
      </span>
    );
  }
  const active = isActive(entry, pathname);
  return (
    <Link
      to={entry.to}
      aria-current={active ? "page" : undefined}
      className={`${itemClasses} ${active ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`}
    >
      <Icon name={entry.key} className={`h-5 w-5 ${active ? "text-brand-700" : "text-slate-500"}`} />
      {entry.label}
    </Link>
  );
}

function TabBar({ state }: { state: ShellState }) {
  const location = useLocation();
  const tabs = tabEntries(state);
  return (
    <nav
      aria-label="Sections"
      className={`fixed inset-x-0 bottom-0 z-40 grid border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden ${tabs.length === 7 ? "grid-cols-7" : "grid-cols-6"}`}
    >
      {tabs.map((tab) => {
        // Seven columns on a 390 px phone are 55 px: "Dashboard" fits them at 10 px.
        const base = "flex min-h-[60px] min-w-0 flex-col items-center justify-start gap-1 px-0.5 pb-1.5 pt-2 text-center text-[10px] font-medium leading-tight tracking-tight";
        if (tab.disabled) {
          return (
            <span key={tab.key} role="link" aria-disabled="true" title={DISABLED_HINT} className={`${base} cursor-not-allowed text-slate-400`}>
              <span className="flex h-7 w-10 items-center justify-center">
                <Icon name={tab.key} className="h-5 w-5" />
              </span>
              {tab.label}
            </span>
          );
        }
        const active = isActive(tab, location.pathname);
        return (
          <Link
            key={tab.key}
            to={tab.to}
            aria-current={active ? "page" : undefined}
            className={`${base} ${active ? "text-brand-700" : "text-slate-600 hover:text-slate-900"}`}
          >
            <span className={`flex h-7 w-10 items-center justify-center rounded-full ${active ? "bg-brand-100" : ""}`}>
              <Icon name={tab.key} className="h-5 w-5" />
            </span>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
