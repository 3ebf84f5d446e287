import { PERMISSIONS, ROLE_LABELS, ROLES, grantFor, type Grant, type Permission, type Role } from "./permissions";

/** How each grant reads in the settings table; a role without the permission reads "No". */
export const GRANT_PHRASES: Record<Exclude<Grant, true>, string> = {
  booked: "Events they're booked on",
  own: "Own only",
  totals: "Band totals and own balance",
  "own-balance": "Own balance",
  "not-leader": "Yes, except leaders",
};

export function grantPhrase(grant: Grant | null) {
  if (grant === null) return "No";
  return grant === true ? "Yes" : GRANT_PHRASES[grant];
}

export type PermissionTable = {
  roles: { role: Role; label: string; yours: boolean }[];
  rows: { permission: Permission; label: string; cells: { role: Role; grant: Grant | null; allowed: boolean; text: string; yours: boolean }[] }[];
};

/** The PERMISSIONS data as rows (permissions) by columns (the four roles); `yours` marks the viewer's role. */
export function permissionTable(yourRole?: string): PermissionTable {
  return {
    roles: ROLES.map((role) => ({ role, label: ROLE_LABELS[role], yours: role === yourRole })),
    rows: (Object.keys(PERMISSIONS) as Permission[]).map((permission) => ({
      permission,
      label: PERMISSIONS[permission].label,
      cells: ROLES.map((role) => {
        const grant = grantFor(role, permission);
        return { role, grant, allowed: grant !== null, text: grantPhrase(grant), yours: role === yourRole };
      }),
    })),
  };
}
