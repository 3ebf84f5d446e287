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

/** A CSS url() for `address`, with the characters that could end the string percent-encoded. */
export function cssUrl(address: string) {
  return `url("${address.replace(/["'\\()\s]/g, (c) => encodeURIComponent(c))}")`;
}

/**
 * The person's picture over their initials on a palette colour readable with white text.
 * The picture is a background image on a layer above the initials, so a picture that
 * fails to load leaves the initials showing, with or without JavaScript.
 */
export function Avatar({ person, position, size = "md", decorative = false, className = "", initials: letters }: AvatarProps) {
  const name = displayName(person);
  const base = `relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold ${SIZES[size]} ${className}`;
  return (
    <span
      className={`${base} text-white`}
      style={{ backgroundColor: avatarColor({ position, userId: person.id }) }}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {letters ?? initials(person)}
      {person.profileImageUrl ? (
        <span data-avatar-picture="" aria-hidden="true" className="absolute inset-0 bg-cover bg-center" style={{ backgroundImage: cssUrl(person.profileImageUrl) }} />
      ) : null}
    </span>
  );
}
