/**
 * What /admin/users accepts: the list's query (search, sort, direction, page) and the
 * admin actions its forms post. Shared by the page and its action.
 */
import { z } from "zod";
import { typeableSearch } from "~/utils/typed-text";
import { DEFAULT_DIRECTION, SEARCH_MAX, USER_SORTS, type UserSort, type SortDirection } from "./list-options";

export { SEARCH_MAX, USER_SORTS, type UserSort, type SortDirection } from "./list-options";

export const ADMIN_MESSAGES = {
  searchTooLong: `Search is too long: use at most ${SEARCH_MAX} characters`,
  userNotFound: "That user does not exist",
  resentRecently: (email: string) => `A verification link went to ${email} less than a minute ago, and a new one would end it: ask them to look for it (and in their spam) first.`,
  lastAdmin: "Bandroom always keeps at least one platform admin who can sign in (verified, not disabled). Make someone else a platform admin first.",
  disableSelf: "You cannot disable your own account",
  grantDisabled: "Re-enable the account before making it a platform admin",
  alreadyVerified: "That account's email is already verified",
} as const;


export const UserListQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_MAX, { error: ADMIN_MESSAGES.searchTooLong }).default(""),
  sort: z.enum(USER_SORTS).catch("created"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
});

export type UserListQuery = { q: string; sort: UserSort; dir: SortDirection };

/** The query string's list parameters; a search that is too long is an error, anything else odd falls back to the default. */
export function parseUserListQuery(params: URLSearchParams): { query: UserListQuery; error: string | null } {
  const parsed = UserListQuerySchema.safeParse({ q: typeableSearch(params.get("q") ?? "") || undefined, sort: params.get("sort") ?? undefined, dir: params.get("dir") ?? undefined });
  if (!parsed.success) {
    const sort = UserListQuerySchema.shape.sort.parse(params.get("sort") ?? undefined);
    return { query: { q: "", sort, dir: DEFAULT_DIRECTION[sort] }, error: parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.searchTooLong };
  }
  const { q, sort, dir } = parsed.data;
  return { query: { q, sort, dir: dir ?? DEFAULT_DIRECTION[sort] }, error: null };
}

const UserId = z.string({ error: "Choose a user" }).min(1, { error: "Choose a user" }).max(64, { error: ADMIN_MESSAGES.userNotFound });

export const AdminActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("grant-admin"), userId: UserId }),
    z.object({ intent: z.literal("revoke-admin"), userId: UserId }),
    z.object({ intent: z.literal("disable"), userId: UserId }),
    z.object({ intent: z.literal("enable"), userId: UserId }),
    z.object({ intent: z.literal("resend-verification"), userId: UserId }),
    z.object({
      intent: z.literal("set-tier"),
      userId: UserId.optional(),
      bandId: z.coerce.number({ error: "Choose a band" }).int({ error: "Choose a band" }).positive({ error: "Choose a band" }).max(2_147_483_647, { error: "Choose a band" }),
      tier: z.enum(["free", "pro"], { error: "Choose Free or Pro" }),
    }),
  ],
  { error: "Unknown form intent" },
);

export type AdminAction = z.infer<typeof AdminActionSchema>;
export type AdminIntent = AdminAction["intent"];
