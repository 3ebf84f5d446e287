import { z } from "zod";
import { EmailSchema, NewPasswordSchema, PASSWORD_MAX, RegisterSchema } from "./schema";

export const PROFILE_IMAGE_URL_MAX = 2048;
export const IMAGE_URL_MESSAGE = "Enter a full https:// image address";
export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const CONFIRM_PASSWORD_REQUIRED = "Please confirm your new password";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const SAME_PASSWORD = "Choose a new password, not your current one";
export { CONFIRM_DELETE_WORD } from "./limits";
import { CONFIRM_DELETE_WORD } from "./limits";
export const CONFIRM_DELETE_MESSAGE = "Type DELETE or your email address to confirm";

/**
 * Only https: the picture is shown to the user's bandmates, and a plain-http address
 * would be blocked as mixed content (or leak who looks at it) on an https install.
 */
function isHttpsAddress(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Name fields follow the registration rules, message for message. */
export const ProfileSchema = z.object({
  firstName: RegisterSchema.shape.firstName,
  lastName: RegisterSchema.shape.lastName,
  profileImageUrl: z
    .string()
    .trim()
    .max(PROFILE_IMAGE_URL_MAX, { error: `The image address can be at most ${PROFILE_IMAGE_URL_MAX} characters`, abort: true })
    // Only spaces is left empty, as the hint says ("Leave it empty").
    .refine((value) => value === "" || isHttpsAddress(value), { error: IMAGE_URL_MESSAGE })
    .optional(),
});

export type ProfileInput = z.output<typeof ProfileSchema>;

const CurrentPasswordSchema = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, { error: CURRENT_PASSWORD_REQUIRED })
  .max(PASSWORD_MAX * 4, { error: CURRENT_PASSWORD_INCORRECT });

/** Each of `keys` of the submitted value was typed (whatever else is wrong), so comparing them means something. */
function typedAll(value: unknown, ...keys: string[]) {
  return typeof value === "object" && value !== null && keys.every((key) => typeof (value as Record<string, unknown>)[key] === "string");
}

/** A new sign-in address, confirmed with the password (a session left open is not enough to take the account). */
export const ChangeEmailSchema = z.object({ newEmail: EmailSchema, currentPassword: CurrentPasswordSchema });

export const ChangePasswordSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    newPassword: NewPasswordSchema,
    confirmPassword: z.string({ error: CONFIRM_PASSWORD_REQUIRED }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
    // Said together with the other fields' messages, not only once they are fixed.
    when: ({ value }) => typedAll(value, "newPassword", "confirmPassword"),
  })
  // The same password again would change nothing, yet mail a warning and sign out every other device.
  .refine((value) => value.newPassword !== value.currentPassword, { error: SAME_PASSWORD, path: ["newPassword"], when: ({ value }) => typedAll(value, "currentPassword", "newPassword") });

/** Deleting the account: the word DELETE (or the account's email) and the password. */
export function deleteAccountSchema(email: string) {
  return z.object({
    confirm: z
      .string({ error: CONFIRM_DELETE_MESSAGE })
      .trim()
      .refine((value) => value === CONFIRM_DELETE_WORD || value.toLowerCase() === email.toLowerCase(), { error: CONFIRM_DELETE_MESSAGE }),
    currentPassword: CurrentPasswordSchema,
  });
}
