/**
 * The signed-in shell's entries and the rules of spec section 2 that decide which are
 * shown, hidden or disabled. Kept apart from the markup so the rules are tested alone.
 */

export type NavIcon = "start" | "dashboard" | "calendar" | "setlists" | "songs" | "members" | "finances" | "blog" | "settings" | "admin";

export type NavEntry = {
  key: NavIcon;
  label: string;
  to: string;
  /** Paths (besides `to`) under which the entry counts as the current page. */
  activePrefixes: string[];
  disabled: boolean;
};

export type ShellState = {
  hasBand: boolean;
  /** The current band's subscriptionTier is "pro". */
  isPro: boolean;
  /** The current band has nothing in it yet (spec section 2). */
  isBrandNew: boolean;
  isPlatformAdmin: boolean;
  /** The current band's onboarding overallProgress (0–100), null without a band. */
  progress: number | null;
};

const entry = (key: NavIcon, label: string, to: string, disabled = false, activePrefixes: string[] = [to]): NavEntry => ({ key, label, to, activePrefixes, disabled });

/** The progress bar shows while a selected band's onboarding is below 100%. */
export function progressToShow(state: ShellState) {
  return state.hasBand && state.progress !== null && state.progress < 100 ? state.progress : null;
}

export function gettingStartedEntry(): NavEntry {
  return entry("start", "Getting Started", "/getting-started");
}

/** Side panel (and slide-out menu) entries below the divider, in the spec's order. */
export function sidebarEntries(state: ShellState): NavEntry[] {
  const noBand = !state.hasBand;
  return [
    ...(state.isBrandNew ? [] : [entry("dashboard", "Dashboard", "/dashboard")]),
    entry("calendar", "Calendar", "/calendar", noBand, ["/calendar", "/events"]),
    entry("setlists", "Setlists", "/setlists", noBand),
    entry("songs", "Songs", "/songs", noBand, ["/songs", "/bands/"]),
    entry("members", "Members", "/members", noBand),
    ...(state.hasBand && state.isPro ? [entry("finances", "Finances", "/finances")] : []),
    entry("blog", "Blog", "/blog"),
    entry("settings", "Settings", "/settings", false, ["/settings", "/subscription"]),
    ...(state.isPlatformAdmin ? [entry("admin", "Admin", "/admin")] : []),
  ];
}

/** Bottom tab bar on small screens: six columns, seven with Finances for a Pro band. */
export function tabEntries(state: ShellState): NavEntry[] {
  const noBand = !state.hasBand;
  return [
    gettingStartedEntry(),
    // "/" sends the user on to the right home; it is the current tab on the Dashboard.
    entry("dashboard", "Dashboard", "/", false, ["/dashboard"]),
    entry("calendar", "Calendar", "/calendar", noBand, ["/calendar", "/events"]),
    entry("setlists", "Setlists", "/setlists", noBand),
    entry("songs", "Songs", "/songs", noBand, ["/songs", "/bands/"]),
    entry("members", "Members", "/members", noBand),
    ...(state.hasBand && state.isPro ? [entry("finances", "Finances", "/finances")] : []),
  ];
}

export function isActive(entry: NavEntry, pathname: string) {
  return entry.activePrefixes.some((prefix) =>
    prefix.endsWith("/") ? pathname.startsWith(prefix) && pathname !== "/bands/new" : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * Where to land after switching band: the same page, unless it shows one thing of the
 * old band (a setlist, an event, its song library), which the new band does not have.
 */
export function switchRedirectTarget(pathname: string) {
  if (/^\/setlists\/[^/]+/.test(pathname)) return "/setlists";
  if (/^\/events\/[^/]+/.test(pathname)) return "/calendar";
  if (/^\/bands\/[^/]+\/songs/.test(pathname)) return "/songs";
  if (pathname.startsWith("/bands/")) return "/dashboard";
  return pathname;
}
