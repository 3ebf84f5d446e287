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
