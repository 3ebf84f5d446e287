/**
 * conform's parseWithZod, refusing list indexes no form of ours sends. conform turns a
 * field named `shares[100000].userId` into an array of 100,001 entries, and a refused
 * submission's reply echoes that array back: a few bytes of form could make the server
 * build and send megabytes (found by a probe of the built server). Fields whose index is
 * above MAX_LIST_INDEX are dropped before parsing, so such a submission is read as if
 * they were not there. Every action parses forms through this one function. It is not a
 * .server module on purpose: actions are the only callers, so the browser build drops it,
 * where a .server path would cost each importing page a stand-in script (issue 11).
 */
import { parseWithZod as parseWithConform } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";

/** Far above any list a form holds (a setlist's items, a lineup, a split's shares). */
export const MAX_LIST_INDEX = 999;

const INDEX = /\[(\d+)\]/g;

function hasHugeIndex(name: string) {
  for (const match of name.matchAll(INDEX)) {
    if (match[1]!.length > 3 || Number(match[1]) > MAX_LIST_INDEX) return true;
  }
  return false;
}

/** The submitted fields without any whose list index is out of reach. */
export function withinListLimits<Payload extends FormData | URLSearchParams>(payload: Payload): Payload {
  if (![...payload.keys()].some(hasHugeIndex)) return payload;
  const clean = payload instanceof FormData ? new FormData() : new URLSearchParams();
  for (const [key, value] of payload.entries()) if (!hasHugeIndex(key)) (clean as FormData).append(key, value);
  return clean as Payload;
}

/** What a form gets for a field it does not have (a crafted post), instead of zod's `Unrecognized key: "x"`. */
export const UNKNOWN_FORM_FIELD = "This form was sent with fields it does not have. Reload the page and try again.";

const formMessages = (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? UNKNOWN_FORM_FIELD : undefined);

/**
 * A number typed into a form, as a person writes one: digits, one point, a sign. conform
 * reads a number field with `Number()`, which also takes "0x10" (16), "1e3" (1,000),
 * "0b101" and "Infinity": an event's fee typed "0x10" was saved as $16, which the API
 * refused. Anything else is not a number (zod's own message for the field).
 */
const DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/;
const { coerceFormValue } = configureCoercion({ type: { number: (text) => (DECIMAL.test(text) ? Number(text) : Number.NaN) } });

type Options = Parameters<typeof parseWithConform>[1];

export const parseWithZod: typeof parseWithConform = ((payload: FormData | URLSearchParams, options: Options) =>
  parseWithConform(withinListLimits(payload), {
    error: formMessages,
    ...options,
    // conform's own coercion, with the number reading above (coerceFormValue caches per schema).
    disableAutoCoercion: true,
    schema: typeof options.schema === "function" ? (intent) => coerceFormValue((options.schema as (i: typeof intent) => Options["schema"])(intent) as never) : coerceFormValue(options.schema as never),
  })) as typeof parseWithConform;
