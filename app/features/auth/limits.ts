/** Limits and words the forms show; no zod here, so the browser bundle can import them. */
export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX = 128;

/** Shown under every new-password field, so the rules are read before they are broken. */
export const NEW_PASSWORD_HINT = "8 or more characters, with upper- and lowercase letters and a digit. Long passphrases are welcome.";

/** Typed to confirm deleting the account (or the account's email). */
export const CONFIRM_DELETE_WORD = "DELETE";

/** What changing the sign-in address says (the /change-email page shows them in the browser). */
export const EMAIL_CHANGE_MESSAGES = {
  same: "That is already your email address",
  invalidLink: "This link is invalid or has expired, or was used already. Ask for a new one from your profile.",
  taken: "That address now belongs to another Bandroom account, so your email was not changed.",
} as const;
