/**
 * What each band role may do, as data. `requireBandAccess` (features/bands/access.server.ts) is the only gate and
 * reads this table; the settings page renders it for the band.
 */
import { isRole, type Role } from "~/utils/roles";

export { ROLES, ROLE_LABELS, isRole, roleLabel, type Role } from "~/utils/roles";

/**
 * "booked" means a sub sees only events they are booked on (and those events'
 * setlists and songs); "own" means only what the member created; "totals" means band
 * totals plus their own balance.
 */
export type Grant = true | "booked" | "own" | "totals" | "own-balance" | "not-leader";

export const PERMISSIONS = {
  "band:view": { label: "See the band", band_leader: true, band_admin: true, band_member: true, sub: true },
  "band:setup": { label: "See the band's setup progress and how many songs, setlists and events it has", band_leader: true, band_admin: true, band_member: true },
  "content:view": { label: "See the band's songs and setlists", band_leader: true, band_admin: true, band_member: true, sub: "booked" },
  "content:edit": { label: "Create and edit songs and setlists", band_leader: true, band_admin: true, band_member: true },
  "content:delete": { label: "Delete songs and setlists", band_leader: true, band_admin: true, band_member: "own" },
  "events:view": { label: "See the band's events and who is booked", band_leader: true, band_admin: true, band_member: true, sub: "booked" },
  "events:edit": { label: "Create, edit, duplicate and cancel events", band_leader: true, band_admin: true, band_member: true },
  "events:delete": { label: "Delete events", band_leader: true, band_admin: true, band_member: "own" },
  "events:fee": { label: "See and set gig fees", band_leader: true, band_admin: true },
  "events:history": { label: "See the history of each RSVP", band_leader: true, band_admin: true },
  "members:contact": { label: "See bandmates' email addresses", band_leader: true, band_admin: true, band_member: true },
  "availability:own": { label: "RSVP, mark own blackout dates", band_leader: true, band_admin: true, band_member: true, sub: true },
  "members:manage": { label: "Invite, change roles, remove members", band_leader: true, band_admin: "not-leader" },
  "band:settings": { label: "Band settings", band_leader: true, band_admin: true },
  "band:billing": { label: "Billing", band_leader: true },
  "band:delete": { label: "Delete band, transfer leadership", band_leader: true },
  "finances:view": { label: "Finances (Pro)", band_leader: true, band_admin: true, band_member: "totals", sub: "own-balance" },
  "finances:edit": { label: "Record payments and expenses (Pro)", band_leader: true, band_admin: true },
  // Calendar, part B (issue 7): availability, blackout reasons, reminders, calendar downloads.
  "availability:view": { label: "See who is free, blacked out or busy on each day (Can we take this date?)", band_leader: true, band_admin: true, band_member: true },
  "availability:reasons": { label: "See the reasons members give for their blackout dates", band_leader: true, band_admin: true },
  "reminders:chase": { label: "Chase booked people who have not answered", band_leader: true, band_admin: true },
  "calendar:download": { label: "Download the band's calendar (.ics)", band_leader: true, band_admin: true, band_member: true, sub: "booked" },
  // Platform admin (issue 10): the band's own audit log, in /settings.
  "band:audit": { label: "See the band's audit log", band_leader: true },
  // The dashboard (issue 10): what the next gigs still need, for those who run the band.
  "events:attention": { label: "See on the dashboard what the next gigs still need: answers, players, setlists, everyone's blackout clashes", band_leader: true, band_admin: true },
  // Songs and setlists, part C (issue 8): the rights organisations' report.
  "setlists:report": { label: "Download the performance report for rights organisations (songs played at each gig)", band_leader: true, band_admin: true, band_member: true },
} as const satisfies Record<string, { label: string } & Partial<Record<Role, Grant>>>;

export type Permission = keyof typeof PERMISSIONS;

/** The grant a role has for an action, or null when it has none. */
export function grantFor(role: string, permission: Permission): Grant | null {
  // Own keys only, so that a name a request made up ("constructor") is no permission at all.
  if (!isRole(role) || !Object.hasOwn(PERMISSIONS, permission)) return null;
  const row: Partial<Record<Role, Grant>> = PERMISSIONS[permission];
  return row[role] ?? null;
}

export function can(role: string, permission: Permission) {
  return grantFor(role, permission) !== null;
}
