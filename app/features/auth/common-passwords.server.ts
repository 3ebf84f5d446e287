import { dictionary } from "@zxcvbn-ts/language-common";
import type { z } from "zod";
import { NewPasswordSchema } from "./schema";

/**
 * ASVS 6.2.4: new passwords are checked against a list of common ones. The list is the
 * ~49,000 most common passwords that zxcvbn-ts ships in @zxcvbn-ts/language-common
 * (maintained, bundled, nothing fetched at run time). Server-only: the list must never
 * reach the browser's bundle, so the shared schemas keep the spec's rules and the actions
 * add this check on top (`refuseCommonPasswords`).
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Choose another, such as a few unrelated words.";

let common: Set<string> | undefined;

export function isCommonPassword(password: string) {
  common ??= new Set(dictionary["passwords-common"]);
  // The list is lowercase; "Password1" is as guessable as "password1".
  return common.has(password.toLowerCase());
}

/**
 * `schema` plus: the new password in `field`, once it meets the spec's rules, is not a
 * common one. Checked even when other fields have errors (`when`), so a form shows every
 * problem at once instead of this one only after the rest are fixed.
 */
export function refuseCommonPasswords<T extends z.ZodType<Record<string, unknown>>>(schema: T, field: string) {
  return schema.refine(
    (value) => {
      const password = value && typeof value === "object" ? (value as Record<string, unknown>)[field] : undefined;
      return !(typeof password === "string" && NewPasswordSchema.safeParse(password).success && isCommonPassword(password));
    },
    {
      path: [field],
      error: COMMON_PASSWORD_MESSAGE,
      when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === field),
    },
  );
}
