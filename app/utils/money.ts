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
