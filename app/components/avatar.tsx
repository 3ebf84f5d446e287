import { avatarColor, displayName, initials, type PersonName } from "~/utils/names";

export type AvatarSize = "xs" | "sm" | "md" | "lg" | "xl";

const SIZES: Record<AvatarSize, string> = {
  xs: "h-6 w-6 text-[0.625rem]",
  sm: "h-8 w-8 text-xs",
  md: "h-10 w-10 text-sm",
  lg: "h-14 w-14 text-lg",
  xl: "h-20 w-20 text-2xl",
};

type AvatarProps = {
  person: PersonName & { id?: string | null; profileImageUrl?: string | null };
  /** The member's position in the band, for the palette step; otherwise the id's hash decides. */
  position?: number | null;
  size?: AvatarSize;
  /** Set when a visible name sits beside the avatar, so screen readers do not hear it twice. */
  decorative?: boolean;
  /** Letters chosen for this member among the band (resolveInitials), instead of the person's own. */
  initials?: string;
  className?: string;
};

/** The person's picture, or their initials on a palette colour readable with white text. */
export function Avatar({ person, position, size = "md", decorative = false, className = "", initials: letters }: AvatarProps) {
  const name = displayName(person);
  const base = `inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold ${SIZES[size]} ${className}`;
  if (person.profileImageUrl) {
    return <img src={person.profileImageUrl} alt={decorative ? "" : name} className={`${base} bg-slate-200 object-cover`} />;
  }
  return (
    <span
      className={`${base} text-white`}
      style={{ backgroundColor: avatarColor({ position, userId: person.id }) }}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {letters ?? initials(person)}
    </span>
  );
}
