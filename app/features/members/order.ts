import { displayName, type PersonName } from "~/utils/names";
import { ROLES } from "./permissions";

/**
 * The one order for every member list (members page, GET /api/bands/{id}/members, the
 * dashboard preview): by role (leader, admin, member, sub, then any unknown role), then
 * by display name, then by when they joined.
 */
export function roleRank(role: string) {
  const rank = (ROLES as readonly string[]).indexOf(role);
  return rank === -1 ? ROLES.length : rank;
}

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

type Orderable = { position: number; membership: { role: string; displayName: string | null }; user: PersonName };

export function compareMembers(a: Orderable, b: Orderable) {
  const name = (member: Orderable) => displayName({ ...member.user, displayName: member.membership.displayName });
  return roleRank(a.membership.role) - roleRank(b.membership.role) || byName.compare(name(a), name(b)) || a.position - b.position;
}

/**
 * `rows` in the one member order (compareMembers), each name worked out once rather than
 * at every comparison: the same order, cheaper for a band of hundreds.
 */
export function sortMembers<T extends Orderable>(rows: T[]): T[] {
  return sorted(rows, true);
}

/** `rows` by name alone (the same collation), then by position: the song library's "Lead" order. */
export function sortByName<T extends Orderable>(rows: T[]): T[] {
  return sorted(rows, false);
}

function sorted<T extends Orderable>(rows: T[], byRole: boolean): T[] {
  const keyed = rows.map((row) => ({ row, rank: byRole ? roleRank(row.membership.role) : 0, name: displayName({ ...row.user, displayName: row.membership.displayName }) }));
  keyed.sort((a, b) => a.rank - b.rank || byName.compare(a.name, b.name) || a.row.position - b.row.position);
  return keyed.map((entry) => entry.row);
}
