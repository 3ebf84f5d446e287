/**
 * The user list's options, without zod: the /admin/users page imports these in the
 * browser bundle, where the zod schemas (schema.ts) have no business.
 */
export const SEARCH_MAX = 100;

export const USER_SORTS = ["name", "email", "created", "active"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type SortDirection = "asc" | "desc";

export const ADMIN_INTENTS = ["grant-admin", "revoke-admin", "disable", "enable", "resend-verification", "set-tier"] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];
