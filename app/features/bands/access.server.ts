import { data, redirect } from "@remix-run/node";
import { requireUser, type CurrentUser } from "~/features/auth/auth.server";
import { isPro } from "~/features/billing/plans";
import { grantFor, type Grant, type Permission, type Role } from "~/features/members/permissions";
import { parseId } from "~/utils/ids";
import { redirectWithToast } from "~/utils/toast.server";
import { addResponseCookie, requestMemo, requestNote, setRequestNote } from "~/utils/request-memo.server";
import { currentBandCookieHeader, listBandsForUser, readCurrentBandCookie, resolveCurrentBand, setPreferredBand, type BandListItem } from "./bands.server";

/**
 * Who is asking, in which band, and what the permission table grants them there. Every
 * band-area function takes it first and applies the grant itself ("booked", "totals",
 * "own-balance", Pro), so routes pass it through and decide nothing about roles.
 * See docs/decisions/0007-band-access.md.
 */
export type BandAccess = {
  user: CurrentUser;
  band: { id: number; name: string; subscriptionTier: string; timeZone: string; currency: string; isPro: boolean; longestEventMinutes?: number };
  membership: { id: number; role: Role | string; displayName: string | null };
  grant: Grant;
};

/**
 * What the member's role holds for `permission` in this band (null: nothing). Area
 * functions read their own permission's grant here, whatever permission the route's
 * gate asked for, so a rule holds however the function is reached.
 */
export function grantIn(access: Pick<BandAccess, "membership">, permission: Permission): Grant | null {
  return grantFor(access.membership.role, permission);
}

/** grantIn, refusing (403) a member whose role holds nothing for `permission`. */
export function requireGrant(access: Pick<BandAccess, "membership">, permission: Permission): Grant {
  const grant = grantIn(access, permission);
  if (!grant) throw forbidden();
  return grant;
}

const forbidden = () => data({ message: "You do not have permission to do that" }, { status: 403 });

/** The band a request names: its id (from the URL or the submitted form) or "current", the browser's current band. */
export type BandRef = "current" | FormDataEntryValue | number | null | undefined;

/** The user's bands with their role in each, looked up once per request. */
export function userBands(request: Request, userId: string): Promise<BandListItem[]> {
  return requestMemo(request, `bands:${userId}`, () => listBandsForUser(userId));
}

/**
 * The user's bands, the band stored for this browser and the band in use, by the spec's
 * rule (cookie, else preferred band, else first by name); the root loader shows these.
 */
export async function resolveBands(request: Request, user: Pick<CurrentUser, "id" | "preferredBandId">) {
  const [bands, cookieBandId] = await Promise.all([userBands(request, user.id), readCurrentBandCookie(request)]);
  const storedBandId = pageAfterFormFor(request) ?? cookieBandId;
  return { bands, storedBandId, currentBand: resolveCurrentBand(bands, storedBandId, user.preferredBandId) };
}

/**
 * A page form for a band the user is not in (any more: removed while the page was open,
 * or a band id typed by hand): nothing is done, and they go home with a message that
 * names no band, instead of a bare "Page Not Found".
 */
async function leftBandReply(request: Request, user: Pick<CurrentUser, "id" | "preferredBandId">) {
  const current = await getCurrentBand(request, user);
  return redirectWithToast(current ? "/dashboard" : "/getting-started", { title: "Nothing was changed", description: "That form was for a band you are no longer a member of." });
}

/** What requireFormBandAccess found for this request: the form's band, and whether it was made current again. */
type FormGate = { bandId: number; switched: boolean };
const FORM_GATE = "formGate";

/** For the page drawn after an action (its loaders' GET, in the same request): the band its form was for, when requireFormBandAccess made it current. */
function pageAfterFormFor(request: Request) {
  const gate = request.method === "GET" ? requestNote<FormGate>(FORM_GATE) : undefined;
  return gate?.switched ? gate.bandId : undefined;
}

/**
 * The gate for a band's page form: the band the form was opened for (its hidden
 * `bandId`, so that switching band in another tab does not turn an edit onto another
 * band), else the current band. When another tab has switched this browser to another
 * band since, the form's band becomes current again, for the page drawn after the action
 * in the same request and for the browser (the response sets the cookie): what the form
 * saved or refused, its messages and typed values, then show in their own band's page
 * rather than beside another band's.
 */
export async function requireFormBandAccess(request: Request, formData: FormData, permission: Permission): Promise<BandAccess> {
  const access = await requireBandAccess(request, { band: formData.get("bandId") || "current", permission, formOfLostBand: true });
  await answerInFormBand(request, access);
  return access;
}

/**
 * A form answered in the band it was for (requireFormBandAccess's hidden `bandId`; an
 * event's RSVP and chase, whose band is the event's): when another tab has switched this
 * browser to another band since, the form's band becomes current again, for the page
 * drawn after the action in this request (a note), for the browser (the response sets
 * the cookie, redirects included) and for the next sign-in (the preferred band, saved as
 * the band switcher saves it: the spec's "changing the current band saves the preference").
 */
export async function answerInFormBand(request: Request, access: BandAccess) {
  const switched = Boolean(await otherBandThanCurrent(request, access));
  setRequestNote(FORM_GATE, { bandId: access.band.id, switched } satisfies FormGate);
  if (!switched) return;
  addResponseCookie(await currentBandCookieHeader(access.band.id));
  await setPreferredBand(access.user.id, access.band.id);
}

/** The band this browser is working in, or null when the user has none. */
export async function getCurrentBand(request: Request, user: Pick<CurrentUser, "id" | "preferredBandId">): Promise<BandListItem | null> {
  return (await resolveBands(request, user)).currentBand;
}


/**
 * The one gate for band data. The signed-in user (else a redirect to sign in, or 401
 * for /api) must belong to the band (else 404 with `notFound`, the same answer as for
 * an unknown id, so nobody learns the band exists) and
 * their role must hold `permission` (else 403). Without a current band a page is sent
 * to Getting Started to create one.
 */
export async function requireBandAccess(
  request: Request,
  { band, permission, notFound: notFoundMessage = "Band not found", formOfLostBand }: { band: BandRef; permission: Permission; notFound?: string; formOfLostBand?: boolean },
): Promise<BandAccess> {
  const user = await requireUser(request);
  let item: BandListItem | null | undefined;
  if (band === "current") {
    item = await getCurrentBand(request, user);
    if (!item) throw redirect("/getting-started");
  } else {
    const bandId = parseId(band);
    item = bandId ? (await userBands(request, user.id)).find((candidate) => candidate.band.id === bandId) : undefined;
    if (!item && formOfLostBand) throw await leftBandReply(request, user);
    if (!item) throw data({ message: notFoundMessage }, { status: 404 });
  }
  const grant = grantFor(item.membership.role, permission);
  if (!grant) throw forbidden();
  const { id, role, displayName } = item.membership;
  return { user, band: { ...item.band, isPro: isPro(item.band.subscriptionTier) }, membership: { id, role, displayName }, grant };
}

/**
 * The gate for one row of a band named by its id (an event, a song, a setlist), pages and
 * /api alike: the row's band (`band`, null for an unknown id) through requireBandAccess
 * with the area's `view` permission; then, before any permission or input is looked at, a
 * row this viewer may not see (`visible`: a sub's unbooked one) answers `notFound()` as an
 * unknown id does, since a 403 or a 400 would tell them it exists; then `permission` (403).
 * The access carries the grant of `permission`, as requireBandAccess's does.
 */
export async function requireVisibleRow(
  request: Request,
  { band, view, permission, notFoundMessage, visible, notFound }: { band: BandRef; view: Permission; permission: Permission; notFoundMessage: string; visible: (viewer: BandAccess) => boolean | Promise<boolean>; notFound: () => unknown },
): Promise<BandAccess> {
  const viewer = await requireBandAccess(request, { band, permission: view, notFound: notFoundMessage });
  if (!(await visible(viewer))) throw notFound();
  return { ...viewer, grant: requireGrant(viewer, permission) };
}

/**
 * The row's band when it is not the browser's current band (an event of another of the
 * user's bands, opened from a reminder, the calendar feed or a bookmark), else null. The
 * page says so and offers the band switcher's own POST; it does not switch on a GET, which
 * a link from anywhere could trigger.
 */
export async function otherBandThanCurrent(request: Request, access: BandAccess) {
  const current = await getCurrentBand(request, access.user);
  return current && current.band.id !== access.band.id ? { id: access.band.id, name: access.band.name, current: current.band.name } : null;
}

/**
 * After a form saved into the band it was opened for (its hidden `bandId`) while another
 * tab had switched the browser to another band: the cookie that makes the form's band
 * current again, so the page it leads to shows what was saved, and the words that say so.
 */
export async function backToFormBand(request: Request, access: BandAccess): Promise<{ cookies: string[]; note: string }> {
  // The form's gate (requireFormBandAccess) found it already, and queued the cookie if it was.
  const gate = requestNote<FormGate>(FORM_GATE);
  if (gate?.bandId === access.band.id) return { cookies: [], note: gate.switched ? ` (in ${access.band.name})` : "" };
  const other = await otherBandThanCurrent(request, access);
  return other ? { cookies: [await currentBandCookieHeader(access.band.id)], note: ` (in ${access.band.name})` } : { cookies: [], note: "" };
}

/**
 * A band's form sent to its own page by GET (its hidden `bandId` in the address, as "Use
 * this gig's fee" sends it) after another tab switched the browser to another band: the
 * same address again with the form's band current (a redirect that sets the cookie), so
 * the whole page, shell included, is the form's band's and what was typed comes back in
 * it. Null when the form's band is the current one, or none of the user's (the current
 * band's page is drawn then).
 */
export async function switchToFormBandOf(request: Request) {
  const url = new URL(request.url);
  const bandId = parseId(url.searchParams.get("bandId"));
  // Only the form itself, sent from this site's own page (it carries its one-time key): a
  // link from anywhere else must not switch the browser's band (the rule of otherBandThanCurrent).
  if (!bandId || !url.searchParams.get("submissionKey") || request.headers.get("sec-fetch-site") !== "same-origin") return null;
  const user = await requireUser(request);
  const [bands, current] = await Promise.all([userBands(request, user.id), getCurrentBand(request, user)]);
  if (!bands.some((item) => item.band.id === bandId) || current?.band.id === bandId) return null;
  // The page's own address (a client navigation's data request carries Remix's own parts).
  for (const own of ["_data", "_routes", "index"]) url.searchParams.delete(own);
  return redirect(`${url.pathname.replace(/\.data$/, "")}${url.search}`, { headers: { "Set-Cookie": await currentBandCookieHeader(bandId) } });
}
