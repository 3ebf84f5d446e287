import { z } from "zod";

/**
 * The `version` of an /api edit body: the row's version as the client read it, so that a
 * change made from an older one gets 409 instead of overwriting someone else's. One
 * wording for every resource: `noun` names it ("song"), `readFrom` is where a client reads
 * the version ("/api/songs/{id}").
 */
export function apiVersionMessages(noun: string, readFrom: string) {
  return {
    missing: `Send the ${noun}'s version as read (GET ${readFrom}), so a change made meanwhile is not overwritten`,
    invalid: `Must be the ${noun}'s version, a whole number`,
  };
}

/** The schema of that `version`: a positive whole number (`.optional()` where leaving it out is allowed). */
export function apiVersion(noun: string, readFrom: string) {
  const { missing, invalid } = apiVersionMessages(noun, readFrom);
  return z
    .number({ error: (issue) => (issue.input === undefined ? missing : invalid) })
    .int({ error: invalid })
    .positive({ error: invalid });
}
