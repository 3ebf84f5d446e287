/**
 * The user list's options, without zod: the /admin/users page imports these in the
 * browser bundle, where the zod schemas (schema.ts) have no business.
 */
export const SEARCH_MAX = 100;

export const USER_SORTS = ["name", "email", "created", "active"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** The direction each sort starts in: names and addresses A→Z, dates newest first. */
export const DEFAULT_DIRECTION: Record<UserSort, SortDirection> = { name: "asc", email: "asc", created: "desc", active: "desc" };

export const ADMIN_INTENTS = ["grant-admin", "revoke-admin", "disable", "enable", "resend-verification", "set-tier"] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];
