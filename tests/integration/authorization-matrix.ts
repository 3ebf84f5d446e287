/**
 * What every route answers each kind of caller: one row per route module in app/routes
 * (keyed like its file without the extension) plus the root. authorization.test.ts
 * finds the routes from the Remix route config and fails for a module without a row, a
 * row without a module, a loader without a `GET` or an action without a mutation.
 *
 * Band routes take their expectations from the permission table (PERMISSIONS in
 * app/features/members/permissions.ts), so a change to the table changes the test:
 * - `perm(p)` for routes whose band comes from the URL (a band id, or an event's band):
 *   a role with the grant is allowed, one without gets 403, an outsider 404.
 * - `current(p)` for routes working in the current band (the band cookie): the same,
 *   except that an outsider is in their own band there, so they get their own band's
 *   page and nothing of ours.
 * - `permWrite` / `currentWrite`: the same for mutations, which the test sends with an
 *   empty body, so a caller who passes the gate gets the validation error (400).
 * A sub's "booked" grant reads as `booked`: the page loads but shows none of the band's
 * events, setlists or songs (nobody is booked on any). Each helper takes per-actor
 * overrides as its last argument, e.g. `perm("content:view", { sub: "notFound" })`.
 * A request that deletes or uses up what it names takes a `fresh.*` param from
 * authorization-world.ts, so every caller gets its own copy and the world stays intact.
 */
import { listGuides, listPosts } from "~/features/content/content.server";
import { db } from "~/utils/db.server";
import { grantFor, type Permission } from "~/features/members/permissions";
import { ACTORS, BAND_ROLES, fresh, type Actor, type Param, type World } from "./authorization-world";

export type Outcome =
  /** 2xx, or a redirect somewhere other than sign-in. */
  | "allow"
  /** 200 showing none of the band's events, setlists or songs (a sub's "booked" grant). */
  | "booked"
  /** 200 about the caller's own band: nothing of the band under test. */
  | "own"
  /** Pages: redirect to /api/login?redirectTo=<this path>. /api: 401. */
  | "login"
  | "forbidden"
  /** 404, and nothing of the band in the answer. */
  | "notFound"
  /** 400: the caller passed the gate and the (empty) body was refused. */
  | "bodyError"
  | "methodNotAllowed"
  /** 402: Pro required (Finances in a free band). */
  | "paymentRequired"
  /** A redirect to exactly this address (or one matching the pattern). */
  | { redirect: string | RegExp };

export type Expectation = Record<Actor, Outcome>;
export type Overrides = Partial<Expectation>;

export const MUTATIONS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export type Mutation = (typeof MUTATIONS)[number];
export type Method = "GET" | Mutation;

/** A request body; by default pages get an empty form and /api an empty JSON object. */
export type Body = { form: Record<string, string> } | { json: unknown };
export type BodySpec = Body | ((world: World, actor: Actor) => Body | Promise<Body>);

export type Row = {
  /** How to fill each `:param` of the route's path (and `*` for a splat). */
  params?: Record<string, Param>;
  /** Query string to add, e.g. { token: "invitationToken" }. */
  query?: Record<string, Param>;
  /** Body per mutation method when the empty default does not fit. */
  body?: Partial<Record<Mutation, BodySpec>>;
  /** Further cases for one method, e.g. each intent of a form with several. */
  cases?: { label: string; method: Method; body?: BodySpec; expect: Expectation; params?: Record<string, Param>; /** The browser's current band for this case (pages). */ currentBand?: Param }[];
} & Partial<Record<Method, Expectation>>;

// ---------------------------------------------------------------------------
// Expectation helpers

const MEMBERS = Object.keys(BAND_ROLES) as (keyof typeof BAND_ROLES)[];

function build(fill: (actor: Actor) => Outcome, overrides: Overrides = {}): Expectation {
  return Object.fromEntries(ACTORS.map((actor) => [actor, overrides[actor] ?? fill(actor)])) as Expectation;
}

function byGrant(permission: Permission, granted: Outcome, outsider: Outcome, overrides: Overrides) {
  return build((actor) => {
    if (actor === "anonymous") return "login";
    if (actor === "outsider" || actor === "platformAdmin") return outsider;
    const grant = grantFor(BAND_ROLES[actor], permission);
    if (grant === null) return "forbidden";
    return grant === "booked" && granted === "allow" ? "booked" : granted;
  }, overrides);
}

/** A band named by the URL; a caller outside it gets 404. */
export const perm = (permission: Permission, overrides?: Overrides) => byGrant(permission, "allow", "notFound", overrides ?? {});
export const permWrite = (permission: Permission, overrides?: Overrides) => byGrant(permission, "bodyError", "notFound", overrides ?? {});

/**
 * The matrix's events have nobody booked, so a sub cannot see them: whatever a sub asks of
 * one, the answer is the 404 of an id that does not exist (events.server's requireEventGate).
 */
const UNBOOKED: Overrides = { sub: "notFound" };
/**
 * A page form for a row the caller may not see (another band's, or a sub's unbooked
 * event) answers as for a row deleted while the page was open: back to the area's list
 * with "… no longer exists" (unlessGone), which names nothing of the row.
 */
const goneTo = (to: string, { sub = false } = {}): Overrides => ({ outsider: { redirect: to }, platformAdmin: { redirect: to }, ...(sub ? { sub: { redirect: to } } : {}) });
/** Back to the event's page (the form's default `returnTo`). */
const BACK_TO_EVENT: Outcome = { redirect: /^\/events\/\d+$/ };
/** One who may not see the event: "Event not found", on the calendar (its page is not there for them). */
const EVENT_GONE: Overrides = { sub: { redirect: "/calendar" }, outsider: { redirect: "/calendar" }, platformAdmin: { redirect: "/calendar" } };

/** The current band; an outsider is in their own band (where they lead) there. */
export const current = (permission: Permission, overrides?: Overrides) => byGrant(permission, "allow", "own", overrides ?? {});
export const currentWrite = (permission: Permission, overrides?: Overrides) =>
  byGrant(permission, "bodyError", grantFor("band_leader", permission) ? "bodyError" : "forbidden", overrides ?? {});

/** Any signed-in user gets `outcome`; signed out goes to sign in. */
export const signedIn = (outcome: Outcome = "allow", overrides?: Overrides) => build((actor) => (actor === "anonymous" ? "login" : outcome), overrides);

/** The same answer for everyone. */
export const everyone = (outcome: Outcome, overrides?: Overrides) => build(() => outcome, overrides);

/** Public pages: the same page for everyone. */
export const publicPage = () => everyone("allow");

/** The platform admin area: 403 for every other signed-in user (issue 10). */
export const platformAdminOnly = (outcome: Outcome = "allow") => signedIn("forbidden", { platformAdmin: outcome });

const notAllowed = everyone("methodNotAllowed");

// Members of the band see it; the outsider and platform admin are in bands of their own.
const memberOutcomes = (outcome: Outcome, others: Outcome): Overrides =>
  Object.fromEntries([...MEMBERS.map((actor) => [actor, outcome]), ["outsider", others], ["platformAdmin", others]]);

// ---------------------------------------------------------------------------
// The matrix

const FINANCE_ROWS = financeRows();

export const MATRIX: Record<string, Row> = {
  root: { GET: everyone("allow", { outsider: "own", platformAdmin: "own" }) },
  _index: { GET: everyone("allow", memberOutcomes({ redirect: "/dashboard" }, { redirect: "/getting-started" })) },
  $: { params: { "*": () => "no-such-page" }, GET: everyone("notFound"), POST: everyone("notFound") },
  "smart-song-analytics": { GET: everyone({ redirect: "/resources/analytics/smart-song-analytics" }), POST: notAllowed },
  "what-makes-great-cover-band-setlist": { GET: everyone({ redirect: "/resources/setlist-strategy/great-cover-band-setlist" }), POST: notAllowed },

  // Sign-in and account pages
  "_auth+/login": { GET: everyone({ redirect: "/" }, { anonymous: "allow" }), POST: everyone("bodyError") },
  "_auth+/reset-password": { GET: publicPage(), POST: everyone("bodyError") },
  // The link mailed to a new address: the token is the authority (a post without a good one is a 400).
  "_auth+/change-email": { GET: publicPage(), POST: everyone("bodyError") },
  // Without the cookie the password step sets, both go back to /login.
  "_auth+/two-step": { GET: everyone({ redirect: "/login" }), POST: everyone({ redirect: "/login" }) },
  "_auth+/verification-pending": { GET: publicPage(), POST: everyone("bodyError") },
  "_auth+/verify-email": { GET: everyone({ redirect: "/login?error=invalid-token" }) },

  // Marketing pages
  "_public+/_layout": {},
  "_public+/blog._index": { GET: publicPage() },
  "_public+/blog.$slug": { params: { slug: async () => (await listPosts())[0]!.slug }, GET: publicPage() },
  "_public+/resources._index": { GET: publicPage() },
  "_public+/resources.$category.$slug": {
    params: {
      category: async () => (await listGuides())[0]!.href.split("/")[2]!,
      slug: async () => (await listGuides())[0]!.slug,
    },
    GET: publicPage(),
  },
  "_public+/privacy-policy": { GET: publicPage() },
  "_public+/terms": { GET: publicPage() },
  "blog.rss[.]xml": { GET: publicPage(), POST: notAllowed },
  "sitemap[.]xml": { GET: publicPage(), POST: notAllowed },
  "robots[.]txt": { GET: publicPage(), POST: notAllowed },
  "favicon[.]ico": { GET: publicPage(), POST: notAllowed },

  // The signed-in app
  "_app+/_layout": { GET: signedIn() },
  "_app+/dashboard": { GET: current("band:view", { sub: "booked" }) },
  "_app+/getting-started": { GET: current("band:view") },
  "_app+/bands.new": { GET: signedIn(), POST: signedIn("bodyError") },
  "_app+/calendar": { GET: current("events:view") },
  "_app+/events.new": { GET: current("events:edit"), POST: currentWrite("events:edit") },
  "_app+/events.$id": {
    params: { id: "event" },
    GET: perm("events:view", { sub: "notFound" }),
    POST: permWrite("events:view", goneTo("/calendar", { sub: true })),
    cases: [
      { label: "cancel", method: "POST", body: { form: { intent: "cancel" } }, expect: permWrite("events:edit", goneTo("/calendar", { sub: true })) },
      { label: "restore", method: "POST", params: { id: fresh.event() }, body: { form: { intent: "restore" } }, expect: perm("events:edit", { ...goneTo("/calendar", { sub: true }), leader: { redirect: /^\/events\/\d+$/ }, admin: { redirect: /^\/events\/\d+$/ }, member: { redirect: /^\/events\/\d+$/ } }) },
      // Created by the leader: a member may delete only their own.
      { label: "delete", method: "POST", params: { id: fresh.event() }, body: { form: { intent: "delete" } }, expect: perm("events:delete", { ...goneTo("/calendar", { sub: true }), member: "forbidden" }) },
    ],
  },
  "_app+/events.$id_.edit": { params: { id: "event" }, GET: perm("events:edit", UNBOOKED), POST: permWrite("events:edit", goneTo("/calendar", { sub: true })) },
  // An empty answer is refused with a toast on the way back to the event.
  // A one-tap form answers every signed-in caller back where they were, with a toast; one
  // who may not see the event hears "Event not found", as of an id that does not exist.
  "_app+/events.$id_.rsvp": { params: { id: "event" }, GET: everyone({ redirect: /^\/events\/\d+$/ }), POST: signedIn(BACK_TO_EVENT, EVENT_GONE) },
  "_app+/events.$id_.event[.]ics": { params: { id: "event" }, GET: perm("events:view", { sub: "notFound" }), POST: notAllowed },
  "_app+/setlists._index": { GET: current("content:view"), POST: currentWrite("content:edit") },
  "_app+/setlists.$id": {
    params: { id: fresh.setlist() },
    GET: perm("content:view", { sub: "notFound" }),
    POST: permWrite("content:edit", goneTo("/setlists", { sub: true })),
    // A band member may delete only the setlists they created; this one the leader created.
    cases: [{ label: "delete", method: "POST", body: { form: { intent: "delete" } }, expect: perm("content:delete", { ...goneTo("/setlists", { sub: true }), member: "forbidden" }) }],
  },
  "_app+/setlists.$id_.pdf": { params: { id: "setlist" }, GET: perm("content:view", { sub: "notFound" }), POST: notAllowed },
  "_app+/setlists.$id_.text": { params: { id: "setlist" }, GET: perm("content:view", { sub: "notFound" }), POST: notAllowed },
  // Stage mode lives outside the app shell (full screen), with the setlist's own gate.
  "setlists.$id_.stage": { params: { id: "setlist" }, GET: perm("content:view", { sub: "notFound" }) },
  "_app+/setlists.report": { GET: current("setlists:report") },
  // A whole year: the CSV for those allowed (an outsider's is of their own band).
  "_app+/setlists.report[.]csv": { query: { from: async () => "2025-01-01", to: async () => "2025-12-31" }, GET: current("setlists:report"), POST: notAllowed },
  "_app+/songs._index": { GET: current("content:view") },
  "_app+/bands.$bandId.songs": { params: { bandId: "band" }, GET: perm("content:view") },
  "_app+/songs.new": { GET: current("content:edit"), POST: currentWrite("content:edit") },
  "_app+/songs.import": { GET: current("content:edit"), POST: currentWrite("content:edit") },
  "_app+/songs.export[.]csv": { GET: current("content:view"), POST: notAllowed },
  "_app+/songs.$id.edit": {
    params: { id: fresh.song() },
    GET: perm("content:edit", UNBOOKED),
    POST: permWrite("content:edit", goneTo("/songs", { sub: true })),
    // A band member may delete only the songs they added; this one the leader added.
    cases: [{ label: "delete", method: "POST", body: { form: { intent: "delete" } }, expect: perm("content:delete", { ...goneTo("/songs", { sub: true }), member: "forbidden" }) }],
  },
  "_app+/members": {
    GET: current("band:view"),
    POST: signedIn("bodyError"),
    cases: [
      { label: "invite", method: "POST", body: { form: { intent: "invite" } }, expect: currentWrite("members:manage") },
      {
        label: "remove a member of the band",
        method: "POST",
        body: async (world, actor) => ({ form: { intent: "remove", membershipId: await fresh.membership("band_member")(world, actor) } }),
        expect: perm("members:manage"),
      },
      // Without a target: whoever passes the gate is told there is no such member.
      { label: "transfer", method: "POST", body: { form: { intent: "transfer" } }, expect: currentWrite("band:delete", { leader: "notFound", outsider: "notFound", platformAdmin: "notFound" }) },
      {
        label: "revoke an invitation of the band",
        method: "POST",
        body: async (world, actor) => ({ form: { intent: "revoke", invitationId: await fresh.invitation()(world, actor) } }),
        expect: perm("members:manage"),
      },
    ],
  },
  "invitations+/$token": { params: { token: "invitationToken" }, GET: everyone("allow"), POST: signedIn("bodyError") },
  ...FINANCE_ROWS,
  "_app+/settings": {
    GET: current("band:view"),
    POST: signedIn("bodyError"),
    cases: [
      { label: "update-band", method: "POST", body: { form: { intent: "update-band" } }, expect: currentWrite("band:settings") },
      { label: "delete-band", method: "POST", body: { form: { intent: "delete-band" } }, expect: currentWrite("band:delete") },
    ],
  },
  "_app+/profile": { GET: signedIn(), POST: signedIn("bodyError") },
  // Checkout, portal, cancel, resume: leaders only; an empty form (no intent) is refused.
  "_app+/subscription": { GET: current("band:view"), POST: currentWrite("band:billing") },
  "_app+/admin._index": { GET: platformAdminOnly() },
  // Any other /admin path: 403 for everyone else too, whatever the URL; Page Not Found for platform admins.
  "_app+/admin.$": { params: { "*": () => "anything/else" }, GET: platformAdminOnly("notFound"), POST: platformAdminOnly("notFound") },
  "_app+/admin.users": {
    GET: platformAdminOnly(),
    POST: platformAdminOnly("bodyError"),
    // Every admin action, naming a user and a band that do not exist: 403 for everyone but platform admins, who get 404.
    cases: (["grant-admin", "revoke-admin", "disable", "enable", "resend-verification", "set-tier"] as const).map((intent) => ({
      label: intent,
      method: "POST" as const,
      body: { form: { intent, userId: "no-such-user", bandId: "987654321", tier: "pro" } },
      expect: platformAdminOnly("notFound"),
    })),
  },
  // A refused switch goes back (here /dashboard) with a toast, as a plain form's answer: the
  // redirect carries nothing of the band. That an outsider's switch changes neither the
  // band cookie nor the preferred band is checked in shell.test.ts ("POST /bands/switch").
  "bands+/switch": {
    GET: everyone({ redirect: "/dashboard" }),
    POST: signedIn({ redirect: "/dashboard" }),
    cases: [{ label: "to the band", method: "POST", body: (world) => ({ form: { bandId: world.ids.band } }), expect: signedIn({ redirect: "/dashboard" }) }],
  },

  // /api
  "api+/$": {
    params: { "*": () => "no-such-endpoint" },
    GET: everyone("notFound"),
    POST: everyone("notFound"),
    PUT: everyone("notFound"),
    PATCH: everyone("notFound"),
    DELETE: everyone("notFound"),
  },
  "api+/login": { GET: everyone({ redirect: "/login" }), POST: notAllowed },
  "api+/logout": { GET: everyone({ redirect: "/" }), POST: everyone({ redirect: "/" }) },
  "api+/auth.login": { GET: notAllowed, POST: everyone("bodyError") },
  "api+/auth.register": { GET: notAllowed, POST: everyone("bodyError") },
  "api+/auth.forgot-password": { GET: notAllowed, POST: everyone("bodyError") },
  "api+/auth.resend-verification": { GET: notAllowed, POST: everyone("bodyError") },
  "api+/auth.logout": { GET: notAllowed, POST: everyone("allow") },
  "api+/auth.refresh-session": { GET: notAllowed, POST: signedIn() },
  "api+/auth.user": { GET: signedIn(), POST: notAllowed },
  // First-party analytics beacons: anyone may report, an empty body is refused.
  "api+/analytics": { GET: notAllowed, POST: everyone("bodyError") },
  "api+/user.profile": { GET: signedIn(), POST: notAllowed },
  "api+/user.preferred-band": {
    GET: notAllowed,
    PATCH: signedIn("bodyError"),
    cases: [{ label: "to the band", method: "PATCH", body: (world) => ({ json: { bandId: Number(world.ids.band) } }), expect: perm("band:view") }],
  },
  "api+/bands": { GET: signedIn(), POST: signedIn("bodyError") },
  "api+/bands.$id": { params: { id: "band" }, GET: perm("band:view"), POST: notAllowed },
  "api+/bands.$id.onboarding-status": { params: { id: "band" }, GET: perm("band:setup"), POST: notAllowed },
  "api+/bands.$id.stats": { params: { id: "band" }, GET: perm("band:view", { sub: "booked" }), POST: notAllowed },
  "api+/bands.$id.members": { params: { id: "band" }, GET: perm("band:view"), POST: permWrite("members:manage") },
  "api+/bands.$id.invitations": { params: { id: "band" }, GET: perm("members:manage"), POST: notAllowed },
  "api+/bands.$id.subscription": { params: { id: "band" }, GET: perm("band:view"), POST: permWrite("band:billing") },
  // Stripe's webhook: no session; without Stripe keys (as here) billing is manual and it does not exist.
  "api+/stripe.webhook": { GET: notAllowed, POST: everyone("notFound") },
  "api+/bands.$id.transfer-leadership": { params: { id: "band" }, GET: notAllowed, POST: permWrite("band:delete") },
  "api+/band-memberships.$id": {
    params: { id: fresh.membership("band_member") },
    GET: notAllowed,
    PATCH: permWrite("band:view"),
    DELETE: perm("members:manage"),
  },
  "api+/invitations.$id": { params: { id: fresh.invitation() }, GET: notAllowed, DELETE: perm("members:manage") },
  "api+/invitations.$id.resend": { params: { id: fresh.invitation() }, GET: notAllowed, POST: perm("members:manage") },
  "api+/bands.$id.songs": { params: { id: "band" }, GET: perm("content:view"), POST: permWrite("content:edit") },
  "api+/songs.$id": {
    params: { id: fresh.song() },
    GET: perm("content:view", { sub: "notFound" }),
    // A sub is not booked on a gig with this song: "not found", whatever they ask to do.
    PATCH: permWrite("content:edit", UNBOOKED),
    // A band member may delete only the songs they added; this one the leader added.
    DELETE: perm("content:delete", { ...UNBOOKED, member: "forbidden" }),
  },
  "api+/bands.$id.setlists": { params: { id: "band" }, GET: perm("content:view"), POST: permWrite("content:edit") },
  "api+/setlists.$id": {
    params: { id: fresh.setlist() },
    GET: perm("content:view", { sub: "notFound" }),
    PUT: permWrite("content:edit", UNBOOKED),
    // A band member may delete only the setlists they created; this one the leader created.
    DELETE: perm("content:delete", { ...UNBOOKED, member: "forbidden" }),
  },
  "api+/songs.lookup": { GET: notAllowed, POST: signedIn("bodyError") },
  "api+/invitations.accept": { GET: notAllowed, POST: signedIn("bodyError") },
  "api+/bands.$id.events": { params: { id: "band" }, GET: perm("events:view"), POST: permWrite("events:edit") },
  "api+/events.$id": {
    params: { id: "event" },
    GET: perm("events:view", { sub: "notFound" }),
    PATCH: permWrite("events:edit", UNBOOKED),
    // Created by the leader: a member may delete only their own.
    cases: [{ label: "a fresh event", method: "DELETE", params: { id: fresh.event() }, expect: perm("events:delete", { ...UNBOOKED, member: "forbidden" }) }],
  },
  "api+/events.$id.cancel": { params: { id: "event" }, GET: notAllowed, POST: permWrite("events:edit", UNBOOKED), DELETE: perm("events:edit", UNBOOKED) },
  "api+/events.$id.rsvp": { params: { id: "event" }, GET: notAllowed, PUT: permWrite("availability:own", UNBOOKED) },

  // Calendar, part B (issue 7): blackouts are the person's own, in every band.
  "_app+/calendar_.blackouts": {
    GET: signedIn(),
    POST: signedIn("bodyError"),
    cases: [
      { label: "create with no dates", method: "POST", body: { form: { intent: "create" } }, expect: signedIn("bodyError") },
      {
        label: "delete the leader's blackout",
        method: "POST",
        body: async (world) => ({ form: { intent: "delete", blackoutId: await leadersBlackout(world) } }),
        expect: signedIn("notFound", { leader: { redirect: "/calendar/blackouts" } }),
      },
    ],
  },
  "api+/blackouts": { GET: signedIn(), POST: signedIn("bodyError"), PUT: signedIn("methodNotAllowed", { anonymous: "methodNotAllowed" }) },
  "_app+/calendar_.availability": { GET: current("availability:view") },
  "api+/bands.$id.availability": { params: { id: "band" }, GET: perm("availability:view"), POST: notAllowed },
  "_app+/profile_.calendar": { GET: signedIn(), POST: signedIn("bodyError") },
  "reminders+/unsubscribe": { GET: everyone("notFound"), POST: everyone("notFound") },
  // A member without the grant is sent back with the reason (the button is not theirs to see).
  "_app+/events.$id_.chase": { params: { id: "event" }, GET: everyone({ redirect: /^\/events\/\d+$/ }), POST: signedIn(BACK_TO_EVENT, EVENT_GONE) },
  "api+/events.$id.chase": { params: { id: "event" }, GET: notAllowed, POST: perm("reminders:chase", UNBOOKED) },
  "_app+/calendar_.download[.]ics": { GET: current("calendar:download"), POST: notAllowed },
  "feeds+/$token": { params: { token: () => "no-such-feed-token.ics" }, GET: everyone("notFound"), POST: notAllowed },
  "api+/blackouts.$id": { params: { id: leadersBlackout }, GET: notAllowed, DELETE: signedIn("notFound", { leader: "allow" }) },

};

// ---------------------------------------------------------------------------
// Finances (issue 9): Pro only. The band under test is Pro; the outsider and the platform
// admin are, on pages, in free bands of their own (402). Every row also asks as the
// members of a free band ("freeBand"), who are refused with 402 whatever their role.

function financeRows(): Record<string, Row> {
  const freeOwn: Overrides = { outsider: "paymentRequired", platformAdmin: "paymentRequired" };
  const freePage = (method: Method): NonNullable<Row["cases"]>[number] => ({ label: "in a free band", method, currentBand: "freeBand", expect: everyone("paymentRequired", { anonymous: "login" }) });
  const freeApi = (method: Method): NonNullable<Row["cases"]>[number] => ({
    label: "of a free band",
    method,
    params: { id: "freeBand" },
    expect: everyone("paymentRequired", { anonymous: "login", outsider: "notFound", platformAdmin: "notFound" }),
  });
  const readPage = (permission: Permission): Row => ({ GET: current(permission, freeOwn), cases: [freePage("GET")] });
  const formPage = (params?: Row["params"]): Row => ({
    ...(params ? { params } : {}),
    GET: current("finances:edit", freeOwn),
    POST: currentWrite("finances:edit", freeOwn),
    cases: [freePage("GET"), freePage("POST")],
  });
  const listApi: Row = { params: { id: "band" }, GET: perm("finances:edit"), POST: permWrite("finances:edit"), cases: [freeApi("GET"), freeApi("POST")] };
  return {
    "_app+/finances": readPage("finances:view"),
    "_app+/finances_.history": readPage("finances:view"),
    "_app+/finances_.ledger": readPage("finances:edit"),
    "_app+/finances_.settle": readPage("finances:edit"),
    "_app+/finances_.payments.new": formPage(),
    "_app+/finances_.expenses.new": formPage(),
    "_app+/finances_.payouts.new": formPage(),
    // An entry's pages are its own band's, whichever band is current (as an event's are):
    // the outsider and the platform admin, in no band of the entry's, get 404.
    "_app+/finances_.entries.$id.split": { params: { id: "paymentEntry" }, GET: perm("finances:edit"), POST: permWrite("finances:edit") },
    "_app+/finances_.entries.$id.reverse": { params: { id: "paymentEntry" }, GET: perm("finances:edit"), POST: permWrite("finances:edit") },
    "api+/bands.$id.member-balances": { params: { id: "band" }, GET: perm("finances:view"), POST: notAllowed, cases: [freeApi("GET")] },
    "api+/bands.$id.payments": listApi,
    "api+/bands.$id.expenses": listApi,
    "api+/bands.$id.payouts": listApi,
    "api+/bands.$id.splits": listApi,
    "api+/ledger-entries.$id.reverse": { params: { id: "paymentEntry" }, GET: notAllowed, POST: permWrite("finances:edit") },
    // Finance reports: everyone with "finances:view" gets the page and their own statement;
    // the ledger exports are for leaders and admins.
    "_app+/finances_.reports": readPage("finances:view"),
    "_app+/finances_.reports_.statement[.]pdf": { ...readPage("finances:view"), POST: notAllowed },
    "_app+/finances_.reports_.statement[.]csv": { ...readPage("finances:view"), POST: notAllowed },
    "_app+/finances_.export[.]csv": {
      query: { ledger: () => "payments" },
      GET: current("finances:view", { ...freeOwn, member: "forbidden", sub: "forbidden" }),
      POST: notAllowed,
      cases: [freePage("GET")],
    },
    "api+/bands.$id.finance-reports": { params: { id: "band" }, GET: perm("finances:view"), POST: notAllowed, cases: [freeApi("GET")] },
  };
}

/** A blackout of the band's leader, made anew per request (a day of its own: one blackout per range): only the leader may delete it. */
let blackoutsMade = 0;
async function leadersBlackout(world: World) {
  const day = new Date(Date.now() + (30 + blackoutsMade++) * 86_400_000).toISOString().slice(0, 10);
  return String((await db.blackout.create({ data: { userId: world.users.leader.id, startDate: day, endDate: day, reason: "Authz secret reason" } })).id);
}
