/**
 * Money is stored as integer minor units in the band's ISO 4217 currency and formatted
 * only at the edge (architecture: "format only at the edge").
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(currency: string) {
  const code = currency.trim().toUpperCase();
  if (!formatters.has(code)) {
    let formatter: Intl.NumberFormat | null;
    try {
      formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    } catch (_invalid) {
      // A code Intl does not know (a typo in imported data) must not take the page down.
      formatter = null;
    }
    formatters.set(code, formatter);
  }
  return { code, formatter: formatters.get(code) ?? null };
}

/**
 * "$1,234.50" for 123450 USD; the currency's own number of minor digits decides the
 * scale (JPY has none, KWD three). Unknown codes fall back to "ABC 12.34"
 * (with a no-break space, as Intl puts between a code and the amount).
 */
export function formatMoney(minor: number, currency: string) {
  const { code, formatter } = formatterFor(currency);
  if (!formatter) return `${code}\u00a0${(minor / 100).toFixed(2)}`;
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minor / 10 ** digits);
}

/** How many minor-unit digits the currency has: 2 for USD, 0 for JPY, 3 for KWD (2 if Intl does not know it). */
export function minorDigits(currency: string) {
  const { formatter } = formatterFor(currency);
  return formatter?.resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The largest single amount accepted, in minor units, the same for every currency: 20
 * million in a two-digit one (USD, EUR), 2 billion in one without minor units (JPY, VND).
 * A limit in minor units that suited the dollar (a million) let a band paid in a currency
 * of small units (UZS, KHR, TZS: a fee of a few hundred dollars is millions of them) record
 * no normal gig fee. Every amount stays a 32-bit integer (PostgreSQL's integer column).
 */
export const MAX_AMOUNT_MINOR = 2_000_000_000;

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string };

/**
 * A money field's form showed `currency`, and the band's is another now (it may change
 * until the first entry): "1250" typed as dollars would be recorded in yen.
 */
export const currencyChangedMessage = (currency: string, field = "amount") =>
  `The band’s currency is ${currency} now: it changed since this form was opened. Check the ${field} and send it again.`;

/** "Enter an amount in numbers, like 12.50", with an example the currency can have (like 1250 in yen). */
export const notNumberMessage = (currency: string) => `Enter an amount in numbers, like ${formatAmountInput(1250, currency)}`;

/**
 * Reads an amount typed by a person ("12.50", "1,250", "1250.5") into minor units of
 * `currency`, strictly: no signs, no letters, no more decimals than the currency has
 * (12.505 USD is refused, not rounded), above zero unless `allowZero`.
 */
export function parseAmount(input: string, currency: string, { allowZero = false }: { allowZero?: boolean } = {}): ParsedAmount {
  const text = input.trim();
  if (!text) return { ok: false, message: "Enter an amount" };
  if (/^-/.test(text)) return { ok: false, message: allowZero ? "Enter an amount of zero or more" : "Enter an amount above zero" };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, message: notNumberMessage(currency) };
  const whole = match[1]!.replaceAll(",", "");
  const fraction = match[2] ?? "";
  const digits = minorDigits(currency);
  const code = currency.trim().toUpperCase();
  if (fraction.length > digits) {
    return { ok: false, message: digits === 0 ? `${code} amounts have no decimal places` : `${code} amounts have at most ${digits} decimal place${digits === 1 ? "" : "s"}` };
  }
  const wholeDigits = whole.replace(/^0+(?=\d)/, "");
  if (wholeDigits.length > 12) return { ok: false, message: `Enter an amount of at most ${formatMoney(MAX_AMOUNT_MINOR, currency)}` };
  const minor = Number(wholeDigits) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (minor > MAX_AMOUNT_MINOR) return { ok: false, message: `Enter an amount of at most ${formatMoney(MAX_AMOUNT_MINOR, currency)}` };
  if (minor === 0 && !allowZero) return { ok: false, message: "Enter an amount above zero" };
  return { ok: true, minor };
}

/** Minor units as a form field's value: "1250.50" (no symbol, no grouping), the inverse of parseAmount. */
export function formatAmountInput(minor: number, currency: string) {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, "0")}`;
}
