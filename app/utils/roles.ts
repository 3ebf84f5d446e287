/**
 * The four band roles and their names: shared vocabulary of the shell, the members area
 * and the permission table (features/members/permissions.ts), so it sits below them all.
 */
export const ROLES = ["band_leader", "band_admin", "band_member", "sub"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  band_leader: "Band Leader",
  band_admin: "Band Admin",
  band_member: "Band Member",
  sub: "Sub",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function roleLabel(role: string) {
  return isRole(role) ? ROLE_LABELS[role] : "Unknown";
}
