/**
 * Every action we count (spec section 1), by name. Area modules record them with
 * `track()` from the server where the action happens; add new names here.
 */
export const ANALYTICS_EVENTS = {
  page_view: "Page view",
  section_view: "Landing section view",
  create_band: "Create band",
  join_band: "Join band",
  invite_member: "Invite member",
  create_setlist: "Create setlist",
  add_song_to_setlist: "Add song to setlist",
  add_song_to_library: "Add song to library",
  create_event: "Create event",
  mark_blackout_date: "Mark blackout date",
  rsvp: "RSVP",
  add_payment_record: "Add payment record",
  track_expense: "Track expense",
  checkout: "Checkout",
  purchase: "Purchase",
  manage_subscription: "Manage subscription",
  view_analytics: "View analytics",
  download_calendar: "Download calendar",
  export_setlist: "Export setlist",
} as const;

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;

/**
 * Events of spec section 1 whose features are not built yet, so nothing records them.
 * tests/integration/analytics-coverage.test.ts fails for any other event that no code
 * path records, and for a pending one that is recorded: take it off this list when its
 * feature lands and calls `track()`.
 */
export const PENDING_ANALYTICS_EVENTS = [
] as const satisfies readonly AnalyticsEventName[];

/**
 * The landing page's sections, in page order. Each renders with this id, and
 * public/js/public.js reports a `section_view` for it once per page view when half of it
 * (or half the screen, for a section taller than the screen) is visible.
 */
export const LANDING_SECTIONS = ["hero", "problem", "features", "testimonials", "pricing", "faq", "get-started"] as const;

export type LandingSection = (typeof LANDING_SECTIONS)[number];
