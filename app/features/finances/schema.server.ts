/**
 * The zod schemas of Finances, shared by the /finances forms (conform, validated on the
 * server only so zod stays out of the browser) and the /api endpoints (the same fields
 * as JSON). Amounts are typed as people write them ("12.50") and read strictly in the
 * band's currency; the rules that need the database (is that gig ours, is that person
 * on the lineup) are in finances.server.ts and come back as RuleErrors on their field.
 */
import { z } from "zod";
import { isDay } from "~/features/availability/local-day";
import { currencyChangedMessage, parseAmount } from "~/utils/money";
import { EXPENSE_CATEGORIES, INCOME_CATEGORIES, PAYMENT_METHODS, PAYOUT_DIRECTIONS, SPLIT_METHODS, parsePercent } from "./ledger";
import { hasUntypeable, untypeableMessage, visibleOr } from "~/utils/typed-text";

const keys = <T extends Record<string, string>>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

/** A form field's or JSON value's text; numbers are accepted in JSON (12.5 is "12.5"). `message` for anything else (a list, an object). */
const textOf = (message: string) => z.preprocess((value) => (typeof value === "number" ? String(value) : value === null ? undefined : value), z.string({ error: message }).trim().optional());
const text = textOf('Must be text, like "12.50"');
/** Words, not an amount: text only (a number in JSON is a client's mistake). `message` for anything else. */
const wordsOf = (message: string) => z.preprocess((value) => (value === null ? undefined : value), z.string({ error: message }).trim().optional());

/** A description or note: text only (a number in JSON is a client's mistake, not "1e+30"). */
const optionalText = (max: number, label: string) =>
  wordsOf(`${label} must be text`)
    .pipe(
      z
        .string()
        .max(max, `${label} can be at most ${max} characters`)
        // A NUL would be cut or refused by the spreadsheet the ledger is exported to.
        .refine((value) => !hasUntypeable(value), { error: untypeableMessage(label) })
        .optional(),
    )
    // Blank, or invisible characters alone (a zero-width space), is none.
    .transform((value) => visibleOr(value, undefined));

function readAmount(value: string | undefined, currency: string, context: z.RefinementCtx): number {
  const parsed = value ? parseAmount(value, currency) : ({ ok: false, message: "Enter an amount" } as const);
  if (parsed.ok) return parsed.minor;
  context.addIssue({ code: "custom", message: parsed.message });
  return z.NEVER;
}

const amount = (currency: string) => text.transform((value, context) => readAmount(value, currency, context));
const optionalAmount = (currency: string) => text.transform((value, context) => (value ? readAmount(value, currency, context) : undefined));

/** What a payment's, expense's or payout's date is refused with. */
const ENTRY_DATE_MESSAGES = {
  notADay: "Enter a real date, like 2024-03-01",
  tooEarly: "Enter a date from 1970 on",
  tooLate: "Enter a date no more than a year from today",
};

/**
 * A day money moved: a real date from 1970 on (isDay's years) no later than a year from
 * the band's today. A typo such as 2062 for 2026 would otherwise sit in the balances for
 * decades.
 */
function day(today: string | undefined) {
  return textOf(ENTRY_DATE_MESSAGES.notADay).pipe(
    z
      .string({ error: "Enter a date" })
      .refine((value) => isCalendarDay(value), { error: ENTRY_DATE_MESSAGES.notADay, abort: true })
      .refine((value) => value >= "1970-01-01", { error: ENTRY_DATE_MESSAGES.tooEarly, abort: true })
      .refine((value) => isDay(value) && value <= latestEntryDay(today), ENTRY_DATE_MESSAGES.tooLate),
  );
}

/** "YYYY-MM-DD" naming a day of the calendar, whatever its year ("1900-01-01" is one, "2027-02-29" is not). */
function isCalendarDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return length !== undefined && date >= 1 && date <= length;
}

/** A year from the band's today (its time zone's date; UTC's when a caller names none). */
function latestEntryDay(today = new Date().toISOString().slice(0, 10)) {
  const [year, month, date] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year + 1, month - 1, date)).toISOString().slice(0, 10);
}

const choice = <T extends Record<string, string>>(record: T, message: string) => wordsOf(message).pipe(z.enum(keys(record), { error: message }));

/** "band" (the band account or fund) or a member's user id. */
const whoField = textOf("Choose the band account or one of the band's members").transform((value) => (!value || value === "band" ? null : value));

/**
 * A form's fields, or a JSON body's: the API refuses a field it does not know (a misspelt
 * "recievedBy" would otherwise record the money as the band's), where a form may post
 * more (its buttons, a second picker). The output type is the same either way.
 */
function fieldsOf<Shape extends z.ZodRawShape>(shape: Shape, api: boolean, currency?: string) {
  if (!currency) return (api ? z.strictObject(shape) : z.object(shape)) as z.ZodObject<Shape>;
  // A form says the currency it showed: one opened before the band's currency changed
  // (possible until its first entry) would record the "1250" typed as dollars in yen. A
  // JSON client may say it too, and is refused as plainly.
  const withCurrency = { ...shape, currency: z.string({ error: "currency must be text" }).optional() };
  return (api ? z.strictObject(withCurrency) : z.object(withCurrency)).refine(
    (value) => {
      const sent = (value as { currency?: string }).currency;
      return !sent || sent === currency;
    },
    api ? { path: ["currency"], message: `currency is ${currency}, the band's` } : { path: ["amount"], message: currencyChangedMessage(currency) },
  ) as unknown as z.ZodObject<Shape>;
}

/** `today`: the band's date, which the latest allowed day counts from. */
type Mode = { api?: boolean; today?: string };

/** A refinement's `when`: run it once the named fields have parsed, whatever the others did. */
const whenValid =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

const id = z.preprocess((value) => (typeof value === "string" && value.trim() ? Number(value) : value === "" ? undefined : value), z.number({ error: "Choose one" }).int().positive());
const EVENT_CHOICE = "Choose one of the band’s events";
const optionalId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
  z.number({ error: EVENT_CHOICE }).int({ error: EVENT_CHOICE }).positive({ error: EVENT_CHOICE }).optional(),
);

export const NOT_A_GIG_FEE = "Only a gig payment has an agreed fee";

export function paymentSchema(currency: string, { api = false, today }: Mode = {}) {
  return fieldsOf(
    {
      category: choice(INCOME_CATEGORIES, "Choose what the money is for"),
      eventId: optionalId,
      amount: amount(currency),
      feeAgreed: optionalAmount(currency),
      date: day(today),
      method: choice(PAYMENT_METHODS, "Choose how it was paid"),
      receivedBy: whoField,
      description: optionalText(200, "The description"),
    },
    api,
    currency,
  )
    // Checked as soon as the fields it reads are (not only once the whole form is), so a
    // gig payment without its gig says so alongside the other fields' messages.
    .refine((value) => !(value.category === "gig" && !value.eventId), { path: ["eventId"], message: "Choose the gig this payment is for", when: whenValid("category", "eventId") })
    // The form keeps what its fee field holds when another kind is chosen (and drops it);
    // an API client is told.
    .refine((value) => !(api && value.category !== "gig" && value.feeAgreed !== undefined), { path: ["feeAgreed"], message: NOT_A_GIG_FEE, when: whenValid("category", "feeAgreed") });
}
export type PaymentInput = z.output<ReturnType<typeof paymentSchema>>;

export function expenseSchema(currency: string, { api = false, today }: Mode = {}) {
  return fieldsOf({
    amount: amount(currency),
    date: day(today),
    category: choice(EXPENSE_CATEGORIES, "Choose a category"),
    note: optionalText(200, "The note"),
    eventId: optionalId,
    receiptUrl: optionalText(500, "The receipt link").pipe(
      z
        .string()
        .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), "Enter a link starting with https://")
        .optional(),
    ),
    paidBy: whoField,
  }, api, currency);
}
export type ExpenseInput = z.output<ReturnType<typeof expenseSchema>>;

export function payoutSchema(currency: string, { api = false, today }: Mode = {}) {
  return fieldsOf({
    userId: textOf("Choose a member").pipe(z.string({ error: "Choose a member" }).min(1, "Choose a member")),
    direction: choice(PAYOUT_DIRECTIONS, "Choose who pays whom"),
    amount: amount(currency),
    date: day(today),
    method: choice(PAYMENT_METHODS, "Choose how it was paid"),
    note: optionalText(200, "The note"),
  }, api, currency);
}
export type PayoutInput = z.output<ReturnType<typeof payoutSchema>>;

/** A cut: an amount ("50.00") or a percentage of the payment ("10%"); empty is none. */
export type Cut = { percentBp: number } | { amountMinor: number };

function cut(currency: string) {
  return text.transform((value, context): Cut => {
    if (!value) return { amountMinor: 0 };
    if (value.endsWith("%")) {
      const parsed = parsePercent(value);
      if (!parsed.ok) {
        context.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return { percentBp: parsed.bp };
    }
    const parsed = parseAmount(value, currency, { allowZero: true });
    if (!parsed.ok) {
      context.addIssue({ code: "custom", message: `${parsed.message} (or a percentage, like 10%)` });
      return z.NEVER;
    }
    return { amountMinor: parsed.minor };
  });
}

export function splitSchema(currency: string, { api = false }: Mode = {}) {
  const share = z.object({
    // A form posts the user id only for the people whose box is ticked.
    userId: text,
    percent: text.transform((value, context) => {
      if (!value) return undefined;
      const parsed = parsePercent(value);
      if (!parsed.ok) {
        context.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed.bp;
    }),
    fixed: text.transform((value, context) => {
      if (!value) return undefined;
      const parsed = parseAmount(value, currency, { allowZero: true });
      if (!parsed.ok) {
        context.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed.minor;
    }),
  });
  return fieldsOf({
    paymentId: id,
    method: choice(SPLIT_METHODS, "Choose how to split it"),
    commission: cut(currency),
    fundCut: cut(currency),
    shares: z
      // A client's share with a key the API does not know (a typo of "fixed") is refused, as a body's is.
      .array((api ? z.strictObject : z.object)(share.shape, { error: "Each share is a person: { userId, percent?, fixed? }" }), { error: "Choose at least one person to share the payment" })
      .max(100, "A payment can be shared among at most 100 people")
      .default([])
      .transform((list) => list.filter((entry): entry is typeof entry & { userId: string } => Boolean(entry.userId))),
  }, api);
}
export type SplitFormInput = z.output<ReturnType<typeof splitSchema>>;

export const ReversalSchema = z.object({
  entryId: id,
  reason: wordsOf("The reason must be text").pipe(
    z
      .string({ error: "Say why this entry is reversed" })
      .min(1, "Say why this entry is reversed")
      .max(200, "The reason can be at most 200 characters")
      // One line, as the form types it: the ledger, its export and the audit log show it.
      .refine((value) => !hasUntypeable(value), { error: untypeableMessage("The reason") }),
  ),
});
export type ReversalInput = z.output<typeof ReversalSchema>;
/** POST /api/ledger-entries/{id}/reverse: the entry is the address's; the body says why. */
export const ReversalApiSchema = z.strictObject({ reason: ReversalSchema.shape.reason });

/** conform's zod adapter, from this server-only module so zod stays out of the browser chunks. */
export { parseWithZod } from "~/utils/submission";
