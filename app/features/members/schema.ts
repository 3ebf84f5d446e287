import { z } from "zod";
import { EmailSchema } from "~/features/auth/schema";
import { apiVersion } from "~/utils/api-version";
import { ROLES } from "./permissions";

/**
 * Zod schemas shared by the /members forms and the members /api endpoints. The API
 * bodies are strict objects; the forms parse the same field schemas (see the *Form*
 * schemas for where a form's meaning differs from a JSON body's).
 */

// The limits live in ./limits so the browser bundle can use them without zod.
export { DISPLAY_NAME_MAX, INSTRUMENT_MAX_LENGTH, INSTRUMENT_SUGGESTIONS, INSTRUMENTS_MAX, INVITATION_TTL_DAYS } from "./limits";
import { DISPLAY_NAME_MAX, INSTRUMENT_MAX_LENGTH, INSTRUMENT_SUGGESTIONS, INSTRUMENTS_MAX } from "./limits";
import { hasUntypeable, isInvisible, untypeableMessage } from "~/utils/typed-text";

export const RoleSchema = z.enum(ROLES, { error: "Choose a role" });

const InstrumentSchema = z
  .string({ error: "Instruments are words, like Bass" })
  .trim()
  .max(INSTRUMENT_MAX_LENGTH, { error: `Keep each instrument to ${INSTRUMENT_MAX_LENGTH} characters or fewer` });

/**
 * One entry per instrument; blank entries (an unused form slot, "" in JSON) are dropped,
 * a suggestion's spelling wins over the typed case, and repeats count once.
 */
export const InstrumentsSchema = z
  .array(InstrumentSchema.optional(), { error: "Instruments must be a list" })
  .max(50, { error: `List up to ${INSTRUMENTS_MAX} instruments` })
  .transform(normalizeInstruments)
  .refine((list) => list.length <= INSTRUMENTS_MAX, { error: `List up to ${INSTRUMENTS_MAX} instruments` });

export function normalizeInstruments(list: (string | undefined)[]) {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of list) {
    const value = raw?.trim().replace(/\s+/g, " ");
    if (!value) continue;
    const key = value.toLocaleLowerCase("en");
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(INSTRUMENT_SUGGESTIONS.find((suggestion) => suggestion.toLocaleLowerCase("en") === key) ?? value);
  }
  return result;
}

/** A blank display name means "use my name" (null). */
export const DisplayNameSchema = z
  .string({ error: "Display name must be text" })
  .trim()
  .max(DISPLAY_NAME_MAX, { error: `Display name must be ${DISPLAY_NAME_MAX} characters or fewer` })
  .refine((value) => !hasUntypeable(value), { error: untypeableMessage("Display name") })
  // Invisible characters alone are no name: "use my name", as a blank one.
  .transform((value) => (isInvisible(value) ? "" : value).replace(/\s+/g, " ") || null);

/** POST /api/bands/{id}/members and the invite form. */
export const InviteSchema = z.strictObject({ email: EmailSchema, role: RoleSchema });

/** PATCH /api/band-memberships/{id}: only the fields sent change; null clears the display name. */
export const UpdateMembershipSchema = z
  .strictObject({
    role: RoleSchema.optional(),
    displayName: DisplayNameSchema.nullable().optional(),
    instruments: InstrumentsSchema.optional(),
    /** The membership's version as read: 409 when someone else changed it since. Optional. */
    version: apiVersion("member", "/api/bands/{id}/members").optional(),
  })
  .refine((body) => body.role !== undefined || body.displayName !== undefined || body.instruments !== undefined, {
    error: "Send at least one of role, displayName or instruments",
    // Only for an otherwise valid body: an unknown key is reason enough.
    when: (payload) => payload.issues.length === 0,
  });

/**
 * The member edit form: every field is on the page, so an emptied display name or no
 * instruments at all means "clear it" (conform drops empty inputs, hence the defaults).
 * The role select is only there for those who may change it.
 */
export const MemberDetailsFormSchema = z.strictObject({
  displayName: DisplayNameSchema.optional().transform((value) => value ?? null),
  instruments: InstrumentsSchema.optional().transform((value) => value ?? []),
  role: RoleSchema.optional(),
  /**
   * The version the panel was made from (a hidden field, always sent). Missing or not a
   * whole number: 0, which nothing has, so the save is refused as stale. Without one, a
   * crafted post skipped the check and, its fields missing, cleared the name and instruments.
   */
  version: z
    .string()
    .optional()
    .transform((value) => (/^\d{1,9}$/.test((value ?? "").trim()) ? Number((value ?? "").trim()) : 0)),
});

/** POST /api/bands/{id}/transfer-leadership. */
export const TransferLeadershipSchema = z.strictObject({
  membershipId: z.number({ error: "Choose a member" }).int({ error: "Choose a member" }).positive({ error: "Choose a member" }),
});

/** POST /api/invitations/accept. */
export const AcceptInvitationSchema = z.strictObject({
  token: z.string({ error: "Token is required" }).min(1, { error: "Token is required" }).max(200, { error: "Token is not valid" }),
});

/** The hidden ids of the member and invitation buttons on /members (conform coerces the strings). */
export const MemberTargetSchema = z.object({
  membershipId: z.number({ error: "Member not found" }).int({ error: "Member not found" }).positive({ error: "Member not found" }),
});
export const InvitationTargetSchema = z.object({
  invitationId: z.number({ error: "Invitation not found" }).int({ error: "Invitation not found" }).positive({ error: "Invitation not found" }),
});

/** Fields a /members form carries besides its schema's (the strict API schemas must not see them). */
const PAGE_ONLY_FIELDS = ["intent", "bandId", "membershipId", "invitationId"];

export function withoutPageFields(formData: FormData) {
  const fields = new FormData();
  for (const [name, value] of formData) if (!PAGE_ONLY_FIELDS.includes(name)) fields.append(name, value);
  return fields;
}
