import type { SubmissionResult } from "@conform-to/react";

/**
 * The one way an area module refuses: a status the API answers with, the message people
 * read, and for a form the field it belongs under. apiRoute (api.server.ts) turns it
 * into the JSON error; replyWithRuleError puts it on the page's form. Routes need no
 * try/catch of their own for it.
 */
export class RuleError extends Error {
  /** The message for an /api client when the form's names a control it does not have ("Tick “Save anyway”"). */
  apiMessage?: string;

  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 429 | 503,
    message: string,
    readonly field?: string,
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }
}

type Replyable = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]> };

/**
 * The form adapter: a RuleError as the submitted form's own error, under its field when
 * it has one, else as the form's message, with the status (and headers, a rate limit's) to
 * answer. `hideFields`: what the reply must not send back (a password). Anything else is
 * rethrown.
 */
export function replyWithRuleError(submission: Replyable, error: unknown, { hideFields }: { hideFields?: string[] } = {}) {
  if (!(error instanceof RuleError)) throw error;
  const said = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] };
  return { result: submission.reply({ ...said, ...(hideFields ? { hideFields } : {}) }), status: error.status, headers: error.headers };
}
