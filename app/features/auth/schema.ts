import { z } from "zod";

import { PASSWORD_MAX, PASSWORD_MIN } from "./limits";
import { hasUntypeable, isInvisible, textTypeError, untypeableMessage } from "~/utils/typed-text";

// The limits and the hint live in ./limits so the browser bundle can use them without zod.
export { NEW_PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from "./limits";

// Messages are the product spec's (section 5), letter for letter.

export const EmailSchema = z
  .string({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .max(254, { error: "Invalid email address" })
  .pipe(z.email({ error: "Invalid email address" }));

export const NewPasswordSchema = z
  .string({ error: textTypeError("Password must be at least 8 characters", "Password") })
  .min(PASSWORD_MIN, { error: "Password must be at least 8 characters" })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` })
  // Letters of any alphabet count (É, Ж), not only A to Z.
  .regex(/\p{Lu}/u, { error: "Password must contain an uppercase letter" })
  .regex(/\p{Ll}/u, { error: "Password must contain a lowercase letter" })
  .regex(/[0-9]/, { error: "Password must contain a number" });

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  // Longer than any password can be (PASSWORD_MAX when set): no account has it, and the
  // answer is the one for any wrong password.
  password: z.string({ error: textTypeError("Password is required", "Password") }).min(1, { error: "Password is required" }).max(PASSWORD_MAX * 4, { error: "Invalid email or password" }),
});

export const RegisterSchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: z
    .string({ error: textTypeError("First name is required", "First name") })
    .trim()
    .min(1, { error: "First name is required" })
    .max(100, { error: "First name is too long" })
    .refine((value) => value === "" || !isInvisible(value), { error: "First name is required" })
    .refine((value) => !hasUntypeable(value), { error: untypeableMessage("First name") }),
  // Optional: left out, empty or null (as JSON clients send a blank field) are all no last name.
  lastName: z
    .string({ error: "Last name must be text" })
    .trim()
    .max(100, { error: "Last name is too long" })
    .refine((value) => !hasUntypeable(value), { error: untypeableMessage("Last name") })
    .nullish(),
  agreeToTerms: z.literal(true, { error: "You must agree to the Terms of Service and Privacy Policy" }),
});

export const ForgotSchema = z.strictObject({ email: EmailSchema });

export const ResendVerificationSchema = z.strictObject({ email: EmailSchema });

export const ResetPasswordSchema = z
  .strictObject({
    token: z.string().min(1),
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your new password" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** Form-only fields that the JSON endpoints never receive (`invite`: sign-up from an invitation link). */
export const FORM_ONLY_FIELDS = ["intent", "redirectTo", "name__confirm", "website", "invite"] as const;

/**
 * The submitted form without its form-only fields, so the strict schemas the JSON
 * endpoints use can parse a form post too (on the server and in conform's onValidate).
 */
export function withoutFormOnlyFields(formData: FormData) {
  const formOnly: readonly string[] = FORM_ONLY_FIELDS;
  const fields = new FormData();
  for (const [name, value] of formData) if (!formOnly.includes(name)) fields.append(name, value);
  return fields;
}
