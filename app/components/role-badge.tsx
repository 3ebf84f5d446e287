import { isRole, roleLabel, type Role } from "~/utils/roles";

// Spec section 6 colours; 800/900 text on 100 backgrounds keeps contrast well above 4.5:1.
const ROLE_CLASSES: Record<Role, string> = {
  band_leader: "bg-purple-100 text-purple-900 ring-purple-300",
  band_admin: "bg-blue-100 text-blue-900 ring-blue-300",
  band_member: "bg-green-100 text-green-900 ring-green-300",
  sub: "bg-yellow-100 text-yellow-900 ring-yellow-400",
};
const UNKNOWN_CLASSES = "bg-slate-100 text-slate-800 ring-slate-300";

export function RoleBadge({ role, className = "" }: { role: string; className?: string }) {
  const colours = isRole(role) ? ROLE_CLASSES[role] : UNKNOWN_CLASSES;
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colours} ${className}`}>
      {roleLabel(role)}
    </span>
  );
}
